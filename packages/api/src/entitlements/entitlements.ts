import {
  FREE_PLAN,
  findPlan,
  MATCHING,
  PLAN_IDS,
  type PlanId,
  type PlanTerms,
  planTerms,
  seesAllMatches,
} from '@barterads/core';
import { type Executor, subscriptions } from '@barterads/db';
import { and, eq, gt, sql } from 'drizzle-orm';

/**
 * Plan entitlements in one home: which plan a member has now and what it allows (active listings, deals a month
 * and commission, featured listings, API access, matches, an account manager). Every domain asks here; the
 * catalogue itself (prices and terms) is `packages/core/src/plans.ts`, which the pricing page reads too.
 */
export interface Entitlements extends PlanTerms {
  /** The plan paid for now, or null for the free tier. */
  planId: PlanId | null;
  /** Every match of a listing, and the daily match e-mail ('AI matching'); else the top few. */
  seesAllMatches: boolean;
  /** Matches shown per listing (null: all of them). */
  matchesPerListing: number | null;
}

/** What `planId` (or the free tier, for null) allows: pure, for a plan already known. */
export function entitlementsFor(planId: PlanId | null | undefined): Entitlements {
  const plan = planId ? findPlan(planId) : undefined;
  const terms = planTerms(plan?.id);
  const all = seesAllMatches(plan?.id);
  return {
    ...terms,
    planId: plan?.id ?? null,
    seesAllMatches: all,
    matchesPerListing: all ? null : plan ? MATCHING.freeVisible : FREE_PLAN.matchesPerListing,
  };
}

/** The plans whose entitlements pass `test`, for queries over many members (the match digest, account managers). */
export function plansWhere(test: (entitlements: Entitlements) => boolean): PlanId[] {
  return PLAN_IDS.filter((id) => test(entitlementsFor(id)));
}

/** A subscription row that runs at `at` (default: the database's now): active and not past its end. */
export function runningPlan(at?: Date) {
  return and(eq(subscriptions.status, 'active'), gt(subscriptions.currentPeriodEnd, at ?? sql`now()`));
}

/** The plan the member pays for now (an active subscription whose period has not ended), or null. */
export async function currentPlanId(db: Executor, userId: string): Promise<PlanId | null> {
  const [row] = await db
    .select({ planId: subscriptions.planId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), runningPlan()))
    .limit(1);
  return row?.planId ?? null;
}

/** What the member's plan (or the free tier) allows now. */
export async function entitlementsOf(db: Executor, userId: string): Promise<Entitlements> {
  return entitlementsFor(await currentPlanId(db, userId));
}
