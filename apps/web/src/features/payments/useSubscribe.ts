import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import { type BillingPeriod, COMPANY, CURRENCY, MESSAGES, type PlanId } from '@barterads/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CheckoutUnavailableError, openCheckout } from './checkout';

export type Subscription = NonNullable<RouterOutputs['payments']['subscription']['subscription']>;
export type PlanQuote = RouterOutputs['payments']['changePlan']['quote'];

export type SubscribeState =
  | { step: 'idle' }
  | { step: 'quoting'; planId: PlanId; period: BillingPeriod }
  | { step: 'confirm'; quote: PlanQuote }
  | { step: 'working'; planId: PlanId; period: BillingPeriod }
  | { step: 'success'; subscription: Subscription }
  | { step: 'failed'; message: string }
  | { step: 'dismissed' };

const NOTIFY_ID = 'payment-result';

/**
 * Subscribe flow: the server quotes the plan (a purchase, an upgrade less the unused days, or a change at the
 * period end), the member confirms the named plans and amount, the server creates the order for exactly that
 * amount, Razorpay's checkout takes the payment, and the server verifies its signature before the plan changes.
 */
export function useSubscribe() {
  const utils = trpc.useUtils();
  const config = trpc.payments.config.useQuery(undefined, { staleTime: 5 * 60_000 });
  const session = trpc.accounts.session.useQuery(undefined, { staleTime: 60_000 });
  const changePlan = trpc.payments.changePlan.useMutation();
  const verify = trpc.payments.verify.useMutation();
  const [state, setState] = useState<SubscribeState>({ step: 'idle' });

  const fail = (message: string) => {
    setState({ step: 'failed', message });
    notifications.show({ id: NOTIFY_ID, color: 'red', title: MESSAGES.paymentFailed, message });
  };

  /** Step one: the server's quote, shown in the confirmation before any charge. */
  async function subscribe(planId: PlanId, period: BillingPeriod): Promise<void> {
    if (!config.data?.enabled || !session.data?.user) return;
    setState({ step: 'quoting', planId, period });
    try {
      const answer = await changePlan.mutateAsync({ planId, period, preview: true });
      setState({ step: 'confirm', quote: answer.quote });
    } catch (error) {
      fail(errorMessage(error, MESSAGES.orderCreationFailed));
    }
  }

  /** Step two, after the member confirmed the quote: the order for the quoted amount, checkout, verify. */
  async function confirm(quote: PlanQuote): Promise<void> {
    const settings = config.data;
    const user = session.data?.user;
    if (!settings?.enabled || !settings.keyId || !user) return;
    const { planId, period } = quote;
    setState({ step: 'working', planId, period });

    let order: NonNullable<RouterOutputs['payments']['changePlan']['order']>;
    try {
      const created = await changePlan.mutateAsync({ planId, period, preview: false });
      if (!created.success || !created.order?.id) throw new Error(MESSAGES.orderCreationFailed);
      if (created.order.amount !== quote.amount) throw new Error(MESSAGES.quoteChanged);
      order = created.order;
    } catch (error) {
      fail(errorMessage(error, MESSAGES.orderCreationFailed));
      return;
    }

    let outcome: Awaited<ReturnType<typeof openCheckout>>;
    try {
      outcome = await openCheckout(settings.checkoutScriptUrl, {
        key: settings.keyId,
        amount: order.amount,
        currency: order.currency || CURRENCY,
        name: COMPANY.brand,
        description: 'Subscription Payment',
        order_id: order.id,
        prefill: { name: user.name, email: user.email, contact: user.phoneNumber ?? undefined },
        theme: { color: '#228be6' },
      });
    } catch (error) {
      fail(
        error instanceof CheckoutUnavailableError
          ? `${MESSAGES.checkoutDidNotOpen}. ${MESSAGES.checkoutDidNotOpenDetail}`
          : MESSAGES.networkError,
      );
      return;
    }
    if (outcome.kind === 'dismissed') {
      setState({ step: 'dismissed' });
      return;
    }
    if (outcome.kind === 'failed') {
      fail(outcome.reason ?? MESSAGES.paymentFailed);
      return;
    }

    try {
      const result = await verify.mutateAsync(outcome.response);
      await Promise.all([utils.payments.subscription.invalidate(), utils.payments.history.invalidate()]);
      setState({ step: 'success', subscription: result.subscription });
      notifications.show({ id: NOTIFY_ID, color: 'green', message: MESSAGES.paymentSuccess });
    } catch (error) {
      fail(errorMessage(error, MESSAGES.paymentFailed));
    }
  }

  return {
    config,
    user: session.data?.user,
    state,
    subscribe,
    confirm,
    reset: () => setState({ step: 'idle' }),
  };
}
