import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import { type BillingPeriod, COMPANY, CURRENCY, MESSAGES, type PlanId } from '@barterads/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { openCheckout } from './checkout';

export type Subscription = NonNullable<RouterOutputs['payments']['subscription']['subscription']>;

export type SubscribeState =
  | { step: 'idle' }
  | { step: 'working'; planId: PlanId; period: BillingPeriod }
  | { step: 'success'; subscription: Subscription }
  | { step: 'failed'; message: string }
  | { step: 'dismissed' };

const NOTIFY_ID = 'payment-result';

/**
 * Subscribe flow: the server creates the order from the catalogue, Razorpay's checkout takes the
 * payment, and the server verifies its signature before the plan becomes active.
 */
export function useSubscribe() {
  const utils = trpc.useUtils();
  const config = trpc.payments.config.useQuery(undefined, { staleTime: 5 * 60_000 });
  const session = trpc.accounts.session.useQuery(undefined, { staleTime: 60_000 });
  const createOrder = trpc.payments.createOrder.useMutation();
  const verify = trpc.payments.verify.useMutation();
  const [state, setState] = useState<SubscribeState>({ step: 'idle' });

  const fail = (message: string) => {
    setState({ step: 'failed', message });
    notifications.show({ id: NOTIFY_ID, color: 'red', title: MESSAGES.paymentFailed, message });
  };

  async function subscribe(planId: PlanId, period: BillingPeriod): Promise<void> {
    const settings = config.data;
    const user = session.data?.user;
    if (!settings?.enabled || !settings.keyId || !user) return;
    setState({ step: 'working', planId, period });

    let order: RouterOutputs['payments']['createOrder']['order'];
    try {
      const created = await createOrder.mutateAsync({ planId, period });
      if (!created.success || !created.order.id) throw new Error(MESSAGES.orderCreationFailed);
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
      fail(error instanceof Error ? error.message : MESSAGES.networkError);
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
      utils.payments.subscription.setData(undefined, { subscription: result.subscription });
      await utils.payments.history.invalidate();
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
    reset: () => setState({ step: 'idle' }),
  };
}
