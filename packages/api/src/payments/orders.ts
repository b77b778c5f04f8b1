import { randomBytes } from 'node:crypto';
import {
  type BillingPeriod,
  CURRENCY,
  chargeAmount,
  findPlan,
  MESSAGES,
  type Plan,
  planForAmount,
} from '@barterads/core';
import { paymentOrders } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import type { Context, SignedInUser } from '../context';
import { GatewayError, paymentGateway, type RazorpayConfig } from './gateway';
import type { CreateOrderInput } from './schemas';

/** The Razorpay settings, or 503 'Payments are not configured'. */
export function requireRazorpay(ctx: Pick<Context, 'services'>): RazorpayConfig {
  const config = ctx.services.config.razorpay;
  if (!config) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.paymentsNotConfigured });
  return config;
}

/** The plan and period the request asks for; the amount is always the catalogue's, never the client's. */
export function resolvePurchase(input: CreateOrderInput): {
  plan: Plan;
  period: BillingPeriod;
  amount: number;
} {
  if (input.planId !== undefined) {
    const plan = findPlan(input.planId);
    if (!plan) throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.amountNotInCatalogue });
    const period = input.period ?? 'monthly';
    const amount = chargeAmount(plan, period);
    if (input.amount !== undefined && input.amount !== amount) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.planAmountMismatch });
    }
    return { plan, period, amount };
  }
  const match = input.amount === undefined ? undefined : planForAmount(input.amount);
  if (!match) throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.amountNotInCatalogue });
  if (input.period !== undefined && input.period !== match.period) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.planAmountMismatch });
  }
  return { plan: match.plan, period: match.period, amount: chargeAmount(match.plan, match.period) };
}

/** Creates a Razorpay order for a catalogue plan and stores it (user, plan, period, amount, receipt) first. */
export async function createOrder(
  ctx: Pick<Context, 'services' | 'meta'>,
  user: SignedInUser,
  input: CreateOrderInput,
): Promise<{ success: true; order: { id: string; amount: number; currency: string } }> {
  const purchase = resolvePurchase(input);
  const config = requireRazorpay(ctx);
  // Razorpay receipts are at most 40 characters.
  const receipt = `rcpt_${randomBytes(16).toString('hex')}`;
  let order: Awaited<ReturnType<ReturnType<typeof paymentGateway>['createOrder']>>;
  try {
    order = await paymentGateway(config).createOrder({
      amount: purchase.amount,
      currency: CURRENCY,
      receipt,
      notes: { userId: user.id, planId: purchase.plan.id, period: purchase.period },
    });
  } catch (error) {
    ctx.services.logger.warn(
      {
        err: error instanceof GatewayError ? error.message : String(error),
        status: (error as GatewayError).status,
      },
      'razorpay order creation failed',
    );
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.paymentServiceDown });
  }
  if (order.amount !== purchase.amount || order.currency !== CURRENCY) {
    ctx.services.logger.error(
      { orderId: order.id, expected: purchase.amount, got: order.amount },
      'razorpay order has a different amount',
    );
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.orderCreationFailed });
  }
  await ctx.services.database.db.insert(paymentOrders).values({
    userId: user.id,
    razorpayOrderId: order.id,
    receipt,
    planId: purchase.plan.id,
    period: purchase.period,
    amount: purchase.amount,
    currency: CURRENCY,
  });
  ctx.services.logger.info(
    { orderId: order.id, planId: purchase.plan.id, period: purchase.period, amount: purchase.amount },
    'payment order created',
  );
  return { success: true, order: { id: order.id, amount: order.amount, currency: order.currency } };
}
