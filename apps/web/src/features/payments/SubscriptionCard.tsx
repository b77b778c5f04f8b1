import { errorMessage, trpc } from '@barterads/api-client';
import { FREE_PLAN } from '@barterads/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { useFormatDate } from '../../i18n/core-text';
import { formatPaise } from './format';

const PERIOD_LABEL = { monthly: msg`Monthly`, yearly: msg`Yearly` } as const;

const STATUS_COLOR = { active: 'green', expired: 'gray', cancelled: 'red' } as const;

/**
 * The signed-in user's plan: name, period, status, end date, next amount, a scheduled change, what the plan allows
 * with this month's use, and cancelling (dashboard, settings).
 */
export function SubscriptionCard({ allowCancel = false }: { allowCancel?: boolean }) {
  const { t, i18n } = useLingui();
  const formatDay = useFormatDate();
  const limit = (value: number | null) => (value === null ? t`unlimited` : String(value));
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
          <Trans>Subscription</Trans>
        </Title>
        {query.isLoading ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label={t`Loading subscription`}>
            <Skeleton h={22} w="50%" />
            <Skeleton h={16} w="70%" />
          </Stack>
        ) : query.isError ? (
          <LoadError
            title={t`Could not load your subscription`}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : subscription ? (
          <>
            <Group gap="xs" wrap="wrap">
              <Text fw={700} fz="lg">
                {subscription.planName}
              </Text>
              <Badge variant="light">{i18n._(PERIOD_LABEL[subscription.period])}</Badge>
              <Badge color={STATUS_COLOR[subscription.status]} variant="light">
                {subscription.status === 'active'
                  ? subscription.cancelAtPeriodEnd
                    ? t`Cancelled`
                    : t`Active`
                  : subscription.status === 'expired'
                    ? t`Expired`
                    : t`Cancelled`}
              </Badge>
            </Group>
            <Text fz="sm" c="dimmed">
              {active
                ? subscription.cancelAtPeriodEnd
                  ? t`Cancelled: runs until ${formatDay(subscription.endsAt)}`
                  : t`Current period ends on ${formatDay(subscription.endsAt)}`
                : t`Ended on ${formatDay(subscription.endsAt)}`}
            </Text>
            {active && subscription.scheduledChange ? (
              <Text fz="sm">
                {t`From ${formatDay(subscription.scheduledChange.appliesAt)}: ${subscription.scheduledChange.planName} (${i18n._(PERIOD_LABEL[subscription.scheduledChange.period]).toLowerCase()}), already paid.`}
              </Text>
            ) : null}
            {active && subscription.nextAmount !== null ? (
              <Text fz="sm">{t`Next period: ${formatPaise(subscription.nextAmount)}`}</Text>
            ) : null}
            <Group>
              <Button component={Link} to="/pricing" variant="light">
                {active ? t`Change plan` : t`Renew plan`}
              </Button>
              {allowCancel && active && !subscription.cancelAtPeriodEnd ? (
                <Button color="red" variant="subtle" onClick={() => setConfirming(true)}>
                  <Trans>Cancel plan</Trans>
                </Button>
              ) : null}
            </Group>
          </>
        ) : (
          <>
            <Text fz="sm" c="dimmed">
              {t`You are on the ${FREE_PLAN.name} plan.`}
            </Text>
            <Group>
              <Button component={Link} to="/pricing">
                <Trans>View plans</Trans>
              </Button>
            </Group>
          </>
        )}
        {allowance ? (
          <Stack gap={2} aria-label={t`Plan allowance`} role="group">
            <Text fz="sm">
              {t`Active listings: ${allowance.activeListings} of ${limit(allowance.activeListingLimit)}`}
            </Text>
            <Text fz="sm">
              {t`Deals this month: ${allowance.dealsThisMonth} of ${limit(allowance.dealLimit)}`}
            </Text>
            {allowance.featuredLimit > 0 ? (
              <Text fz="sm">
                {t`Featured this month: ${allowance.featuredThisMonth} of ${allowance.featuredLimit}`}
              </Text>
            ) : null}
            <Text fz="xs" c="dimmed">
              {t`Monthly counts reset on ${formatDay(allowance.resetsOn)}.`}
            </Text>
          </Stack>
        ) : null}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t`Cancel your plan?`} centered>
        <Stack gap="sm">
          <Text fz="sm">
            <Trans>
              Everything you paid for plans in the last 24 hours is refunded in full (a plan and an upgrade
              bought the same day alike), and the plan ends now, or goes back to a plan you paid for earlier
              until its end. Listings beyond what remains are archived and featuring ends. Otherwise the plan
              stays until the end of its period and is not renewed.
            </Trans>
          </Text>
          {cancel.error ? (
            <Alert color="red" role="alert">
              {errorMessage(cancel.error, t`Could not cancel the plan.`)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <Trans>Keep my plan</Trans>
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              <Trans>Cancel plan</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
