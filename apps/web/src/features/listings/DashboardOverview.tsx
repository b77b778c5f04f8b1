import { trpc } from '@barterads/api-client';
import { categoryTitle } from '@barterads/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useCoreText } from '../../i18n/core-text';

export interface DashboardOverviewProps {
  /** Unread messages from the messages domain; the card shows only when given. */
  unreadMessages?: number;
}

/**
 * The four cards; each shows its change against 7 days ago (the server's `previous` figures). `id` names the
 * card for tests in every language (its English label).
 */
const CARDS: readonly {
  key: 'totalListings' | 'activeListings' | 'archivedListings' | 'totalClicks';
  id: string;
  label: MessageDescriptor;
  upIsGood: boolean | null;
}[] = [
  { key: 'totalListings', id: 'Total Listings', label: msg`Total Listings`, upIsGood: true },
  { key: 'activeListings', id: 'Active Listings', label: msg`Active Listings`, upIsGood: true },
  { key: 'archivedListings', id: 'Archived', label: msg`Archived`, upIsGood: null },
  { key: 'totalClicks', id: 'Total Clicks', label: msg`Total Clicks`, upIsGood: true },
];

const PERCENT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, signDisplay: 'exceptZero' });

/** The change from `before` to `now` in per cent, or undefined when there was nothing to compare with. */
export function changeLabel(now: number, before: number): string | undefined {
  if (before <= 0) return undefined;
  // The minus sign (U+2212), not a hyphen.
  return `${PERCENT.format(((now - before) / before) * 100).replace('-', '\u2212')}%`;
}

interface Change {
  text: string;
  /** green for a good change, red for a bad one, dimmed when neither (archived listings, no change). */
  color: string;
}

function StatCard({
  id,
  label,
  value,
  change,
}: {
  id: string;
  label: string;
  value: number;
  change?: Change | undefined;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={label}>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Group justify="space-between" align="baseline" mt={4} gap={4}>
        <Text fz={28} fw={700} data-testid={`stat-${id}`}>
          {value}
        </Text>
        {change ? (
          <Text fz="sm" c={change.color} data-testid={`change-${id}`}>
            {change.text}
            <VisuallyHidden>
              {' '}
              <Trans>against 7 days ago</Trans>
            </VisuallyHidden>
          </Text>
        ) : null}
      </Group>
    </Card>
  );
}

const SKELETONS = ['a', 'b', 'c', 'd'];

/** The dashboard overview on real data: listing counts, clicks, top categories (and unread messages when given). */
export function DashboardOverview({ unreadMessages }: DashboardOverviewProps) {
  const { t, i18n } = useLingui();
  const core = useCoreText();
  const stats = trpc.listings.stats.useQuery();
  if (stats.isPending) {
    return (
      <SimpleGrid cols={{ base: 2, md: 4 }} aria-busy="true" aria-label={t`Loading overview`}>
        {SKELETONS.map((key) => (
          <Skeleton key={key} h={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (stats.isError) {
    return (
      <Alert color="red" role="alert">
        <Trans>Failed to load listings</Trans>
      </Alert>
    );
  }
  const data = stats.data;
  const max = Math.max(1, ...data.topCategories.map((c) => c.count));
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {CARDS.map((card) => {
          const now = data[card.key];
          const before = data.previous[card.key];
          const text = changeLabel(now, before);
          const color =
            now === before || card.upIsGood === null
              ? 'dimmed'
              : now > before === card.upIsGood
                ? 'teal'
                : 'red';
          return (
            <StatCard
              key={card.key}
              id={card.id}
              label={i18n._(card.label)}
              value={now}
              change={text ? { text, color } : undefined}
            />
          );
        })}
      </SimpleGrid>
      <SimpleGrid cols={unreadMessages === undefined ? 1 : 2}>
        <StatCard id="Clicks (last 7 days)" label={t`Clicks (last 7 days)`} value={data.clicks7d} />
        {unreadMessages === undefined ? null : (
          <StatCard id="Unread messages" label={t`Unread messages`} value={unreadMessages} />
        )}
      </SimpleGrid>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="top-categories">
        <Title order={2} fz="h4" id="top-categories">
          <Trans>Top Categories</Trans>
        </Title>
        {data.topCategories.length === 0 ? (
          <Text c="dimmed" mt="sm">
            <Trans>Post a listing to see your categories here.</Trans>
          </Text>
        ) : (
          <Stack gap="sm" mt="sm">
            {data.topCategories.map((c) => (
              <div key={c.category ?? 'none'}>
                <Group justify="space-between">
                  <Text fz="sm">{core(categoryTitle(c.category))}</Text>
                  <Text fz="sm" c="dimmed">
                    {c.count}
                  </Text>
                </Group>
                <Progress
                  value={(c.count / max) * 100}
                  aria-label={`${core(categoryTitle(c.category))}: ${c.count}`}
                />
              </div>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
