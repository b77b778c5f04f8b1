import { trpc } from '@barterads/api-client';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useFormatDate } from '../../i18n/core-text';
import { DEALS_OVERVIEW_INPUT } from './overview-input';

/** The dashboard overview's deals: what awaits you, active deals, and this month's deals against the plan. */
export function DealsOverviewCard() {
  const { t } = useLingui();
  const formatDate = useFormatDate();
  const list = trpc.deals.list.useQuery(DEALS_OVERVIEW_INPUT);
  const allowance = trpc.deals.allowance.useQuery();
  if (list.isPending || allowance.isPending)
    return <Skeleton h={120} radius="md" aria-label={t`Loading deals`} />;
  if (list.isError || allowance.isError)
    return (
      <Alert color="red" role="alert">
        <Trans>Failed to load your deals</Trans>
      </Alert>
    );
  const { counts, awaitingMe, awaitingConfirmation } = list.data;
  const active = (counts.accepted ?? 0) + (counts.disputed ?? 0);
  const { plan, dealsThisMonth, dealLimit, resetsOn } = allowance.data;
  const planName = plan;
  const resetsOnText = formatDate(resetsOn);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="deals-overview">
      <Title order={2} fz="h4" id="deals-overview">
        <Trans>Deals</Trans>
      </Title>
      <Stack gap={6} mt="sm">
        <Group justify="space-between">
          <Link to="/dashboard/deals" search={{ status: 'awaiting' }}>
            <Trans>Awaiting your answer</Trans>
          </Link>
          <Text fw={700}>{awaitingMe}</Text>
        </Group>
        <Group justify="space-between">
          <Link to="/dashboard/deals" search={{ status: 'confirm' }}>
            <Trans>Awaiting your confirmation</Trans>
          </Link>
          <Text fw={700}>{awaitingConfirmation}</Text>
        </Group>
        <Group justify="space-between">
          <Link to="/dashboard/deals" search={{ status: 'accepted' }}>
            <Trans>Active deals</Trans>
          </Link>
          <Text fw={700}>{active}</Text>
        </Group>
        <Text fz="sm">
          {dealLimit
            ? t`This month: ${dealsThisMonth} of ${dealLimit} accepted deals (${planName}); resets ${resetsOnText}`
            : t`This month: ${dealsThisMonth} accepted deals, no limit (${planName}); resets ${resetsOnText}`}
        </Text>
        {dealLimit ? (
          <Progress
            value={Math.min(100, (dealsThisMonth / dealLimit) * 100)}
            aria-label={t`${dealsThisMonth} of ${dealLimit} deals this month`}
          />
        ) : null}
      </Stack>
    </Card>
  );
}
