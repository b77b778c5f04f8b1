import { type RouterOutputs, trpc } from '@barterads/api-client';
import { LEGAL, REFUND_STATUSES } from '@barterads/core';
import { Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FilterSelect } from '../../components/FilterSelect';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { formatDateTime } from './format';
import { formatPaise, REFUND_STATUS_LABELS } from './money';

type AdminRefund = RouterOutputs['payments']['adminRefunds']['refunds'][number];

const route = getRouteApi('/_admin/refunds');
const STATUS_OPTIONS = REFUND_STATUSES.map((value) => ({ value, label: REFUND_STATUS_LABELS[value].label }));
const REASON_MAX = 500;

/**
 * The refund queue: refunds members asked for within 7 days of a payment, waiting first (oldest first), then the
 * rest with their state. Approving refunds the payment in full through Razorpay (the refund then shows Processing
 * until Razorpay's webhook says it was made); rejecting keeps it. Both take a reason and are audit-logged.
 */
export function RefundsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const query = trpc.payments.adminRefunds.useQuery({ status: search.status });
  const refunds = query.data?.refunds ?? [];
  const waiting = refunds.filter((r) => r.status === 'requested').length;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz="h2">
          Refunds
        </Title>
        {query.data ? (
          <Text fz="sm" c="dimmed" aria-live="polite">
            {waiting} awaiting a decision
          </Text>
        ) : null}
      </Group>
      <FilterSelect
        label="State"
        allLabel="Every state (awaiting first)"
        options={STATUS_OPTIONS}
        value={search.status}
        onChange={(status) => void navigate({ search: { status }, replace: true })}
        w={260}
      />
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : refunds.length === 0 ? (
        <EmptyState>No refunds</EmptyState>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Refund queue">
          {refunds.map((refund) => (
            <RefundItem key={refund.id} refund={refund} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function RefundItem({ refund: r }: { refund: AdminRefund }) {
  const utils = trpc.useUtils();
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const decide = trpc.payments.adminDecideRefund.useMutation({
    onSuccess: async ({ refund }) => {
      notifications.show({
        color: refund.status === 'rejected' ? 'orange' : 'green',
        message: `Refund of ${formatPaise(refund.amount)} to ${r.userEmail}: ${REFUND_STATUS_LABELS[refund.status].label}.`,
      });
      setDecision(null);
      await Promise.all([
        utils.payments.adminRefunds.invalidate(),
        utils.payments.adminPayments.invalidate(),
        utils.admin.activity.invalidate(),
      ]);
    },
  });
  const status = REFUND_STATUS_LABELS[r.status];
  const open = (next: 'approve' | 'reject') => {
    decide.reset();
    setReason('');
    setDecision(next);
  };
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-label={`Refund of ${formatPaise(r.amount)} to ${r.userEmail}, ${status.label}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>
            {formatPaise(r.amount)} · {r.planName} plan
          </Text>
          <Badge variant="light" color={status.color}>
            {status.label}
          </Badge>
        </Group>
        <Text fz="sm">
          {r.userName} &lt;{r.userEmail}&gt;
        </Text>
        <Text fz="xs" c="dimmed">
          Paid {r.paidAt ? formatDateTime(r.paidAt) : '—'} · asked {formatDateTime(r.createdAt)}
          {r.processedAt ? ` · refunded ${formatDateTime(r.processedAt)}` : ''}
        </Text>
        {r.reason ? (
          <Text fz="sm" style={{ wordBreak: 'break-word' }}>
            Reason: {r.reason}
          </Text>
        ) : null}
        {r.status === 'requested' ? (
          <Group gap="sm">
            <Button color="green" size="sm" onClick={() => open('approve')}>
              Approve refund…
            </Button>
            <Button variant="light" color="red" size="sm" onClick={() => open('reject')}>
              Reject…
            </Button>
          </Group>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={decision !== null}
        title={decision === 'approve' ? 'Approve this refund?' : 'Reject this refund?'}
        confirmLabel={decision === 'approve' ? 'Refund through Razorpay' : 'Reject refund'}
        color={decision === 'approve' ? 'green' : 'red'}
        loading={decide.isPending}
        error={decide.error}
        onClose={() => setDecision(null)}
        onConfirm={() =>
          decide.mutate({
            id: r.id,
            approve: decision === 'approve',
            reason: reason.trim() || undefined,
          })
        }
      >
        <Stack gap="sm">
          <Text>
            {decision === 'approve'
              ? `${formatPaise(r.amount)} goes back to ${r.userEmail} through Razorpay in full; it takes ${LEGAL.refundProcessingDays} working days to arrive.`
              : `${r.userEmail} keeps the plan and is not refunded.`}
          </Text>
          <Textarea
            label="Reason (kept in the audit log)"
            autosize
            minRows={2}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
        </Stack>
      </ConfirmDialog>
    </Card>
  );
}
