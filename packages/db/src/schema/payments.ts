import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamps, tz } from './columns';
import { billingPeriod, paymentStatus, planId, subscriptionStatus } from './enums';
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
    ...timestamps(),
  },
  (t) => [
    check('payment_orders_amount_positive', sql`${t.amount} > 0`),
    uniqueIndex('payment_orders_razorpay_order_unique').on(t.razorpayOrderId),
    uniqueIndex('payment_orders_receipt_unique').on(t.receipt),
    index('payment_orders_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

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
    ...timestamps(),
  },
  (t) => [uniqueIndex('subscriptions_user_unique').on(t.userId)],
);

/** Razorpay webhook events already applied, so that each event id is applied once. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  razorpayOrderId: text('razorpay_order_id'),
  payload: jsonb('payload').notNull(),
  receivedAt: createdAt(),
});

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
