import { MESSAGES } from '@barterads/core';
import { type Database, type Executor, type ListingRow, listings, users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { displayName } from '../accounts/users';
import { toBarterFields } from '../listings/search';
import { likePattern, writeAudit } from './audit';
import type { AdminListing, AdminListingsInput } from './schemas';

type Owner = { id: string; firstName: string; lastName: string; email: string };

export function toAdminListing(row: ListingRow, owner: Owner): AdminListing {
  return {
    ...toBarterFields(row),
    needsReview: row.needsReview,
    archivedReason: row.archivedReason,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    owner: { _id: owner.id, name: displayName(owner), email: owner.email },
  };
}

const ownerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** The Listings page and 'Recent postings': every status, newest first, searched and paged on the server. */
export async function listListings(
  db: Executor,
  input: AdminListingsInput,
): Promise<{ listings: AdminListing[]; total: number }> {
  const conditions: SQL[] = [];
  if (input.ownerType) conditions.push(eq(listings.ownerType, input.ownerType));
  if (input.status) conditions.push(eq(listings.status, input.status));
  if (input.verified !== undefined) conditions.push(eq(listings.verified, input.verified));
  if (input.needsReview !== undefined) conditions.push(eq(listings.needsReview, input.needsReview));
  if (input.q) conditions.push(sql`${listings.searchText} like ${likePattern(input.q)}`);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ listing: listings, owner: ownerColumns })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.ownerId))
      .where(where)
      .orderBy(desc(listings.createdAt), desc(listings.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ n: count() }).from(listings).where(where),
  ]);
  return { listings: rows.map((r) => toAdminListing(r.listing, r.owner)), total: totalRow?.n ?? 0 };
}

async function lockListing(tx: Executor, id: string): Promise<{ listing: ListingRow; owner: Owner }> {
  const [row] = await tx
    .select({ listing: listings, owner: ownerColumns })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .where(eq(listings.id, id))
    .for('update', { of: listings });
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.adminListingNotFound });
  return row;
}

/** Verify or Unverify, audited in the same transaction; the same value again changes nothing. */
export async function setListingVerified(
  db: Database,
  actorId: string,
  id: string,
  verified: boolean,
): Promise<AdminListing> {
  return db.transaction(async (tx) => {
    const { listing, owner } = await lockListing(tx, id);
    if (listing.verified === verified && !listing.needsReview) return toAdminListing(listing, owner);
    // Either answer is the admin's review: the listing no longer waits for one.
    const [updated] = await tx
      .update(listings)
      .set({ verified, needsReview: false })
      .where(eq(listings.id, id))
      .returning();
    await writeAudit(tx, {
      actorId,
      action: verified ? 'verify' : 'unverify',
      targetType: 'listing',
      targetId: id,
      before: { verified: listing.verified },
      after: { verified },
    });
    return toAdminListing(updated!, owner);
  });
}

/** Archives a listing that breaks the rules; the reason is stored on the listing for its owner to read. */
export async function archiveListing(
  db: Database,
  actorId: string,
  id: string,
  reason: string,
): Promise<AdminListing> {
  return db.transaction(async (tx) => {
    const { listing, owner } = await lockListing(tx, id);
    if (listing.status === 'archived' && listing.archivedReason === reason) {
      return toAdminListing(listing, owner);
    }
    const [updated] = await tx
      .update(listings)
      .set({ status: 'archived', archivedReason: reason, archivedAt: new Date() })
      .where(eq(listings.id, id))
      .returning();
    await writeAudit(tx, {
      actorId,
      action: 'archive',
      targetType: 'listing',
      targetId: id,
      before: { status: listing.status, archivedReason: listing.archivedReason },
      after: { status: 'archived', archivedReason: reason },
      reason,
    });
    return toAdminListing(updated!, owner);
  });
}
