import { trpc } from '@barterads/api-client';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { LoadError } from '../../components/LoadError';
import { formatDay, PERIOD_LABEL } from './format';

const STATUS_COLOR = { active: 'green', expired: 'gray', cancelled: 'red' } as const;

/** The signed-in user's plan: name, period, status, renewal date and a link to change it (dashboard, settings). */
export function SubscriptionCard() {
  const query = trpc.payments.subscription.useQuery();
  const subscription = query.data?.subscription;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="subscription-card-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="subscription-card-title">
          Subscription
        </Title>
        {query.isLoading ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading subscription">
            <Skeleton h={22} w="50%" />
            <Skeleton h={16} w="70%" />
          </Stack>
        ) : query.isError ? (
          <LoadError
            title="Could not load your subscription"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : subscription ? (
          <>
            <Group gap="xs" wrap="wrap">
              <Text fw={700} fz="lg">
                {subscription.planName}
              </Text>
              <Badge variant="light">{PERIOD_LABEL[subscription.period]}</Badge>
              <Badge color={STATUS_COLOR[subscription.status]} variant="light">
                {subscription.status === 'active'
                  ? 'Active'
                  : subscription.status === 'expired'
                    ? 'Expired'
                    : 'Cancelled'}
              </Badge>
            </Group>
            <Text fz="sm" c="dimmed">
              {subscription.status === 'active'
                ? `Renews on ${formatDay(subscription.currentPeriodEnd)}`
                : `Ended on ${formatDay(subscription.currentPeriodEnd)}`}
            </Text>
            <Group>
              <Button component={Link} to="/pricing" variant="light">
                {subscription.status === 'active' ? 'Upgrade plan' : 'Renew plan'}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text fz="sm" c="dimmed">
              You have no paid plan yet.
            </Text>
            <Group>
              <Button component={Link} to="/pricing">
                View plans
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
