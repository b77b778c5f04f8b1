import { errorMessage, trpc } from '@barterads/api-client';
import { LEGAL, REFUND_REQUEST_DAYS, type RefundStatus } from '@barterads/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useFormatDate } from '../../i18n/core-text';
import { formatPaise } from './format';

export const REFUND_STATUS: Record<RefundStatus, { label: MessageDescriptor; color: string }> = {
  requested: { label: msg`Requested`, color: 'gray' },
  processing: { label: msg`Processing`, color: 'blue' },
  processed: { label: msg`Refunded`, color: 'green' },
  rejected: { label: msg`Rejected`, color: 'red' },
  failed: { label: msg`Failed`, color: 'red' },
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a member reads beside a refund Razorpay is processing. */
const PROCESSING_DAYS = LEGAL.refundProcessingDays;
export const REFUND_PROCESSING_NOTE = msg`Processing takes ${PROCESSING_DAYS} working days to reach your original payment method.`;

/** Whether a payment is still within the refund-request window. */
export function refundable(paidAt: string | null): boolean {
  return paidAt !== null && Date.now() - Date.parse(paidAt) <= REFUND_REQUEST_DAYS * DAY_MS;
}

/** "Request refund" for one payment: a reason, then it waits in the admin app's refund queue. */
export function RefundRequestButton({ paymentId, label }: { paymentId: string; label: string }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const request = trpc.payments.requestRefund.useMutation({
    onSuccess: async () => {
      setOpen(false);
      await Promise.all([utils.payments.refunds.invalidate(), utils.payments.history.invalidate()]);
    },
  });
  return (
    <>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => setOpen(true)}
        aria-label={t`Request refund of ${label}`}
      >
        <Trans>Request refund</Trans>
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t`Request a refund`} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            request.mutate({ paymentId, reason });
          }}
        >
          <Stack gap="sm">
            <Text fz="sm">{t`Refunds can be requested within ${REFUND_REQUEST_DAYS} days of a payment.`}</Text>
            <Textarea
              label={t`Why do you want a refund?`}
              required
              minLength={5}
              maxLength={1000}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            {request.error ? (
              <Alert color="red" role="alert">
                {errorMessage(request.error, t`Could not request the refund.`)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={request.isPending}>
                <Trans>Send request</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** The member's refunds and their states. */
export function Refunds() {
  const { t, i18n } = useLingui();
  const formatDay = useFormatDate();
  const query = trpc.payments.refunds.useQuery();
  const refunds = query.data?.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="refunds-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="refunds-title">
          <Trans>Refunds</Trans>
        </Title>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {refunds.map((refund) => (
            <Group key={refund.id} component="li" justify="space-between" wrap="wrap">
              <Text fz="sm">
                {formatPaise(refund.amount)} · {t`asked ${formatDay(refund.createdAt)}`}
              </Text>
              <Badge color={REFUND_STATUS[refund.status].color} variant="light">
                {i18n._(REFUND_STATUS[refund.status].label)}
              </Badge>
              {refund.status === 'processing' ? (
                <Text fz="xs" c="dimmed" w="100%">
                  {i18n._(REFUND_PROCESSING_NOTE)}
                </Text>
              ) : null}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
