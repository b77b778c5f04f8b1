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
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { useCoreText, useFormatDate } from '../../i18n/core-text';
import { useSessionUser } from '../accounts/session';
import { formatPaise, formatRupees } from './format';
import { type PlanQuote, type Subscription, useSubscribe } from './useSubscribe';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The current plan's card offers renewal only in its last days (the server refuses it earlier too). */
function inRenewalWindow(subscription: Subscription): boolean {
  return Date.parse(subscription.endsAt) - Date.now() <= RENEWAL_WINDOW_DAYS * DAY_MS;
}

type Audience = 'advertisers' | 'media_owners';

const AUDIENCE_TEXT: Record<Audience, MessageDescriptor> = {
  advertisers: msg`Trade your products and services for advertising space across every media type.`,
  media_owners: msg`Turn unsold inventory into the goods and services your business needs.`,
};

const AUDIENCES = [
  { value: 'advertisers', label: msg`For Advertisers` },
  { value: 'media_owners', label: msg`For Media Owners` },
] as const;

const SAVING = Math.round(YEARLY_DISCOUNT * 100);
const PERIOD_LABELS: Record<BillingPeriod, MessageDescriptor> = {
  monthly: msg`Monthly`,
  yearly: msg`Yearly (save ${SAVING}%)`,
};
/** A plan's period in a sentence: "Growth (yearly)". */
const PERIOD_WORD: Record<BillingPeriod, MessageDescriptor> = { monthly: msg`monthly`, yearly: msg`yearly` };

/**
 * The pricing page of the spec: billing toggle, audience tab, the free tier beside the four plans, and the
 * subscribe flow: the server's quote confirmed (both plans and the amount named) before checkout.
 */
export function PricingPage() {
  const { t, i18n } = useLingui();
  const core = useCoreText();
  const audiences = AUDIENCES.map(
    (option): SegmentedChoiceOption<Audience> => ({ value: option.value, label: i18n._(option.label) }),
  );
  const periods = BILLING_PERIODS.map(
    (value): SegmentedChoiceOption<BillingPeriod> => ({ value, label: i18n._(PERIOD_LABELS[value]) }),
  );
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
          <Title order={1}>
            <Trans>Simple, transparent pricing</Trans>
          </Title>
          <Text c="dimmed" maw={640}>
            {i18n._(AUDIENCE_TEXT[audience])}
          </Text>
        </Stack>

        <Stack gap="sm" align="center">
          <SegmentedChoice label={t`Audience`} value={audience} onChange={setAudience} options={audiences} />
          <SegmentedChoice label={t`Billing period`} value={period} onChange={setPeriod} options={periods} />
        </Stack>

        {unavailable ? (
          <Alert color="yellow" title={core(MESSAGES.paymentsNotConfigured)} role="status">
            {core(MESSAGES.paymentsUnavailable)}
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
          <Trans>
            Prices in INR. Yearly plans are billed once a year. See our{' '}
            <Link to="/refund-cancellation">refund and cancellation policy</Link>.
          </Trans>
        </Text>
      </Stack>

      <SignInRequiredModal
        opened={signInOpen}
        onClose={() => setSignInOpen(false)}
        reason={core(MESSAGES.signInToSubscribe)}
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
  const { t, i18n } = useLingui();
  const core = useCoreText();
  const formatDay = useFormatDate();
  if (state.step === 'working') {
    return (
      <Alert color="blue" role="status" title={t`Processing payment`}>
        <Trans>
          Complete the payment in the checkout window. Your plan is activated once the payment is verified.
        </Trans>
      </Alert>
    );
  }
  if (state.step === 'success') {
    const plan = state.subscription.planName;
    const periodWord = i18n._(PERIOD_WORD[state.subscription.period]);
    const until = formatDay(state.subscription.currentPeriodEnd);
    return (
      <Alert color="green" role="status" title={core(MESSAGES.paymentSuccess)}>
        {t`You are now on the ${plan} plan (${periodWord}), active until ${until}.`}{' '}
        <Link to="/dashboard">
          <Trans>Go to your dashboard</Trans>
        </Link>
      </Alert>
    );
  }
  if (state.step === 'failed') {
    return (
      <Alert color="red" role="alert" title={core(MESSAGES.paymentFailed)}>
        {state.message}
      </Alert>
    );
  }
  if (state.step === 'dismissed') {
    return (
      <Alert color="gray" role="status">
        <Trans>Payment cancelled. You have not been charged.</Trans>
      </Alert>
    );
  }
  return null;
}

function CurrentPlanNote({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useLingui();
  const formatDay = useFormatDate();
  const plan = subscription.planName;
  const ends = formatDay(subscription.endsAt);
  const change = subscription.scheduledChange;
  const next = subscription.nextAmount !== null ? formatPaise(subscription.nextAmount) : null;
  return (
    <Alert color="teal" role="status" title={t`Current plan: ${plan}`}>
      {subscription.period === 'yearly'
        ? subscription.cancelAtPeriodEnd
          ? t`Yearly billing, cancelled: ends on ${ends}.`
          : t`Yearly billing, current period ends on ${ends}.`
        : subscription.cancelAtPeriodEnd
          ? t`Monthly billing, cancelled: ends on ${ends}.`
          : t`Monthly billing, current period ends on ${ends}.`}
      {change ? ` ${t`Then ${change.planName} (${i18n._(PERIOD_WORD[change.period])}).`}` : ''}
      {next !== null ? ` ${t`Next period: ${next}.`}` : ''}
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
  const { t, i18n } = useLingui();
  const formatDay = useFormatDate();
  const from = quote?.fromPlanName ?? FREE_PLAN.name;
  // A plan that starts at the period's end is paid in that period's last days, never weeks before it starts.
  const payLater = quote !== null && Date.parse(quote.payableFrom) > Date.now();
  return (
    <Modal opened={quote !== null} onClose={onCancel} title={t`Confirm your plan`} centered>
      {quote ? (
        <Stack gap="sm">
          <Text>
            <Trans>
              From <strong>{from}</strong> to{' '}
              <strong>
                {quote.planName} ({i18n._(PERIOD_WORD[quote.period])})
              </strong>
            </Trans>
          </Text>
          {quote.kind === 'upgrade' ? (
            <Text fz="sm">
              {t`The upgrade applies now. ${formatPaise(quote.credit)} of your current plan's unused days is deducted from the new price.`}
            </Text>
          ) : quote.kind === 'scheduled' ? (
            <Text fz="sm">
              {t`Your ${from} plan stays until ${formatDay(quote.appliesAt)}; ${quote.planName} starts then.`}
            </Text>
          ) : quote.kind === 'renewal' ? (
            <Text fz="sm">{t`Renews your plan from ${formatDay(quote.appliesAt)}.`}</Text>
          ) : (
            <Text fz="sm">
              <Trans>The plan starts as soon as the payment is verified.</Trans>
            </Text>
          )}
          {payLater ? (
            <>
              <Text fw={700} fz="lg" data-testid="quote-amount">
                <Trans>Nothing to pay now</Trans>
              </Text>
              <Text fz="sm">
                {t`${quote.planName} costs ${formatPaise(quote.amount)} (incl. 18% GST), paid like a renewal in the last 7 days of your current period: choose it here again from ${formatDay(quote.payableFrom)}. We remind you by e-mail.`}
              </Text>
              <Group justify="flex-end">
                <Button onClick={onCancel}>
                  <Trans>OK</Trans>
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Text fw={700} fz="lg" data-testid="quote-amount">
                {t`Amount to pay now: ${formatPaise(quote.amount)} (incl. 18% GST)`}
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={onCancel}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button
                  onClick={() => onConfirm(quote)}
                >{t`Confirm and pay ${formatPaise(quote.amount)}`}</Button>
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
  const core = useCoreText();
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
              <Trans>Current plan</Trans>
            </Badge>
          ) : null}
        </Group>
        <Text fz="sm" c="dimmed">
          {core(FREE_PLAN.description)}
        </Text>
        <div>
          <Group gap={6} align="baseline">
            <Text fz={32} fw={800} lh={1}>
              {formatRupees(0)}
            </Text>
            <Text c="dimmed">
              <Trans>/month</Trans>
            </Text>
          </Group>
          <Text fz="sm" c="dimmed" mt={6}>
            <Trans>No payment needed</Trans>
          </Text>
        </div>
        <Stack gap={2}>
          <Text fz="sm" fw={600}>
            <Trans>Commission:</Trans> {core(FREE_PLAN.commission)}
          </Text>
          <Text fz="sm">{core(FREE_PLAN.dealLimit)}</Text>
        </Stack>
        <List spacing={4} fz="sm" style={{ flexGrow: 1 }}>
          {FREE_PLAN.features.map((feature) => (
            <List.Item key={feature}>{core(feature)}</List.Item>
          ))}
        </List>
        {visitor ? (
          <Center>
            <Button fullWidth variant="default" component={Link} to="/signup">
              <Trans>Start free</Trans>
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
  const { t, i18n } = useLingui();
  const core = useCoreText();
  const name = plan.name;
  // A button's name begins with the words it shows (WCAG 2.5.3, label in name: "Renew Growth" was the name of a
  // button that read "Renew plan", and a speech user saying what they see reached nothing). Subscribe's name adds
  // the plan ("Subscribe to Growth", in Hindi and Marathi the name first and then the same words); the others show
  // words that do not name the plan, so the card's title describes them.
  const subscribes = !switchesPeriod && !isCurrent;
  const label = switchesPeriod
    ? t`Switch to ${i18n._(PERIOD_WORD[period])}`
    : isCurrent
      ? canRenew
        ? t`Renew plan`
        : t`Your plan`
      : t`Subscribe`;
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
            {plan.isPopular ? (
              <Badge>
                <Trans>Most Popular</Trans>
              </Badge>
            ) : null}
            {isCurrent ? (
              <Badge color="teal" variant="filled">
                <Trans>Current plan</Trans>
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text fz="sm" c="dimmed">
          {core(plan.description)}
        </Text>
        <div>
          <Group gap={6} align="baseline">
            <Text fz={32} fw={800} lh={1}>
              {formatRupees(monthly)}
            </Text>
            <Text c="dimmed">
              <Trans>/month</Trans>
            </Text>
          </Group>
          {period === 'yearly' ? (
            <Group gap="xs" mt={6}>
              <Text fz="sm" c="dimmed">
                {t`${formatRupees(periodPrice(plan, 'yearly'))} billed yearly`}
              </Text>
              <Badge color="green" variant="light">
                {t`save ${SAVING}%`}
              </Badge>
            </Group>
          ) : (
            <Text fz="sm" c="dimmed" mt={6}>
              <Trans>Billed monthly</Trans>
            </Text>
          )}
        </div>
        <Stack gap={2}>
          <Text fz="sm" fw={600}>
            <Trans>Commission:</Trans> {core(plan.commission)}
          </Text>
          <Text fz="sm">{core(plan.dealLimit)}</Text>
        </Stack>
        <List spacing={4} fz="sm" style={{ flexGrow: 1 }}>
          {plan.features.map((feature) => (
            <List.Item key={feature}>{core(feature)}</List.Item>
          ))}
        </List>
        <Center>
          <Button
            fullWidth
            variant={plan.isPopular ? 'filled' : 'light'}
            onClick={onSubscribe}
            disabled={disabled || (isCurrent && !switchesPeriod && !canRenew)}
            loading={loading}
            aria-label={subscribes ? t`Subscribe to ${name}` : undefined}
            aria-describedby={subscribes ? undefined : titleId}
          >
            {label}
          </Button>
        </Center>
      </Stack>
    </Card>
  );
}
