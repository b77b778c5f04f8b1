import { trpc } from '@barterads/api-client';
import { PLANS } from '@barterads/core';
import { Card, Grid, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { ErrorState, LoadingState } from '../../components/QueryState';
import { formatPaise, formatPaiseRounded } from './money';
import type { RevenuePoint } from './RevenueCharts';

const MrrChart = lazy(() => import('./RevenueCharts').then((m) => ({ default: m.MrrChart })));
const PlanMixChart = lazy(() => import('./RevenueCharts').then((m) => ({ default: m.PlanMixChart })));

const monthLabel = new Intl.DateTimeFormat('en-IN', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const labelOf = (month: string, format = monthLabel) => format.format(new Date(`${month}-01T00:00:00Z`));

/**
 * Revenue: monthly recurring revenue and the plan mix at each month's close over the last 12 months (computed in
 * PostgreSQL from the paid plan orders; a yearly plan counts a twelfth of its price a month), as two charts and a
 * table with every figure (the charts' text alternative).
 */
export function RevenuePage() {
  const query = trpc.payments.adminRevenue.useQuery({});
  const points = useMemo<RevenuePoint[]>(
    () =>
      (query.data?.months ?? []).map((m) => ({
        month: m.month,
        label: labelOf(m.month),
        mrr: m.mrr,
        ...m.plans,
      })),
    [query.data],
  );
  const latest = query.data?.months.at(-1);
  const first = query.data?.months[0];
  const mrrSummary = `Monthly recurring revenue, ${first ? labelOf(first.month, monthLong) : ''} to ${latest ? labelOf(latest.month, monthLong) : ''}: ${points.map((p) => `${p.label} ${formatPaiseRounded(p.mrr)}`).join(', ')}`;
  const mixSummary = `Active subscribers per plan at each month's close; this month: ${
    latest ? PLANS.map((plan) => `${plan.name} ${latest.plans[plan.id]}`).join(', ') : ''
  }`;

  return (
    <Stack>
      <Title order={1} fz="h2">
        Revenue
      </Title>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            <Card withBorder radius="md" padding="md">
              <Text fz="sm" c="dimmed">
                MRR this month
              </Text>
              <Text fz="xl" fw={700} data-testid="mrr-now">
                {formatPaise(latest?.mrr ?? 0)}
              </Text>
            </Card>
            <Card withBorder radius="md" padding="md">
              <Text fz="sm" c="dimmed">
                Active subscribers
              </Text>
              <Text fz="xl" fw={700}>
                {latest?.subscribers ?? 0}
              </Text>
            </Card>
            <Card withBorder radius="md" padding="md">
              <Text fz="sm" c="dimmed">
                Annual run rate
              </Text>
              <Text fz="xl" fw={700}>
                {formatPaiseRounded((latest?.mrr ?? 0) * 12)}
              </Text>
            </Card>
          </SimpleGrid>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Card withBorder radius="md" padding="md" component="section" aria-labelledby="mrr-title">
                <Title order={2} fz="h4" id="mrr-title" mb="sm">
                  Monthly recurring revenue
                </Title>
                <Suspense fallback={<Skeleton h={240} radius="sm" />}>
                  <MrrChart data={points} summary={mrrSummary} />
                </Suspense>
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Card withBorder radius="md" padding="md" component="section" aria-labelledby="mix-title">
                <Title order={2} fz="h4" id="mix-title" mb="sm">
                  Plan mix
                </Title>
                <Suspense fallback={<Skeleton h={240} radius="sm" />}>
                  <PlanMixChart data={points} summary={mixSummary} />
                </Suspense>
              </Card>
            </Grid.Col>
          </Grid>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="revenue-table-title">
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="h4" id="revenue-table-title">
                By month
              </Title>
              <Text fz="xs" c="dimmed">
                At each month's close (Asia/Kolkata); this month as of now
              </Text>
            </Group>
            <Table.ScrollContainer minWidth={640}>
              <Table aria-labelledby="revenue-table-title" striped fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Month</Table.Th>
                    <Table.Th scope="col" ta="right">
                      MRR
                    </Table.Th>
                    {PLANS.map((plan) => (
                      <Table.Th key={plan.id} scope="col" ta="right">
                        {plan.name}
                      </Table.Th>
                    ))}
                    <Table.Th scope="col" ta="right">
                      Subscribers
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...(query.data?.months ?? [])].reverse().map((m) => (
                    <Table.Tr key={m.month}>
                      <Table.Th scope="row" fw={500}>
                        {labelOf(m.month, monthLong)}
                      </Table.Th>
                      <Table.Td ta="right">{formatPaise(m.mrr)}</Table.Td>
                      {PLANS.map((plan) => (
                        <Table.Td key={plan.id} ta="right">
                          {m.plans[plan.id]}
                        </Table.Td>
                      ))}
                      <Table.Td ta="right">{m.subscribers}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </>
      )}
    </Stack>
  );
}
