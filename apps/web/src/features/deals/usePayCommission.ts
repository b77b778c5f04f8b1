import { errorMessage, trpc } from '@barterads/api-client';
import { COMPANY, CURRENCY, MESSAGES } from '@barterads/core';
import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useCoreText } from '../../i18n/core-text';
import { CheckoutUnavailableError, openCheckout } from '../payments/checkout';

/**
 * Pays the signed-in party's commission on a deal: the server prices the order, Razorpay's checkout takes the
 * payment, the server checks its signature and marks it paid (the webhook does the same if the page is closed).
 */
export function usePayCommission(dealId: string) {
  const { t } = useLingui();
  const core = useCoreText();
  const utils = trpc.useUtils();
  const config = trpc.payments.config.useQuery(undefined, { staleTime: 5 * 60_000 });
  const session = trpc.accounts.session.useQuery(undefined, { staleTime: 60_000 });
  const createOrder = trpc.deals.commissionOrder.useMutation();
  const verify = trpc.deals.verifyCommission.useMutation();
  const [busy, setBusy] = useState(false);
  /**
   * Why the last try did not pay, said once, beside the button (not also in a toast): a checkout that never opened
   * charged nothing, and says so.
   */
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);

  const fail = (title: string, message: string) => setProblem({ title, message });

  async function pay(): Promise<void> {
    const settings = config.data;
    const user = session.data?.user;
    if (!settings?.enabled || !settings.keyId || !user) return;
    setBusy(true);
    setProblem(null);
    try {
      const { order } = await createOrder.mutateAsync({ id: dealId });
      const outcome = await openCheckout(settings.checkoutScriptUrl, {
        key: settings.keyId,
        amount: order.amount,
        currency: order.currency || CURRENCY,
        name: COMPANY.brand,
        description: t`Deal commission`,
        order_id: order.id,
        prefill: { name: user.name, email: user.email, contact: user.phoneNumber ?? undefined },
        theme: { color: '#228be6' },
      });
      if (outcome.kind === 'failed')
        fail(core(MESSAGES.paymentFailed), outcome.reason ?? t`Your bank or Razorpay refused the payment.`);
      if (outcome.kind !== 'paid') return;
      const page = await verify.mutateAsync({ id: dealId, ...outcome.response });
      utils.deals.get.setData({ id: dealId }, page);
      notifications.show({ color: 'green', message: core(MESSAGES.paymentSuccess) });
    } catch (error) {
      if (error instanceof CheckoutUnavailableError) {
        fail(core(MESSAGES.checkoutDidNotOpen), core(MESSAGES.checkoutDidNotOpenDetail));
      } else {
        fail(core(MESSAGES.paymentFailed), errorMessage(error, t`Nothing was charged. Please try again.`));
      }
    } finally {
      setBusy(false);
    }
  }

  return {
    enabled: Boolean(config.data?.enabled),
    /** The payment settings are not in yet (whether to show the button at all). */
    pending: config.isPending,
    busy,
    problem,
    pay,
  };
}
