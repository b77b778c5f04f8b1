import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatInr } from '../listings/format';

type Match = RouterOutputs['matching']['list']['matches'][number];

function MatchRow({ match }: { match: Match }) {
  const { listing } = match;
  return (
    <Card withBorder padding="sm" component="li" data-testid="match">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor href={`/listings/${listing._id}`} fw={600}>
            {listing.title}
          </Anchor>
          <Badge variant="light" aria-label={`Score ${match.score} of 100`}>
            {match.score}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed">
          {[listing.city ?? listing.location, listing.rateInr ? formatInr(listing.rateInr) : null]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Text fz="sm" data-testid="match-reasons">
          {match.reasonText}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * "Matches for you" (dashboard, all the member's listings) or "Good matches" (one listing's page, its owner):
 * the best matches with their reasons in words; without Professional or Enterprise, the top 3 per listing and
 * how many more a plan would show.
 */
export function MatchList({ listingId, title }: { listingId?: string; title: string }) {
  const query = trpc.matching.list.useQuery(listingId ? { listingId } : undefined);
  const headingId = listingId ? `matches-${listingId}` : 'matches-for-you';
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} fz="h4" id={headingId}>
          {title}
        </Title>
        {query.isPending ? (
          <Skeleton h={80} />
        ) : query.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(query.error, 'Could not load your matches')}
          </Alert>
        ) : query.data.matches.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No matches yet. Listings that could trade with yours show up here within a minute of being posted.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {query.data.matches.map((m) => (
              <MatchRow key={`${m.forListingId}:${m.listing._id}`} match={m} />
            ))}
          </Stack>
        )}
        {query.data && query.data.hidden > 0 ? (
          <Group justify="space-between" wrap="wrap">
            <Text fz="sm">
              {query.data.hidden} more {query.data.hidden === 1 ? 'match' : 'matches'} with Professional or
              Enterprise, and a daily match e-mail.
            </Text>
            <Button component={Link} to="/pricing" variant="light" size="xs">
              See plans
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
