import { LIMITS, MESSAGES, type MediaCategoryId } from '@barterads/core';
import { inventoryIssues, type ListingUnit } from '@barterads/core/inventory';
import {
  type Database,
  type Executor,
  type ListingRow,
  listingEvents,
  listings,
  lockUsers,
  type UserRow,
  users,
} from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { entitlementsOf } from '../entitlements/entitlements';
import {
  type CreateListingInput,
  type ListingOutput,
  localVersionIssues,
  type MyListingOutput,
  type UpdateListingInput,
} from './schemas';
import { isFeatured, listingColumns, newestFirst, toListingOutput } from './search';

/** One listing with its owner's name, or 404. */
export async function getListing(db: Executor, id: string): Promise<ListingOutput> {
  const [row] = await db
    .select(listingColumns)
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .where(eq(listings.id, id))
    .limit(1);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.listingNotFound });
  return toListingOutput(row);
}

/**
 * A listing as its public page shows it: active or archived (the page says so), 404 when unknown or while its
 * owner is suspended.
 */
export async function getPublicListing(db: Executor, id: string): Promise<ListingOutput> {
  const [row] = await db
    .select(listingColumns)
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .where(and(eq(listings.id, id), eq(users.status, 'active')))
    .limit(1);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.listingNotFound });
  return toListingOutput(row);
}

/**
 * Takes the lock on the owner's row that every change of their active-listing count holds, then checks that
 * one more active listing stays within the plan's allowance (403 otherwise). Call inside a transaction.
 */
async function lockAllowance(tx: Executor, ownerId: string): Promise<void> {
  await lockUsers(tx, [ownerId]);
  await checkAllowance(tx, ownerId);
}

/** 403 when the owner's active listings already fill the plan's allowance (the caller holds the lock). */
async function checkAllowance(tx: Executor, ownerId: string): Promise<void> {
  const limit = (await entitlementsOf(tx, ownerId)).activeListingLimit;
  if (limit === null) return;
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(and(eq(listings.ownerId, ownerId), eq(listings.status, 'active')));
  if ((counted?.n ?? 0) >= limit) {
    throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.listingLimitReached });
  }
}

/**
 * Publishes a listing for `owner`. The owner type comes from the owner's business type; rating and verified
 * take their defaults. The plan's active-listing allowance is checked under a lock on the owner's row, so
 * parallel posts cannot overshoot it.
 */
export async function createListing(
  db: Database,
  owner: UserRow,
  input: CreateListingInput,
): Promise<ListingOutput> {
  const id = await db.transaction(async (tx) => {
    await lockAllowance(tx, owner.id);
    const [row] = await tx
      .insert(listings)
      .values({
        ownerId: owner.id,
        ownerType: owner.userType,
        title: input.title,
        description: input.description,
        location: input.location,
        category: input.category ?? null,
        image: input.image ?? null,
        seeking: input.seeking ?? null,
        contactPhone: input.contactPhone ?? null,
        unit: input.unit ?? null,
        rateInr: input.rateInr ?? null,
        minUnits: input.minUnits ?? 1,
        availableFrom: input.availableFrom ?? null,
        availableTo: input.availableTo ?? null,
        city: input.city ?? null,
        state: input.state ?? null,
        lat: input.lat ?? null,
        lng: input.lng ?? null,
        monthlyReach: input.monthlyReach ?? null,
        attributes: input.attributes ?? {},
        localLanguage: input.localLanguage ?? null,
        localTitle: input.localTitle ?? null,
        localDescription: input.localDescription ?? null,
      })
      .returning({ id: listings.id });
    return row!.id;
  });
  return getListing(db, id);
}

/** Loads a listing for a change by `userId`: 404 when unknown, 403 when someone else's. */
export async function ownListing(db: Executor, userId: string, id: string): Promise<void> {
  const [row] = await db
    .select({ ownerId: listings.ownerId })
    .from(listings)
    .where(eq(listings.id, id))
    .limit(1);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.listingNotFound });
  if (row.ownerId !== userId) throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.listingNotOwner });
}

/**
 * The fields an admin's content check covers (product-spec-2 section 4): title, description (the Hindi or Marathi
 * ones too), photos (the image) and contact. A change to any of them by the owner clears the listing's verified flag.
 */
export const REVIEWED_FIELDS = [
  'title',
  'description',
  'localTitle',
  'localDescription',
  'image',
  'contactPhone',
] as const;

/** The flags to set when `changes` are made to a listing now `current`: unverified and due for review again. */
export function reviewAfterEdit(
  current: Pick<ListingRow, 'verified' | (typeof REVIEWED_FIELDS)[number]>,
  changes: Partial<Record<(typeof REVIEWED_FIELDS)[number], string | null>>,
): { verified: false; needsReview: true } | null {
  if (!current.verified) return null;
  const changed = REVIEWED_FIELDS.some(
    (field) => changes[field] !== undefined && changes[field] !== current[field],
  );
  return changed ? { verified: false, needsReview: true } : null;
}

/**
 * The flags a change of photos sets, as SQL over the row's values before the change: a photo added or removed is
 * always a change of a reviewed field, so the listing is unverified and, when it was verified, due for review.
 */
export const photoChangeReview = {
  verified: false,
  needsReview: sql<boolean>`(${listings.needsReview} or ${listings.verified})`,
};

export async function updateListing(
  db: Database,
  user: UserRow,
  input: UpdateListingInput,
): Promise<ListingOutput> {
  await ownListing(db, user.id, input.id);
  const { id, ...fields } = input;
  const changes: Record<string, unknown> = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  );
  if (changes.minUnits === null) changes.minUnits = 1;
  if (changes.attributes === null) changes.attributes = {};
  if (Object.keys(changes).length > 0) {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(listings).where(eq(listings.id, id)).for('update');
      if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.listingNotFound });
      // The rules across fields hold for the listing as it will be (a new category must fit the attributes).
      const next = { ...current, ...changes } as typeof current;
      // A language without a title is no second version: removing the title removes the version.
      if (!next.localTitle && next.localLanguage) {
        changes.localLanguage = null;
        next.localLanguage = null;
      }
      const local = localVersionIssues(next)[0];
      if (local) throw new TRPCError({ code: 'BAD_REQUEST', message: local.message });
      const issue = inventoryIssues({
        category: next.category as MediaCategoryId | null,
        unit: next.unit as ListingUnit | null,
        rateInr: next.rateInr,
        availableFrom: next.availableFrom,
        availableTo: next.availableTo,
        city: next.city,
        state: next.state,
        lat: next.lat,
        lng: next.lng,
        attributes: next.attributes,
      })[0];
      if (issue) throw new TRPCError({ code: 'BAD_REQUEST', message: issue.message });
      await tx
        .update(listings)
        .set({ ...changes, ...reviewAfterEdit(current, changes) })
        .where(eq(listings.id, id));
    });
  }
  return getListing(db, id);
}

export async function archiveListing(db: Database, user: UserRow, id: string): Promise<ListingOutput> {
  await ownListing(db, user.id, id);
  await db
    .update(listings)
    .set({ status: 'archived', archivedAt: sql`coalesce(${listings.archivedAt}, now())` })
    .where(eq(listings.id, id));
  return getListing(db, id);
}

/**
 * Puts one of the owner's archived listings back on the marketplace, within the plan's active-listing allowance
 * (checked under the same lock as posting). A listing an admin archived stays archived: its owner is told the
 * reason. Restoring an active listing changes nothing.
 */
export async function restoreListing(db: Database, user: UserRow, id: string): Promise<ListingOutput> {
  await ownListing(db, user.id, id);
  await db.transaction(async (tx) => {
    // The allowance's lock first: two restores (or a restore and a post) in parallel count one after the other.
    await lockUsers(tx, [user.id]);
    const [row] = await tx
      .select({ status: listings.status, archivedReason: listings.archivedReason })
      .from(listings)
      .where(eq(listings.id, id))
      .limit(1);
    if (!row || row.status === 'active') return;
    if (row.archivedReason !== null) {
      throw new TRPCError({
        code: 'FORBIDDEN',
        message: `${MESSAGES.listingArchivedByAdmin} Reason: ${row.archivedReason}`,
      });
    }
    await checkAllowance(tx, user.id);
    await tx.update(listings).set({ status: 'active', archivedAt: null }).where(eq(listings.id, id));
  });
  return getListing(db, id);
}

/** Every listing of the user, newest first, with its contact-click and view counts. */
export async function myListings(db: Database, userId: string): Promise<MyListingOutput[]> {
  const rows = await db
    .select(listingColumns)
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .where(eq(listings.ownerId, userId))
    .orderBy(...newestFirst);
  if (rows.length === 0) return [];
  const since = new Date(Date.now() - LIMITS.clicksWindowDays * 24 * 60 * 60 * 1000);
  const counts = await db
    .select({
      listingId: listingEvents.listingId,
      totalClicks: sql<number>`count(*) filter (where ${listingEvents.kind} = 'contact_click')::int`,
      clicks7d: sql<number>`count(*) filter (where ${listingEvents.kind} = 'contact_click' and ${listingEvents.createdAt} >= ${since.toISOString()}::timestamptz)::int`,
      views: sql<number>`count(*) filter (where ${listingEvents.kind} = 'view')::int`,
    })
    .from(listingEvents)
    .where(
      inArray(
        listingEvents.listingId,
        db.select({ id: listings.id }).from(listings).where(eq(listings.ownerId, userId)),
      ),
    )
    .groupBy(listingEvents.listingId);
  const byListing = new Map(counts.map((c) => [c.listingId, c]));
  return rows.map((row) => {
    const c = byListing.get(row.id);
    return {
      ...toListingOutput(row),
      totalClicks: c?.totalClicks ?? 0,
      clicks7d: c?.clicks7d ?? 0,
      views: c?.views ?? 0,
    };
  });
}

/**
 * The landing page's featured opportunities: the listings their owners featured (plan allowance) first, most
 * recently featured first, then the newest verified active listings.
 */
export async function featuredListings(db: Database, count: number = LIMITS.featuredListings) {
  const rows = await db
    .select(listingColumns)
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .where(
      and(
        or(eq(listings.verified, true), isFeatured),
        eq(listings.status, 'active'),
        eq(listings.ownerSuspended, false),
      ),
    )
    .orderBy(sql`${isFeatured} desc`, sql`${listings.featuredUntil} desc nulls last`, newestFirst[0])
    .limit(count);
  return rows.map(toListingOutput);
}

/** How many active listings the user has and the plan allows (null: no limit), so the UI warns before the form. */
export async function listingAllowance(
  db: Executor,
  userId: string,
): Promise<{ activeListings: number; limit: number | null }> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(and(eq(listings.ownerId, userId), eq(listings.status, 'active')));
  return { activeListings: counted?.n ?? 0, limit: (await entitlementsOf(db, userId)).activeListingLimit };
}
