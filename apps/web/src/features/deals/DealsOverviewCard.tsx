import { trpc } from '@barterads/api-client';
import { Alert, Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDate } from '../../components/dates';

/** The dashboard overview's deals: what awaits you, active deals, and this month's deals against the plan. */
export function DealsOverviewCard() {
  const list = trpc.deals.list.useQuery({ limit: 1 });
  const allowance = trpc.deals.allowance.useQuery();
  if (list.isPending || allowance.isPending)
    return <Skeleton h={120} radius="md" aria-label="Loading deals" />;
  if (list.isError || allowance.isError)
    return (
      <Alert color="red" role="alert">
        Failed to load your deals
      </Alert>
    );
  const { counts, awaitingMe, awaitingConfirmation } = list.data;
  const active = (counts.accepted ?? 0) + (counts.disputed ?? 0);
  const { plan, dealsThisMonth, dealLimit, resetsOn } = allowance.data;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="deals-overview">
      <Title order={2} fz="h4" id="deals-overview">
        Deals
      </Title>
      <Stack gap={6} mt="sm">
        <Group justify="space-between">
          <Link to="/dashboard/deals" search={{ status: 'awaiting' }}>
            Awaiting your answer
          </Link>
          <Text fw={700}>{awaitingMe}</Text>
        </Group>
        <Group justify="space-between">
          <Link to="/dashboard/deals" search={{ status: 'confirm' }}>
            Awaiting your confirmation
          </Link>
          <Text fw={700}>{awaitingConfirmation}</Text>
        </Group>
        <Group justify="space-between">
          <Link to="/dashboard/deals" search={{ status: 'accepted' }}>
            Active deals
          </Link>
          <Text fw={700}>{active}</Text>
        </Group>
        <Text fz="sm">
          This month: {dealsThisMonth} of {dealLimit ?? 'unlimited'} accepted deals ({plan}); resets{' '}
          {formatDate(resetsOn)}
        </Text>
        {dealLimit ? (
          <Progress
            value={Math.min(100, (dealsThisMonth / dealLimit) * 100)}
            aria-label={`${dealsThisMonth} of ${dealLimit} deals this month`}
          />
        ) : null}
      </Stack>
    </Card>
  );
}
