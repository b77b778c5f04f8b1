import {
  type AcceptIndex,
  type AcceptList,
  acceptReasonWords,
  CIRCLES,
  type CircleCandidate,
  findCirclesOnEdges,
  type GivableListing,
  selectCircles,
} from '@barterads/core';
import { circleMembers, circles, type Database, type Executor, queryRows, sql } from '@barterads/db';
import { inArray } from 'drizzle-orm';
import { dealsLeftFor } from '../entitlements/entitlements';
import { SYSTEM_ACTOR } from '../events/outbox';
import { openCircleCounts, writeCircleEvent } from './circles';
import {
  GIVABLE,
  LISTING_COLUMNS,
  type ListingRow,
  legsAround,
  legsInto,
  loadAcceptIndex,
  loadAcceptLists,
  toListing,
} from './graph';

const HOUR_MS = 60 * 60 * 1000;
/** One lock key for proposing circles (the per-member limit is counted and kept under it). */
const CIRCLE_PROPOSE_LOCK = 32_0001;
/** How long a worker's claim on queued members lasts (a killed worker's members are searched again after it). */
const CLAIM_MINUTES = 5;

/** Everything the circle search reads: the accept lists of members who can trade, and their givable listings. */
export interface CircleGraph {
  lists: AcceptList[];
  listings: GivableListing[];
}

/**
 * Reads the whole graph: every accept list and every list-holder's givable listing (active inventory of a media
 * owner, with a rate; members active, with a verified e-mail). Linear in the list-holders' listings: for the trade
 * desk's near circles and the benchmark's count of two-way pairs. The circle search reads a bounded graph instead
 * (graph.ts).
 */
export async function loadCircleGraph(db: Executor): Promise<CircleGraph> {
  const lists = await loadAcceptLists(db);
  const listings = await queryRows<ListingRow>(
    db,
    sql`select ${LISTING_COLUMNS}
        from member_accepts a
        join users u on u.id = a.user_id and u.status = 'active' and u.deleted_at is null and u.email_verified
        join listings l on l.owner_id = a.user_id
        where ${GIVABLE}
        order by l.id`,
  );
  return { lists, listings: listings.map(toListing) };
}

/**
 * Finds and chooses the circles to propose through `through` (every list-holder when not given): the member graph
 * around them (legsAround) or the whole bounded graph (legsInto every list), the search of packages/core, then the
 * limits from the database: members' open proposals (at most 3), members without CIRCLES.dealsPerMember deals left
 * this month, and listing sets proposed before. Nothing is cached between calls: the lists and legs are read fresh.
 */
export async function chooseCircles(
  db: Executor,
  through: readonly string[] | undefined,
  now: Date,
): Promise<{ found: CircleCandidate[]; chosen: CircleCandidate[]; index: AcceptIndex }> {
  const index = await loadAcceptIndex(db);
  const edges = through ? await legsAround(db, index, through) : await legsInto(db, index);
  const found = findCirclesOnEdges(index, edges, through ? { through } : {});
  if (found.length === 0) return { found, chosen: [], index };
  const members = [...new Set(found.flatMap((c) => c.members))];
  const [openCount, left, proposed] = await Promise.all([
    openCircleCounts(db, members, now),
    dealsLeftFor(db, members, now),
    db
      .select({ key: circles.key })
      .from(circles)
      .where(
        inArray(
          circles.key,
          found.map((c) => c.key),
        ),
      ),
  ]);
  const excluded = new Set(
    members.filter((m) => {
      const l = left.get(m)?.left;
      return l !== null && l !== undefined && l < CIRCLES.dealsPerMember;
    }),
  );
  const chosen = selectCircles(found, {
    openCount,
    excluded,
    proposedKeys: new Set(proposed.map((p) => p.key)),
  });
  return { found, chosen, index };
}

/**
 * Proposes one circle: under one lock, its members' open proposals are counted again (another instance may have
 * proposed meanwhile) and its listings checked unproposed; the circle, its members with each leg's reasons in
 * words, and its `circle.proposed` event are written in one transaction. A broker's draft carries `brokerId`.
 * Answers the circle's id, or null when a member is at its limit or the listings were proposed before.
 */
export async function proposeCircle(
  db: Database,
  candidate: CircleCandidate,
  reasonsOf: (leg: CircleCandidate['legs'][number]) => string[],
  now: Date,
  brokerId: string | null = null,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CIRCLE_PROPOSE_LOCK})`);
    const open = await openCircleCounts(tx, candidate.members, now);
    if (candidate.members.some((m) => (open.get(m) ?? 0) >= CIRCLES.maxOpenPerMember)) return null;
    const [circle] = await tx
      .insert(circles)
      .values({
        key: candidate.key,
        spreadInr: candidate.spreadInr,
        expiresAt: new Date(now.getTime() + CIRCLES.answerHours * HOUR_MS),
        brokerId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: circles.key })
      .returning();
    if (!circle) return null;
    const members = candidate.legs.map((leg, position) => ({
      circleId: circle.id,
      userId: leg.giverId,
      position,
      receiverId: leg.receiverId,
      listingId: leg.listingId,
      title: leg.title,
      valueInr: leg.valueInr,
      reasons: reasonsOf(leg),
      createdAt: now,
    }));
    const written = await tx.insert(circleMembers).values(members).returning();
    await writeCircleEvent(tx, { circle, members: written }, 'circle.proposed', SYSTEM_ACTOR);
    return circle.id;
  });
}

/** Claims up to `batch` queued members no worker holds (SKIP LOCKED, then a claim of CLAIM_MINUTES). */
async function claimQueued(db: Database, batch: number) {
  return queryRows<{ user_id: string; claimed_until: string }>(
    db,
    sql`update circle_queue set claimed_until = now() + ${`${CLAIM_MINUTES} minutes`}::interval
        where user_id in (
          select user_id from circle_queue
          where claimed_until is null or claimed_until < now()
          order by queued_at limit ${batch} for update skip locked)
        returning user_id::text, claimed_until::text`,
  );
}

/**
 * The circle job (every minute, and woken when a listing or an accept list changes): drains the members queued by
 * the listings trigger and by saved lists, searches the circles through them and proposes those chosen. A queued
 * member is removed once searched, unless queued again meanwhile (its claim was cleared). Answers how many
 * circles were proposed.
 */
export async function runCircleDetection(
  deps: { db: Database; wakeEvents?: () => void },
  now: () => Date = () => new Date(),
  batch = 100,
): Promise<number> {
  let proposed = 0;
  for (;;) {
    const claimed = await claimQueued(deps.db, batch);
    if (claimed.length === 0) break;
    const at = now();
    const { chosen, index } = await chooseCircles(
      deps.db,
      claimed.map((c) => c.user_id),
      at,
    );
    for (const candidate of chosen) {
      const words = (leg: CircleCandidate['legs'][number]) =>
        acceptReasonWords(leg.reasons, index.byUser.get(leg.receiverId)!, leg);
      if (await proposeCircle(deps.db, candidate, words, at)) proposed += 1;
    }
    for (const row of claimed) {
      await queryRows(
        deps.db,
        sql`delete from circle_queue where user_id = ${row.user_id}::uuid
            and claimed_until = ${row.claimed_until}::timestamptz`,
      );
    }
  }
  if (proposed > 0) deps.wakeEvents?.();
  return proposed;
}
