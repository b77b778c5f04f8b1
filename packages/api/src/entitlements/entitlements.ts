import {
  FREE_PLAN,
  findPlan,
  kolkataMonth,
  MATCHING,
  PLAN_IDS,
  type PlanId,
  type PlanTerms,
  planTerms,
  seesAllMatches,
} from '@barterads/core';
import { deals, type Executor, listingFeaturings, listings, lockUsers, subscriptions } from '@barterads/db';
import { and, asc, desc, eq, gt, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

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

/**
 * A condition on a member's id (a column, or raw SQL such as an alias's column): they pay at `at` for a plan whose
 * entitlements pass `test`. For queries over many members (the daily match e-mail).
 */
export function onPlanWhere(
  userId: SQLWrapper,
  test: (entitlements: Entitlements) => boolean,
  at?: Date,
): SQL {
  return sql`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${userId} and ${runningPlan(at)} and ${inArray(subscriptions.planId, plansWhere(test))})`;
}

/** The plan the member pays for at `at` (default now: an active subscription not past its end), or null. */
export async function currentPlanId(db: Executor, userId: string, at?: Date): Promise<PlanId | null> {
  const [row] = await db
    .select({ planId: subscriptions.planId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), runningPlan(at)))
    .limit(1);
  return row?.planId ?? null;
}

/** What the member's plan (or the free tier) allows now, or at `at`. */
export async function entitlementsOf(db: Executor, userId: string, at?: Date): Promise<Entitlements> {
  return entitlementsFor(await currentPlanId(db, userId, at));
}

export interface WithdrawnBenefits {
  /** Listings that lost their feature. */
  unfeatured: { id: string; title: string }[];
  /** Active listings archived to fit the allowance, newest first. */
  archived: { id: string; title: string }[];
}

/**
 * After a plan ended early or shrank (a refund), brings what the member uses within what the plan allows at
 * `now`: featured listings beyond the plan's featured allowance lose the feature, the most recently featured
 * first (every one of them on a plan without featuring), and their featurings no longer count this month; active
 * listings over the plan's allowance are archived, newest first, without an admin's reason, so the member can
 * restore the ones they would rather keep from My Listings (restoring checks the allowance: archive another
 * first). Runs in the caller's transaction, under the lock on the member's row that posting, restoring and
 * featuring take, so none of them can slip past it.
 */
export async function settleToEntitlements(
  tx: Executor,
  userId: string,
  now = new Date(),
): Promise<WithdrawnBenefits> {
  await lockUsers(tx, [userId]);
  const plan = await entitlementsOf(tx, userId, now);
  const featured = await tx
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(and(eq(listings.ownerId, userId), gt(listings.featuredUntil, now)))
    .orderBy(asc(listings.featuredUntil), asc(listings.id));
  // The earliest featured keep it while the allowance lasts; the later ones lose it.
  const unfeatured = featured.slice(plan.featuredPerMonth);
  if (unfeatured.length > 0) {
    const ids = unfeatured.map((listing) => listing.id);
    await tx.update(listings).set({ featuredUntil: now }).where(inArray(listings.id, ids));
    await tx
      .delete(listingFeaturings)
      .where(and(inArray(listingFeaturings.listingId, ids), gt(listingFeaturings.featuredUntil, now)));
  }
  let archived: WithdrawnBenefits['archived'] = [];
  if (plan.activeListingLimit !== null) {
    const active = await tx
      .select({ id: listings.id, title: listings.title })
      .from(listings)
      .where(and(eq(listings.ownerId, userId), eq(listings.status, 'active')))
      .orderBy(desc(listings.createdAt), desc(listings.id));
    archived = active.slice(0, Math.max(0, active.length - plan.activeListingLimit));
    if (archived.length > 0) {
      await tx
        .update(listings)
        .set({ status: 'archived', archivedAt: now, archivedReason: null })
        .where(
          inArray(
            listings.id,
            archived.map((listing) => listing.id),
          ),
        );
    }
  }
  return { unfeatured, archived };
}

export interface DealsLeft {
  /** Deals left this month (null: no limit). */
  left: number | null;
  commissionBp: number;
  plan: string;
}

/**
 * Many members' deal allowance at `at` in two queries (their running plans, their accepted deals in the
 * Asia/Kolkata month): what the circle search asks for every member of every circle it finds.
 */
export async function dealsLeftFor(
  db: Executor,
  userIds: readonly string[],
  at = new Date(),
): Promise<Map<string, DealsLeft>> {
  const ids = [...new Set(userIds)];
  const result = new Map<string, DealsLeft>();
  if (ids.length === 0) return result;
  const month = kolkataMonth(at);
  const [plans, used] = await Promise.all([
    db
      .select({ userId: subscriptions.userId, planId: subscriptions.planId })
      .from(subscriptions)
      .where(and(inArray(subscriptions.userId, ids), runningPlan(at))),
    db
      .select({ userId: sql<string>`m.user_id`, n: sql<number>`count(*)::int` })
      .from(
        sql`(select ${deals.proposerId} as user_id from ${deals}
               where ${inArray(deals.proposerId, ids)} and ${deals.acceptedAt} >= ${month.start.toISOString()}::timestamptz
                 and ${deals.acceptedAt} < ${month.next.toISOString()}::timestamptz
             union all
             select ${deals.counterpartyId} from ${deals}
               where ${inArray(deals.counterpartyId, ids)} and ${deals.acceptedAt} >= ${month.start.toISOString()}::timestamptz
                 and ${deals.acceptedAt} < ${month.next.toISOString()}::timestamptz) m`,
      )
      .groupBy(sql`m.user_id`),
  ]);
  const planOf = new Map(plans.map((p) => [p.userId, p.planId]));
  const usedOf = new Map(used.map((u) => [u.userId, u.n]));
  for (const id of ids) {
    const e = entitlementsFor(planOf.get(id) ?? null);
    const n = usedOf.get(id) ?? 0;
    result.set(id, {
      left: e.dealsPerMonth === null ? null : Math.max(0, e.dealsPerMonth - n),
      commissionBp: e.commissionBp,
      plan: e.name,
    });
  }
  return result;
}
