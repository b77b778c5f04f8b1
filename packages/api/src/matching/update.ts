import type { Language } from '@barterads/core';
import { type Database, type Executor, listingMatches, queryRows, sql } from '@barterads/db';
import { and, eq, notInArray, or } from 'drizzle-orm';
import type { MemberNotice } from '../events/notices';
import { SYSTEM_ACTOR, writeEventOnce } from '../events/outbox';
import type { NotifyDeps } from '../notifications/notify';
import { scoreListing } from './score';

/** The new-matches notice in the listing owner's language (issue 33): `n` new pairs for the listing `title`. */
const NEW_MATCHES: Record<Language, (n: number, title: string) => { title: string; body: string }> = {
  en: (n, title) => ({
    title: n === 1 ? `A new match for "${title}"` : `${n} new matches for "${title}"`,
    body: `BarterAds found ${n === 1 ? 'a listing' : `${n} listings`} that could trade with "${title}". See why they match on your listing's page.`,
  }),
  hi: (n, title) => ({
    title: n === 1 ? `"${title}" के लिए एक नया मेल` : `"${title}" के लिए ${n} नए मेल`,
    body: `BarterAds को ${n === 1 ? 'एक लिस्टिंग मिली' : `${n} लिस्टिंग मिलीं`} जिनसे "${title}" का बार्टर हो सकता है। वे क्यों मेल खाती हैं, यह अपनी लिस्टिंग के पेज पर देखें।`,
  }),
  mr: (n, title) => ({
    title: n === 1 ? `"${title}" साठी एक नवी जोडी` : `"${title}" साठी ${n} नव्या जोड्या`,
    body: `BarterAds ला ${n === 1 ? 'एक लिस्टिंग सापडली' : `${n} लिस्टिंग सापडल्या`} ज्यांच्याशी "${title}" चा बार्टर होऊ शकतो. त्या का जुळतात ते तुमच्या लिस्टिंगच्या पानावर पाहा.`,
  }),
};

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
    const upserted = await tx
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
    if (subject)
      await writeMatchesFound(
        tx,
        upserted.filter((r) => r.inserted),
      );
    return upserted;
  });
  const created = fresh.filter((r) => r.inserted);
  if (!subject || created.length === 0) return 0;
  deps.notify.wakeEvents?.();
  return created.filter((r) => r.listingId === listingId).length;
}

/**
 * Each listing with new pairs: its owner hears once a day per listing, by a `match.found` event written with the
 * pairs (`dedupe_key` per listing and day): the bell, in the owner's language, and WhatsApp's match alert to an
 * owner who opted in (e-mail is the daily match e-mail's).
 */
async function writeMatchesFound(tx: Executor, created: { listingId: string }[]): Promise<void> {
  if (created.length === 0) return;
  // Each listing with new pairs: its owner hears once a day per listing.
  const counts = new Map<string, number>();
  for (const row of created) counts.set(row.listingId, (counts.get(row.listingId) ?? 0) + 1);
  const owners = await queryRows<{ id: string; owner_id: string; title: string }>(
    tx,
    sql`select l.id::text, l.owner_id::text, l.title
        from listings l
        where l.id in (${sql.join(
          [...counts.keys()].map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const day = new Date().toISOString().slice(0, 10);
  for (const owner of owners) {
    const n = counts.get(owner.id) ?? 0;
    await writeEventOnce(tx, `match.found:${owner.id}:${day}`, {
      type: 'match.found',
      actor: SYSTEM_ACTOR,
      resourceType: 'listing',
      resourceId: owner.id,
      audience: [owner.owner_id],
      data: { listing: { _id: owner.id, title: owner.title, ownerId: owner.owner_id }, newMatches: n },
    });
  }
}

/** `match.found`'s data: the listing and how many new pairs it has. */
export interface MatchFoundData {
  listing: { _id: string; title: string; ownerId: string };
  newMatches: number;
}

/** The owner's bell entry of a `match.found` event (events/notices.ts), in their language; no e-mail of its own. */
export function matchFoundNotice(
  event: { id: string; data: MatchFoundData },
  language: Language,
): MemberNotice {
  const { listing, newMatches } = event.data;
  return {
    userId: listing.ownerId,
    kind: 'new_matches',
    ...NEW_MATCHES[language](newMatches, listing.title),
    link: `/listings/${listing._id}`,
    dedupeKey: `matches:${listing._id}:${event.id}`,
    email: false,
  };
}

/** How long a worker's claim on queued listings lasts: a worker killed mid-batch leaves them for this long. */
export const MATCH_CLAIM_MINUTES = 5;

/** A queued listing claimed by one worker until `claimedUntil` (PostgreSQL's text of it, exact to the microsecond). */
export interface ClaimedListing {
  listingId: string;
  claimedUntil: string;
}

/**
 * Claims up to `batch` queued listings, oldest first, that no worker holds (or whose claim has ended): SKIP
 * LOCKED keeps two workers from claiming the same row at once, the claim keeps them apart afterwards.
 */
export async function claimQueuedListings(db: Database, batch: number): Promise<ClaimedListing[]> {
  const rows = await queryRows<{ listing_id: string; claimed_until: string }>(
    db,
    sql`update listing_match_queue set claimed_until = now() + ${`${MATCH_CLAIM_MINUTES} minutes`}::interval
        where listing_id in (
          select listing_id from listing_match_queue
          where claimed_until is null or claimed_until < now()
          order by queued_at limit ${batch} for update skip locked)
        returning listing_id::text, claimed_until::text`,
  );
  return rows.map((r) => ({ listingId: r.listing_id, claimedUntil: r.claimed_until }));
}

/** Removes a claimed listing from the queue, unless it was queued again (or claimed by another) since. */
export async function finishQueuedListing(db: Database, claimed: ClaimedListing): Promise<void> {
  await queryRows(
    db,
    sql`delete from listing_match_queue
        where listing_id = ${claimed.listingId}::uuid and claimed_until = ${claimed.claimedUntil}::timestamptz`,
  );
}

/**
 * Gives claimed listings back to the queue at once, unless queued again since: those not tried keep their place,
 * the one that failed goes to the back (so it does not hold up the others at every run).
 */
async function releaseQueuedListings(db: Database, failed: ClaimedListing, untried: ClaimedListing[]) {
  for (const row of [failed, ...untried])
    await queryRows(
      db,
      sql`update listing_match_queue
          set claimed_until = null, queued_at = ${row === failed ? sql`now()` : sql`queued_at`}
          where listing_id = ${row.listingId}::uuid and claimed_until = ${row.claimedUntil}::timestamptz`,
    );
}

/**
 * Drains the listings queued by the listings trigger (posted, edited, archived): claims a batch, recomputes
 * each and removes it from the queue, and repeats until no unclaimed listing is left. A listing whose update
 * fails goes to the back of the queue and the rest of its batch back to it, for the next run; the batch of a
 * worker that dies is claimed again after MATCH_CLAIM_MINUTES. Answers how many listings were updated.
 */
export async function runMatchUpdates(deps: MatchUpdateDeps, batch = 25): Promise<number> {
  let done = 0;
  for (;;) {
    const claimed = await claimQueuedListings(deps.db, batch);
    if (claimed.length === 0) return done;
    for (const [index, row] of claimed.entries()) {
      try {
        await updateListingMatches(deps, row.listingId);
      } catch (error) {
        deps.notify.logger.error({ err: error, listingId: row.listingId }, 'match update failed');
        await releaseQueuedListings(deps.db, row, claimed.slice(index + 1));
        return done;
      }
      await finishQueuedListing(deps.db, row);
      done += 1;
    }
  }
}
