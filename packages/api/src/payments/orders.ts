import { randomBytes } from 'node:crypto';
import {
  type BillingPeriod,
  CURRENCY,
  chargeAmount,
  findPlan,
  MESSAGES,
  type Plan,
  type PlanChangeKind,
  planForAmount,
  quotePlanChange,
} from '@barterads/core';
import { paymentOrders } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import type { Context, SignedInUser } from '../context';
import { GatewayError, paymentGateway, type RazorpayConfig } from './gateway';
import type { CreateOrderInput } from './schemas';
import { currentPeriodOf, findSubscription } from './subscriptions';

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

export interface OrderToPlace {
  plan: Plan;
  period: BillingPeriod;
  /** Paise, computed on the server (the catalogue's price, or a plan change's quote). */
  amount: number;
  changeKind: PlanChangeKind;
  credit: number;
}

export type PlacedOrder = { success: true; order: { id: string; amount: number; currency: string } };

/**
 * Creates a Razorpay order for a catalogue plan. Without a running plan it is a purchase; with one, only its
 * renewal (in the period's last 7 days) goes this way: any other change needs change-plan's quote first.
 */
export async function createOrder(
  ctx: Pick<Context, 'services' | 'meta'>,
  user: SignedInUser,
  input: CreateOrderInput,
): Promise<PlacedOrder> {
  const purchase = resolvePurchase(input);
  requireRazorpay(ctx);
  const current = await findSubscription(ctx.services.database.db, user.id);
  const quote = quotePlanChange(
    currentPeriodOf(current),
    { planId: purchase.plan.id, period: purchase.period },
    new Date(),
  );
  if (quote === 'not-yet') throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.renewalNotYet });
  if (quote.kind !== 'purchase' && quote.kind !== 'renewal') {
    throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.planChangeNeedsQuote });
  }
  return placeOrder(ctx, user, { ...purchase, changeKind: quote.kind, credit: 0 });
}

/** Creates the Razorpay order and stores it (user, plan, period, amount, what it does, receipt) first. */
export async function placeOrder(
  ctx: Pick<Context, 'services'>,
  user: SignedInUser,
  purchase: OrderToPlace,
): Promise<PlacedOrder> {
  const config = requireRazorpay(ctx);
  // Razorpay receipts are at most 40 characters.
  const receipt = `rcpt_${randomBytes(16).toString('hex')}`;
  let order: Awaited<ReturnType<ReturnType<typeof paymentGateway>['createOrder']>>;
  try {
    order = await paymentGateway(config).createOrder({
      amount: purchase.amount,
      currency: CURRENCY,
      receipt,
      notes: {
        userId: user.id,
        planId: purchase.plan.id,
        period: purchase.period,
        change: purchase.changeKind,
      },
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
    changeKind: purchase.changeKind,
    credit: purchase.credit,
  });
  ctx.services.logger.info(
    {
      orderId: order.id,
      planId: purchase.plan.id,
      period: purchase.period,
      amount: purchase.amount,
      change: purchase.changeKind,
    },
    'payment order created',
  );
  return { success: true, order: { id: order.id, amount: order.amount, currency: order.currency } };
}
