import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import { DEAL_STATUSES, type DealStatus } from '@barterads/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Button, Card, Chip, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { usePageLanguage } from '../../i18n/core-text';
import { useSessionUser } from '../accounts/session';
import { CircleProposals } from '../circles/CircleProposals';
import { formatInr } from '../listings/format';
import { DEAL_STATUS_COLORS, DEAL_STATUS_LABELS, formatDateTime } from './format';

export type DealSummary = RouterOutputs['deals']['list']['deals'][number];
export type DealFilter = DealStatus | 'awaiting' | 'confirm' | 'all';

function DealCard({ deal, meId }: { deal: DealSummary; meId: string }) {
  const { t, i18n } = useLingui();
  const language = usePageLanguage();
  const other = deal.proposer._id === meId ? deal.counterparty : deal.proposer;
  const otherName = other.companyName ?? other.name;
  // Whether the offer awaits the viewer's answer: the server's `actions` (the deal table in packages/core).
  const mine = deal.actions.includes('accept');
  return (
    <Link
      to="/dashboard/deals/$id"
      params={{ id: deal._id }}
      style={{ textDecoration: 'none', color: 'inherit' }}
      aria-label={t`Deal with ${otherName}`}
    >
      <Card withBorder padding="sm">
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} lineClamp={1} translate="no">
              {other.companyName ?? other.name}
            </Text>
            <Badge color={DEAL_STATUS_COLORS[deal.status]} variant="light">
              {i18n._(DEAL_STATUS_LABELS[deal.status])}
            </Badge>
          </Group>
          <Text size="sm" lineClamp={1} translate="no">
            {deal.items.map((item) => item.title).join(' · ')}
          </Text>
          {deal.preparedBy ? (
            <Text size="sm" fw={600} c="teal">
              {deal.preparedBy}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {t`You get ${formatInr(deal.totals[meId] ?? 0)} · you give ${formatInr(deal.totals[other._id] ?? 0)} · version ${deal.version}`}
          </Text>
          {deal.status === 'proposed' ? (
            <Text size="sm" c={mine ? 'blue' : 'dimmed'} fw={mine ? 600 : undefined}>
              {mine ? t`Awaiting your answer` : t`Waiting for ${otherName}`} ·{' '}
              {t`closes ${formatDateTime(deal.expiresAt, language)}`}
            </Text>
          ) : deal.number ? (
            <Text size="sm" c="dimmed">
              {deal.number}
              {deal.circleId ? ` · ${t`one leg of a circle deal of three`}` : ''}
            </Text>
          ) : null}
        </Stack>
      </Card>
    </Link>
  );
}

/** `/dashboard/deals`: the user's deals by state with counts, and what awaits the user. Phone layout first. */
export function DealsPage({ filter, onFilter }: { filter: DealFilter; onFilter: (f: DealFilter) => void }) {
  const { t, i18n } = useLingui();
  const { user } = useSessionUser();
  const query = trpc.deals.list.useInfiniteQuery(
    { status: filter === 'all' ? undefined : filter, limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const first = query.data?.pages[0];
  const counts = first?.counts ?? {};
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const options = [
    { value: 'all', label: t`All (${total})` },
    { value: 'awaiting', label: t`Awaiting you (${first?.awaitingMe ?? 0})` },
    { value: 'confirm', label: t`To confirm (${first?.awaitingConfirmation ?? 0})` },
    ...DEAL_STATUSES.filter((s) => counts[s]).map((s) => ({
      value: s,
      label: `${i18n._(DEAL_STATUS_LABELS[s])} (${counts[s]})`,
    })),
  ];
  const deals = query.data?.pages.flatMap((p) => p.deals) ?? [];
  return (
    <Stack>
      <Title order={1} fz="h2">
        <Trans>Deals</Trans>
      </Title>
      {filter === 'all' || filter === 'awaiting' ? <CircleProposals /> : null}
      {/* Choices that wrap onto a second line on a phone, every one visible (a scrolling strip hid the last ones). */}
      <Chip.Group value={filter} onChange={(v) => onFilter((Array.isArray(v) ? v[0] : v) as DealFilter)}>
        <Group gap="xs" role="radiogroup" aria-label={t`Show deals`}>
          {(options.some((o) => o.value === filter)
            ? options
            : [...options, { value: filter, label: filter }]
          ).map((o) => (
            <Chip key={o.value} value={o.value} type="radio" size="sm" variant="outline">
              {o.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {query.isPending || !user ? (
        <Stack aria-label={t`Loading deals`}>
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      ) : query.isError ? (
        <Alert color="red" title={t`Could not load your deals`}>
          {errorMessage(query.error)}
          <Button variant="light" size="xs" mt="xs" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      ) : deals.length === 0 ? (
        <Card withBorder>
          <Text>{filter === 'all' ? t`No deals yet.` : t`No deals here.`}</Text>
          <Text size="sm" c="dimmed">
            <Trans>
              Find a listing in the{' '}
              <Anchor component={Link} to="/marketplace">
                marketplace
              </Anchor>{' '}
              and propose a deal from its page.
            </Trans>
          </Text>
        </Card>
      ) : (
        <Stack gap="sm">
          {deals.map((deal) => (
            <DealCard key={deal._id} deal={deal} meId={user._id} />
          ))}
          {query.hasNextPage ? (
            <Button
              variant="default"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              <Trans>Show more</Trans>
            </Button>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
