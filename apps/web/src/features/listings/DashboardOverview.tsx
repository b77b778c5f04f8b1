import { trpc } from '@barterads/api-client';
import { Alert, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';

export interface DashboardOverviewProps {
  /** Unread messages from the messages domain; the card shows only when given. */
  unreadMessages?: number;
}

/** The spec's fixed growth labels of the four cards. */
const CARDS = [
  { key: 'totalListings', label: 'Total Listings', growth: '+8%' },
  { key: 'activeListings', label: 'Active Listings', growth: '+5%' },
  { key: 'archivedListings', label: 'Archived', growth: '-2%' },
  { key: 'totalClicks', label: 'Total Clicks', growth: '+3%' },
] as const;

function StatCard({ label, value, note }: { label: string; value: number; note?: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={label}>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Group justify="space-between" align="baseline" mt={4}>
        <Text fz={28} fw={700} data-testid={`stat-${label}`}>
          {value}
        </Text>
        {note ? (
          <Text fz="sm" c={note.startsWith('-') ? 'red' : 'teal'}>
            {note}
          </Text>
        ) : null}
      </Group>
    </Card>
  );
}

const SKELETONS = ['a', 'b', 'c', 'd'];

/** The dashboard overview on real data: listing counts, clicks, top categories (and unread messages when given). */
export function DashboardOverview({ unreadMessages }: DashboardOverviewProps) {
  const stats = trpc.listings.stats.useQuery();
  if (stats.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} aria-busy="true" aria-label="Loading overview">
        {SKELETONS.map((key) => (
          <Skeleton key={key} h={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (stats.isError) {
    return (
      <Alert color="red" role="alert">
        Failed to load listings
      </Alert>
    );
  }
  const data = stats.data;
  const max = Math.max(1, ...data.topCategories.map((c) => c.count));
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {CARDS.map((card) => (
          <StatCard key={card.key} label={card.label} value={data[card.key]} note={card.growth} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: unreadMessages === undefined ? 1 : 2 }}>
        <StatCard label="Clicks (last 7 days)" value={data.clicks7d} />
        {unreadMessages === undefined ? null : <StatCard label="Unread messages" value={unreadMessages} />}
      </SimpleGrid>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="top-categories">
        <Title order={2} fz="h4" id="top-categories">
          Top Categories
        </Title>
        {data.topCategories.length === 0 ? (
          <Text c="dimmed" mt="sm">
            Post a listing to see your categories here.
          </Text>
        ) : (
          <Stack gap="sm" mt="sm">
            {data.topCategories.map((c) => (
              <div key={c.category ?? 'none'}>
                <Group justify="space-between">
                  <Text fz="sm">{c.label}</Text>
                  <Text fz="sm" c="dimmed">
                    {c.count}
                  </Text>
                </Group>
                <Progress value={(c.count / max) * 100} aria-label={`${c.label}: ${c.count}`} />
              </div>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
