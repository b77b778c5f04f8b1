import { type RouterOutputs, trpc } from '@barterads/api-client';
import { PAYMENT_KINDS, PAYMENT_STATUSES } from '@barterads/core';
import { Anchor, Badge, Box, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { FilterSelect } from '../../components/FilterSelect';
import { Pager } from '../../components/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { formatDateTime } from './format';
import { formatPaise, invoiceHref, PAYMENT_STATUS_LABELS, REFUND_STATUS_LABELS } from './money';
import type { PaymentsSearch } from './search-params';
import { useUrlSearchText } from './useUrlSearchText';

type AdminPayment = RouterOutputs['payments']['adminPayments']['payments'][number];

const route = getRouteApi('/_admin/payments');
const PAGE_SIZE = 30;
const KIND_LABELS = { plan: 'Plans', commission: 'Commissions' } as const;
const KIND_OPTIONS = PAYMENT_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }));
const STATUS_OPTIONS = PAYMENT_STATUSES.map((value) => ({
  value,
  label: PAYMENT_STATUS_LABELS[value].label,
}));

function Documents({ payment: p }: { payment: AdminPayment }) {
  if (!p.invoice && p.creditNotes.length === 0) {
    return (
      <Text fz="xs" c="dimmed">
        No invoice
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {p.invoice ? (
        <Anchor href={invoiceHref(p.invoice.id)} fz="sm" aria-label={`Download invoice ${p.invoice.number}`}>
          {p.invoice.number}
        </Anchor>
      ) : null}
      {p.creditNotes.map((note) => (
        <Anchor
          key={note.id}
          href={invoiceHref(note.id)}
          fz="xs"
          aria-label={`Download credit note ${note.number}`}
        >
          Credit note {note.number}
        </Anchor>
      ))}
    </Stack>
  );
}

function StatusBadges({ payment: p }: { payment: AdminPayment }) {
  const status = PAYMENT_STATUS_LABELS[p.status];
  return (
    <Group gap={4}>
      <Badge variant="light" color={status.color}>
        {status.label}
      </Badge>
      {p.refundStatus ? (
        <Badge variant="outline" color={REFUND_STATUS_LABELS[p.refundStatus].color}>
          Refund: {REFUND_STATUS_LABELS[p.refundStatus].label}
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * Payments and invoices: every plan and commission payment, newest first, filtered by status and kind and searched
 * by the member's e-mail (all kept in the URL), paged on the server; each with its invoice and credit notes to
 * download. A table from 768 px, cards on a phone.
 */
export function PaymentsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;
  const [text, setText] = useUrlSearchText(search.q, (q) => {
    void navigate({ search: (prev) => ({ ...prev, q, page: undefined }), replace: true });
  });
  const setFilter = (patch: Partial<PaymentsSearch>) =>
    navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), replace: true });
  const query = trpc.payments.adminPayments.useQuery(
    {
      status: search.status,
      kind: search.kind,
      q: search.q,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    },
    { placeholderData: keepPreviousData },
  );
  const payments = query.data?.payments ?? [];

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz="h2">
          Payments
        </Title>
        {query.data ? (
          <Text fz="sm" c="dimmed" aria-live="polite">
            {query.data.total} {query.data.total === 1 ? 'payment' : 'payments'}
          </Text>
        ) : null}
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Member e-mail"
          placeholder="Search by e-mail"
          type="search"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          w={260}
        />
        <FilterSelect
          label="Status"
          allLabel="Paid and failed"
          options={STATUS_OPTIONS}
          value={search.status}
          onChange={(status) => void setFilter({ status })}
          w={180}
        />
        <FilterSelect
          label="Kind"
          allLabel="Plans and commissions"
          options={KIND_OPTIONS}
          value={search.kind}
          onChange={(kind) => void setFilter({ kind })}
          w={200}
        />
      </Group>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : payments.length === 0 ? (
        <EmptyState>No payments</EmptyState>
      ) : (
        <>
          <Box visibleFrom="md">
            <Table.ScrollContainer minWidth={900}>
              <Table aria-label="Payments" striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Member</Table.Th>
                    <Table.Th>For</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Invoice</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {payments.map((p) => (
                    <Table.Tr key={`${p.kind}-${p.id}`}>
                      <Table.Td>{formatDateTime(p.paidAt ?? p.createdAt)}</Table.Td>
                      <Table.Td>
                        <Text fz="sm" fw={500}>
                          {p.userName}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {p.userEmail}
                        </Text>
                      </Table.Td>
                      <Table.Td>{p.description}</Table.Td>
                      <Table.Td ta="right">{formatPaise(p.amount)}</Table.Td>
                      <Table.Td>
                        <StatusBadges payment={p} />
                      </Table.Td>
                      <Table.Td>
                        <Documents payment={p} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Box>
          <Stack
            hiddenFrom="md"
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Payments"
          >
            {payments.map((p) => (
              <Card key={`${p.kind}-${p.id}`} component="li" withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Box miw={0}>
                    <Text fw={600} fz="sm" truncate>
                      {p.description}
                    </Text>
                    <Text fz="xs" c="dimmed" truncate>
                      {p.userEmail}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {formatDateTime(p.paidAt ?? p.createdAt)}
                    </Text>
                  </Box>
                  <Text fw={600}>{formatPaise(p.amount)}</Text>
                </Group>
                <Group justify="space-between" mt="xs" align="flex-end">
                  <StatusBadges payment={p} />
                  <Documents payment={p} />
                </Group>
              </Card>
            ))}
          </Stack>
          <Pager
            label="Payments"
            page={page}
            pageSize={PAGE_SIZE}
            total={query.data?.total ?? 0}
            onChange={(p) =>
              void navigate({ search: (prev) => ({ ...prev, page: p === 1 ? undefined : p }) })
            }
          />
        </>
      )}
    </Stack>
  );
}
