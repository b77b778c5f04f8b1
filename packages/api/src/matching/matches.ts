import { MATCHING, matchReasonWords } from '@barterads/core';
import { type Executor, listingMatches, listings, queryRows, sql, users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq, inArray } from 'drizzle-orm';
import { acceptedBySql } from '../circles/accepts';
import { entitlementsOf } from '../entitlements/entitlements';
import { listingColumns, toListingOutput } from '../listings/search';
import type { MatchesResult, MatchOutput } from './schemas';

/** Matches shown on the dashboard across all the caller's listings. */
const DASHBOARD_LIMIT = 12;

/**
 * The caller's matches, best first: of one of their listings (404 for another's), or of all of them. Without
 * Professional or Enterprise, the top MATCHING.freeVisible per listing; `hidden` says how many more exist.
 */
export async function matchesFor(
  db: Executor,
  userId: string,
  listingId: string | undefined,
): Promise<MatchesResult> {
  if (listingId) {
    const [own] = await db
      .select({ ownerId: listings.ownerId })
      .from(listings)
      .where(eq(listings.id, listingId))
      .limit(1);
    if (!own || own.ownerId !== userId)
      throw new TRPCError({ code: 'NOT_FOUND', message: 'Listing not found.' });
  }
  const seesAll = (await entitlementsOf(db, userId)).seesAllMatches;
  const mine = listingId
    ? [listingId]
    : (
        await db
          .select({ id: listings.id })
          .from(listings)
          .where(and(eq(listings.ownerId, userId), eq(listings.status, 'active')))
      ).map((r) => r.id);
  if (mine.length === 0) return { matches: [], hidden: 0, seesAll };
  // Rank within each of the caller's listings, only matches still active and shown.
  const ranked = await queryRows<{
    listing_id: string;
    matched_id: string;
    score: number;
    reasons: string[];
    rank: number | string;
    total: number | string;
  }>(
    db,
    sql`select listing_id::text, matched_id::text, score, reasons, rank, total from (
          select m.listing_id, m.matched_id, m.score, m.reasons,
            row_number() over (partition by m.listing_id order by m.score desc, m.matched_id) as rank,
            count(*) over (partition by m.listing_id) as total
          from listing_matches m join listings l on l.id = m.matched_id
          where m.listing_id in (${sql.join(
            mine.map((id) => sql`${id}`),
            sql`, `,
          )}) and l.status = 'active' and not l.owner_suspended
            and ${acceptedBySql(sql`${userId}::uuid`, 'l')}
        ) r
        where ${seesAll ? sql`true` : sql`rank <= ${MATCHING.freeVisible}`}
        order by score desc, rank
        limit ${listingId ? MATCHING.keepPerListing : DASHBOARD_LIMIT}`,
  );
  const totals = new Map<string, number>();
  for (const row of ranked) totals.set(row.listing_id, Number(row.total));
  let hidden = 0;
  if (!seesAll) {
    const all = await queryRows<{ listing_id: string; n: number | string }>(
      db,
      sql`select m.listing_id::text, count(*) as n from listing_matches m join listings l on l.id = m.matched_id
          where m.listing_id in (${sql.join(
            mine.map((id) => sql`${id}`),
            sql`, `,
          )}) and l.status = 'active' and not l.owner_suspended
            and ${acceptedBySql(sql`${userId}::uuid`, 'l')}
          group by m.listing_id`,
    );
    hidden = all.reduce((sum, r) => sum + Math.max(0, Number(r.n) - MATCHING.freeVisible), 0);
  }
  if (ranked.length === 0) return { matches: [], hidden, seesAll };
  const rows = await db
    .select(listingColumns)
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .where(
      inArray(
        listings.id,
        ranked.map((r) => r.matched_id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, toListingOutput(r)]));
  const matches: MatchOutput[] = [];
  for (const r of ranked) {
    const listing = byId.get(r.matched_id);
    if (!listing) continue;
    matches.push({
      listing,
      forListingId: r.listing_id,
      score: r.score,
      reasons: r.reasons,
      reasonText: matchReasonWords(r.reasons),
    });
  }
  return { matches, hidden, seesAll };
}

/** Active needs with no match, by category: where inventory must be recruited (the admin overview). */
export async function unmatchedNeeds(
  db: Executor,
): Promise<{ categories: { category: string | null; needs: number }[]; total: number }> {
  const rows = await queryRows<{ category: string | null; needs: number | string }>(
    db,
    sql`select l.category, count(*) as needs from listings l
        where l.status = 'active' and not l.owner_suspended and l.owner_type = 'advertiser'
          and not exists (select 1 from ${listingMatches} m where m.listing_id = l.id)
        group by l.category order by needs desc, l.category nulls last`,
  );
  const categories = rows.map((r) => ({ category: r.category, needs: Number(r.needs) }));
  return { categories, total: categories.reduce((s, c) => s + c.needs, 0) };
}
