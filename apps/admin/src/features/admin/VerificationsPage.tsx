import { type RouterOutputs, trpc } from '@barterads/api-client';
import { VERIFICATION_LIMITS, VERIFICATION_MESSAGES, VERIFICATION_STATUS_LABELS } from '@barterads/core';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Image,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { FilterSelect } from '../../components/FilterSelect';
import { Pager } from '../../components/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { formatDateTime } from './format';
import { VERIFICATION_STATUS_FILTERS } from './search-params';

type Verification = RouterOutputs['businesses']['verifications']['verifications'][number];

const route = getRouteApi('/_admin/verifications');
const PAGE_SIZE = 30;

const STATUS_COLORS = {
  pending: 'yellow',
  verified: 'green',
  rejected: 'red',
  superseded: 'gray',
  unverified: 'gray',
} as const;
const STATUS_OPTIONS = VERIFICATION_STATUS_FILTERS.map((value) => ({
  value,
  label: VERIFICATION_STATUS_LABELS[value],
}));

function StatusBadge({ status }: { status: keyof typeof STATUS_COLORS }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]}>
      {VERIFICATION_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * Verifications: the queue of GST verification submissions, pending first (oldest first). The selected
 * submission's fields sit beside its certificate (a PDF inline, an image as it is), with Approve and Reject (a
 * reason is required) and the business's history.
 */
export function VerificationsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;
  const query = trpc.businesses.verifications.useQuery(
    { status: search.status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const items = query.data?.verifications ?? [];
  const selected = items.find((v) => v._id === search.selected) ?? items[0] ?? null;
  const select = (id: string) =>
    void navigate({ search: (prev) => ({ ...prev, selected: id }), replace: true });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz="h2">
          Verifications
        </Title>
        {query.data ? (
          <Text fz="sm" c="dimmed" aria-live="polite">
            {query.data.pending} pending
          </Text>
        ) : null}
      </Group>
      <FilterSelect
        label="Status"
        allLabel="Every status (pending first)"
        options={STATUS_OPTIONS}
        value={search.status}
        onChange={(status) =>
          void navigate({
            search: (prev) => ({ ...prev, status, page: undefined, selected: undefined }),
            replace: true,
          })
        }
        w={260}
      />
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>No verification submissions</EmptyState>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Submissions">
              {items.map((v) => (
                <li key={v._id}>
                  <UnstyledButton
                    onClick={() => select(v._id)}
                    w="100%"
                    aria-current={selected?._id === v._id ? 'true' : undefined}
                    aria-label={`${v.legalName}, ${VERIFICATION_STATUS_LABELS[v.status]}`}
                  >
                    <Card
                      withBorder
                      p="sm"
                      radius="md"
                      bg={selected?._id === v._id ? 'var(--mantine-color-blue-light)' : undefined}
                    >
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text fw={600} fz="sm" lineClamp={1}>
                          {v.legalName}
                        </Text>
                        <StatusBadge status={v.status} />
                      </Group>
                      <Text fz="xs" c="dimmed">
                        {v.gstin} · {v.business.companyName || v.business.name}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {formatDateTime(v.submittedAt)}
                      </Text>
                    </Card>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
            <Pager
              label="Submissions"
              page={page}
              pageSize={PAGE_SIZE}
              total={query.data?.total ?? 0}
              onChange={(p) =>
                void navigate({
                  search: (prev) => ({ ...prev, page: p === 1 ? undefined : p, selected: undefined }),
                })
              }
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {selected ? <SubmissionReview key={selected._id} verification={selected} /> : null}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

function SubmissionReview({ verification: v }: { verification: Verification }) {
  const utils = trpc.useUtils();
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const decide = trpc.businesses.decideVerification.useMutation({
    onSuccess: async ({ verification }) => {
      notifications.show({
        color: verification.status === 'verified' ? 'green' : 'orange',
        message: `${verification.legalName}: ${VERIFICATION_STATUS_LABELS[verification.status]}.`,
      });
      await Promise.all([utils.businesses.verifications.invalidate(), utils.admin.activity.invalidate()]);
    },
  });
  const fields: [string, string | null][] = [
    ['Legal name', v.legalName],
    // Approved with the legal name: the GST verified badge is only ever shown beside one of the two.
    ['Name shown', v.tradeName ?? `${v.business.name} (no company name)`],
    ...(v.renamedFrom ? ([['Renamed from', v.renamedFrom]] as [string, string][]) : []),
    ['GSTIN', v.gstin],
    ['PAN', v.pan],
    ['Udyam number', v.udyam],
    ['Company (profile)', v.business.companyName],
    ['Account', `${v.business.name} <${v.business.email}>`],
    ['Submitted', formatDateTime(v.submittedAt)],
  ];
  return (
    <Card withBorder radius="md" p="md" component="section" aria-label={`Submission of ${v.legalName}`}>
      <Stack>
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {v.legalName}
          </Title>
          <StatusBadge status={v.status} />
        </Group>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Table variant="vertical" layout="fixed" withTableBorder aria-label="Submitted details">
              <Table.Tbody>
                {fields.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th w={120}>{label}</Table.Th>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{value ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {v.renamedFrom ? (
              <Alert color="blue" mt="sm" title="A verified business changed its name">
                It showed “{v.renamedFrom}” and now shows “{v.tradeName ?? v.business.name}”. Approve only if
                the certificate shows this name as its legal or trade name.
              </Alert>
            ) : null}
            {v.gstinElsewhere.length > 0 ? (
              <Alert color="orange" mt="sm" title="This GSTIN is also held by another business">
                <Stack gap={2}>
                  {v.gstinElsewhere.map((other) => (
                    <Text key={other._id} fz="sm">
                      {other.companyName || other.name}:{' '}
                      {other.status === 'verified'
                        ? 'verified with this GSTIN'
                        : 'waiting for review with it'}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            ) : null}
            {v.reason ? (
              <Alert color="red" mt="sm" title="Rejected">
                {v.reason}
              </Alert>
            ) : null}
            {v.decidedBy && v.decidedAt ? (
              <Text fz="xs" c="dimmed" mt="xs">
                Decided by {v.decidedBy.name}, {formatDateTime(v.decidedAt)}
              </Text>
            ) : null}
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Certificate verification={v} />
          </Grid.Col>
        </Grid>
        {v.status === 'pending' ? (
          <Stack gap="xs">
            {decide.error ? (
              <Alert color="red" role="alert">
                {decide.error.message}
              </Alert>
            ) : null}
            {rejecting ? (
              <Textarea
                label="Reason (shown to the business)"
                required
                autosize
                minRows={2}
                maxLength={VERIFICATION_LIMITS.reasonMax}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={
                  decide.error?.data?.httpStatus === 400 ? VERIFICATION_MESSAGES.reasonRequired : undefined
                }
                data-autofocus
              />
            ) : null}
            <Group>
              <Button
                color="green"
                loading={decide.isPending && decide.variables?.decision === 'approve'}
                disabled={decide.isPending}
                onClick={() => decide.mutate({ id: v._id, decision: 'approve' })}
              >
                Approve
              </Button>
              {rejecting ? (
                <Button
                  color="red"
                  loading={decide.isPending && decide.variables?.decision === 'reject'}
                  disabled={decide.isPending || reason.trim().length === 0}
                  onClick={() => decide.mutate({ id: v._id, decision: 'reject', reason: reason.trim() })}
                >
                  Reject with this reason
                </Button>
              ) : (
                <Button variant="light" color="red" onClick={() => setRejecting(true)}>
                  Reject…
                </Button>
              )}
            </Group>
          </Stack>
        ) : null}
        <BusinessHistory businessId={v.business._id} current={v._id} />
      </Stack>
    </Card>
  );
}

/** The certificate beside the fields: a PDF inline (the browser's viewer), an image as it is. */
function Certificate({ verification: v }: { verification: Verification }) {
  const { certificate } = v;
  if (certificate.removedAt)
    return (
      <Text fz="sm" c="dimmed">
        The certificate was deleted on {formatDateTime(certificate.removedAt)}, after a later decision on this
        business.
      </Text>
    );
  return (
    <Stack gap={4}>
      {certificate.type === 'application/pdf' ? (
        <iframe
          src={certificate.url}
          title={`GST certificate of ${v.legalName}`}
          style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-default-border)' }}
        />
      ) : (
        <Image src={certificate.url} alt={`GST certificate of ${v.legalName}`} fit="contain" mah={480} />
      )}
      <Anchor href={certificate.url} target="_blank" rel="noopener" fz="sm">
        Open the certificate ({certificate.name}, {Math.max(1, Math.round(certificate.bytes / 1024))} KB)
      </Anchor>
    </Stack>
  );
}

function BusinessHistory({ businessId, current }: { businessId: string; current: string }) {
  const history = trpc.businesses.verifications.useQuery({ businessId, limit: 20 });
  const rows = history.data?.verifications ?? [];
  if (rows.length <= 1) return null;
  return (
    <Stack gap={4}>
      <Title order={3} fz="h6">
        History of this business
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label="History of this business" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Submitted</Table.Th>
              <Table.Th>GSTIN</Table.Th>
              <Table.Th>Legal name</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...rows]
              .sort((a, b) => b.submittedAt.localeCompare(a.submittedAt))
              .map((r) => (
                <Table.Tr key={r._id} fw={r._id === current ? 600 : undefined}>
                  <Table.Td>{formatDateTime(r.submittedAt)}</Table.Td>
                  <Table.Td>{r.gstin}</Table.Td>
                  <Table.Td>{r.legalName}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={r.status} />
                    {r.reason ? (
                      <Text fz="xs" c="dimmed">
                        {r.reason}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
