import { type BillingPeriod, findPlan } from '@barterads/core';
import {
  type Executor,
  type PaymentOrderRow,
  paymentOrders,
  type SubscriptionRow,
  subscriptions,
} from '@barterads/db';
import { UTCDate } from '@date-fns/utc';
import { addMonths, addYears } from 'date-fns';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Payment, Subscription } from './schemas';

/**
 * The end of one billing period that starts at `start`: one calendar month or year later in UTC, clamped to
 * the last day of a shorter month (31 January + 1 month = 28 or 29 February, 29 February + 1 year = 28 February),
 * never spilling into the month after as `Date#setUTCMonth` does.
 */
export function addPeriod(start: Date, period: BillingPeriod): Date {
  const utc = new UTCDate(start.getTime());
  return new Date((period === 'yearly' ? addYears(utc, 1) : addMonths(utc, 1)).getTime());
}

export function toSubscription(row: SubscriptionRow, now = new Date()): Subscription {
  const status = row.status === 'active' && row.currentPeriodEnd <= now ? 'expired' : row.status;
  return {
    planId: row.planId,
    planName: findPlan(row.planId)?.name ?? row.planId,
    period: row.period,
    status,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
  };
}

export function toPayment(row: PaymentOrderRow): Payment {
  return {
    id: row.id,
    orderId: row.razorpayOrderId,
    paymentId: row.razorpayPaymentId,
    planId: row.planId,
    planName: findPlan(row.planId)?.name ?? row.planId,
    period: row.period,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

export async function findSubscription(db: Executor, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

export const PAYMENT_HISTORY_LIMIT = 50;

/** The user's payments (paid and failed; orders never paid are not payments), newest first. */
export async function paymentHistory(db: Executor, userId: string): Promise<PaymentOrderRow[]> {
  return db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), inArray(paymentOrders.status, ['paid', 'failed'])))
    .orderBy(desc(paymentOrders.createdAt))
    .limit(PAYMENT_HISTORY_LIMIT);
}

export type ActivationOutcome =
  | { kind: 'activated' | 'already-paid'; order: PaymentOrderRow; subscription: SubscriptionRow }
  | { kind: 'unknown-order' }
  | { kind: 'amount-mismatch'; order: PaymentOrderRow };

/**
 * Marks a stored order paid and activates (or extends) its user's subscription, exactly once per order.
 * Must run inside a transaction: the order row is locked, so a verify call and a webhook racing each other
 * activate once. Callers have already checked a Razorpay signature.
 */
export async function activatePaidOrder(
  tx: Executor,
  razorpayOrderId: string,
  razorpayPaymentId: string,
  paidAmount: number | undefined,
  now = new Date(),
): Promise<ActivationOutcome> {
  const [order] = await tx
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.razorpayOrderId, razorpayOrderId))
    .for('update');
  if (!order) return { kind: 'unknown-order' };

  const [current] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, order.userId))
    .for('update');
  if (order.status === 'paid') {
    if (current) return { kind: 'already-paid', order, subscription: current };
  }
  if (paidAmount !== undefined && paidAmount !== order.amount) return { kind: 'amount-mismatch', order };

  const [paid] = await tx
    .update(paymentOrders)
    .set({ status: 'paid', razorpayPaymentId, paidAt: now, failureReason: null })
    .where(eq(paymentOrders.id, order.id))
    .returning();

  // A renewal of a plan still running stacks onto it; anything else starts a fresh period now.
  const stacks =
    current !== undefined &&
    current.status === 'active' &&
    current.planId === order.planId &&
    current.currentPeriodEnd > now;
  const start = stacks ? current.currentPeriodStart : now;
  const end = addPeriod(stacks ? current.currentPeriodEnd : now, order.period);
  const values = {
    planId: order.planId,
    period: order.period,
    status: 'active' as const,
    currentPeriodStart: start,
    currentPeriodEnd: end,
    lastOrderId: order.id,
  };
  const [subscription] = await tx
    .insert(subscriptions)
    .values({ userId: order.userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values })
    .returning();
  return { kind: 'activated', order: paid ?? order, subscription: subscription! };
}

/** Records a failed payment attempt; a paid order stays paid (events may arrive out of order). */
export async function recordFailedPayment(
  tx: Executor,
  razorpayOrderId: string,
  razorpayPaymentId: string | undefined,
  reason: string | undefined,
): Promise<boolean> {
  const [order] = await tx
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.razorpayOrderId, razorpayOrderId))
    .for('update');
  if (!order || order.status === 'paid') return false;
  await tx
    .update(paymentOrders)
    .set({
      status: 'failed',
      razorpayPaymentId: razorpayPaymentId ?? order.razorpayPaymentId,
      failureReason: reason?.slice(0, 500) ?? 'Payment failed',
    })
    .where(eq(paymentOrders.id, order.id));
  return true;
}
