import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import { DEAL_STATUSES } from '@barterads/core';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { FilterSelect } from '../../components/FilterSelect';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { DealRecordDrawer } from './DealRecord';
import { DisputeQueue, ReportedReviews } from './DisputeQueue';
import { formatDateTime } from './format';

type Deal = RouterOutputs['deals']['adminList']['deals'][number];

const route = getRouteApi('/_admin/deals');
const STATUS_OPTIONS = DEAL_STATUSES.map((status) => ({ value: status, label: status }));
const RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

function partyName(party: Deal['proposer']): string {
  return party.companyName ?? party.name;
}

/** Deals: every deal, latest activity first, filtered by state; open one's record, or cancel it with a reason
 * (audit-logged). */
export function DealsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const utils = trpc.useUtils();
  const query = trpc.deals.adminList.useInfiniteQuery(
    { status: search.status, limit: 50 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const [cancelling, setCancelling] = useState<Deal | null>(null);
  // The deal whose record (items, versions, timeline, thread) is open in the drawer.
  const [open, setOpen] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const cancel = trpc.deals.adminCancel.useMutation({
    onSuccess: async () => {
      setCancelling(null);
      setReason('');
      await utils.deals.adminList.invalidate();
    },
  });
  const deals = query.data?.pages.flatMap((p) => p.deals) ?? [];
  return (
    <Stack>
      <Title order={1} fz="h2">
        Deals
      </Title>
      <DisputeQueue />
      <ReportedReviews />
      <Title order={2} fz="h4">
        All deals
      </Title>
      <FilterSelect
        label="State"
        allLabel="All states"
        options={STATUS_OPTIONS}
        value={search.status}
        onChange={(status) => navigate({ search: { status }, replace: true })}
        w={190}
      />
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : deals.length === 0 ? (
        <EmptyState>No deals</EmptyState>
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Deals">
          {deals.map((deal) => (
            <Paper key={deal._id} withBorder p="sm" radius="md" component="li">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Group gap="xs" wrap="wrap">
                  <Badge variant="light">{deal.status}</Badge>
                  <Text fz="sm" fw={500}>
                    {deal.number ?? `version ${deal.version}`}: {partyName(deal.proposer)} ↔{' '}
                    {partyName(deal.counterparty)}
                  </Text>
                </Group>
                <Text fz="xs" c="dimmed">
                  <time dateTime={deal.updatedAt}>{formatDateTime(deal.updatedAt)}</time>
                </Text>
              </Group>
              <Text fz="xs" c="dimmed" mt={4}>
                {partyName(deal.proposer)} receives {RUPEES.format(deal.totals[deal.proposer._id] ?? 0)} ·{' '}
                {partyName(deal.counterparty)} receives{' '}
                {RUPEES.format(deal.totals[deal.counterparty._id] ?? 0)}
              </Text>
              {deal.declineReason ? (
                <Text fz="xs" mt={4}>
                  Reason: {deal.declineReason}
                </Text>
              ) : null}
              <Group gap="xs" mt="xs">
                <Button size="xs" variant="light" onClick={() => setOpen(deal._id)}>
                  Open record
                </Button>
                {deal.actions.includes('cancel') ? (
                  <Button size="xs" variant="default" color="red" onClick={() => setCancelling(deal)}>
                    Cancel deal
                  </Button>
                ) : null}
              </Group>
            </Paper>
          ))}
          {query.hasNextPage ? (
            <Button
              variant="default"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Show more
            </Button>
          ) : null}
        </Stack>
      )}
      <DealRecordDrawer id={open} title="Deal record" onClose={() => setOpen(null)} />
      <Modal opened={cancelling !== null} onClose={() => setCancelling(null)} title="Cancel this deal">
        <Stack>
          {cancel.error ? (
            <Alert color="red" role="alert">
              {errorMessage(cancel.error)}
            </Alert>
          ) : null}
          <Textarea
            label="Reason (both parties and the activity log see it)"
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button
              color="red"
              disabled={!reason.trim()}
              loading={cancel.isPending}
              onClick={() => cancelling && cancel.mutate({ id: cancelling._id, reason })}
            >
              Cancel the deal
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
