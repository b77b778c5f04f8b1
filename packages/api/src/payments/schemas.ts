import {
  BILLING_PERIODS,
  INVOICE_KINDS,
  PAYMENT_KINDS,
  PAYMENT_STATUSES,
  PLAN_CHANGE_KINDS,
  PLAN_IDS,
  REFUND_STATUSES,
  SUBSCRIPTION_STATUSES,
} from '@barterads/core';
import { z } from 'zod';

/** `amount` in paise (the spec's call), or `planId` and `period`; both may be given if they agree. */
export const CreateOrderInput = z
  .object({
    amount: z
      .number({ error: 'amount must be a whole number of paise.' })
      .int('amount must be a whole number of paise.')
      .positive('amount must be a whole number of paise.')
      .optional(),
    planId: z.enum(PLAN_IDS, { error: `planId must be one of ${PLAN_IDS.join(', ')}.` }).optional(),
    period: z.enum(BILLING_PERIODS, { error: 'period must be monthly or yearly.' }).optional(),
  })
  .refine((v) => v.amount !== undefined || v.planId !== undefined, {
    message: 'Give the amount, or the planId and period.',
    path: ['amount'],
  });
export type CreateOrderInput = z.infer<typeof CreateOrderInput>;

export const CreateOrderResult = z.object({
  success: z.literal(true),
  order: z.object({ id: z.string(), amount: z.number().int(), currency: z.string() }),
});

const razorpayId = (name: string) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .max(100, `${name} is too long.`);

export const VerifyPaymentInput = z.object({
  razorpay_order_id: razorpayId('razorpay_order_id'),
  razorpay_payment_id: razorpayId('razorpay_payment_id'),
  razorpay_signature: razorpayId('razorpay_signature'),
});
export type VerifyPaymentInput = z.infer<typeof VerifyPaymentInput>;

export const Subscription = z.object({
  planId: z.enum(PLAN_IDS),
  planName: z.string(),
  period: z.enum(BILLING_PERIODS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  /** The contract's names for the period: the same instants as currentPeriodStart/End. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** Cancelled after its first 24 hours: runs to endsAt and is not renewed. */
  cancelAtPeriodEnd: z.boolean(),
  /** A paid downgrade or period change that applies at endsAt. */
  scheduledChange: z
    .object({
      planId: z.enum(PLAN_IDS),
      planName: z.string(),
      period: z.enum(BILLING_PERIODS),
      appliesAt: z.string(),
    })
    .nullable(),
  /** Paise the next period costs (null: none follows). */
  nextAmount: z.number().int().nullable(),
});
export type Subscription = z.infer<typeof Subscription>;

export const Allowance = z.object({
  plan: z.string(),
  activeListings: z.number().int(),
  activeListingLimit: z.number().int().nullable(),
  dealsThisMonth: z.number().int(),
  dealLimit: z.number().int().nullable(),
  featuredThisMonth: z.number().int(),
  featuredLimit: z.number().int(),
  /** `YYYY-MM-DD` (Asia/Kolkata) when the month's counts start again. */
  resetsOn: z.string(),
  apiAccess: z.boolean(),
});
export type Allowance = z.infer<typeof Allowance>;

export const VerifyPaymentResult = z.object({ success: z.literal(true), subscription: Subscription });
export const SubscriptionResult = z.object({ subscription: Subscription.nullable(), allowance: Allowance });

export const ChangePlanInput = z.object({
  planId: z.enum(PLAN_IDS, { error: `planId must be one of ${PLAN_IDS.join(', ')}.` }),
  period: z.enum(BILLING_PERIODS, { error: 'period must be monthly or yearly.' }),
  /** true (the default): only the quote; false: the order for the quoted amount. */
  preview: z.boolean().optional(),
});
export type ChangePlanInput = z.infer<typeof ChangePlanInput>;

export const PlanQuote = z.object({
  kind: z.enum(PLAN_CHANGE_KINDS),
  fromPlanId: z.enum(PLAN_IDS).nullable(),
  fromPlanName: z.string().nullable(),
  planId: z.enum(PLAN_IDS),
  planName: z.string(),
  period: z.enum(BILLING_PERIODS),
  /** Paise charged now. */
  amount: z.number().int(),
  /** Paise of the current plan's unused value deducted. */
  credit: z.number().int(),
  appliesAt: z.string(),
  /** From when it can be paid: now, or for a plan starting at the period end, that period's last 7 days. */
  payableFrom: z.string(),
});
export type PlanQuote = z.infer<typeof PlanQuote>;

export const ChangePlanResult = z.object({
  quote: PlanQuote,
  success: z.literal(true).optional(),
  order: z.object({ id: z.string(), amount: z.number().int(), currency: z.string() }).optional(),
});

export const Refund = z.object({
  id: z.string(),
  paymentId: z.string(),
  /** In paise. */
  amount: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type Refund = z.infer<typeof Refund>;

export const InvoiceSummary = z.object({
  _id: z.string(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** The payment (our order id) it belongs to. */
  paymentId: z.string(),
  /** Paise, GST included. */
  amount: z.number().int(),
  createdAt: z.string(),
});
export const InvoicesResult = z.object({ invoices: z.array(InvoiceSummary) });

export const CancelResult = z.object({
  subscription: Subscription,
  /** The newest refund made (the contract's field). */
  refund: Refund.optional(),
  /** Every plan payment of the last 24 hours refunded by this cancel, newest first. */
  refunds: z.array(Refund).optional(),
});

export const RefundRequestInput = z.object({
  paymentId: z
    .string({ error: 'paymentId is required.' })
    .trim()
    .min(1, 'paymentId is required.')
    .max(100, 'paymentId is too long.'),
  reason: z
    .string({ error: 'reason is required.' })
    .trim()
    .min(5, 'Tell us briefly why (at least 5 characters).')
    .max(1000, 'reason is too long (at most 1000 characters).'),
});
export type RefundRequestInput = z.infer<typeof RefundRequestInput>;
export const RefundRequestResult = z.object({ refundRequest: Refund });
export const RefundsResult = z.object({ refunds: z.array(Refund) });

export const AdminRefund = Refund.extend({
  userId: z.string(),
  userEmail: z.string(),
  userName: z.string(),
  planName: z.string(),
  paidAt: z.string().nullable(),
});
export const AdminRefundsInput = z.object({ status: z.enum(REFUND_STATUSES).optional() });
export const AdminRefundsResult = z.object({ refunds: z.array(AdminRefund) });
export const DecideRefundInput = z.object({
  id: z.uuid('id must be a refund id.'),
  approve: z.boolean(),
  reason: z.string().trim().max(500).optional(),
});
export const DecideRefundResult = z.object({ refund: Refund });

export const Payment = z.object({
  id: z.string(),
  orderId: z.string(),
  paymentId: z.string().nullable(),
  planId: z.enum(PLAN_IDS),
  planName: z.string(),
  period: z.enum(BILLING_PERIODS),
  /** In paise. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Its latest refund, in whatever state (requested, processing, processed, rejected, failed), or null. */
  refund: Refund.nullable(),
});
export type Payment = z.infer<typeof Payment>;

export const PaymentHistoryResult = z.object({ payments: z.array(Payment) });

export const PaymentsConfigResult = z.object({
  enabled: z.boolean(),
  keyId: z.string().nullable(),
  checkoutScriptUrl: z.string(),
});

/** What the REST adapter hands over from Razorpay's webhook call: the raw body and the two headers. */
export const WebhookInput = z.object({
  rawBody: z.string({ error: 'A JSON body is required.' }).min(1, 'A JSON body is required.'),
  signature: z.string().optional(),
  eventId: z.string().max(200).optional(),
});
export type WebhookInput = z.infer<typeof WebhookInput>;

export const WebhookResult = z.object({ status: z.enum(['processed', 'duplicate', 'ignored']) });

/** The admin app's payments and invoices list: newest first, filtered, paged on the server. */
export const AdminPaymentsInput = z.object({
  status: z.enum(PAYMENT_STATUSES).optional(),
  kind: z.enum(PAYMENT_KINDS).optional(),
  /** Part of the member's e-mail. */
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type AdminPaymentsInput = z.infer<typeof AdminPaymentsInput>;

const DocumentRef = z.object({ id: z.string(), number: z.string() });
export const AdminPayment = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  userId: z.string(),
  userEmail: z.string(),
  userName: z.string(),
  companyName: z.string().nullable(),
  /** "Growth plan, monthly" or "Commission, deal BA-2026-000001". */
  description: z.string(),
  planId: z.enum(PLAN_IDS).nullable(),
  dealId: z.string().nullable(),
  /** Paise. */
  amount: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  razorpayPaymentId: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The tax invoice (a PDF at /api/payments/invoices/{id}.pdf). */
  invoice: DocumentRef.nullable(),
  creditNotes: z.array(DocumentRef),
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
});
export type AdminPayment = z.infer<typeof AdminPayment>;
export const AdminPaymentsResult = z.object({ payments: z.array(AdminPayment), total: z.number().int() });

export const RevenueInput = z.object({
  /** `YYYY-MM` (Asia/Kolkata): the last of the 12 months; this month when left out or later. */
  endMonth: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'endMonth must be YYYY-MM.')
    .optional(),
});
export const RevenueMonth = z.object({
  month: z.string(),
  /** Monthly recurring revenue at the month's close, in paise (yearly plans counted at a twelfth). */
  mrr: z.number().int(),
  subscribers: z.number().int(),
  /** Active subscribers per plan at the month's close. */
  plans: z.record(z.enum(PLAN_IDS), z.number().int()),
});
export type RevenueMonth = z.infer<typeof RevenueMonth>;
export const RevenueResult = z.object({ months: z.array(RevenueMonth) });
