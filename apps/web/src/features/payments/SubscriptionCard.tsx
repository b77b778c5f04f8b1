import { errorMessage, trpc } from '@barterads/api-client';
import { FREE_PLAN } from '@barterads/core';
import { Alert, Badge, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { formatDay, formatPaise, PERIOD_LABEL } from './format';

const STATUS_COLOR = { active: 'green', expired: 'gray', cancelled: 'red' } as const;

function limit(value: number | null): string {
  return value === null ? 'unlimited' : String(value);
}

/**
 * The signed-in user's plan: name, period, status, end date, next amount, a scheduled change, what the plan allows
 * with this month's use, and cancelling (dashboard, settings).
 */
export function SubscriptionCard({ allowCancel = false }: { allowCancel?: boolean }) {
  const utils = trpc.useUtils();
  const query = trpc.payments.subscription.useQuery();
  const cancel = trpc.payments.cancel.useMutation({
    onSuccess: async () => {
      setConfirming(false);
      await Promise.all([
        utils.payments.subscription.invalidate(),
        utils.payments.refunds.invalidate(),
        utils.payments.history.invalidate(),
      ]);
    },
  });
  const [confirming, setConfirming] = useState(false);
  const subscription = query.data?.subscription;
  const allowance = query.data?.allowance;
  const active = subscription?.status === 'active';

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
                  ? subscription.cancelAtPeriodEnd
                    ? 'Cancelled'
                    : 'Active'
                  : subscription.status === 'expired'
                    ? 'Expired'
                    : 'Cancelled'}
              </Badge>
            </Group>
            <Text fz="sm" c="dimmed">
              {active
                ? subscription.cancelAtPeriodEnd
                  ? `Cancelled: runs until ${formatDay(subscription.endsAt)}`
                  : `Current period ends on ${formatDay(subscription.endsAt)}`
                : `Ended on ${formatDay(subscription.endsAt)}`}
            </Text>
            {active && subscription.scheduledChange ? (
              <Text fz="sm">
                From {formatDay(subscription.scheduledChange.appliesAt)}:{' '}
                {subscription.scheduledChange.planName} (
                {PERIOD_LABEL[subscription.scheduledChange.period].toLowerCase()}), already paid.
              </Text>
            ) : null}
            {active && subscription.nextAmount !== null ? (
              <Text fz="sm">Next period: {formatPaise(subscription.nextAmount)}</Text>
            ) : null}
            <Group>
              <Button component={Link} to="/pricing" variant="light">
                {active ? 'Change plan' : 'Renew plan'}
              </Button>
              {allowCancel && active && !subscription.cancelAtPeriodEnd ? (
                <Button color="red" variant="subtle" onClick={() => setConfirming(true)}>
                  Cancel plan
                </Button>
              ) : null}
            </Group>
          </>
        ) : (
          <>
            <Text fz="sm" c="dimmed">
              You are on the {FREE_PLAN.name} plan.
            </Text>
            <Group>
              <Button component={Link} to="/pricing">
                View plans
              </Button>
            </Group>
          </>
        )}
        {allowance ? (
          <Stack gap={2} aria-label="Plan allowance" role="group">
            <Text fz="sm">
              Active listings: {allowance.activeListings} of {limit(allowance.activeListingLimit)}
            </Text>
            <Text fz="sm">
              Deals this month: {allowance.dealsThisMonth} of {limit(allowance.dealLimit)}
            </Text>
            {allowance.featuredLimit > 0 ? (
              <Text fz="sm">
                Featured this month: {allowance.featuredThisMonth} of {allowance.featuredLimit}
              </Text>
            ) : null}
            <Text fz="xs" c="dimmed">
              Monthly counts reset on {formatDay(allowance.resetsOn)}.
            </Text>
          </Stack>
        ) : null}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Cancel your plan?" centered>
        <Stack gap="sm">
          <Text fz="sm">
            Everything you paid for plans in the last 24 hours is refunded in full (a plan and an upgrade
            bought the same day alike), and the plan ends now, or goes back to a plan you paid for earlier
            until its end. Listings beyond what remains are archived and featuring ends. Otherwise the plan
            stays until the end of its period and is not renewed.
          </Text>
          {cancel.error ? (
            <Alert color="red" role="alert">
              {errorMessage(cancel.error, 'Could not cancel the plan.')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep my plan
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel plan
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
