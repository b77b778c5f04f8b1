import { trpc } from '@barterads/api-client';
import { categoryTitle, LIMITS, userTypeLabel } from '@barterads/core';
import { Badge, Box, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { countryName, formatDate } from './format';
import { useSetListingVerified } from './listing-actions';
import { VerifyListingButton } from './VerifyListingButton';

// The chart library loads after the figures (its own chunk; the page's first download stays small).
const MetricSparkline = lazy(() => import('./OverviewCharts').then((m) => ({ default: m.MetricSparkline })));
const CountryDonut = lazy(() => import('./OverviewCharts').then((m) => ({ default: m.CountryDonut })));

const DONUT_COLORS = [
  'indigo.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'red.6',
  'lime.6',
  'pink.6',
  'yellow.6',
  'blue.6',
];

function MetricCard(props: {
  label: string;
  value: number;
  series: number[];
  color: string;
  /** A second figure under the trend line. */
  note?: string;
}) {
  const last = props.series.at(-1) ?? 0;
  return (
    <Card withBorder radius="md" padding="md">
      <Text fz="sm" c="dimmed" fw={500}>
        {props.label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} data-testid={`metric-${props.label.toLowerCase()}`}>
        {props.value.toLocaleString('en-IN')}
      </Text>
      <Suspense fallback={<Skeleton h={48} mt="xs" radius="sm" />}>
        <MetricSparkline label={props.label} series={props.series} color={props.color} />
      </Suspense>
      <Text fz="xs" c="dimmed" mt={4}>
        {last.toLocaleString('en-IN')} new in the last 7 days{props.note ? ` · ${props.note}` : ''}
      </Text>
    </Card>
  );
}

function Metrics() {
  const metrics = trpc.admin.metrics.useQuery();
  if (metrics.isPending) return <LoadingState />;
  if (metrics.isError) return <ErrorState error={metrics.error} onRetry={() => void metrics.refetch()} />;
  const m = metrics.data;
  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="md">
        <MetricCard label="Users" value={m.users} series={m.series.users} color="indigo" />
        <MetricCard label="Listings" value={m.listings} series={m.series.listings} color="cyan" />
        <MetricCard label="Verified" value={m.verifiedListings} series={m.series.verified} color="teal" />
        <MetricCard label="Pending" value={m.pendingListings} series={m.series.pending} color="orange" />
        <MetricCard
          label="Deals"
          value={m.acceptedDeals}
          series={m.series.deals}
          color="grape"
          note={`${m.openDeals.toLocaleString('en-IN')} open offers`}
        />
      </SimpleGrid>
      <Text fz="xs" c="dimmed">
        Listings are the active listings (Verified + Pending; archived ones are left out). Deals are the
        accepted deals. Trend lines: how many were created (deals: accepted) in each of the last 12 weeks,
        oldest first.
      </Text>
    </Stack>
  );
}

function UsersByCountry() {
  const query = trpc.admin.usersByCountry.useQuery();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="by-country">
      <Title order={2} fz="h4" id="by-country" mb="sm">
        Users by country
      </Title>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.total === 0 ? (
        <EmptyState>No users yet</EmptyState>
      ) : (
        <CountryChart data={query.data} />
      )}
    </Paper>
  );
}

function CountryChart({
  data,
}: {
  data: { total: number; items: Array<{ country: string; count: number; pct: number }> };
}) {
  const shown = data.items.slice(0, LIMITS.donutLegendCountries);
  const rest = data.items.slice(LIMITS.donutLegendCountries);
  const restCount = rest.reduce((s, r) => s + r.count, 0);
  const cells = shown.map((item, i) => ({
    name: countryName(item.country),
    value: item.count,
    color: DONUT_COLORS[i % DONUT_COLORS.length]!,
  }));
  if (restCount > 0) cells.push({ name: 'Other countries', value: restCount, color: 'gray.5' });
  return (
    <Group align="center" gap="lg" wrap="wrap" justify="center">
      <Suspense fallback={<Skeleton h={180} w={180} circle />}>
        <CountryDonut cells={cells} total={data.total} />
      </Suspense>
      <Stack gap={6} style={{ flex: '1 1 200px' }} component="ul" p={0} m={0} aria-label="Countries">
        {shown.map((item, i) => (
          <Group key={item.country} gap="xs" wrap="nowrap" component="li" justify="space-between">
            <Group gap="xs" wrap="nowrap">
              <Box
                w={10}
                h={10}
                bg={DONUT_COLORS[i % DONUT_COLORS.length]}
                style={{ borderRadius: '50%', flex: 'none' }}
                aria-hidden
              />
              <Text fz="sm">{countryName(item.country)}</Text>
            </Group>
            <Text fz="sm" c="dimmed">
              {item.count} · {item.pct}%
            </Text>
          </Group>
        ))}
        {rest.length > 0 ? (
          <Text fz="sm" c="dimmed" component="li" style={{ listStyle: 'none' }}>
            +{rest.length} more
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

function RecentPostings() {
  const query = trpc.admin.listings.useQuery({ limit: LIMITS.recentPostingsLimit });
  const verify = useSetListingVerified();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recent-postings">
      <Title order={2} fz="h4" id="recent-postings" mb="sm">
        Recent postings
      </Title>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.listings.length === 0 ? (
        <EmptyState>No listings found</EmptyState>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {query.data.listings.map((l) => (
            <Paper key={l._id} withBorder p="sm" radius="sm" component="li">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
                  <Group gap={6} wrap="wrap">
                    <Badge size="sm" variant="light" color={l.ownerType === 'media_owner' ? 'cyan' : 'grape'}>
                      {userTypeLabel(l.ownerType)}
                    </Badge>
                    <Badge size="sm" variant="outline" color={l.status === 'active' ? 'green' : 'gray'}>
                      {l.status}
                    </Badge>
                    <Badge size="sm" variant="light" color={l.verified ? 'teal' : 'yellow'}>
                      {l.verified ? 'Verified' : 'Not verified'}
                    </Badge>
                  </Group>
                  <Text fz="sm" fw={500} truncate>
                    {l.title}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {formatDate(l.createdAt)}
                  </Text>
                </Stack>
                <VerifyListingButton
                  listing={l}
                  loading={verify.isPending && verify.variables?.id === l._id}
                  onToggle={(input) => verify.mutate(input)}
                />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** Overview: the four metric cards with trend lines, users by country, recent postings. */
/** Active needs with no matching inventory, by category: where supply must be recruited. */
function UnmatchedNeeds() {
  const query = trpc.matching.unmatchedNeeds.useQuery();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="unmatched-needs">
      <Title order={2} fz="h4" id="unmatched-needs" mb="sm">
        Needs with no match
      </Title>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.total === 0 ? (
        <EmptyState>Every active need has at least one match</EmptyState>
      ) : (
        <Stack gap={4} data-testid="unmatched-needs">
          {query.data.categories.map((c) => (
            <Group key={c.category ?? 'none'} justify="space-between">
              <Text fz="sm">{c.category ? categoryTitle(c.category) : 'No category'}</Text>
              <Badge variant="light">{c.needs.toLocaleString('en-IN')}</Badge>
            </Group>
          ))}
          <Text fz="xs" c="dimmed">
            Recruit inventory in these categories: {query.data.total.toLocaleString('en-IN')} needs wait for a
            match.
          </Text>
        </Stack>
      )}
    </Paper>
  );
}

export function Overview({ email }: { email: string }) {
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          Overview
        </Title>
        <Text fz="sm" c="dimmed">
          Signed in as {email}
        </Text>
      </Group>
      <Metrics />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <UsersByCountry />
        <RecentPostings />
      </SimpleGrid>
      <UnmatchedNeeds />
    </Stack>
  );
}
