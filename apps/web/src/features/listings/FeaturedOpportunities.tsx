import { trpc } from '@barterads/api-client';
import { isLanguage } from '@barterads/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useDeferredValue } from 'react';
import { useSessionUser } from '../accounts/session';
import { MessageOwnerButton } from '../messages/MessageOwnerButton';
import classes from './FeaturedOpportunities.module.css';

const CATEGORY_COLORS: Record<string, string> = {
  digital: 'blue',
  outdoor: 'orange',
  influencer: 'pink',
  audio: 'violet',
  print: 'gray',
  direct: 'teal',
  transit: 'yellow',
  event: 'red',
  app: 'cyan',
};
const SKELETONS = ['f1', 'f2', 'f3'];
/** Skeleton and loaded cards share one height, so the page below does not move when the cards arrive. */
const CARD_HEIGHT = 300;

/**
 * The landing page's featured opportunities: a loading skeleton, then three recent verified listings from the
 * API, each with Contact Now (a message to the listing's owner; the sign-in-required modal when signed out), and
 * Browse All Opportunities (the public marketplace).
 */
export function FeaturedOpportunities() {
  const { t, i18n } = useLingui();
  // In the page's language: the server gives a listing's Hindi or Marathi title and description on that language's
  // landing page, and its category's name (data, not code: the landing page keeps its JS budget).
  const language = isLanguage(i18n.locale) && i18n.locale !== 'en' ? i18n.locale : undefined;
  const featured = trpc.listings.featured.useQuery(language ? { language } : undefined, {
    staleTime: 60_000,
  });
  const { user } = useSessionUser();
  // Rendered from a deferred copy (a transition React time-slices), as the marketplace's cards.
  const data = useDeferredValue(featured.data);
  return (
    <Container size="xl" py={64} component="section" aria-labelledby="featured-title">
      <Stack gap="lg">
        <Stack gap={4} align="center" ta="center">
          <Title order={2} id="featured-title">
            <Trans>Featured Opportunities</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>Recent verified listings from media owners and advertisers.</Trans>
          </Text>
        </Stack>
        {featured.isError ? (
          <Text c="red" ta="center" role="alert" mih={CARD_HEIGHT}>
            <Trans>Featured opportunities could not be loaded.</Trans>
          </Text>
        ) : !data ? (
          <SimpleGrid
            cols={{ base: 1, sm: 2, md: 3 }}
            role="status"
            aria-busy="true"
            aria-label={t`Loading featured opportunities`}
          >
            {SKELETONS.map((key) => (
              <Card key={key} withBorder radius="md" padding="lg" h={CARD_HEIGHT}>
                <Skeleton h={18} w="40%" />
                <Skeleton h={22} mt="sm" />
                <Skeleton h={14} mt="sm" />
                <Skeleton h={14} mt={6} w="70%" />
                <Skeleton h={36} mt="md" />
              </Card>
            ))}
          </SimpleGrid>
        ) : data.barters.length === 0 ? (
          <Text c="dimmed" ta="center" mih={CARD_HEIGHT}>
            <Trans>No featured opportunities yet.</Trans>
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {data.barters.map((listing) => (
              <Card
                key={listing._id}
                withBorder
                radius="md"
                padding="lg"
                component="article"
                h={CARD_HEIGHT}
                // The category colour is an accent stripe only, so every text keeps its contrast.
                style={{
                  borderTop: `4px solid var(--mantine-color-${CATEGORY_COLORS[listing.category ?? ''] ?? 'gray'}-6)`,
                }}
              >
                <Stack gap="xs" h="100%">
                  <Group gap={6}>
                    <Badge variant="default">{listing.categoryTitle}</Badge>
                    <Badge color="blue">
                      <Trans>Verified</Trans>
                    </Badge>
                  </Group>
                  {/* The members' own words (`translate="no"`, as on the marketplace's cards). */}
                  <Title order={3} fz="lg" lineClamp={2} translate="no">
                    {listing.title}
                  </Title>
                  <Text fz="sm" c="dimmed" lineClamp={3} style={{ flex: 1 }} translate="no">
                    {listing.description}
                  </Text>
                  <Text fz="sm" translate="no">
                    {listing.location}
                  </Text>
                  {/* The listing's owner, not the company's contact form (issue 17). */}
                  <MessageOwnerButton
                    listingId={listing._id}
                    ownerId={listing.ownerId}
                    user={user}
                    label={t`Contact Now`}
                    className={classes.contact}
                  />
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
        <Group justify="center">
          {/* The marketplace is public: the same place for visitors and members, right from the first paint. */}
          <Button component={Link} to="/marketplace" size="md">
            <Trans>Browse All Opportunities</Trans>
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
