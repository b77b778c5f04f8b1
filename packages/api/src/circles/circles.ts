import {
  allowedCircleActions,
  CIRCLE_TRANSITIONS,
  CIRCLES,
  type CircleAction,
  type CircleFacts,
  checkCircleAction,
  dealLimitMessage,
  effectiveCircleStatus,
  SYSTEM_VIEWER,
  type Viewer,
} from '@barterads/core';
import {
  type CircleMemberRow,
  type CircleRow,
  circleMembers,
  circles,
  type Database,
  type Executor,
  lockUsers,
  queryRows,
  reviews,
  users,
} from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { requireNoOverdueCommission } from '../deals/commission';
import { createCircleLegDeal, dealAllowanceOf, readDeal } from '../deals/deals';
import type { Deal } from '../deals/schemas';
import { dealsLeftFor } from '../entitlements/entitlements';
import { actorOf, type EventActor, SYSTEM_ACTOR, writeEvent } from '../events/outbox';
import { circleSupplyTax } from '../tax/legs';
import { preparedByWords } from '../trade-desk/words';
import type { Circle } from './schemas';

const HOUR_MS = 60 * 60 * 1000;

export const CIRCLE_MESSAGES = {
  notFound: 'Circle not found.',
  closed: 'This circle is no longer open for answers.',
  answered: 'You have already answered this circle.',
  memberAtLimit:
    'One of the other members cannot take part in more deals this month, so the circle cannot close.',
  listingGone: 'A listing in this circle is no longer available.',
} as const;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: CIRCLE_MESSAGES.notFound });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

interface Loaded {
  circle: CircleRow;
  members: CircleMemberRow[];
}

async function loadCircle(db: Executor, id: string, lock = false): Promise<Loaded | null> {
  const query = db.select().from(circles).where(eq(circles.id, id)).limit(1);
  const [circle] = lock ? await query.for('update') : await query;
  if (!circle) return null;
  const members = await db
    .select()
    .from(circleMembers)
    .where(eq(circleMembers.circleId, id))
    .orderBy(asc(circleMembers.position));
  return { circle, members };
}

function factsOf({ circle, members }: Loaded): CircleFacts {
  return {
    status: circle.status,
    expiresAt: circle.expiresAt,
    memberIds: members.map((m) => m.userId),
    acceptedBy: members.filter((m) => m.acceptedAt !== null).map((m) => m.userId),
  };
}

interface Card extends Record<string, unknown> {
  id: string;
  company_name: string | null;
  first_name: string;
  last_name: string;
  verified: boolean;
  rating: number | string | null;
  review_count: number | string;
}

async function cardsOf(db: Executor, ids: readonly string[]): Promise<Map<string, Card>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<Card>(
    db,
    sql`select u.id::text, u.company_name, u.first_name, u.last_name,
          (u.gst_verification = 'verified') as verified,
          (select round(avg(r.rating)::numeric, 1) from ${reviews} r
            where r.subject_id = u.id and r.published_at is not null and r.hidden_at is null) as rating,
          (select count(*) from ${reviews} r
            where r.subject_id = u.id and r.published_at is not null and r.hidden_at is null) as review_count
        from ${users} u where u.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * A circle as `viewer` sees it: the three members' public cards (company, badge, rating), only the two legs the
 * viewer gives and gets (with why the receiver's list takes each, in words), its own answer and how many
 * accepted, and the actions the circle table allows it now.
 */
async function toCircle(
  db: Executor,
  loaded: Loaded,
  viewer: Viewer,
  now: Date,
  withTax = false,
): Promise<Circle> {
  const { circle, members } = loaded;
  const [cards, broker] = await Promise.all([
    cardsOf(
      db,
      members.map((m) => m.userId),
    ),
    circle.brokerId
      ? db
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, circle.brokerId))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const me = members.find((m) => m.userId === viewer.id);
  const mine = members.filter((m) => m.userId === viewer.id || m.receiverId === viewer.id);
  const legs = mine.map((m) => {
    return {
      direction: m.userId === viewer.id ? ('give' as const) : ('get' as const),
      giverId: m.userId,
      receiverId: m.receiverId,
      listingId: m.listingId,
      title: m.title,
      valueInr: m.valueInr,
      reasons: m.reasons,
      dealId: m.dealId,
    };
  });
  legs.sort((a, b) => (a.direction === b.direction ? 0 : a.direction === 'give' ? -1 : 1));
  const tax = withTax ? await circleSupplyTax(db, viewer.id, legs, now) : null;
  return {
    _id: circle.id,
    number: circle.number,
    status: effectiveCircleStatus(circle, now),
    expiresAt: circle.expiresAt.toISOString(),
    createdAt: circle.createdAt.toISOString(),
    members: members.map((m) => {
      const card = cards.get(m.userId);
      return {
        _id: m.userId,
        companyName:
          card?.company_name ||
          (card ? `${card.first_name} ${card.last_name.slice(0, 1)}.`.trim() : 'A member'),
        verified: card?.verified ?? false,
        rating: card?.rating === null || card?.rating === undefined ? null : Number(card.rating),
        reviewCount: Number(card?.review_count ?? 0),
        isYou: m.userId === viewer.id,
      };
    }),
    legs: legs.map((leg, i) => {
      const legTax = tax?.legs[i] ?? null;
      return { ...leg, tax: legTax ? { ...legTax, dealId: legTax.dealId || null } : null };
    }),
    myAcceptance: me?.acceptedAt ? 'accepted' : me?.declinedAt ? 'declined' : 'pending',
    acceptedCount: members.filter((m) => m.acceptedAt !== null).length,
    spreadInr: circle.spreadInr,
    lapseReason:
      circle.lapseReason === 'declined' || circle.lapseReason === 'expired'
        ? circle.lapseReason
        : effectiveCircleStatus(circle, now) === 'lapsed'
          ? 'expired'
          : null,
    preparedBy: circle.brokerId
      ? preparedByWords(broker[0] ? `${broker[0].firstName} ${broker[0].lastName}` : null)
      : null,
    myTax: tax?.mine ?? null,
    actions: allowedCircleActions(factsOf(loaded), viewer, now).filter(
      (a): a is 'accept' | 'decline' => a === 'accept' || a === 'decline',
    ),
  };
}

/** The circle's event (the outbox, in the change's transaction): its members are the audience; no leg details. */
export async function writeCircleEvent(
  tx: Executor,
  loaded: Loaded,
  type: string,
  actor: EventActor,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const { circle, members } = loaded;
  await writeEvent(tx, {
    type,
    actor,
    resourceType: 'circle',
    resourceId: circle.id,
    audience: members.map((m) => m.userId),
    data: {
      circle: {
        _id: circle.id,
        number: circle.number,
        status: circle.status,
        expiresAt: circle.expiresAt.toISOString(),
        memberIds: members.map((m) => m.userId),
        lapseReason: circle.lapseReason,
        dealIds: members.map((m) => m.dealId).filter(Boolean),
      },
      ...extra,
    },
  });
}

/** The member's circles, newest first (50). */
export async function listCircles(db: Executor, user: Viewer, now = new Date()): Promise<Circle[]> {
  const ids = await db
    .select({ id: circleMembers.circleId })
    .from(circleMembers)
    .where(eq(circleMembers.userId, user.id))
    .orderBy(desc(circleMembers.createdAt))
    .limit(50);
  const result: Circle[] = [];
  for (const { id } of ids) {
    const loaded = await loadCircle(db, id);
    if (loaded) result.push(await toCircle(db, loaded, user, now));
  }
  return result;
}

/** One circle, for its members only (404 for anyone else: a circle's existence is not told). */
export async function getCircle(db: Executor, user: Viewer, id: string, now = new Date()): Promise<Circle> {
  const loaded = await loadCircle(db, id);
  if (!loaded?.members.some((m) => m.userId === user.id)) throw notFound();
  return toCircle(db, loaded, user, now, true);
}

/** A circle as staff (the broker who drafted it, an admin) see it: the members' cards, no member's answer. */
export async function circleAsStaff(db: Executor, staff: { id: string }, id: string, now = new Date()) {
  const loaded = await loadCircle(db, id);
  if (!loaded) throw notFound();
  return toCircle(db, loaded, { id: staff.id, role: 'staff' }, now);
}

function refuse(action: CircleAction, reason: string): TRPCError {
  if (reason === 'actor') return notFound();
  if (reason === 'not_answered') return conflict(CIRCLE_MESSAGES.answered);
  return conflict(action === 'accept' || action === 'decline' ? CIRCLE_MESSAGES.closed : reason);
}

/**
 * A member accepts. The circle's row is locked, the circle table checked; the third accept locks the three members'
 * rows (in id order, as a deal's acceptance locks its parties'), checks each still has CIRCLES.dealsPerMember deals
 * left this month and the listings are still active, and creates the three deals with `circleId` in this one
 * transaction. Answers the circle and, once accepted, the three deals.
 */
export async function acceptCircle(
  db: Database,
  user: Viewer & { role: string },
  id: string,
  now = new Date(),
): Promise<{ circle: Circle; deals?: Deal[] }> {
  const dealIds = await db.transaction(async (tx) => {
    const loaded = await loadCircle(tx, id, true);
    if (!loaded?.members.some((m) => m.userId === user.id)) throw notFound();
    const checked = checkCircleAction(factsOf(loaded), user, 'accept', now);
    if (!checked.ok) throw refuse('accept', checked.reason);
    await requireNoOverdueCommission(tx, user.id, now);
    const memberIds = loaded.members.map((m) => m.userId);
    const ids = [...memberIds].sort();
    await lockUsers(tx, ids);
    const left = await dealsLeftFor(tx, memberIds, now);
    const short = (m: string) => {
      const l = left.get(m)?.left;
      return l !== null && l !== undefined && l < CIRCLES.dealsPerMember;
    };
    if (short(user.id)) {
      const mine = await dealAllowanceOf(tx, user.id, now);
      throw new TRPCError({
        code: 'FORBIDDEN',
        message: dealLimitMessage(mine.plan, mine.dealLimit ?? 0, mine.resetsOn),
      });
    }
    await tx
      .update(circleMembers)
      .set({ acceptedAt: now })
      .where(and(eq(circleMembers.circleId, id), eq(circleMembers.userId, user.id)));
    if (checked.transition.to !== 'accepted') {
      await tx.update(circles).set({ updatedAt: now }).where(eq(circles.id, id));
      const after = (await loadCircle(tx, id))!;
      await writeCircleEvent(tx, after, checked.transition.event!, actorOf(user));
      return null;
    }
    if (memberIds.some(short)) throw conflict(CIRCLE_MESSAGES.memberAtLimit);
    const active = await queryRows<{ n: number | string }>(
      tx,
      sql`select count(*) as n from listings where id in (${sql.join(
        loaded.members.map((m) => sql`${m.listingId}::uuid`),
        sql`, `,
      )}) and status = 'active' and not owner_suspended`,
    );
    if (loaded.members.some((m) => m.listingId === null) || Number(active[0]?.n ?? 0) !== 3) {
      throw conflict(CIRCLE_MESSAGES.listingGone);
    }
    const made: string[] = [];
    for (const m of loaded.members) {
      const dealId = await createCircleLegDeal(
        tx,
        {
          circleId: id,
          giverId: m.userId,
          receiverId: m.receiverId,
          listingId: m.listingId,
          title: m.title,
          valueInr: m.valueInr,
          brokerId: loaded.circle.brokerId,
        },
        { giver: left.get(m.userId)!.commissionBp, receiver: left.get(m.receiverId)!.commissionBp },
        now,
      );
      await tx
        .update(circleMembers)
        .set({ dealId })
        .where(and(eq(circleMembers.circleId, id), eq(circleMembers.userId, m.userId)));
      made.push(dealId);
    }
    await tx
      .update(circles)
      .set({ status: 'accepted', acceptedAt: now, updatedAt: now })
      .where(eq(circles.id, id));
    const after = (await loadCircle(tx, id))!;
    await writeCircleEvent(tx, after, checked.transition.event!, actorOf(user));
    return made;
  });
  const circle = await getCircle(db, user, id, now);
  if (!dealIds) return { circle };
  const deals = await Promise.all(dealIds.map((d) => readDeal(db, d, user)));
  return { circle, deals };
}

/** A member declines: the circle lapses for all three at once (no deal exists until all accepted). */
export async function declineCircle(
  db: Database,
  user: Viewer,
  id: string,
  now = new Date(),
): Promise<{ circle: Circle }> {
  await db.transaction(async (tx) => {
    const loaded = await loadCircle(tx, id, true);
    if (!loaded?.members.some((m) => m.userId === user.id)) throw notFound();
    const checked = checkCircleAction(factsOf(loaded), user, 'decline', now);
    if (!checked.ok) throw refuse('decline', checked.reason);
    await tx
      .update(circleMembers)
      .set({ declinedAt: now })
      .where(and(eq(circleMembers.circleId, id), eq(circleMembers.userId, user.id)));
    await tx
      .update(circles)
      .set({ status: 'lapsed', lapsedAt: now, lapseReason: 'declined', lapsedBy: user.id, updatedAt: now })
      .where(eq(circles.id, id));
    const after = (await loadCircle(tx, id))!;
    await writeCircleEvent(tx, after, checked.transition.event!, actorOf(user), { reason: 'declined' });
  });
  return { circle: await getCircle(db, user, id, now) };
}

const LAPSE_EVENT = CIRCLE_TRANSITIONS.find((t) => t.action === 'lapse')!.event!;

/**
 * The circles' timed work at `now` (the job passes the wall clock; tests move it): open circles past their 72 hours
 * lapse for all (the circle table's `lapse`, the system's), and the members who have not answered are reminded
 * 24 and 60 hours after the proposal, each reminder once (`reminded_hours` moves in the reminder's transaction
 * with its event). Answers what it did.
 */
export async function runCircleTimers(
  deps: { db: Database; wakeEvents?: () => void },
  now = new Date(),
): Promise<{ lapsed: number; reminded: number }> {
  let lapsed = 0;
  let reminded = 0;
  const due = await deps.db
    .select({ id: circles.id })
    .from(circles)
    .where(
      and(eq(circles.status, 'proposed'), sql`${circles.expiresAt} <= ${now.toISOString()}::timestamptz`),
    );
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const loaded = await loadCircle(tx, id, true);
      if (!loaded) return false;
      const checked = checkCircleAction(factsOf(loaded), SYSTEM_VIEWER, 'lapse', now);
      if (!checked.ok) return false;
      await tx
        .update(circles)
        .set({ status: 'lapsed', lapsedAt: now, lapseReason: 'expired', updatedAt: now })
        .where(eq(circles.id, id));
      await writeCircleEvent(tx, (await loadCircle(tx, id))!, LAPSE_EVENT, SYSTEM_ACTOR, {
        reason: 'expired',
      });
      return true;
    });
    if (done) lapsed += 1;
  }
  for (const hours of [...CIRCLES.reminderHours].reverse()) {
    const cutoff = new Date(now.getTime() - hours * HOUR_MS);
    const open = await deps.db
      .select({ id: circles.id })
      .from(circles)
      .where(
        and(
          eq(circles.status, 'proposed'),
          sql`${circles.expiresAt} > ${now.toISOString()}::timestamptz`,
          sql`${circles.createdAt} <= ${cutoff.toISOString()}::timestamptz`,
          sql`${circles.remindedHours} < ${hours}`,
        ),
      );
    for (const { id } of open) {
      const done = await deps.db.transaction(async (tx) => {
        const loaded = await loadCircle(tx, id, true);
        if (loaded?.circle.status !== 'proposed' || loaded.circle.remindedHours >= hours) return false;
        const pending = loaded.members.filter((m) => m.acceptedAt === null).map((m) => m.userId);
        await tx.update(circles).set({ remindedHours: hours }).where(eq(circles.id, id));
        await writeCircleEvent(tx, loaded, 'circle.reminder', SYSTEM_ACTOR, { pending, hours });
        return true;
      });
      if (done) reminded += 1;
    }
  }
  if (lapsed + reminded > 0) deps.wakeEvents?.();
  return { lapsed, reminded };
}

/** Open proposals per member (for the circle search's limit of CIRCLES.maxOpenPerMember). */
export async function openCircleCounts(db: Executor, userIds: readonly string[], now: Date) {
  const counts = new Map<string, number>();
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: circleMembers.userId, n: sql<number>`count(*)::int` })
    .from(circleMembers)
    .innerJoin(circles, eq(circles.id, circleMembers.circleId))
    .where(
      and(
        inArray(circleMembers.userId, [...userIds]),
        eq(circles.status, 'proposed'),
        sql`${circles.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(circleMembers.userId);
  for (const r of rows) counts.set(r.userId, r.n);
  return counts;
}
