import { adminProcedure, authedProcedure, publicProcedure, router } from '../trpc';
import { adminPayments } from './admin-payments';
import { checkoutScriptUrl } from './gateway';
import { listInvoices } from './invoices';
import { createOrder } from './orders';
import { changePlan, subscriptionWithAllowance } from './plan-change';
import { adminRefunds, cancelPlan, decideRefund, myRefunds, requestRefund } from './refunds';
import { revenueFigures } from './revenue';
import {
  AdminPaymentsInput,
  AdminPaymentsResult,
  AdminRefundsInput,
  AdminRefundsResult,
  CancelResult,
  ChangePlanInput,
  ChangePlanResult,
  CreateOrderInput,
  CreateOrderResult,
  DecideRefundInput,
  DecideRefundResult,
  InvoicesResult,
  PaymentHistoryResult,
  PaymentsConfigResult,
  RefundRequestInput,
  RefundRequestResult,
  RefundsResult,
  RevenueInput,
  RevenueResult,
  SubscriptionResult,
  VerifyPaymentInput,
  VerifyPaymentResult,
  WebhookInput,
  WebhookResult,
} from './schemas';
import { paymentHistory, toPayment } from './subscriptions';
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

  /** The plan (or none) and what it allows, with this month's use. */
  subscription: authedProcedure
    .output(SubscriptionResult)
    .query(({ ctx }) => subscriptionWithAllowance(ctx.services.database.db, ctx.user.id)),

  /** The server's quote for another plan; with `preview: false`, the order for exactly that amount. */
  changePlan: authedProcedure
    .input(ChangePlanInput)
    .output(ChangePlanResult)
    .mutation(({ ctx, input }) => changePlan(ctx, ctx.user, input)),

  cancel: authedProcedure.output(CancelResult).mutation(({ ctx }) => cancelPlan(ctx, ctx.user)),

  requestRefund: authedProcedure
    .input(RefundRequestInput)
    .output(RefundRequestResult)
    .mutation(({ ctx, input }) => requestRefund(ctx, ctx.user, input)),

  invoices: authedProcedure.output(InvoicesResult).query(async ({ ctx }) => ({
    invoices: await listInvoices(ctx.services.database.db, ctx.user.id),
  })),

  refunds: authedProcedure.output(RefundsResult).query(async ({ ctx }) => ({
    refunds: await myRefunds(ctx.services.database.db, ctx.user.id),
  })),

  adminRefunds: adminProcedure
    .input(AdminRefundsInput)
    .output(AdminRefundsResult)
    .query(async ({ ctx, input }) => ({
      refunds: await adminRefunds(ctx.services.database.db, input.status),
    })),

  adminDecideRefund: adminProcedure
    .input(DecideRefundInput)
    .output(DecideRefundResult)
    .mutation(({ ctx, input }) => decideRefund(ctx, ctx.user, input)),

  /** The admin app's payments and invoices: plan and commission payments, newest first, paged. */
  adminPayments: adminProcedure
    .input(AdminPaymentsInput)
    .output(AdminPaymentsResult)
    .query(({ ctx, input }) => adminPayments(ctx.services.database, input)),

  /** Monthly recurring revenue and plan mix over 12 months, computed in PostgreSQL. */
  adminRevenue: adminProcedure
    .input(RevenueInput)
    .output(RevenueResult)
    .query(({ ctx, input }) => revenueFigures(ctx.services.database, input)),

  history: authedProcedure.output(PaymentHistoryResult).query(async ({ ctx }) => {
    const db = ctx.services.database.db;
    const [orders, refunds] = await Promise.all([
      paymentHistory(db, ctx.user.id),
      myRefunds(db, ctx.user.id),
    ]);
    // Each payment with its latest refund (myRefunds is newest first).
    const latest = new Map<string, (typeof refunds)[number]>();
    for (const refund of refunds) if (!latest.has(refund.paymentId)) latest.set(refund.paymentId, refund);
    return { payments: orders.map((order) => toPayment(order, latest.get(order.id) ?? null)) };
  }),
});
