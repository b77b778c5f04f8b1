import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { usePageMeta } from '../components/usePageMeta';
import { FeaturedOpportunities } from '../features/listings/FeaturedOpportunities';
import { ABOUT_FIGURES, BENEFITS, FAQS } from '../features/public/content';
import { Faq } from '../features/public/Faq';
import { Hero } from '../features/public/Hero';
import { MediaTypes } from '../features/public/MediaTypes';
import { Section } from '../features/public/Section';
import { Steps } from '../features/public/Steps';
import { Stories } from '../features/public/Stories';

export const Route = createFileRoute('/')({ component: LandingPage });

function LandingPage() {
  const { t, i18n } = useLingui();
  usePageMeta(
    'BarterAds',
    t`Trade advertising space, media assets and marketing services by barter instead of cash.`,
  );
  return (
    <>
      <Hero />
      <FeaturedOpportunities />
      <Section
        id="benefits"
        title={t`Why businesses barter with BarterAds`}
        intro={t`Keep your cash for growth and pay for media with what you already have.`}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {BENEFITS.map((benefit) => (
            <Card key={benefit.title.id} withBorder padding="lg" radius="md">
              <Title order={3} fz="lg" mb="xs">
                {i18n._(benefit.title)}
              </Title>
              <Text fz="sm" c="dimmed">
                {i18n._(benefit.text)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section
        id="success-stories"
        title={t`Success stories`}
        intro={t`Real trades between Indian brands and media owners.`}
        tinted
      >
        <Stories limit={3} />
        <Group justify="center" mt="xl">
          <Button component={Link} to="/success-stories" variant="default">
            <Trans>Read all success stories</Trans>
          </Button>
        </Group>
      </Section>
      <MediaTypes />
      <Section
        id="how-it-works"
        title={t`How it works`}
        intro={t`From sign-up to a live campaign in six steps.`}
      >
        <Steps />
        <Group justify="center" mt="xl">
          <Button component={Link} to="/how-it-works" variant="default">
            <Trans>Learn more about how it works</Trans>
          </Button>
        </Group>
      </Section>
      <Section
        id="about"
        title={t`About BarterAds`}
        intro={t`A Mumbai team with decades in Indian media, building the fairest way to trade advertising.`}
        tinted
      >
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="lg">
          {ABOUT_FIGURES.map((figure) => (
            <Stack key={figure.label.id} gap={2} ta="center">
              <Text fw={800} fz={28}>
                {typeof figure.value === 'string' ? figure.value : i18n._(figure.value)}
              </Text>
              <Text fz="sm" c="dimmed">
                {i18n._(figure.label)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Group justify="center" mt="xl">
          <Button component={Link} to="/about" variant="default">
            <Trans>More about us</Trans>
          </Button>
        </Group>
      </Section>
      <Section id="faq" title={t`Frequently asked questions`}>
        <Faq items={FAQS} />
        <Group justify="center" mt="xl">
          <Button component={Link} to="/help" variant="subtle">
            <Trans>Visit the Help Center</Trans>
          </Button>
        </Group>
      </Section>
    </>
  );
}
