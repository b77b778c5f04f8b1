import {
  FULL_REFUND_HOURS,
  findPlan,
  MESSAGES,
  REFUND_REQUEST_DAYS,
  type RefundStatus,
} from '@barterads/core';
import {
  type Executor,
  type PaymentOrderRow,
  paymentOrders,
  type RefundRow,
  refunds,
  subscriptions,
  users,
} from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { displayName } from '../accounts/users';
import { writeAudit } from '../admin/audit';
import type { Context, SignedInUser } from '../context';
import { settleToEntitlements } from '../entitlements/entitlements';
import { EVENT_DISPATCH_JOB } from '../events/outbox';
import { GatewayError, paymentGateway } from './gateway';
import { issueCreditNote } from './invoices';
import { requireRazorpay } from './orders';
import { revertRefundedPayments, writeWithdrawnBenefits } from './reversal';
import type { Refund, RefundRequestInput, Subscription } from './schemas';
import { auditState, toSubscription } from './subscriptions';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export function toRefund(row: RefundRow, order: Pick<PaymentOrderRow, 'id'>): Refund {
  return {
    id: row.id,
    paymentId: order.id,
    amount: row.amount,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt ? row.processedAt.toISOString() : null,
  };
}

/** Asks Razorpay to refund a paid order in full; 503 when it cannot. */
async function refundThroughRazorpay(
  ctx: Pick<Context, 'services'>,
  order: PaymentOrderRow,
  refundId: string,
): Promise<{ id: string; status: string }> {
  const config = requireRazorpay(ctx);
  if (!order.razorpayPaymentId) {
    throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.refundFailed });
  }
  try {
    return await paymentGateway(config).refund(order.razorpayPaymentId, order.amount, {
      refundId,
      orderId: order.razorpayOrderId,
    });
  } catch (error) {
    ctx.services.logger.warn(
      { err: error instanceof GatewayError ? error.message : String(error), orderId: order.razorpayOrderId },
      'razorpay refund failed',
    );
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.refundFailed });
  }
}

/**
 * Cancel from /settings. Every plan payment of the last 24 hours comes back in full through Razorpay (Starter
 * bought, then an upgrade minutes later: both), and the plan runs for what was not refunded: the plan those
 * payments replaced, when one still runs (to its end, not renewed), or none, and it ends now. What the plan no
 * longer allows ends with it (featured listings, listings over the allowance: settleToEntitlements), and the
 * member is told. With no payment in the last 24 hours, the plan runs to the end of its period and is not
 * renewed. The refund rows are written first (`requested`), so a second cancel racing this one finds them and
 * stops; Razorpay refunds the newest first, and a refusal stops there (the older payments stay paid and the plan
 * returns to what they bought).
 */
export async function cancelPlan(
  ctx: Pick<Context, 'services'>,
  user: SignedInUser,
  now = new Date(),
): Promise<{ subscription: Subscription; refund?: Refund; refunds?: Refund[] }> {
  const db = ctx.services.database.db;
  const prepared = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id))
      .for('update');
    if (row?.status !== 'active' || row.currentPeriodEnd <= now) {
      throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.noActivePlan });
    }
    if (row.cancelAtPeriodEnd)
      throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.planAlreadyCancelled });
    const recent = await tx
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.userId, user.id),
          eq(paymentOrders.status, 'paid'),
          gte(paymentOrders.paidAt, new Date(now.getTime() - FULL_REFUND_HOURS * HOUR_MS)),
          sql`not exists (select 1 from ${refunds} where ${refunds.orderId} = ${paymentOrders.id}
            and ${refunds.status} in ('requested', 'processing', 'processed'))`,
        ),
      )
      .orderBy(desc(paymentOrders.paidAt));
    if (recent.length === 0) {
      const [updated] = await tx
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: true, cancelledAt: now, updatedAt: now })
        .where(eq(subscriptions.id, row.id))
        .returning();
      await writeAudit(tx, {
        actorId: user.id,
        action: 'cancel_plan',
        targetType: 'subscription',
        targetId: row.id,
        before: auditState(row),
        after: auditState(updated),
      });
      return { kind: 'at-period-end' as const, subscription: updated! };
    }
    const requested = await tx
      .insert(refunds)
      .values(
        recent.map((order) => ({
          userId: user.id,
          orderId: order.id,
          amount: order.amount,
          reason: 'Cancelled within 24 hours',
        })),
      )
      .onConflictDoNothing()
      .returning();
    if (requested.length !== recent.length)
      throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.refundAlreadyRequested });
    const byOrder = new Map(requested.map((refund) => [refund.orderId, refund]));
    return {
      kind: 'refund' as const,
      items: recent.map((order) => ({ order, refund: byOrder.get(order.id)! })),
    };
  });
  if (prepared.kind === 'at-period-end') return { subscription: toSubscription(prepared.subscription, now) };

  const made: { order: PaymentOrderRow; refund: RefundRow; razorpayRefundId: string }[] = [];
  for (const [index, item] of prepared.items.entries()) {
    try {
      const done = await refundThroughRazorpay(ctx, item.order, item.refund.id);
      made.push({ ...item, razorpayRefundId: done.id });
    } catch (error) {
      await db
        .update(refunds)
        .set({ status: 'failed', failureReason: 'Razorpay refused or did not answer' })
        .where(
          inArray(
            refunds.id,
            prepared.items.slice(index).map((rest) => rest.refund.id),
          ),
        );
      if (made.length === 0) throw error;
      break;
    }
  }
  const result = await db.transaction(async (tx) => {
    const processing: Refund[] = [];
    for (const { order, refund, razorpayRefundId } of made) {
      const [row] = await tx
        .update(refunds)
        .set({ status: 'processing', razorpayRefundId, decidedAt: now, updatedAt: now })
        .where(eq(refunds.id, refund.id))
        .returning();
      processing.push(toRefund(row!, order));
    }
    const reverted = await revertRefundedPayments(
      tx,
      user.id,
      made.map((m) => m.order),
      { now, cancel: true },
    );
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    await writeAudit(tx, {
      actorId: user.id,
      action: 'cancel_plan',
      targetType: 'subscription',
      targetId: current!.id,
      before: auditState(reverted?.before ?? current),
      after: {
        ...auditState(current),
        refundIds: made.map((m) => m.refund.id).join(','),
        refundAmount: made.reduce((sum, m) => sum + m.refund.amount, 0),
      },
    });
    const withdrawn = await settleToEntitlements(tx, user.id, now);
    // The member is told what the refund took away: an event committed with it (the dispatcher's bell and e-mail).
    const told = await writeWithdrawnBenefits(tx, user.id, withdrawn, made[0]!.refund.id);
    return { subscription: toSubscription(current!, now), refunds: processing, told };
  });
  if (result.told) ctx.services.jobs?.wake(EVENT_DISPATCH_JOB);
  return { subscription: result.subscription, refund: result.refunds[0], refunds: result.refunds };
}

/** The user's paid order by our id or Razorpay's payment id. */
async function findPaidOrder(
  db: Executor,
  userId: string,
  paymentId: string,
): Promise<PaymentOrderRow | undefined> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(paymentId);
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.status, 'paid'),
        isUuid
          ? or(eq(paymentOrders.id, paymentId), eq(paymentOrders.razorpayPaymentId, paymentId))
          : eq(paymentOrders.razorpayPaymentId, paymentId),
      ),
    )
    .limit(1);
  return order;
}

/** A refund request within 7 days of a payment: it waits in the admin app's refund queue. */
export async function requestRefund(
  ctx: Pick<Context, 'services'>,
  user: SignedInUser,
  input: RefundRequestInput,
  now = new Date(),
): Promise<{ refundRequest: Refund }> {
  const db = ctx.services.database.db;
  const order = await findPaidOrder(db, user.id, input.paymentId);
  if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.paymentNotFound });
  if (!order.paidAt || now.getTime() - order.paidAt.getTime() > REFUND_REQUEST_DAYS * DAY_MS) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.refundWindowPassed });
  }
  const [row] = await db
    .insert(refunds)
    .values({ userId: user.id, orderId: order.id, amount: order.amount, reason: input.reason })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.refundAlreadyRequested });
  ctx.services.logger.info({ refundId: row.id, orderId: order.razorpayOrderId }, 'refund requested');
  return { refundRequest: toRefund(row, order) };
}

/** The member's refunds, newest first. */
export async function myRefunds(db: Executor, userId: string): Promise<Refund[]> {
  const rows = await db
    .select({ refund: refunds, orderId: paymentOrders.id })
    .from(refunds)
    .innerJoin(paymentOrders, eq(paymentOrders.id, refunds.orderId))
    .where(eq(refunds.userId, userId))
    .orderBy(desc(refunds.createdAt))
    .limit(50);
  return rows.map((r) => toRefund(r.refund, { id: r.orderId }));
}

/** The admin app's refund queue (requested first, oldest first) or refunds in one state. */
export async function adminRefunds(db: Executor, status: RefundStatus | undefined) {
  const rows = await db
    .select({ refund: refunds, order: paymentOrders, user: users })
    .from(refunds)
    .innerJoin(paymentOrders, eq(paymentOrders.id, refunds.orderId))
    .innerJoin(users, eq(users.id, refunds.userId))
    .where(status ? eq(refunds.status, status) : undefined)
    .orderBy(sql`${refunds.status} = 'requested' desc`, refunds.createdAt)
    .limit(100);
  return rows.map((r) => ({
    ...toRefund(r.refund, r.order),
    userId: r.user.id,
    userEmail: r.user.email,
    userName: displayName(r.user),
    planName: findPlan(r.order.planId)?.name ?? r.order.planId,
    paidAt: r.order.paidAt ? r.order.paidAt.toISOString() : null,
  }));
}

/** An admin approves (refund through Razorpay) or rejects a requested refund; audit-logged. */
export async function decideRefund(
  ctx: Pick<Context, 'services'>,
  admin: SignedInUser,
  input: { id: string; approve: boolean; reason?: string | undefined },
  now = new Date(),
): Promise<{ refund: Refund }> {
  const db = ctx.services.database.db;
  // Claim the request first (requested → processing with no Razorpay id yet), so two admins cannot both refund.
  const [claimed] = await db
    .update(refunds)
    .set({
      status: input.approve ? 'processing' : 'rejected',
      decidedBy: admin.id,
      decidedAt: now,
      updatedAt: now,
    })
    .where(and(eq(refunds.id, input.id), eq(refunds.status, 'requested')))
    .returning();
  if (!claimed) {
    const [exists] = await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.id, input.id));
    throw exists
      ? new TRPCError({ code: 'CONFLICT', message: MESSAGES.refundNotPending })
      : new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.refundNotFound });
  }
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, claimed.orderId));
  if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.paymentNotFound });
  let final = claimed;
  if (input.approve) {
    try {
      const made = await refundThroughRazorpay(ctx, order, claimed.id);
      [final = claimed] = await db
        .update(refunds)
        .set({ razorpayRefundId: made.id, updatedAt: now })
        .where(eq(refunds.id, claimed.id))
        .returning();
    } catch (error) {
      // Back in the queue: nothing was refunded.
      await db
        .update(refunds)
        .set({ status: 'requested', decidedBy: null, decidedAt: null })
        .where(eq(refunds.id, claimed.id));
      throw error;
    }
  }
  // A refunded payment takes back what it bought (reversal.ts), and what the plan no longer allows ends with it.
  const told = await db.transaction(async (tx) => {
    const reverted = input.approve
      ? await revertRefundedPayments(tx, claimed.userId, [order], { now, cancel: false })
      : null;
    await writeAudit(tx, {
      actorId: admin.id,
      action: 'refund',
      targetType: 'user',
      targetId: claimed.userId,
      before: { refundId: claimed.id, status: 'requested', ...(reverted ? auditState(reverted.before) : {}) },
      after: {
        refundId: claimed.id,
        status: final.status,
        amount: final.amount,
        ...(reverted ? auditState(reverted.after) : {}),
      },
      reason: input.reason ?? null,
    });
    if (!reverted) return false;
    const withdrawn = await settleToEntitlements(tx, claimed.userId, now);
    return writeWithdrawnBenefits(tx, claimed.userId, withdrawn, claimed.id);
  });
  if (told) ctx.services.jobs?.wake(EVENT_DISPATCH_JOB);
  return { refund: toRefund(final, order) };
}

/**
 * Razorpay's refund.processed / refund.failed webhook for a refund we made; the caller applies each event once
 * (payment_events). Only a refund still processing changes, so a late or repeated event leaves it as it is.
 */
export async function applyRefundEvent(
  tx: Executor,
  razorpayRefundId: string,
  outcome: 'processed' | 'failed',
  now = new Date(),
): Promise<boolean> {
  const updated = await tx
    .update(refunds)
    .set({
      status: outcome,
      processedAt: outcome === 'processed' ? now : null,
      failureReason: outcome === 'failed' ? 'Razorpay reported the refund failed' : null,
      updatedAt: now,
    })
    .where(and(eq(refunds.razorpayRefundId, razorpayRefundId), eq(refunds.status, 'processing')))
    .returning();
  const [refund] = updated;
  // A refund made gets its credit note, in the same transaction.
  if (refund && outcome === 'processed') await issueCreditNote(tx, refund, now);
  return refund !== undefined;
}
