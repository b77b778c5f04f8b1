import type { BillingPeriod, PlanId, SubscriptionStatus } from '@barterads/core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamps, tz } from './columns';
import { dealCommissionOrders } from './deals';
import {
  billingPeriod,
  invoiceKind,
  paymentStatus,
  planChangeKind,
  planId,
  refundStatus,
  subscriptionStatus,
} from './enums';
import { users } from './users';

/** A Razorpay order created for a plan purchase; stored before it is returned to the client. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    razorpayOrderId: text('razorpay_order_id').notNull(),
    receipt: text('receipt').notNull(),
    planId: planId('plan_id').notNull(),
    period: billingPeriod('period').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: paymentStatus('status').notNull().default('created'),
    razorpayPaymentId: text('razorpay_payment_id'),
    paidAt: tz('paid_at'),
    failureReason: text('failure_reason'),
    /** What paying it does (a quote from change-plan, or a purchase). */
    changeKind: planChangeKind('change_kind').notNull().default('purchase'),
    /** Paise of the current plan's unused value deducted (upgrades). */
    credit: integer('credit').notNull().default(0),
    /**
     * The member's subscription as it was just before this payment applied (`{ subscription: null }`: none), so
     * that refunding the payment gives back what it replaced; null for orders paid before it was recorded.
     */
    replacedSubscription: jsonb('replaced_subscription').$type<{
      subscription: SubscriptionSnapshot | null;
    }>(),
    ...timestamps(),
  },
  (t) => [
    check('payment_orders_amount_positive', sql`${t.amount} > 0`),
    uniqueIndex('payment_orders_razorpay_order_unique').on(t.razorpayOrderId),
    uniqueIndex('payment_orders_receipt_unique').on(t.receipt),
    index('payment_orders_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** A subscription's state, as a payment replaced it (ISO dates). */
export interface SubscriptionSnapshot {
  planId: PlanId;
  period: BillingPeriod;
  status: SubscriptionStatus;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  lastOrderId: string | null;
  scheduledPlanId: PlanId | null;
  scheduledPeriod: BillingPeriod | null;
  scheduledOrderId: string | null;
  cancelAtPeriodEnd: boolean;
}

/** The account's current plan: one row per user. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: planId('plan_id').notNull(),
    period: billingPeriod('period').notNull(),
    status: subscriptionStatus('status').notNull().default('active'),
    currentPeriodStart: tz('current_period_start').notNull(),
    currentPeriodEnd: tz('current_period_end').notNull(),
    lastOrderId: uuid('last_order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    /** A paid downgrade or period change, applied by the job when the current period ends. */
    scheduledPlanId: planId('scheduled_plan_id'),
    scheduledPeriod: billingPeriod('scheduled_period'),
    scheduledOrderId: uuid('scheduled_order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    /** Cancelled after the first 24 hours: the plan runs to the end of its period and is not renewed. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelledAt: tz('cancelled_at'),
    /** The last end-of-period reminder sent for the current end (7 or 1 days before), so each goes once. */
    remindedDaysBefore: smallint('reminded_days_before'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_unique').on(t.userId),
    index('subscriptions_period_end_idx').on(t.currentPeriodEnd),
  ],
);

/** A refund of a plan payment: asked for by the member (the admin queue) or made at once on an early cancel. */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    /** In paise. */
    amount: integer('amount').notNull(),
    reason: text('reason'),
    status: refundStatus('status').notNull().default('requested'),
    razorpayRefundId: text('razorpay_refund_id'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tz('decided_at'),
    processedAt: tz('processed_at'),
    failureReason: text('failure_reason'),
    ...timestamps(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    uniqueIndex('refunds_razorpay_refund_unique').on(t.razorpayRefundId),
    // One open or made refund per payment; a rejected or failed one may be asked for again.
    uniqueIndex('refunds_order_open_unique')
      .on(t.orderId)
      .where(sql`${t.status} in ('requested', 'processing', 'processed')`),
    index('refunds_status_created_idx').on(t.status, t.createdAt),
    index('refunds_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Razorpay webhook events already applied, so that each event id is applied once. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  razorpayOrderId: text('razorpay_order_id'),
  payload: jsonb('payload').notNull(),
  receivedAt: createdAt(),
});

/** The last number issued in each series (`BA/2026-27`, `BA-CN/2026-27`): bumped in the payment's transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
});

/** A GST tax invoice (a payment) or credit note (a refund), numbered without gaps per financial year. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    number: text('number').notNull(),
    kind: invoiceKind('kind').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The plan order paid (an invoice) or refunded (a credit note); null for a commission invoice. */
    orderId: uuid('order_id').references(() => paymentOrders.id, { onDelete: 'restrict' }),
    /** The deal commission order paid (its invoice); null for plan documents. */
    commissionOrderId: uuid('commission_order_id').references(() => dealCommissionOrders.id, {
      onDelete: 'restrict',
    }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    /** Paise, GST included: total = taxable + cgst + sgst + igst. */
    total: integer('total').notNull(),
    taxable: integer('taxable').notNull(),
    cgst: integer('cgst').notNull(),
    sgst: integer('sgst').notNull(),
    igst: integer('igst').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerGstin: text('buyer_gstin'),
    buyerStateCode: text('buyer_state_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_series_unique').on(t.kind, t.financialYear, t.sequence),
    // One invoice per payment and one credit note per refund.
    uniqueIndex('invoices_order_invoice_unique').on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_commission_order_unique').on(t.commissionOrderId),
    // Every document is of exactly one payment: a plan order or a deal commission order.
    check('invoices_one_payment', sql`num_nonnulls(${t.orderId}, ${t.commissionOrderId}) = 1`),
    uniqueIndex('invoices_refund_unique').on(t.refundId),
    index('invoices_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('invoices_created_idx').on(t.createdAt.desc()),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
