import { findPlan, kolkataDate, kolkataMonth, MESSAGES, quotePlanChange } from '@barterads/core';
import type { Executor } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import type { Context, SignedInUser } from '../context';
import { dealAllowanceOf } from '../deals/deals';
import { entitlementsOf } from '../entitlements/entitlements';
import { featuredThisMonth } from '../listings/featuring';
import { listingAllowance } from '../listings/listings';
import { placeOrder, requireRazorpay } from './orders';
import type { Allowance, ChangePlanInput, PlanQuote, Subscription } from './schemas';
import { currentPeriodOf, findSubscription, toSubscription } from './subscriptions';

/** What the account's plan (or the free tier) allows and how much of it is used this month. */
export async function allowanceOf(db: Executor, userId: string, now = new Date()): Promise<Allowance> {
  const month = kolkataMonth(now);
  const [terms, listings, deals, featured] = await Promise.all([
    entitlementsOf(db, userId),
    listingAllowance(db, userId),
    dealAllowanceOf(db, userId, now),
    featuredThisMonth(db, userId, now),
  ]);
  return {
    plan: terms.name,
    activeListings: listings.activeListings,
    activeListingLimit: listings.limit,
    dealsThisMonth: deals.dealsThisMonth,
    dealLimit: deals.dealLimit,
    featuredThisMonth: featured,
    featuredLimit: terms.featuredPerMonth,
    resetsOn: kolkataDate(month.next),
    apiAccess: terms.apiAccess,
  };
}

export async function subscriptionWithAllowance(
  db: Executor,
  userId: string,
): Promise<{ subscription: Subscription | null; allowance: Allowance }> {
  const [row, allowance] = await Promise.all([findSubscription(db, userId), allowanceOf(db, userId)]);
  return { subscription: row ? toSubscription(row) : null, allowance };
}

/**
 * Change-plan: the server's quote (see quotePlanChange) and, when `preview` is false, the Razorpay order for
 * exactly that amount. Paying it applies the change (subscriptions.activatePaidOrder): an upgrade at once, a
 * downgrade or period change when the current period ends (the plan-periods job).
 */
export async function changePlan(
  ctx: Pick<Context, 'services'>,
  user: SignedInUser,
  input: ChangePlanInput,
  now = new Date(),
): Promise<{
  quote: PlanQuote;
  success?: true;
  order?: { id: string; amount: number; currency: string };
}> {
  const plan = findPlan(input.planId);
  if (!plan) throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.amountNotInCatalogue });
  const row = await findSubscription(ctx.services.database.db, user.id);
  const current = currentPeriodOf(row, now);
  if (current && row?.scheduledPlanId) {
    throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.planChangeAlreadyScheduled });
  }
  const quote = quotePlanChange(current, { planId: plan.id, period: input.period }, now);
  if (quote === 'not-yet') throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.renewalNotYet });
  const fromPlan = current ? findPlan(current.planId) : undefined;
  const answer: PlanQuote = {
    kind: quote.kind,
    fromPlanId: fromPlan?.id ?? null,
    fromPlanName: fromPlan?.name ?? null,
    planId: plan.id,
    planName: plan.name,
    period: input.period,
    amount: quote.amount,
    credit: quote.credit,
    appliesAt: quote.appliesAt.toISOString(),
    payableFrom: quote.payableFrom.toISOString(),
  };
  if (input.preview !== false) {
    requireRazorpay(ctx);
    return { quote: answer };
  }
  if (quote.payableFrom.getTime() > now.getTime()) {
    throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.scheduledChangeNotYet });
  }
  const placed = await placeOrder(ctx, user, {
    plan,
    period: input.period,
    amount: quote.amount,
    changeKind: quote.kind,
    credit: quote.credit,
  });
  return { quote: answer, ...placed };
}
