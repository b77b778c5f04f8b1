import { MESSAGES } from '@barterads/core';
import { paymentOrders } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import type { Context, SignedInUser } from '../context';
import { requireRazorpay } from './orders';
import type { Subscription, VerifyPaymentInput } from './schemas';
import { isValidCheckoutSignature } from './signatures';
import { activatePaidOrder, toSubscription } from './subscriptions';

/**
 * Checkout's success response: the signature is checked against the stored order with the key secret,
 * and only then is the subscription activated (once, however often this is called).
 */
export async function verifyPayment(
  ctx: Pick<Context, 'services'>,
  user: SignedInUser,
  input: VerifyPaymentInput,
): Promise<{ success: true; subscription: Subscription }> {
  const config = requireRazorpay(ctx);
  const db = ctx.services.database.db;
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.razorpayOrderId, input.razorpay_order_id), eq(paymentOrders.userId, user.id)))
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
    ctx.services.logger.warn({ orderId: order.razorpayOrderId }, 'payment signature refused');
    throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.paymentSignatureInvalid });
  }
  const outcome = await db.transaction((tx) =>
    activatePaidOrder(
      tx,
      order.razorpayOrderId,
      input.razorpay_payment_id,
      undefined,
      ctx.services.config.seller,
    ),
  );
  if (outcome.kind !== 'activated' && outcome.kind !== 'already-paid') {
    throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.paymentAmountMismatch });
  }
  if (outcome.kind === 'activated') {
    ctx.services.logger.info({ orderId: order.razorpayOrderId, via: 'verify' }, 'subscription activated');
  }
  return { success: true, subscription: toSubscription(outcome.subscription) };
}
