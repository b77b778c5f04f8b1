import { kolkataMonth, MESSAGES } from '@barterads/core';
import { type Database, type Executor, listingFeaturings, listings, lockUsers } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, count, eq, gte } from 'drizzle-orm';
import { entitlementsOf } from '../entitlements/entitlements';
import { getListing } from './listings';
import type { ListingOutput } from './schemas';

/** How long a featuring lasts. */
export const FEATURED_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** How many listings the user featured in the Asia/Kolkata month of `now`. */
export async function featuredThisMonth(db: Executor, userId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listingFeaturings)
    .where(
      and(eq(listingFeaturings.userId, userId), gte(listingFeaturings.createdAt, kolkataMonth(now).start)),
    );
  return row?.n ?? 0;
}

/**
 * The owner features one of their active listings for 7 days, within the plan's featured listings a month
 * (Asia/Kolkata). The count and the insert run under a lock on the owner's row (as posting and deal acceptance
 * do), so simultaneous calls are counted one after the other and never exceed the allowance.
 */
export async function featureListing(
  db: Database,
  userId: string,
  id: string,
  now = new Date(),
): Promise<ListingOutput> {
  await db.transaction(async (tx) => {
    await lockUsers(tx, [userId]);
    const [row] = await tx
      .select({ ownerId: listings.ownerId, status: listings.status, featuredUntil: listings.featuredUntil })
      .from(listings)
      .where(eq(listings.id, id))
      .limit(1);
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.listingNotFound });
    if (row.ownerId !== userId) throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.listingNotOwner });
    if (row.status !== 'active')
      throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.featuredNotActive });
    if (row.featuredUntil && row.featuredUntil > now) {
      throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.featuredAlready });
    }
    const limit = (await entitlementsOf(tx, userId)).featuredPerMonth;
    if (limit === 0) throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.featuredNotInPlan });
    if ((await featuredThisMonth(tx, userId, now)) >= limit) {
      throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.featuredLimitReached });
    }
    const until = new Date(now.getTime() + FEATURED_DAYS * DAY_MS);
    await tx
      .insert(listingFeaturings)
      .values({ userId, listingId: id, featuredUntil: until, createdAt: now });
    await tx.update(listings).set({ featuredUntil: until }).where(eq(listings.id, id));
  });
  return getListing(db, id);
}
