import { categoryTitle, LIMITS, MESSAGES } from '@barterads/core';
import { type Database, listingEvents, listings } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { DashboardStats } from './schemas';

/**
 * Records that listings were seen: one insert for a whole page of cards, sent by the app after the list has
 * rendered, so that searching never waits for it. The owner's own views are not counted.
 */
export async function recordViews(
  db: Database,
  ids: readonly string[],
  viewerId: string | null,
): Promise<void> {
  const unique = [...new Set(ids)];
  const conditions = [inArray(listings.id, unique), eq(listings.status, 'active')];
  if (viewerId) conditions.push(ne(listings.ownerId, viewerId));
  await db.execute(sql`
    insert into ${listingEvents} (listing_id, kind, viewer_id)
    select ${listings.id}, 'view', ${viewerId}::uuid from ${listings} where ${and(...conditions)}`);
}

/** A member's contact clicks on one listing count once in this window. */
export const CONTACT_CLICK_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Records one contact click (the Contact button opened the chat link). Only signed-in members count, each once
 * per listing in CONTACT_CLICK_WINDOW_MS: clicks from many addresses cannot inflate the owner's figure.
 */
export async function recordContactClick(db: Database, id: string, viewerId: string | null): Promise<void> {
  const [row] = await db
    .select({ ownerId: listings.ownerId })
    .from(listings)
    .where(eq(listings.id, id))
    .limit(1);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.listingNotFound });
  if (!viewerId || row.ownerId === viewerId) return;
  const since = new Date(Date.now() - CONTACT_CLICK_WINDOW_MS).toISOString();
  await db.execute(sql`
    insert into ${listingEvents} (listing_id, kind, viewer_id)
    select ${id}::uuid, 'contact_click', ${viewerId}::uuid
    where not exists (
      select 1 from ${listingEvents}
      where listing_id = ${id}::uuid and kind = 'contact_click' and viewer_id = ${viewerId}::uuid
        and created_at >= ${since}::timestamptz)`);
}

/** The dashboard overview's figures for one owner. */
export async function dashboardStats(db: Database, ownerId: string): Promise<DashboardStats> {
  const since = new Date(Date.now() - LIMITS.clicksWindowDays * 24 * 60 * 60 * 1000);
  const sinceSql = sql`${since.toISOString()}::timestamptz`;
  const ownListings = db.select({ id: listings.id }).from(listings).where(eq(listings.ownerId, ownerId));
  const [[counts], [events], categories] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`count(*) filter (where ${listings.status} = 'active')::int`,
        archived: sql<number>`count(*) filter (where ${listings.status} = 'archived')::int`,
        // The same figures as they stood 7 days ago, for the overview's change against then.
        totalBefore: sql<number>`count(*) filter (where ${listings.createdAt} < ${sinceSql})::int`,
        activeBefore: sql<number>`count(*) filter (where ${listings.createdAt} < ${sinceSql} and (${listings.status} = 'active' or ${listings.archivedAt} >= ${sinceSql}))::int`,
        archivedBefore: sql<number>`count(*) filter (where ${listings.status} = 'archived' and ${listings.archivedAt} < ${sinceSql})::int`,
      })
      .from(listings)
      .where(eq(listings.ownerId, ownerId)),
    db
      .select({
        totalClicks: sql<number>`count(*) filter (where ${listingEvents.kind} = 'contact_click')::int`,
        clicks7d: sql<number>`count(*) filter (where ${listingEvents.kind} = 'contact_click' and ${listingEvents.createdAt} >= ${since.toISOString()}::timestamptz)::int`,
        views: sql<number>`count(*) filter (where ${listingEvents.kind} = 'view')::int`,
      })
      .from(listingEvents)
      .where(inArray(listingEvents.listingId, ownListings)),
    db
      .select({ category: listings.category, count: sql<number>`count(*)::int` })
      .from(listings)
      .where(eq(listings.ownerId, ownerId))
      .groupBy(listings.category)
      .orderBy(sql`count(*) desc`, listings.category)
      .limit(LIMITS.topCategories),
  ]);
  return {
    totalListings: counts?.total ?? 0,
    activeListings: counts?.active ?? 0,
    archivedListings: counts?.archived ?? 0,
    totalClicks: events?.totalClicks ?? 0,
    clicks7d: events?.clicks7d ?? 0,
    totalViews: events?.views ?? 0,
    previous: {
      totalListings: counts?.totalBefore ?? 0,
      activeListings: counts?.activeBefore ?? 0,
      archivedListings: counts?.archivedBefore ?? 0,
      totalClicks: (events?.totalClicks ?? 0) - (events?.clicks7d ?? 0),
    },
    topCategories: categories.map((c) => ({
      category: c.category as DashboardStats['topCategories'][number]['category'],
      label: categoryTitle(c.category),
      count: c.count,
    })),
  };
}

/** How many active listings each category has (the landing page's media types), categories without any left out. */
export async function categoryCounts(db: Database): Promise<{ category: string; count: number }[]> {
  const rows = await db
    .select({ category: listings.category, count: sql<number>`count(*)::int` })
    .from(listings)
    .where(and(eq(listings.status, 'active'), isNotNull(listings.category)))
    .groupBy(listings.category);
  return rows.flatMap((row) => (row.category ? [{ category: row.category, count: row.count }] : []));
}
