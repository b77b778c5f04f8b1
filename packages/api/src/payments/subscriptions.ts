import { type BillingPeriod, type CurrentPeriod, chargeAmount, findPlan } from '@barterads/core';
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
import { writeAudit } from '../admin/audit';
import type { SellerConfig } from '../services';
import { issueInvoice } from './invoices';
import { snapshotOf } from './reversal';
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

/** The running plan's period for a quote, or null when there is none (no row, cancelled, or past its end). */
export function currentPeriodOf(row: SubscriptionRow | undefined, now = new Date()): CurrentPeriod | null {
  if (row?.status !== 'active' || row.currentPeriodEnd <= now) return null;
  return { planId: row.planId, period: row.period, start: row.currentPeriodStart, end: row.currentPeriodEnd };
}

export function toSubscription(row: SubscriptionRow, now = new Date()): Subscription {
  const status = row.status === 'active' && row.currentPeriodEnd <= now ? 'expired' : row.status;
  const plan = findPlan(row.planId);
  const scheduledPlan = row.scheduledPlanId ? findPlan(row.scheduledPlanId) : undefined;
  const scheduledChange =
    scheduledPlan && row.scheduledPeriod
      ? {
          planId: scheduledPlan.id,
          planName: scheduledPlan.name,
          period: row.scheduledPeriod,
          appliesAt: row.currentPeriodEnd.toISOString(),
        }
      : null;
  return {
    planId: row.planId,
    planName: plan?.name ?? row.planId,
    period: row.period,
    status,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    startsAt: row.currentPeriodStart.toISOString(),
    endsAt: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    scheduledChange,
    // What the next period costs: the scheduled plan's (already paid), or renewing this one; none when cancelled.
    nextAmount:
      status !== 'active' || row.cancelAtPeriodEnd
        ? null
        : scheduledPlan && row.scheduledPeriod
          ? chargeAmount(scheduledPlan, row.scheduledPeriod)
          : plan
            ? chargeAmount(plan, row.period)
            : null,
  };
}

type AuditableSubscription = Pick<SubscriptionRow, 'planId' | 'period' | 'status' | 'currentPeriodEnd'> & {
  scheduledPlanId?: SubscriptionRow['scheduledPlanId'];
  scheduledPeriod?: SubscriptionRow['scheduledPeriod'];
  cancelAtPeriodEnd?: boolean;
};

/** A subscription's state for the audit log. */
export function auditState(row: AuditableSubscription | undefined): Record<string, string | boolean | null> {
  if (!row) return { planId: null };
  return {
    planId: row.planId,
    period: row.period,
    status: row.status,
    endsAt: row.currentPeriodEnd.toISOString(),
    scheduledPlanId: row.scheduledPlanId ?? null,
    scheduledPeriod: row.scheduledPeriod ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
  };
}

export function toPayment(row: PaymentOrderRow, refund: Payment['refund'] = null): Payment {
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
    refund,
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
  seller: SellerConfig,
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
    .set({
      status: 'paid',
      razorpayPaymentId,
      paidAt: now,
      failureReason: null,
      // What this payment replaces: a refund of it gives that back (reversal.ts).
      replacedSubscription: snapshotOf(current),
    })
    .where(eq(paymentOrders.id, order.id))
    .returning();
  // Every payment has its tax invoice, numbered in this transaction.
  await issueInvoice(tx, seller, paid ?? order, now);

  const running = current !== undefined && current.status === 'active' && current.currentPeriodEnd > now;
  let values: Partial<typeof subscriptions.$inferInsert> & {
    planId: SubscriptionRow['planId'];
    period: SubscriptionRow['period'];
    currentPeriodStart: Date;
    currentPeriodEnd: Date;
  };
  if (running && order.changeKind === 'scheduled') {
    // A downgrade or period change, paid now: the job applies it when the current period ends.
    values = {
      planId: current.planId,
      period: current.period,
      currentPeriodStart: current.currentPeriodStart,
      currentPeriodEnd: current.currentPeriodEnd,
      scheduledPlanId: order.planId,
      scheduledPeriod: order.period,
      scheduledOrderId: order.id,
    };
  } else {
    // A renewal of the running plan stacks onto it (as does a purchase of it, from orders made before plan
    // changes had quotes); an upgrade or a purchase starts a fresh period now.
    const stacks =
      running &&
      current.planId === order.planId &&
      (order.changeKind === 'renewal' || order.changeKind === 'purchase');
    values = {
      planId: order.planId,
      period: order.period,
      status: 'active' as const,
      currentPeriodStart: stacks ? current.currentPeriodStart : now,
      currentPeriodEnd: addPeriod(stacks ? current.currentPeriodEnd : now, order.period),
      lastOrderId: order.id,
      cancelAtPeriodEnd: false,
      cancelledAt: null,
      remindedDaysBefore: null,
      ...(stacks ? {} : { scheduledPlanId: null, scheduledPeriod: null, scheduledOrderId: null }),
    };
  }
  const [subscription] = await tx
    .insert(subscriptions)
    .values({ userId: order.userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: now } })
    .returning();
  await writeAudit(tx, {
    actorId: order.userId,
    action: 'change_plan',
    targetType: 'subscription',
    targetId: subscription!.id,
    before: auditState(current),
    after: { ...auditState(subscription), orderId: order.id, change: order.changeKind, amount: order.amount },
  });
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
