import { trpc } from '@barterads/api-client';
import {
  BILLING_PERIODS,
  type BillingPeriod,
  FREE_PLAN,
  MESSAGES,
  PLANS,
  type Plan,
  type PlanId,
  periodPrice,
  RENEWAL_WINDOW_DAYS,
  YEARLY_DISCOUNT,
  yearlyMonthlyEquivalent,
} from '@barterads/core';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { SegmentedChoice, type SegmentedChoiceOption } from '../../components/SegmentedChoice';
import { SignInRequiredModal } from '../../components/SignInRequiredModal';
import { useSessionUser } from '../accounts/session';
import { formatDay, formatPaise, formatRupees, PERIOD_LABEL } from './format';
import { type PlanQuote, type Subscription, useSubscribe } from './useSubscribe';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The current plan's card offers renewal only in its last days (the server refuses it earlier too). */
function inRenewalWindow(subscription: Subscription): boolean {
  return Date.parse(subscription.endsAt) - Date.now() <= RENEWAL_WINDOW_DAYS * DAY_MS;
}

type Audience = 'advertisers' | 'media_owners';

const AUDIENCE_TEXT: Record<Audience, string> = {
  advertisers: 'Trade your products and services for advertising space across every media type.',
  media_owners: 'Turn unsold inventory into the goods and services your business needs.',
};

const AUDIENCES = [
  { value: 'advertisers', label: 'For Advertisers' },
  { value: 'media_owners', label: 'For Media Owners' },
] as const satisfies readonly SegmentedChoiceOption<Audience>[];

const PERIOD_LABELS: Record<BillingPeriod, string> = {
  monthly: 'Monthly',
  yearly: `Yearly (save ${Math.round(YEARLY_DISCOUNT * 100)}%)`,
};
const PERIODS = BILLING_PERIODS.map(
  (period): SegmentedChoiceOption<BillingPeriod> => ({ value: period, label: PERIOD_LABELS[period] }),
);

/**
 * The pricing page of the spec: billing toggle, audience tab, the free tier beside the four plans, and the
 * subscribe flow: the server's quote confirmed (both plans and the amount named) before checkout.
 */
export function PricingPage() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [audience, setAudience] = useState<Audience>('advertisers');
  const [signInOpen, setSignInOpen] = useState(false);
  const { config, user, state, subscribe, confirm, reset } = useSubscribe();
  // The state the page was rendered with while it hydrates (a visitor's or a member's page), then the real one.
  const { user: sessionUser } = useSessionUser();
  const current = trpc.payments.subscription.useQuery(undefined, { enabled: Boolean(user) });
  const subscription = current.data?.subscription ?? null;
  const activePlan = subscription?.status === 'active' ? subscription : null;

  const unavailable = config.isError || (config.data !== undefined && !config.data.enabled);
  const working = state.step === 'working' || state.step === 'quoting';
  const busyPlan = state.step === 'working' || state.step === 'quoting' ? state.planId : null;

  const onSubscribe = (planId: PlanId) => {
    if (!user) {
      setSignInOpen(true);
      return;
    }
    void subscribe(planId, period);
  };

  return (
    <Container size="xl" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap="xs" align="center" ta="center">
          <Title order={1}>Simple, transparent pricing</Title>
          <Text c="dimmed" maw={640}>
            {AUDIENCE_TEXT[audience]}
          </Text>
        </Stack>

        <Stack gap="sm" align="center">
          <SegmentedChoice label="Audience" value={audience} onChange={setAudience} options={AUDIENCES} />
          <SegmentedChoice label="Billing period" value={period} onChange={setPeriod} options={PERIODS} />
        </Stack>

        {unavailable ? (
          <Alert color="yellow" title={MESSAGES.paymentsNotConfigured} role="status">
            {MESSAGES.paymentsUnavailable}
          </Alert>
        ) : null}
        <SubscribeStatus state={state} />
        {activePlan && state.step !== 'success' ? <CurrentPlanNote subscription={activePlan} /> : null}

        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="lg">
          <FreeCard
            visitor={sessionUser === null}
            isCurrent={Boolean(user) && current.isSuccess && !activePlan}
          />
          {PLANS.map((plan) => {
            const isCurrent = activePlan?.planId === plan.id;
            return (
              <PlanCard
                key={plan.id}
                plan={plan}
                period={period}
                isCurrent={isCurrent}
                switchesPeriod={isCurrent && activePlan?.period !== period}
                canRenew={isCurrent && activePlan !== null && inRenewalWindow(activePlan)}
                disabled={unavailable || config.isLoading || (working && busyPlan !== plan.id)}
                loading={working && busyPlan === plan.id}
                onSubscribe={() => onSubscribe(plan.id)}
              />
            );
          })}
        </SimpleGrid>
        <Text ta="center" fz="sm" c="dimmed">
          Prices in INR. Yearly plans are billed once a year. See our{' '}
          <Link to="/refund-cancellation">refund and cancellation policy</Link>.
        </Text>
      </Stack>

      <SignInRequiredModal
        opened={signInOpen}
        onClose={() => setSignInOpen(false)}
        reason={MESSAGES.signInToSubscribe}
        redirect="/pricing"
      />
      <ConfirmPlanModal
        quote={state.step === 'confirm' ? state.quote : null}
        onCancel={reset}
        onConfirm={(quote) => void confirm(quote)}
      />
    </Container>
  );
}

function SubscribeStatus({ state }: { state: ReturnType<typeof useSubscribe>['state'] }) {
  if (state.step === 'working') {
    return (
      <Alert color="blue" role="status" title="Processing payment">
        Complete the payment in the checkout window. Your plan is activated once the payment is verified.
      </Alert>
    );
  }
  if (state.step === 'success') {
    return (
      <Alert color="green" role="status" title={MESSAGES.paymentSuccess}>
        You are now on the {state.subscription.planName} plan (
        {PERIOD_LABEL[state.subscription.period].toLowerCase()}
        ), active until {formatDay(state.subscription.currentPeriodEnd)}.{' '}
        <Link to="/dashboard">Go to your dashboard</Link>
      </Alert>
    );
  }
  if (state.step === 'failed') {
    return (
      <Alert color="red" role="alert" title={MESSAGES.paymentFailed}>
        {state.message}
      </Alert>
    );
  }
  if (state.step === 'dismissed') {
    return (
      <Alert color="gray" role="status">
        Payment cancelled. You have not been charged.
      </Alert>
    );
  }
  return null;
}

function CurrentPlanNote({ subscription }: { subscription: Subscription }) {
  return (
    <Alert color="teal" role="status" title={`Current plan: ${subscription.planName}`}>
      {PERIOD_LABEL[subscription.period]} billing,{' '}
      {subscription.cancelAtPeriodEnd ? 'cancelled: ends' : 'current period ends'} on{' '}
      {formatDay(subscription.endsAt)}.
      {subscription.scheduledChange
        ? ` Then ${subscription.scheduledChange.planName} (${PERIOD_LABEL[subscription.scheduledChange.period].toLowerCase()}).`
        : ''}
      {subscription.nextAmount !== null ? ` Next period: ${formatPaise(subscription.nextAmount)}.` : ''}
    </Alert>
  );
}

/** Names both plans and the amount before any charge; nothing is charged until "Confirm and pay". */
function ConfirmPlanModal({
  quote,
  onCancel,
  onConfirm,
}: {
  quote: PlanQuote | null;
  onCancel: () => void;
  onConfirm: (quote: PlanQuote) => void;
}) {
  const from = quote?.fromPlanName ?? FREE_PLAN.name;
  // A plan that starts at the period's end is paid in that period's last days, never weeks before it starts.
  const payLater = quote !== null && Date.parse(quote.payableFrom) > Date.now();
  return (
    <Modal opened={quote !== null} onClose={onCancel} title="Confirm your plan" centered>
      {quote ? (
        <Stack gap="sm">
          <Text>
            From <strong>{from}</strong> to{' '}
            <strong>
              {quote.planName} ({PERIOD_LABEL[quote.period].toLowerCase()})
            </strong>
          </Text>
          {quote.kind === 'upgrade' ? (
            <Text fz="sm">
              The upgrade applies now. {formatPaise(quote.credit)} of your current plan's unused days is
              deducted from the new price.
            </Text>
          ) : quote.kind === 'scheduled' ? (
            <Text fz="sm">
              Your {from} plan stays until {formatDay(quote.appliesAt)}; {quote.planName} starts then.
            </Text>
          ) : quote.kind === 'renewal' ? (
            <Text fz="sm">Renews your plan from {formatDay(quote.appliesAt)}.</Text>
          ) : (
            <Text fz="sm">The plan starts as soon as the payment is verified.</Text>
          )}
          {payLater ? (
            <>
              <Text fw={700} fz="lg" data-testid="quote-amount">
                Nothing to pay now
              </Text>
              <Text fz="sm">
                {quote.planName} costs {formatPaise(quote.amount)} (incl. 18% GST), paid like a renewal in the
                last 7 days of your current period: choose it here again from {formatDay(quote.payableFrom)}.
                We remind you by e-mail.
              </Text>
              <Group justify="flex-end">
                <Button onClick={onCancel}>OK</Button>
              </Group>
            </>
          ) : (
            <>
              <Text fw={700} fz="lg" data-testid="quote-amount">
                Amount to pay now: {formatPaise(quote.amount)} (incl. 18% GST)
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={onCancel}>
                  Cancel
                </Button>
                <Button onClick={() => onConfirm(quote)}>Confirm and pay {formatPaise(quote.amount)}</Button>
              </Group>
            </>
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}

/**
 * The free tier, from the catalogue: what an account without a plan may do. "Start free" is for visitors (it signs
 * up); a member already has the free tier, as the current plan or beneath a paid one.
 */
function FreeCard({ visitor, isCurrent }: { visitor: boolean; isCurrent: boolean }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      shadow="xs"
      component="article"
      aria-labelledby="plan-free-title"
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h3" id="plan-free-title">
            {FREE_PLAN.name}
          </Title>
          {isCurrent ? (
            <Badge color="teal" variant="filled">
              Current plan
            </Badge>
          ) : null}
        </Group>
        <Text fz="sm" c="dimmed">
          {FREE_PLAN.description}
        </Text>
        <div>
          <Group gap={6} align="baseline">
            <Text fz={32} fw={800} lh={1}>
              {formatRupees(0)}
            </Text>
            <Text c="dimmed">/month</Text>
          </Group>
          <Text fz="sm" c="dimmed" mt={6}>
            No payment needed
          </Text>
        </div>
        <Stack gap={2}>
          <Text fz="sm" fw={600}>
            Commission: {FREE_PLAN.commission}
          </Text>
          <Text fz="sm">{FREE_PLAN.dealLimit}</Text>
        </Stack>
        <List spacing={4} fz="sm" style={{ flexGrow: 1 }}>
          {FREE_PLAN.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        {visitor ? (
          <Center>
            <Button fullWidth variant="default" component={Link} to="/signup">
              Start free
            </Button>
          </Center>
        ) : null}
      </Stack>
    </Card>
  );
}

interface PlanCardProps {
  plan: Plan;
  period: BillingPeriod;
  isCurrent: boolean;
  canRenew: boolean;
  /** The current plan, shown for the other billing period: choosing it changes the period at the end. */
  switchesPeriod: boolean;
  disabled: boolean;
  loading: boolean;
  onSubscribe: () => void;
}

function PlanCard(props: PlanCardProps) {
  const { plan, period, isCurrent, canRenew, switchesPeriod, disabled, loading, onSubscribe } = props;
  const action = switchesPeriod ? 'Switch' : isCurrent ? 'Renew' : 'Subscribe to';
  const label = switchesPeriod
    ? `Switch to ${period}`
    : isCurrent
      ? canRenew
        ? 'Renew plan'
        : 'Your plan'
      : 'Subscribe';
  const titleId = `plan-${plan.id}-title`;
  const monthly = period === 'yearly' ? yearlyMonthlyEquivalent(plan) : plan.price;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      shadow={plan.isPopular ? 'md' : 'xs'}
      component="article"
      aria-labelledby={titleId}
      style={
        plan.isPopular ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined
      }
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h3" id={titleId}>
            {plan.name}
          </Title>
          <Group gap={4}>
            {plan.isPopular ? <Badge>Most Popular</Badge> : null}
            {isCurrent ? (
              <Badge color="teal" variant="filled">
                Current plan
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text fz="sm" c="dimmed">
          {plan.description}
        </Text>
        <div>
          <Group gap={6} align="baseline">
            <Text fz={32} fw={800} lh={1}>
              {formatRupees(monthly)}
            </Text>
            <Text c="dimmed">/month</Text>
          </Group>
          {period === 'yearly' ? (
            <Group gap="xs" mt={6}>
              <Text fz="sm" c="dimmed">
                {formatRupees(periodPrice(plan, 'yearly'))} billed yearly
              </Text>
              <Badge color="green" variant="light">
                save 20%
              </Badge>
            </Group>
          ) : (
            <Text fz="sm" c="dimmed" mt={6}>
              Billed monthly
            </Text>
          )}
        </div>
        <Stack gap={2}>
          <Text fz="sm" fw={600}>
            Commission: {plan.commission}
          </Text>
          <Text fz="sm">{plan.dealLimit}</Text>
        </Stack>
        <List spacing={4} fz="sm" style={{ flexGrow: 1 }}>
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Center>
          <Button
            fullWidth
            variant={plan.isPopular ? 'filled' : 'light'}
            onClick={onSubscribe}
            disabled={disabled || (isCurrent && !switchesPeriod && !canRenew)}
            loading={loading}
            aria-label={`${action} ${plan.name}`}
          >
            {label}
          </Button>
        </Center>
      </Stack>
    </Card>
  );
}
