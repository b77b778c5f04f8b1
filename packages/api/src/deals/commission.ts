import { randomBytes } from 'node:crypto';
import { CURRENCY, commissionOverdueMessage, DEAL_MESSAGES, MESSAGES } from '@barterads/core';
import { type Database, dealCommissionOrders, deals, type Executor } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Context, SignedInUser } from '../context';
import { requireDealAction } from '../lifecycle/transition';
import { GatewayError, paymentGateway } from '../payments/gateway';
import { issueCommissionInvoice } from '../payments/invoices';
import { requireRazorpay } from '../payments/orders';
import { isValidCheckoutSignature } from '../payments/signatures';
import type { SellerConfig } from '../services';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days after acceptance a party has to pay its commission before it cannot start new deals. */
export const COMMISSION_GRACE_DAYS = 7;

/** The party's side of an accepted deal: what it owes and whether it is paid. */
function sideOf(
  row: typeof deals.$inferSelect,
  userId: string,
): { amountInr: number; paid: boolean; column: 'proposer' | 'counterparty' } | null {
  if (row.acceptedAt === null) return null;
  if (row.proposerId === userId) {
    return {
      amountInr: row.proposerCommissionInr ?? 0,
      paid: row.proposerCommissionPaid,
      column: 'proposer',
    };
  }
  if (row.counterpartyId === userId) {
    return {
      amountInr: row.counterpartyCommissionInr ?? 0,
      paid: row.counterpartyCommissionPaid,
      column: 'counterparty',
    };
  }
  return null;
}

/**
 * Creates the Razorpay order for the caller's commission on an accepted deal: the amount is the commission fixed
 * at acceptance (never the client's), stored before it is returned. 404 for a non-party, 409 before acceptance,
 * when nothing is owed or when it is paid.
 */
export async function createCommissionOrder(
  ctx: Pick<Context, 'services'>,
  user: SignedInUser,
  dealId: string,
): Promise<{ success: true; order: { id: string; amount: number; currency: string } }> {
  const db = ctx.services.database.db;
  const [row] = await db.select().from(deals).where(eq(deals.id, dealId)).limit(1);
  if (!row || (row.proposerId !== user.id && row.counterpartyId !== user.id)) {
    throw new TRPCError({ code: 'NOT_FOUND', message: DEAL_MESSAGES.notFound });
  }
  requireDealAction(row, user, 'pay_commission', new Date());
  const side = sideOf(row, user.id);
  if (!side) throw new TRPCError({ code: 'CONFLICT', message: DEAL_MESSAGES.commissionBeforeAcceptance });
  const config = requireRazorpay(ctx);
  const amount = side.amountInr * 100;
  const receipt = `dcom_${randomBytes(16).toString('hex')}`;
  let order: { id: string; amount: number; currency: string };
  try {
    order = await paymentGateway(config).createOrder({
      amount,
      currency: CURRENCY,
      receipt,
      notes: { userId: user.id, dealId, kind: 'deal_commission' },
    });
  } catch (error) {
    ctx.services.logger.warn(
      { err: error instanceof GatewayError ? error.message : String(error) },
      'razorpay commission order creation failed',
    );
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.paymentServiceDown });
  }
  if (order.amount !== amount || order.currency !== CURRENCY) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.orderCreationFailed });
  }
  await db.insert(dealCommissionOrders).values({
    dealId,
    userId: user.id,
    razorpayOrderId: order.id,
    receipt,
    amountPaise: amount,
  });
  ctx.services.logger.info({ orderId: order.id, dealId, amount }, 'commission order created');
  return { success: true, order: { id: order.id, amount: order.amount, currency: order.currency } };
}

export type CommissionOutcome = 'paid' | 'already-paid' | 'unknown-order' | 'amount-mismatch';

/**
 * Marks a commission order paid, its party's commission on the deal paid and its tax invoice issued, once (the order's row locked, then
 * the deal's). Called by checkout's verification and by the payments webhook.
 */
export async function payCommissionOrder(
  tx: Executor,
  seller: SellerConfig,
  razorpayOrderId: string,
  razorpayPaymentId: string,
  paidAmount: number | undefined,
): Promise<CommissionOutcome> {
  const [order] = await tx
    .select()
    .from(dealCommissionOrders)
    .where(eq(dealCommissionOrders.razorpayOrderId, razorpayOrderId))
    .for('update');
  if (!order) return 'unknown-order';
  if (order.status === 'paid') return 'already-paid';
  if (paidAmount !== undefined && paidAmount !== order.amountPaise) return 'amount-mismatch';
  const [deal] = await tx.select().from(deals).where(eq(deals.id, order.dealId)).for('update');
  if (!deal) return 'unknown-order';
  await tx
    .update(dealCommissionOrders)
    .set({ status: 'paid', razorpayPaymentId, paidAt: new Date() })
    .where(eq(dealCommissionOrders.id, order.id));
  const side = sideOf(deal, order.userId);
  if (side?.column === 'proposer') {
    await tx.update(deals).set({ proposerCommissionPaid: true }).where(eq(deals.id, deal.id));
  } else if (side?.column === 'counterparty') {
    await tx.update(deals).set({ counterpartyCommissionPaid: true }).where(eq(deals.id, deal.id));
  }
  // Every payment has its GST invoice, numbered in this transaction (gapless with the plan invoices).
  await issueCommissionInvoice(tx, seller, order, deal.number);
  return 'paid';
}

/** Checkout's success answer for a commission order: the signature checked with the key secret, then paid once. */
export async function verifyCommissionPayment(
  ctx: Pick<Context, 'services'>,
  user: SignedInUser,
  input: { id: string; razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
): Promise<void> {
  const config = requireRazorpay(ctx);
  const db: Database = ctx.services.database.db;
  const [order] = await db
    .select()
    .from(dealCommissionOrders)
    .where(
      and(
        eq(dealCommissionOrders.razorpayOrderId, input.razorpay_order_id),
        eq(dealCommissionOrders.userId, user.id),
        eq(dealCommissionOrders.dealId, input.id),
      ),
    )
    .limit(1);
  if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.paymentOrderNotFound });
  if (
    !isValidCheckoutSignature(
      config.keySecret,
      order.razorpayOrderId,
      input.razorpay_payment_id,
      input.razorpay_signature,
    )
  ) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.paymentSignatureInvalid });
  }
  const outcome = await db.transaction((tx) =>
    payCommissionOrder(
      tx,
      ctx.services.config.seller,
      order.razorpayOrderId,
      input.razorpay_payment_id,
      undefined,
    ),
  );
  if (outcome !== 'paid' && outcome !== 'already-paid') {
    throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.paymentAmountMismatch });
  }
}

/** 403 when the party owes a commission unpaid more than 7 days after its deal's acceptance. */
export async function requireNoOverdueCommission(db: Executor, userId: string, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - COMMISSION_GRACE_DAYS * DAY_MS);
  const [overdue] = await db
    .select({ number: deals.number })
    .from(deals)
    .where(
      and(
        isNotNull(deals.acceptedAt),
        lt(deals.acceptedAt, cutoff),
        or(
          and(
            eq(deals.proposerId, userId),
            eq(deals.proposerCommissionPaid, false),
            sql`${deals.proposerCommissionInr} > 0`,
          ),
          and(
            eq(deals.counterpartyId, userId),
            eq(deals.counterpartyCommissionPaid, false),
            sql`${deals.counterpartyCommissionInr} > 0`,
          ),
        ),
      ),
    )
    .limit(1);
  if (overdue) {
    throw new TRPCError({ code: 'FORBIDDEN', message: commissionOverdueMessage(overdue.number ?? '') });
  }
}
