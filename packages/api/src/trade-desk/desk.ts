import {
  AcceptIndex,
  acceptReasons,
  acceptReasonWords,
  CIRCLES,
  type CircleCandidate,
  findNearCircles,
  withinTolerance,
} from '@barterads/core';
import { type Database, type Executor, memberAccepts, queryRows, sql, users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { eq, inArray } from 'drizzle-orm';
import { displayName } from '../accounts/users';
import { writeAudit } from '../admin/audit';
import { circleAsStaff } from '../circles/circles';
import { loadCircleGraph, proposeCircle } from '../circles/detect';
import type { Circle } from '../circles/schemas';
import { dealsLeftFor } from '../entitlements/entitlements';
import type { TradeDesk, TradeDeskInput } from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
const company = (r: { company_name: string | null; first_name: string; last_name: string }) =>
  r.company_name || displayName({ firstName: r.first_name, lastName: r.last_name });

/**
 * The trade desk (product-spec-3 section 4), for admins and brokers: needs with no match by city and category,
 * offers with no answer for more than 3 days, members with inventory and no deal in 60 days, and circles that miss
 * one leg. `city` and `category` narrow the needs and the idle inventory.
 */
export async function tradeDesk(db: Executor, input: TradeDeskInput, now = new Date()): Promise<TradeDesk> {
  const city = input?.city ? sql`and lower(l.city) = ${input.city.toLowerCase()}` : sql``;
  const category = input?.category ? sql`and l.category = ${input.category}` : sql``;
  const [needs, stalled, idle, graph] = await Promise.all([
    queryRows<{ city: string | null; category: string | null; needs: number | string }>(
      db,
      sql`select l.city, l.category, count(*) as needs from listings l
          where l.status = 'active' and not l.owner_suspended and l.owner_type = 'advertiser' ${city} ${category}
            and not exists (select 1 from listing_matches m where m.listing_id = l.id)
          group by l.city, l.category order by needs desc, l.city nulls last, l.category nulls last limit 100`,
    ),
    queryRows<{
      id: string;
      p_company: string | null;
      p_first: string;
      p_last: string;
      c_company: string | null;
      c_first: string;
      c_last: string;
      turn: string | null;
      updated_at: Date | string;
    }>(
      db,
      sql`select d.id::text, p.company_name as p_company, p.first_name as p_first, p.last_name as p_last,
            c.company_name as c_company, c.first_name as c_first, c.last_name as c_last,
            d.turn_user_id::text as turn, d.updated_at
          from deals d join users p on p.id = d.proposer_id join users c on c.id = d.counterparty_id
          where d.status = 'proposed' and d.expires_at > ${now.toISOString()}::timestamptz
            and d.updated_at < ${new Date(now.getTime() - 3 * DAY_MS).toISOString()}::timestamptz
          order by d.updated_at limit 50`,
    ),
    queryRows<{
      id: string;
      company_name: string | null;
      first_name: string;
      last_name: string;
      active: number | string;
      last_deal: Date | string | null;
    }>(
      db,
      sql`select u.id::text, u.company_name, u.first_name, u.last_name, count(*) as active,
            (select max(d.created_at) from deals d where d.proposer_id = u.id or d.counterparty_id = u.id) as last_deal
          from users u join listings l on l.owner_id = u.id
          where u.status = 'active' and u.deleted_at is null and l.status = 'active' and l.owner_type = 'media_owner'
            ${city} ${category}
            and not exists (select 1 from deals d where (d.proposer_id = u.id or d.counterparty_id = u.id)
              and d.created_at > ${new Date(now.getTime() - 60 * DAY_MS).toISOString()}::timestamptz)
          group by u.id order by active desc, u.id limit 50`,
    ),
    loadCircleGraph(db),
  ]);
  const near = findNearCircles(new AcceptIndex(graph.lists), graph.listings, 20);
  const names = await namesOf(
    db,
    near.flatMap((n) => [
      n.missing.giverId,
      n.missing.receiverId,
      ...n.legs.flatMap((l) => [l.giverId, l.receiverId]),
    ]),
  );
  const name = (id: string) => names.get(id) ?? 'A member';
  return {
    unmatchedNeeds: needs.map((n) => ({ city: n.city, category: n.category, needs: Number(n.needs) })),
    stalledOffers: stalled.map((d) => ({
      dealId: d.id,
      proposer: company({ company_name: d.p_company, first_name: d.p_first, last_name: d.p_last }),
      counterparty: company({ company_name: d.c_company, first_name: d.c_first, last_name: d.c_last }),
      waitingOn: d.turn,
      lastActivityAt: new Date(d.updated_at).toISOString(),
    })),
    idleInventory: idle.map((u) => ({
      userId: u.id,
      company: company(u),
      activeListings: Number(u.active),
      lastDealAt: u.last_deal ? new Date(u.last_deal).toISOString() : null,
    })),
    nearCircles: near.map((n) => ({
      legs: n.legs.map((l) => ({
        giverId: l.giverId,
        giver: name(l.giverId),
        receiverId: l.receiverId,
        receiver: name(l.receiverId),
        listingId: l.listingId,
        title: l.title,
        valueInr: l.valueInr,
      })),
      missing: { ...n.missing, giver: name(n.missing.giverId), receiver: name(n.missing.receiverId) },
    })),
  };
}

async function namesOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      companyName: users.companyName,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(
    rows.map((r) => [
      r.id,
      company({ company_name: r.companyName, first_name: r.firstName, last_name: r.lastName }),
    ]),
  );
}

/**
 * A broker drafts a circle of three listings for their owners (listing i goes to the owner of listing i + 1). The
 * same rules as the search: three active listings of three active members (not the broker's), each inside its
 * receiver's "I'd accept" list when the receiver keeps one, values within 15%, each member with two deals left and
 * fewer than 3 open proposals. Delivered to the three as a proposal "prepared by the BarterAds trade desk (name)",
 * which they answer like any circle: the broker never answers for them.
 */
export async function draftCircle(
  db: Database,
  broker: { id: string },
  listingIds: string[],
  now = new Date(),
): Promise<Circle> {
  const rows = await queryRows<{
    id: string;
    owner_id: string;
    title: string;
    category: string | null;
    city: string | null;
    value: number | string | null;
    available_from: string | null;
    available_to: string | null;
  }>(
    db,
    sql`select l.id::text, l.owner_id::text, l.title, l.category, l.city, (l.rate_inr::bigint * l.min_units) as value,
          l.available_from::text, l.available_to::text
        from listings l join users u on u.id = l.owner_id
        where l.id in (${sql.join(
          listingIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and l.status = 'active' and not l.owner_suspended and u.status = 'active' and u.deleted_at is null
          and u.email_verified`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const listings = listingIds.map((id) => byId.get(id));
  if (listings.some((l) => !l || l.value === null))
    throw conflict('Each listing must be active, with a rate, of an active member.');
  const ls = listings.map((l) => ({ ...l!, valueInr: Number(l!.value) }));
  const owners = ls.map((l) => l.owner_id);
  if (new Set(owners).size !== 3) throw conflict('A circle needs three different members.');
  if (owners.includes(broker.id)) throw conflict('A broker does not draft a circle with its own listings.');
  if (!withinTolerance(ls.map((l) => l.valueInr)))
    throw conflict(`The three values must be within ${CIRCLES.valueTolerance * 100}% of each other.`);
  const lists = await db.select().from(memberAccepts).where(inArray(memberAccepts.userId, owners));
  const listOf = new Map(lists.map((l) => [l.userId, l]));
  const names = await namesOf(db, owners);
  const legs = ls.map((l, i) => {
    const receiverId = owners[(i + 1) % 3]!;
    const list = listOf.get(receiverId);
    const listing = {
      category: l.category,
      city: l.city,
      valueInr: l.valueInr,
      availableFrom: l.available_from,
      availableTo: l.available_to,
    };
    const reasons = list ? acceptReasons(list, listing) : [];
    if (reasons === null) throw conflict(`"${l.title}" is outside ${names.get(receiverId)}'s accept list.`);
    return {
      giverId: l.owner_id,
      receiverId,
      listingId: l.id,
      title: l.title,
      category: l.category,
      city: l.city,
      valueInr: l.valueInr,
      reasons,
    };
  }) as CircleCandidate['legs'];
  const left = await dealsLeftFor(db, owners, now);
  for (const m of owners) {
    const l = left.get(m)?.left;
    if (l !== null && l !== undefined && l < CIRCLES.dealsPerMember)
      throw conflict(`${names.get(m)} has fewer than ${CIRCLES.dealsPerMember} deals left this month.`);
  }
  const values = legs.map((l) => l.valueInr);
  const candidate: CircleCandidate = {
    members: owners as [string, string, string],
    legs,
    spreadInr: Math.max(...values) - Math.min(...values),
    key: [...listingIds].sort().join(','),
  };
  const id = await proposeCircle(
    db,
    candidate,
    (leg) => {
      const list = listOf.get(leg.receiverId);
      return list
        ? acceptReasonWords(leg.reasons, list, leg)
        : ['Chosen for the receiver by the BarterAds trade desk (the receiver keeps no accept list)'];
    },
    now,
    broker.id,
  );
  if (!id)
    throw conflict(
      'A member already has 3 open circle proposals, or these three listings were proposed before.',
    );
  return circleAsStaff(db, broker, id, now);
}

/** Per broker and Asia/Kolkata month: circles drafted, accepted by all three, and the value closed (their legs). */
export async function brokerFigures(db: Executor) {
  const rows = await queryRows<{
    broker_id: string;
    first_name: string;
    last_name: string;
    month: string;
    drafts: number | string;
    accepted: number | string;
    value: number | string | null;
  }>(
    db,
    sql`select c.broker_id::text, u.first_name, u.last_name,
          to_char(c.created_at at time zone 'Asia/Kolkata', 'YYYY-MM') as month,
          count(*) as drafts, count(*) filter (where c.status = 'accepted') as accepted,
          coalesce(sum((select sum(m.value_inr) from circle_members m where m.circle_id = c.id))
            filter (where c.status = 'accepted'), 0) as value
        from circles c join users u on u.id = c.broker_id
        where c.broker_id is not null
        group by c.broker_id, u.first_name, u.last_name, month
        order by month desc, u.first_name, c.broker_id`,
  );
  return {
    figures: rows.map((r) => ({
      brokerId: r.broker_id,
      broker: displayName({ firstName: r.first_name, lastName: r.last_name }),
      month: r.month,
      drafts: Number(r.drafts),
      accepted: Number(r.accepted),
      valueClosedInr: Number(r.value ?? 0),
    })),
  };
}

/** An admin makes a staff member a broker (or not), audit-logged in the same transaction. */
export async function setBroker(db: Database, admin: { id: string }, input: { id: string; broker: boolean }) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(users)
      .where(eq(users.id, input.id))
      .for('no key update')
      .limit(1);
    if (!before || before.deletedAt) throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found.' });
    const [after] = await tx
      .update(users)
      .set({ isBroker: input.broker })
      .where(eq(users.id, input.id))
      .returning();
    await writeAudit(tx, {
      actorId: admin.id,
      action: 'set_broker',
      targetType: 'user',
      targetId: input.id,
      before: { broker: before.isBroker },
      after: { broker: input.broker },
    });
    return {
      user: {
        _id: after!.id,
        name: displayName(after!),
        email: after!.email,
        role: after!.role,
        broker: after!.isBroker,
      },
    };
  });
}
