import { type RouterOutputs, trpc } from '@barterads/api-client';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Badge,
  Card,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { LoadError } from '../../components/LoadError';
import { useFormatDate } from '../../i18n/core-text';
import { formatPaise } from './format';
import { REFUND_PROCESSING_NOTE, REFUND_STATUS, RefundRequestButton, refundable } from './Refunds';

const STATUS = {
  paid: { label: msg`Paid`, color: 'green' },
  failed: { label: msg`Failed`, color: 'red' },
  created: { label: msg`Pending`, color: 'gray' },
} as const;
const PERIOD_LABEL = { monthly: msg`Monthly`, yearly: msg`Yearly` } as const;

type PaymentRow = RouterOutputs['payments']['history']['payments'][number];

/** A refund that stands (asked for, on its way, or made): the payment then shows it instead of "Paid". */
function standingRefund(p: PaymentRow): PaymentRow['refund'] {
  return p.refund && ['requested', 'processing', 'processed'].includes(p.refund.status) ? p.refund : null;
}

/** The payment's state: its refund's when one stands ("Refund processing", "Refunded"), else the payment's. */
function PaymentStatus({ payment }: { payment: PaymentRow }) {
  const { t, i18n } = useLingui();
  const refund = standingRefund(payment);
  const status = refund
    ? {
        label:
          refund.status === 'processed'
            ? t`Refunded`
            : t`Refund ${i18n._(REFUND_STATUS[refund.status].label).toLowerCase()}`,
        color: REFUND_STATUS[refund.status].color,
      }
    : { label: i18n._(STATUS[payment.status].label), color: STATUS[payment.status].color };
  return (
    <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
      {status.label}
    </Badge>
  );
}

/** Under a refunded payment: when the money arrives, or when it was refunded (its credit note is listed). */
function RefundNote({ payment }: { payment: PaymentRow }) {
  const { t, i18n } = useLingui();
  const formatDay = useFormatDate();
  const refund = standingRefund(payment);
  if (!refund) return null;
  return (
    <Text fz="xs" c="dimmed">
      {refund.status === 'processed' && refund.processedAt
        ? t`${formatPaise(refund.amount)} refunded on ${formatDay(refund.processedAt)}.`
        : refund.status === 'processing'
          ? t`${formatPaise(refund.amount)} on its way back. ${i18n._(REFUND_PROCESSING_NOTE)} Its credit note follows.`
          : t`Refund of ${formatPaise(refund.amount)} requested; we reply by e-mail.`}
    </Text>
  );
}

/** "Request refund" while a payment is in its window and no refund of it stands. */
const canRequestRefund = (p: PaymentRow) => p.status === 'paid' && refundable(p.paidAt) && !standingRefund(p);

/** The signed-in user's payments, newest first: a table on wide screens, a list of cards on phones. */
export function PaymentHistory() {
  const { t, i18n } = useLingui();
  const formatDay = useFormatDate();
  const query = trpc.payments.history.useQuery();
  const invoiceQuery = trpc.payments.invoices.useQuery();
  const payments = query.data?.payments ?? [];
  const invoices = invoiceQuery.data?.invoices ?? [];
  /** The payment's documents: its tax invoice and any credit note. */
  const documentsOf = (paymentId: string) => invoices.filter((i) => i.paymentId === paymentId);
  /** Invoices of payments outside the plan history: each deal commission paid (from the deal page). */
  const commissionInvoices = invoices.filter(
    (invoice) => invoice.kind === 'invoice' && !payments.some((p) => p.id === invoice.paymentId),
  );
  const documentLinks = (paymentId: string) =>
    documentsOf(paymentId).map((invoice) => (
      <Anchor
        key={invoice._id}
        href={`/api/payments/invoices/${invoice._id}.pdf`}
        download
        fz="sm"
        aria-label={
          invoice.kind === 'invoice'
            ? t`Download invoice ${invoice.number}`
            : t`Download credit note ${invoice.number}`
        }
      >
        {invoice.kind === 'invoice' ? t`Invoice ${invoice.number}` : t`Credit note ${invoice.number}`}
      </Anchor>
    ));

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payment-history-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="payment-history-title">
          <Trans>Payment history</Trans>
        </Title>
        {query.isLoading ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label={t`Loading payments`}>
            <Skeleton h={20} />
            <Skeleton h={20} />
            <Skeleton h={20} />
          </Stack>
        ) : query.isError ? (
          <LoadError
            title={t`Could not load your payments`}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : payments.length === 0 ? (
          commissionInvoices.length === 0 ? (
            <Text fz="sm" c="dimmed">
              <Trans>No payments yet.</Trans>
            </Text>
          ) : null
        ) : (
          <>
            <Table.ScrollContainer minWidth={560} visibleFrom="sm">
              <Table striped highlightOnHover aria-labelledby="payment-history-title">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Date</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Plan</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Period</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Amount</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Status</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Payment ID</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Documents</Trans>
                    </Table.Th>
                    <Table.Th>
                      <VisuallyHidden>
                        <Trans>Actions</Trans>
                      </VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {payments.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>{formatDay(p.paidAt ?? p.createdAt)}</Table.Td>
                      <Table.Td translate="no">{p.planName}</Table.Td>
                      <Table.Td>{i18n._(PERIOD_LABEL[p.period])}</Table.Td>
                      <Table.Td>{formatPaise(p.amount)}</Table.Td>
                      <Table.Td>
                        <Stack gap={2}>
                          <PaymentStatus payment={p} />
                          <RefundNote payment={p} />
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <Text fz="xs" ff="monospace">
                          {p.paymentId ?? p.orderId}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={0}>{documentLinks(p.id)}</Stack>
                      </Table.Td>
                      <Table.Td>
                        {canRequestRefund(p) ? (
                          <RefundRequestButton
                            paymentId={p.id}
                            label={`${p.planName} ${formatPaise(p.amount)}`}
                          />
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {payments.map((p) => (
                <Paper key={p.id} withBorder p="sm" radius="sm" component="li">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>
                      <span translate="no">{p.planName}</span> · {i18n._(PERIOD_LABEL[p.period])}
                    </Text>
                    <PaymentStatus payment={p} />
                  </Group>
                  <Group justify="space-between">
                    <Text fz="sm" c="dimmed">
                      {formatDay(p.paidAt ?? p.createdAt)}
                    </Text>
                    <Text fz="sm">{formatPaise(p.amount)}</Text>
                  </Group>
                  <RefundNote payment={p} />
                  <Stack gap={0}>{documentLinks(p.id)}</Stack>
                  {canRequestRefund(p) ? (
                    <RefundRequestButton paymentId={p.id} label={`${p.planName} ${formatPaise(p.amount)}`} />
                  ) : null}
                </Paper>
              ))}
            </Stack>
          </>
        )}
        {!query.isLoading && !query.isError && commissionInvoices.length > 0 ? (
          <Stack gap={4} component="section" aria-labelledby="commission-invoices-title">
            <Title order={3} fz="h5" id="commission-invoices-title">
              <Trans>Deal commission invoices</Trans>
            </Title>
            <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {commissionInvoices.map((invoice) => (
                <Group key={invoice._id} component="li" justify="space-between" gap="xs">
                  <Text fz="sm" c="dimmed">
                    {formatDay(invoice.createdAt)} · {formatPaise(invoice.amount)}
                  </Text>
                  <Anchor
                    href={`/api/payments/invoices/${invoice._id}.pdf`}
                    download
                    fz="sm"
                    aria-label={t`Download invoice ${invoice.number}`}
                  >
                    {t`Invoice ${invoice.number}`}
                  </Anchor>
                </Group>
              ))}
            </Stack>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
