import { authedProcedure, publicProcedure, router } from '../trpc';
import { checkoutScriptUrl } from './gateway';
import { createOrder } from './orders';
import {
  CreateOrderInput,
  CreateOrderResult,
  PaymentHistoryResult,
  PaymentsConfigResult,
  SubscriptionResult,
  VerifyPaymentInput,
  VerifyPaymentResult,
  WebhookInput,
  WebhookResult,
} from './schemas';
import { findSubscription, paymentHistory, toPayment, toSubscription } from './subscriptions';
import { verifyPayment } from './verify';
import { handleWebhook } from './webhook';

export const paymentsRouter = router({
  /** Whether payments are on, and what the browser's checkout needs (the public key id, the script). */
  config: publicProcedure.output(PaymentsConfigResult).query(({ ctx }) => {
    const razorpay = ctx.services.config.razorpay;
    return {
      enabled: razorpay !== undefined,
      keyId: razorpay?.keyId ?? null,
      checkoutScriptUrl: checkoutScriptUrl(razorpay),
    };
  }),

  createOrder: authedProcedure
    .input(CreateOrderInput)
    .output(CreateOrderResult)
    .mutation(({ ctx, input }) => createOrder(ctx, ctx.user, input)),

  verify: authedProcedure
    .input(VerifyPaymentInput)
    .output(VerifyPaymentResult)
    .mutation(({ ctx, input }) => verifyPayment(ctx, ctx.user, input)),

  webhook: publicProcedure
    .input(WebhookInput)
    .output(WebhookResult)
    .mutation(({ ctx, input }) => handleWebhook(ctx, input)),

  subscription: authedProcedure.output(SubscriptionResult).query(async ({ ctx }) => {
    const row = await findSubscription(ctx.services.database.db, ctx.user.id);
    return { subscription: row ? toSubscription(row) : null };
  }),

  history: authedProcedure.output(PaymentHistoryResult).query(async ({ ctx }) => ({
    payments: (await paymentHistory(ctx.services.database.db, ctx.user.id)).map(toPayment),
  })),
});
