import { trpc } from '@barterads/api-client';
import { Card, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { formatDateTime } from './format';

/** /jobs: the background job queue (pg-boss in PostgreSQL) — queued, running, retrying, failed — and its outboxes. */
export function JobsPage() {
  const query = trpc.admin.jobs.useQuery(undefined, { refetchInterval: 10_000 });
  return (
    <Stack>
      <Title order={1} fz="h2">
        Jobs
      </Title>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Card withBorder>
              <Text fz="sm" c="dimmed">
                Notification e-mails waiting
              </Text>
              <Text fz={24} fw={700} data-testid="outbox-pending">
                {query.data.outboxes.notificationEmailsPending}
              </Text>
            </Card>
            <Card withBorder>
              <Text fz="sm" c="dimmed">
                Notification e-mails failed
              </Text>
              <Text fz={24} fw={700}>
                {query.data.outboxes.notificationEmailsFailed}
              </Text>
            </Card>
            <Card withBorder>
              <Text fz="sm" c="dimmed">
                Listings waiting for a match update
              </Text>
              <Text fz={24} fw={700}>
                {query.data.outboxes.matchUpdatesQueued}
              </Text>
            </Card>
          </SimpleGrid>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="queues-heading">
            <Title order={2} fz="h4" id="queues-heading" mb="sm">
              Queues (the last day)
            </Title>
            {query.data.queues.length === 0 ? (
              <EmptyState>No jobs yet</EmptyState>
            ) : (
              <Table.ScrollContainer minWidth={600}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Queue</Table.Th>
                      <Table.Th>Queued</Table.Th>
                      <Table.Th>Running</Table.Th>
                      <Table.Th>Retrying</Table.Th>
                      <Table.Th>Completed</Table.Th>
                      <Table.Th>Failed</Table.Th>
                      <Table.Th>Last failure</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {query.data.queues.map((q) => (
                      <Table.Tr key={q.name}>
                        <Table.Td>{q.name}</Table.Td>
                        <Table.Td>{q.queued}</Table.Td>
                        <Table.Td>{q.active}</Table.Td>
                        <Table.Td>{q.retrying}</Table.Td>
                        <Table.Td>{q.completed}</Table.Td>
                        <Table.Td>{q.failed}</Table.Td>
                        <Table.Td>
                          {q.lastFailedAt ? `${formatDateTime(q.lastFailedAt)}: ${q.lastError ?? ''}` : '—'}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}
