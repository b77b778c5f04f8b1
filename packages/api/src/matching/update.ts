import { type Database, listingMatches, queryRows, sql } from '@barterads/db';
import { and, eq, notInArray, or } from 'drizzle-orm';
import type { NotifyDeps } from '../notifications/notify';
import { notify } from '../notifications/notify';
import { scoreListing } from './score';

/** The match job's queue name (apps/server/src/jobs). */
export const MATCH_UPDATES_JOB = 'match-updates';
/** The daily match e-mail's queue name. */
export const MATCH_DIGEST_JOB = 'match-digest';

export interface MatchUpdateDeps {
  db: Database;
  notify: NotifyDeps;
}

/**
 * Computes one listing's matches again and stores them in both directions: pairs that no longer match (or of a
 * listing no longer active) are removed, the others upserted, keeping when each pair first matched. Owners of
 * listings with a new pair hear of it in the bell (one notification per listing per day; e-mail is the daily
 * match e-mail's). Answers how many pairs are new.
 */
export async function updateListingMatches(deps: MatchUpdateDeps, listingId: string): Promise<number> {
  const { subject, pairs } = await scoreListing(deps.db, listingId);
  const ids = pairs.map((p) => p.matched_id);
  const fresh = await deps.db.transaction(async (tx) => {
    const stale = ids.length
      ? or(
          and(eq(listingMatches.listingId, listingId), notInArray(listingMatches.matchedId, ids)),
          and(eq(listingMatches.matchedId, listingId), notInArray(listingMatches.listingId, ids)),
        )
      : or(eq(listingMatches.listingId, listingId), eq(listingMatches.matchedId, listingId));
    await tx.delete(listingMatches).where(stale);
    if (pairs.length === 0) return [];
    const now = new Date();
    const rows = pairs.flatMap((p) => [
      {
        listingId,
        matchedId: p.matched_id,
        score: p.score,
        reasons: p.reasons,
        createdAt: now,
        updatedAt: now,
      },
      {
        listingId: p.matched_id,
        matchedId: listingId,
        score: p.score,
        reasons: p.reasons,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    return tx
      .insert(listingMatches)
      .values(rows)
      .onConflictDoUpdate({
        target: [listingMatches.listingId, listingMatches.matchedId],
        set: { score: sql`excluded.score`, reasons: sql`excluded.reasons`, updatedAt: now },
      })
      .returning({
        listingId: listingMatches.listingId,
        matchedId: listingMatches.matchedId,
        inserted: sql<boolean>`(xmax = 0)`,
      });
  });
  const created = fresh.filter((r) => r.inserted);
  if (!subject || created.length === 0) return 0;
  // Each listing with new pairs: its owner hears once a day per listing.
  const counts = new Map<string, number>();
  for (const row of created) counts.set(row.listingId, (counts.get(row.listingId) ?? 0) + 1);
  const owners = await queryRows<{ id: string; owner_id: string; title: string }>(
    deps.db,
    sql`select id::text, owner_id::text, title from listings where id in (${sql.join(
      [...counts.keys()].map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const day = new Date().toISOString().slice(0, 10);
  for (const owner of owners) {
    const n = counts.get(owner.id) ?? 0;
    await notify(deps.notify, {
      userId: owner.owner_id,
      kind: 'new_matches',
      title: n === 1 ? `A new match for "${owner.title}"` : `${n} new matches for "${owner.title}"`,
      body: `BarterAds found ${n === 1 ? 'a listing' : `${n} listings`} that could trade with "${owner.title}". See why they match on your listing's page.`,
      link: `/listings/${owner.id}`,
      dedupeKey: `matches:${owner.id}:${day}`,
      email: false,
    });
  }
  return created.filter((r) => r.listingId === listingId).length;
}

/**
 * Drains the listings queued by the listings trigger (posted, edited, archived): claims a batch with SKIP
 * LOCKED (two instances never take the same listing), recomputes each, and repeats until the queue is empty.
 * A listing whose update fails is queued again. Answers how many listings were updated.
 */
export async function runMatchUpdates(deps: MatchUpdateDeps, batch = 100): Promise<number> {
  let done = 0;
  for (;;) {
    const claimed = await queryRows<{ listing_id: string }>(
      deps.db,
      sql`delete from listing_match_queue where listing_id in (
            select listing_id from listing_match_queue order by queued_at limit ${batch} for update skip locked)
          returning listing_id::text`,
    );
    if (claimed.length === 0) return done;
    for (const { listing_id } of claimed) {
      try {
        await updateListingMatches(deps, listing_id);
        done += 1;
      } catch (error) {
        deps.notify.logger.error({ err: error, listingId: listing_id }, 'match update failed');
        await queryRows(
          deps.db,
          sql`insert into listing_match_queue (listing_id) values (${listing_id}) on conflict do nothing`,
        );
        return done;
      }
    }
  }
}
