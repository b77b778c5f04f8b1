import { MESSAGES } from '@barterads/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState } from 'react';
import { LazyImage } from '../../components/LazyImage';
import { useSessionUser } from '../accounts/session';
import { LANDING_STATS } from './content';

/** The modal loads on first use: the landing page's JavaScript budget is 200 KB gzip (issue 9). */
const SignInRequiredModal = lazy(() => import('../../components/SignInRequiredModal'));

/**
 * The landing hero. 'Start Trading Now' goes to the marketplace for a signed-in visitor; otherwise it
 * opens the 'Sign in to continue' modal (spec section 2). The modal traps focus; closing it returns focus to
 * the button here, because a modal that mounts already open (lazily, on first use) has nothing to return to.
 */
export function Hero() {
  const { user } = useSessionUser();
  const navigate = useNavigate();
  const [modalOpen, setModalOpen] = useState(false);
  const [modalUsed, setModalUsed] = useState(false);
  const startButton = useRef<HTMLButtonElement>(null);
  const { t, i18n } = useLingui();

  const startTrading = () => {
    if (user) void navigate({ to: '/marketplace' });
    else {
      setModalUsed(true);
      setModalOpen(true);
    }
  };

  return (
    <Box component="section" aria-labelledby="hero-title" py={{ base: 40, sm: 80 }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Text
              fw={700}
              tt="uppercase"
              fz="xs"
              c="var(--mantine-color-anchor)"
              style={{ letterSpacing: 1 }}
            >
              <Trans>India's barter marketplace for advertising</Trans>
            </Text>
            <Title order={1} id="hero-title" fz={{ base: 34, sm: 50 }} lh={1.1}>
              <Trans>Trade advertising without spending cash</Trans>
            </Title>
            <Text fz="lg" c="dimmed">
              <Trans>
                BarterAds connects advertisers and media owners to exchange ad space, media assets and
                marketing services for the products and services they already have.
              </Trans>
            </Text>
            <Group>
              <Button ref={startButton} size="md" onClick={startTrading}>
                <Trans>Start Trading Now</Trans>
              </Button>
              <Button size="md" variant="default" component={Link} to="/" hash="how-it-works">
                <Trans>See How it Works</Trans>
              </Button>
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" mt="md">
              {LANDING_STATS.map((stat) => (
                <Box key={stat.label.id}>
                  <Text fw={800} fz={26}>
                    {stat.value}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {i18n._(stat.label)}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
          </Stack>
          <LazyImage
            src="/images/hero-exchange.svg"
            alt={t`An advertiser's billboard exchanged for a media owner's product, with arrows between them`}
            width={640}
            height={480}
            sizes="(max-width: 62em) 100vw, 50vw"
            priority
          />
        </SimpleGrid>
      </Container>
      {modalUsed && (
        <Suspense fallback={null}>
          <SignInRequiredModal
            reason={MESSAGES.signInToTrade}
            redirect="/marketplace"
            opened={modalOpen}
            onClose={() => {
              setModalOpen(false);
              startButton.current?.focus();
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
