import { BILLING_PERIODS, PAYMENT_STATUSES, PLAN_IDS, SUBSCRIPTION_STATUSES } from '@barterads/core';
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
});
export type Subscription = z.infer<typeof Subscription>;

export const VerifyPaymentResult = z.object({ success: z.literal(true), subscription: Subscription });
export const SubscriptionResult = z.object({ subscription: Subscription.nullable() });

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
