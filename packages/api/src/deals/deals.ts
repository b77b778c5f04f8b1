import {
  acceptReasons,
  allowedDealActions,
  allowedDeliverableActions,
  commissionInr,
  DEAL_MESSAGES,
  dealLimitMessage,
  dealNumber,
  effectiveDealStatus,
  kolkataDate,
  kolkataMonth,
  kolkataYear,
  SYSTEM_VIEWER,
  sameTerms,
  type Viewer,
} from '@barterads/core';
import {
  type Database,
  type DealItemRow,
  type DealRow,
  type DealVersionRow,
  dealDeliverables,
  dealItems,
  deals,
  dealVersions,
  type Executor,
  listings,
  lockUsers,
  memberAccepts,
  queryRows,
  reviews,
  type UserRow,
  users,
} from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { displayName } from '../accounts/users';
import { writeAudit } from '../admin/audit';
import {
  createDeliverables,
  deliverableEventsColumn,
  deliverableWithProof,
  loadDeliverables,
  toDeliverableView,
  toTimeline,
} from '../deliveries/deliveries';
import type { StoredDeliverableView } from '../deliveries/schemas';
import { entitlementsOf } from '../entitlements/entitlements';
import {
  actorOf,
  type EventActor,
  type NewEvent,
  SYSTEM_ACTOR,
  writeEvent,
  writeEventOnce,
} from '../events/outbox';
import {
  type DealTransition,
  dealFactsOf,
  dealOpenSql,
  effectiveDealStatusSql,
  runDealTransition,
} from '../lifecycle/transition';
import { storeLegs } from '../tax/legs';
import { preparedByWords } from '../trade-desk/words';
import { requireNoOverdueCommission } from './commission';
import type {
  AcceptDealInput,
  AdminCancelDealInput,
  AdminDealsInput,
  CounterDealInput,
  Deal,
  DealItem,
  DealItemInput,
  DealPageResult,
  DealVersion,
  DeclineDealInput,
  ListDealsInput,
  ListDealsResult,
  ProposeDealInput,
} from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

function conflict(message: string): TRPCError {
  return new TRPCError({ code: 'CONFLICT', message });
}
function notFound(): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: DEAL_MESSAGES.notFound });
}

// ---- reading ----

const proposerUser = alias(users, 'proposer_user');
const counterpartyUser = alias(users, 'counterparty_user');

/** A deal row with the two parties' public fields (one query). */
const dealWithParties = {
  deal: deals,
  proposerFirst: proposerUser.firstName,
  proposerLast: proposerUser.lastName,
  proposerCompany: proposerUser.companyName,
  proposerGst: proposerUser.gstVerification,
  counterpartyFirst: counterpartyUser.firstName,
  counterpartyLast: counterpartyUser.lastName,
  counterpartyCompany: counterpartyUser.companyName,
  counterpartyGst: counterpartyUser.gstVerification,
  /** The parties who have reviewed the deal (the deal table's `review` guard). */
  reviewedBy: sql<
    string[]
  >`coalesce((select json_agg(r.author_id) from ${reviews} r where r.deal_id = ${deals.id}), '[]'::json)`,
  /** The broker who prepared it (its name), or null. */
  brokerName: sql<
    string | null
  >`(select b.first_name || ' ' || b.last_name from ${users} b where b.id = ${deals.brokerId})`,
};

interface DealWithParties {
  deal: DealRow;
  proposerFirst: string;
  proposerLast: string;
  proposerCompany: string | null;
  proposerGst: string;
  counterpartyFirst: string;
  counterpartyLast: string;
  counterpartyCompany: string | null;
  counterpartyGst: string;
  reviewedBy: string[];
  brokerName: string | null;
}

function selectDeals(db: Executor) {
  return db
    .select(dealWithParties)
    .from(deals)
    .innerJoin(proposerUser, eq(proposerUser.id, deals.proposerId))
    .innerJoin(counterpartyUser, eq(counterpartyUser.id, deals.counterpartyId));
}

type Deliverables = Map<string, StoredDeliverableView>;
const NO_DELIVERABLES: Deliverables = new Map();

/** An item with its deliverable (accepted deals) and the viewer's actions on it. */
function toItem(
  row: DealItemRow,
  deal: { proposerId: string; counterpartyId: string; status: Deal['status'] } | null,
  deliverables: Deliverables = NO_DELIVERABLES,
  viewer?: Viewer,
  now = new Date(),
): DealItem {
  const stored = deal ? deliverables.get(row.id) : undefined;
  const receiverId = row.giverId === deal?.proposerId ? deal?.counterpartyId : deal?.proposerId;
  return {
    _id: row.id,
    giverId: row.giverId,
    listingId: row.listingId,
    title: row.title,
    quantity: row.quantity,
    unit: row.unit,
    startDate: row.startDate,
    endDate: row.endDate,
    valueInr: row.valueInr,
    deliverable:
      stored && deal && receiverId
        ? {
            ...stored,
            actions: viewer
              ? allowedDeliverableActions(
                  {
                    status: stored.status,
                    dealStatus: deal.status,
                    giverId: row.giverId,
                    receiverId,
                    deliveredAt: stored.deliveredAt,
                  },
                  viewer,
                  now,
                )
              : [],
          }
        : null,
  };
}

/** Per party: the value in rupees it receives (what the other party gives). */
function totalsOf(
  parties: { proposerId: string; counterpartyId: string },
  items: Pick<DealItemRow, 'giverId' | 'valueInr'>[],
): Record<string, number> {
  const totals: Record<string, number> = { [parties.proposerId]: 0, [parties.counterpartyId]: 0 };
  for (const item of items) {
    const receiver = item.giverId === parties.proposerId ? parties.counterpartyId : parties.proposerId;
    totals[receiver] = (totals[receiver] ?? 0) + item.valueInr;
  }
  return totals;
}

/** A deal as the contract's object for `viewer`, with the actions the deal table allows the viewer now. */
function toDeal(
  joined: DealWithParties,
  items: DealItemRow[],
  now: Date,
  viewer: Viewer,
  deliverables: Deliverables = NO_DELIVERABLES,
): Deal {
  const row = joined.deal;
  const status = effectiveDealStatus(row, now);
  const accepted = row.acceptedAt !== null;
  const forItems = accepted ? { ...row, status } : null;
  const commission: Deal['commission'] = {};
  if (row.proposerCommissionBp !== null && row.proposerCommissionInr !== null) {
    commission[row.proposerId] = {
      rate: row.proposerCommissionBp / 10_000,
      amountInr: row.proposerCommissionInr,
      paid: row.proposerCommissionPaid,
    };
  }
  if (row.counterpartyCommissionBp !== null && row.counterpartyCommissionInr !== null) {
    commission[row.counterpartyId] = {
      rate: row.counterpartyCommissionBp / 10_000,
      amountInr: row.counterpartyCommissionInr,
      paid: row.counterpartyCommissionPaid,
    };
  }
  const current = items.filter((item) => item.version === row.version);
  return {
    _id: row.id,
    number: row.number,
    status,
    version: row.version,
    turnUserId: status === 'proposed' ? row.turnUserId : null,
    expiresAt: row.expiresAt.toISOString(),
    listingId: row.listingId,
    proposer: {
      _id: row.proposerId,
      name: displayName({ firstName: joined.proposerFirst, lastName: joined.proposerLast }),
      companyName: joined.proposerCompany,
      verified: joined.proposerGst === 'verified',
    },
    counterparty: {
      _id: row.counterpartyId,
      name: displayName({ firstName: joined.counterpartyFirst, lastName: joined.counterpartyLast }),
      companyName: joined.counterpartyCompany,
      verified: joined.counterpartyGst === 'verified',
    },
    items: current.map((item) => toItem(item, forItems, deliverables, viewer, now)),
    totals: totalsOf(row, current),
    commission,
    declineReason: row.declineReason,
    conversationId: row.conversationId,
    acceptedBy: row.acceptedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    acceptedAt: row.acceptedAt ? row.acceptedAt.toISOString() : null,
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    circleId: row.circleId,
    brokerId: row.brokerId,
    preparedBy: row.brokerId ? preparedByWords(joined.brokerName) : null,
    draftAcceptedBy: status === 'proposed' ? row.draftAcceptedBy : null,
    actions: allowedDealActions(
      {
        ...dealFactsOf(row, joined.reviewedBy),
        deliverables: accepted
          ? current.flatMap((item) => {
              const d = deliverables.get(item.id);
              const receiverId = item.giverId === row.proposerId ? row.counterpartyId : row.proposerId;
              return d
                ? [{ status: d.status, giverId: item.giverId, receiverId, deliveredAt: d.deliveredAt }]
                : [];
            })
          : [],
      },
      viewer,
      now,
    ),
  };
}

function toVersion(row: DealVersionRow, deal: DealRow, items: DealItemRow[]): DealVersion {
  const own = items.filter((item) => item.version === row.version);
  return {
    version: row.version,
    authorId: row.authorId,
    message: row.message,
    openDays: row.openDays,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    items: own.map((item) => toItem(item, null)),
    totals: totalsOf(deal, own),
  };
}

function isParty(row: Pick<DealRow, 'proposerId' | 'counterpartyId'>, userId: string): boolean {
  return row.proposerId === userId || row.counterpartyId === userId;
}

/**
 * The deal page: the deal, every version with its items. Three queries: the deal with both parties, its
 * versions, all its items (each accepted one with its deliverable and proof). Parties and admins only; anyone else gets 404 (a deal's existence is not told).
 */
export async function getDealPage(db: Executor, viewer: UserRow, id: string): Promise<DealPageResult> {
  const [joined] = await selectDeals(db).where(eq(deals.id, id)).limit(1);
  if (!joined || (!isParty(joined.deal, viewer.id) && viewer.role !== 'admin')) throw notFound();
  const [versionRows, itemAndDeliverableRows] = await Promise.all([
    db.select().from(dealVersions).where(eq(dealVersions.dealId, id)).orderBy(asc(dealVersions.version)),
    // Every version's items, each accepted one with its deliverable, current proof and events in the same row.
    db
      .select({ item: dealItems, ...deliverableWithProof, events: deliverableEventsColumn })
      .from(dealItems)
      .leftJoin(dealDeliverables, eq(dealDeliverables.itemId, dealItems.id))
      .where(eq(dealItems.dealId, id))
      .orderBy(asc(dealItems.version), asc(dealItems.position)),
  ]);
  const itemRows = itemAndDeliverableRows.map((row) => row.item);
  const deliverables: Deliverables = new Map();
  const timeline = toTimeline(itemAndDeliverableRows.flatMap((row) => (row.deliverable ? row.events : [])));
  for (const { item, deliverable, proof } of itemAndDeliverableRows) {
    if (deliverable) deliverables.set(item.id, toDeliverableView(deliverable, proof));
  }
  const now = new Date();
  return {
    deal: toDeal(joined, itemRows, now, viewer, deliverables),
    versions: versionRows.map((v) => toVersion(v, joined.deal, itemRows)),
    timeline,
  };
}

/** One deal as the contract's object for `viewer` (after a transition). */
export async function readDeal(db: Executor, id: string, viewer: Viewer): Promise<Deal> {
  const [joined] = await selectDeals(db).where(eq(deals.id, id)).limit(1);
  if (!joined) throw notFound();
  const [items, deliverables] = await Promise.all([
    db
      .select()
      .from(dealItems)
      .where(and(eq(dealItems.dealId, id), eq(dealItems.version, joined.deal.version)))
      .orderBy(asc(dealItems.position)),
    loadDeliverables(db, [id]),
  ]);
  return toDeal(joined, items, new Date(), viewer, deliverables);
}

/**
 * Writes a deal's event in the transaction that made the change (the outbox): its type, who acted, the parties as
 * its audience and the deal as the API answers it (no viewer's actions).
 */
export async function writeDealEvent(
  tx: Executor,
  id: string,
  type: string,
  actor: EventActor,
  extra: Record<string, unknown> = {},
  options: { once?: string } = {},
): Promise<boolean> {
  const deal = await readDeal(tx, id, SYSTEM_VIEWER);
  const event: NewEvent = {
    type,
    actor,
    resourceType: 'deal',
    resourceId: id,
    audience: [deal.proposer._id, deal.counterparty._id],
    data: { deal, ...extra },
  };
  // `once`: a job's event, written once per key (a second run writes nothing; answers false).
  if (options.once) return (await writeEventOnce(tx, options.once, event)) !== null;
  await writeEvent(tx, event);
  return true;
}

/** The event of an expiry the next transition writes. */
const onExpired = async (tx: Executor, row: DealRow): Promise<void> => {
  await writeDealEvent(tx, row.id, 'deal.expired', SYSTEM_ACTOR);
};

interface Cursor {
  at: string;
  id: string;
}

function encodeCursor(row: DealRow): string {
  return Buffer.from(JSON.stringify({ at: row.updatedAt.toISOString(), id: row.id })).toString('base64url');
}

function decodeCursor(value: string): Cursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as Cursor).at === 'string' &&
      typeof (parsed as Cursor).id === 'string' &&
      !Number.isNaN(Date.parse((parsed as Cursor).at)) &&
      /^[0-9a-f-]{36}$/i.test((parsed as Cursor).id)
    ) {
      return parsed as Cursor;
    }
  } catch {
    // An unreadable cursor is bad input, below.
  }
  return null;
}

function statusFilter(filter: ListDealsInput['status'], userId: string): SQL | undefined {
  if (!filter) return undefined;
  if (filter === 'confirm') {
    return sql`exists (select 1 from ${dealDeliverables} where ${dealDeliverables.dealId} = ${deals.id} and ${dealDeliverables.receiverId} = ${userId} and ${dealDeliverables.status} = 'delivered')`;
  }
  if (filter === 'awaiting') {
    return and(dealOpenSql, eq(deals.turnUserId, userId));
  }
  return sql`${effectiveDealStatusSql} = ${filter}`;
}

/** The current version's items of each deal, by deal id (one query). */
async function currentItems(db: Executor, rows: DealWithParties[]): Promise<Map<string, DealItemRow[]>> {
  const byDeal = new Map<string, DealItemRow[]>();
  if (rows.length === 0) return byDeal;
  const items = await db
    .select({ item: dealItems })
    .from(dealItems)
    .innerJoin(deals, and(eq(deals.id, dealItems.dealId), eq(deals.version, dealItems.version)))
    .where(
      inArray(
        dealItems.dealId,
        rows.map((r) => r.deal.id),
      ),
    )
    .orderBy(asc(dealItems.position));
  for (const { item } of items) {
    const list = byDeal.get(item.dealId) ?? [];
    list.push(item);
    byDeal.set(item.dealId, list);
  }
  return byDeal;
}

function cursorCondition(value: string | undefined): SQL | undefined {
  if (!value) return undefined;
  const cursor = decodeCursor(value);
  if (!cursor) throw new TRPCError({ code: 'BAD_REQUEST', message: 'The cursor is not valid.' });
  return sql`(${deals.updatedAt}, ${deals.id}) < (${new Date(cursor.at).toISOString()}::timestamptz, ${cursor.id}::uuid)`;
}

/** Every deal for the admin, latest activity first, filtered by state (`expired` includes offers past their period). */
export async function adminListDeals(
  db: Executor,
  viewer: Viewer,
  input: AdminDealsInput,
): Promise<{ deals: Deal[]; nextCursor: string | null }> {
  const page = await selectDeals(db)
    .where(
      and(
        input.status ? sql`${effectiveDealStatusSql} = ${input.status}` : undefined,
        cursorCondition(input.cursor),
      ),
    )
    .orderBy(desc(deals.updatedAt), desc(deals.id))
    .limit(input.limit + 1);
  const rows = page.slice(0, input.limit);
  const [byDeal, deliverables] = await Promise.all([
    currentItems(db, rows),
    loadDeliverables(
      db,
      rows.filter((r) => r.deal.acceptedAt !== null).map((r) => r.deal.id),
    ),
  ]);
  const now = new Date();
  const last = rows.at(-1);
  return {
    deals: rows.map((r) => toDeal(r, byDeal.get(r.deal.id) ?? [], now, viewer, deliverables)),
    nextCursor: page.length > input.limit && last ? encodeCursor(last.deal) : null,
  };
}

/**
 * An admin cancels an open, accepted or disputed deal with a reason (the deal table's `cancel`): the deal's row
 * locked, the audit row written in the same transaction. 409 for a deal already closed.
 */
export async function adminCancelDeal(
  db: Database,
  admin: UserRow,
  input: AdminCancelDealInput,
): Promise<Deal> {
  await runDealTransition(
    db,
    admin,
    input.id,
    'cancel',
    async (tx, row, now) => {
      await tx
        .update(deals)
        .set({ status: 'cancelled', turnUserId: null, closedAt: now, declineReason: input.reason })
        .where(eq(deals.id, row.id));
      await writeAudit(tx, {
        actorId: admin.id,
        action: 'cancel_deal',
        targetType: 'deal',
        targetId: row.id,
        before: { status: row.status, number: row.number },
        after: { status: 'cancelled', number: row.number },
        reason: input.reason,
      });
      await writeDealEvent(tx, row.id, 'deal.cancelled', actorOf(admin, true));
    },
    { onExpired },
  );
  return readDeal(db, input.id, admin);
}

/** The user's deals, latest activity first, with counts per state and how many await the user's answer. */
export async function listDeals(
  db: Executor,
  user: UserRow,
  input: ListDealsInput,
): Promise<ListDealsResult> {
  const mine = or(eq(deals.proposerId, user.id), eq(deals.counterpartyId, user.id));
  const filters = and(statusFilter(input.status, user.id), cursorCondition(input.cursor)) ?? sql`true`;
  // The page's ids come from two index scans, one per side (proposer, counterparty), each stopping after a page
  // in (updated_at, id) order, merged: its cost follows the page size, not how many deals the user has (an OR
  // of the two sides would read and sort all of them).
  const onePage = input.limit + 1;
  const side = (column: typeof deals.proposerId | typeof deals.counterpartyId) =>
    sql`(select ${deals.id} from ${deals} where ${column} = ${user.id} and ${filters}
          order by ${deals.updatedAt} desc, ${deals.id} desc limit ${onePage})`;
  const [page, countRows, confirmRows] = await Promise.all([
    selectDeals(db)
      .where(
        sql`${deals.id} in (select id from (${side(deals.proposerId)} union all ${side(deals.counterpartyId)}) as mine)`,
      )
      .orderBy(desc(deals.updatedAt), desc(deals.id))
      .limit(onePage),
    db
      .select({
        status: effectiveDealStatusSql,
        awaiting: sql<number>`count(*) filter (where ${dealOpenSql} and ${deals.turnUserId} = ${user.id})::int`,
        n: count(),
      })
      .from(deals)
      .where(mine)
      .groupBy(effectiveDealStatusSql),
    db
      .select({ n: sql<number>`count(distinct ${dealDeliverables.dealId})::int` })
      .from(dealDeliverables)
      .where(and(eq(dealDeliverables.receiverId, user.id), eq(dealDeliverables.status, 'delivered'))),
  ]);
  const rows = page.slice(0, input.limit);
  const [byDeal, deliverables] = await Promise.all([
    currentItems(db, rows),
    loadDeliverables(
      db,
      rows.filter((r) => r.deal.acceptedAt !== null).map((r) => r.deal.id),
    ),
  ]);
  const now = new Date();
  const counts: Record<string, number> = {};
  let awaitingMe = 0;
  for (const row of countRows) {
    counts[row.status] = row.n;
    awaitingMe += row.awaiting;
  }
  const last = rows.at(-1);
  return {
    deals: rows.map((r) => toDeal(r, byDeal.get(r.deal.id) ?? [], now, user, deliverables)),
    nextCursor: page.length > input.limit && last ? encodeCursor(last.deal) : null,
    counts,
    awaitingMe,
    awaitingConfirmation: confirmRows[0]?.n ?? 0,
  };
}

// ---- plan limits ----

/** Accepted deals of a party in the Asia/Kolkata month of `at`. */
async function dealsInMonth(db: Executor, userId: string, at: Date): Promise<number> {
  const month = kolkataMonth(at);
  const [row] = await db
    .select({ n: count() })
    .from(deals)
    .where(
      and(
        or(eq(deals.proposerId, userId), eq(deals.counterpartyId, userId)),
        gte(deals.acceptedAt, month.start),
        lt(deals.acceptedAt, month.next),
      ),
    );
  return row?.n ?? 0;
}

export interface DealAllowanceState {
  plan: string;
  dealsThisMonth: number;
  dealLimit: number | null;
  /** `YYYY-MM-DD` (Asia/Kolkata) when the month's count starts again. */
  resetsOn: string;
  commissionBp: number;
}

/** A party's plan (or the free allowance), this month's accepted deals and when the count resets. */
export async function dealAllowanceOf(
  db: Executor,
  userId: string,
  at = new Date(),
): Promise<DealAllowanceState> {
  const [plan, used] = await Promise.all([entitlementsOf(db, userId), dealsInMonth(db, userId, at)]);
  return {
    plan: plan.name,
    dealsThisMonth: used,
    dealLimit: plan.dealsPerMonth,
    resetsOn: kolkataDate(kolkataMonth(at).next),
    commissionBp: plan.commissionBp,
  };
}

function atLimit(state: DealAllowanceState): boolean {
  return state.dealLimit !== null && state.dealsThisMonth >= state.dealLimit;
}

/** 403 naming plan, limit and reset date when the party has used this month's deals. */
async function requireDealsLeft(db: Executor, userId: string, now: Date): Promise<DealAllowanceState> {
  const state = await dealAllowanceOf(db, userId, now);
  if (atLimit(state)) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: dealLimitMessage(state.plan, state.dealLimit ?? 0, state.resetsOn),
    });
  }
  return state;
}

// ---- writing ----

function requireVerifiedEmail(user: UserRow): void {
  if (!user.emailVerified)
    throw new TRPCError({ code: 'FORBIDDEN', message: DEAL_MESSAGES.emailNotVerified });
}

/** The other party must still be an active account (a suspended or deleted one takes no part in deals). */
async function requireActiveParty(db: Executor, userId: string, message: string): Promise<void> {
  const [row] = await db
    .select({ status: users.status, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (row?.status !== 'active' || row.deletedAt !== null) throw conflict(message);
}

/**
 * Checks a version's items: each given by one of the two parties, both sides present, and every named listing
 * an active listing of its giver.
 */
async function checkItems(
  db: Executor,
  parties: { proposerId: string; counterpartyId: string },
  items: DealItemInput[],
): Promise<void> {
  const givers = new Set(items.map((item) => item.giverId));
  for (const giver of givers) {
    if (giver !== parties.proposerId && giver !== parties.counterpartyId) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: DEAL_MESSAGES.giverNotParty });
    }
  }
  if (givers.size !== 2) throw new TRPCError({ code: 'BAD_REQUEST', message: DEAL_MESSAGES.bothSides });
  const named = items.filter((item) => item.listingId !== undefined);
  if (named.length === 0) return;
  const rows = await db
    .select({ id: listings.id, ownerId: listings.ownerId, status: listings.status })
    .from(listings)
    .where(
      inArray(
        listings.id,
        named.map((item) => item.listingId!),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const item of named) {
    const listing = byId.get(item.listingId!);
    if (!listing || listing.ownerId !== item.giverId || listing.status !== 'active') {
      throw new TRPCError({ code: 'BAD_REQUEST', message: DEAL_MESSAGES.itemListingNotGivers });
    }
  }
}

/** Writes a new version with its items (never changed afterwards); answers its closing time. */
async function writeVersion(
  tx: Executor,
  dealId: string,
  version: number,
  authorId: string,
  input: { items: DealItemInput[]; message?: string; openDays: number },
  now: Date,
): Promise<Date> {
  const expiresAt = new Date(now.getTime() + input.openDays * DAY_MS);
  const [written] = await tx
    .insert(dealVersions)
    .values({
      dealId,
      version,
      authorId,
      message: input.message ?? null,
      openDays: input.openDays,
      expiresAt,
      createdAt: now,
    })
    .returning({ id: dealVersions.id });
  await tx.insert(dealItems).values(
    input.items.map((item, position) => ({
      dealId,
      versionId: written!.id,
      version,
      position,
      giverId: item.giverId,
      listingId: item.listingId ?? null,
      title: item.title,
      quantity: item.quantity,
      unit: item.unit,
      startDate: item.startDate ?? null,
      endDate: item.endDate ?? null,
      valueInr: item.valueInr,
    })),
  );
  return expiresAt;
}

/**
 * Proposes a deal from an active listing that is not the proposer's: its owner is the counterparty, whose turn
 * it is. Active, e-mail-verified users only, within their plan's deals this month.
 */
export async function proposeDeal(db: Database, user: UserRow, input: ProposeDealInput): Promise<Deal> {
  requireVerifiedEmail(user);
  const now = new Date();
  const id = await db.transaction(async (tx) => {
    const [listing] = await tx
      .select({
        id: listings.id,
        ownerId: listings.ownerId,
        status: listings.status,
        ownerStatus: users.status,
        ownerDeleted: users.deletedAt,
        ownerEmailVerified: users.emailVerified,
      })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.ownerId))
      .where(eq(listings.id, input.listingId))
      .limit(1);
    if (!listing) throw new TRPCError({ code: 'NOT_FOUND', message: DEAL_MESSAGES.listingNotFound });
    if (listing.ownerId === user.id)
      throw new TRPCError({ code: 'BAD_REQUEST', message: DEAL_MESSAGES.selfDeal });
    if (listing.status !== 'active') throw conflict(DEAL_MESSAGES.listingArchived);
    if (listing.ownerStatus !== 'active' || listing.ownerDeleted !== null || !listing.ownerEmailVerified) {
      throw conflict(DEAL_MESSAGES.ownerUnavailable);
    }
    const parties = { proposerId: user.id, counterpartyId: listing.ownerId };
    await checkItems(tx, parties, input.items);
    await requireNoOverdueCommission(tx, user.id, now);
    await requireDealsLeft(tx, user.id, now);
    const [deal] = await tx
      .insert(deals)
      .values({
        listingId: listing.id,
        ...parties,
        version: 1,
        turnUserId: listing.ownerId,
        expiresAt: new Date(now.getTime() + input.openDays * DAY_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: deals.id });
    await writeVersion(tx, deal!.id, 1, user.id, input, now);
    await writeDealEvent(tx, deal!.id, 'deal.proposed', actorOf(user));
    return deal!.id;
  });
  return readDeal(db, id, user);
}

/** A broker's draft of a deal between two members (POST /api/admin/trade-desk/drafts with `fromUserId`). */
export interface DraftDealInput extends ProposeDealInput {
  /** The member the draft is proposed from (the listing's owner is the other party). */
  fromUserId: string;
}

/**
 * A broker drafts a deal between two members as `fromUserId` would propose it on the listing: the same checks of
 * the listing and the items, both members active with deals left this month, and every listed item inside its
 * receiver's "I'd accept" list when the receiver keeps one (nothing is proposed to a member outside it). The
 * draft has no turn and no party has accepted it (`draftAcceptedBy` empty): each member accepts, counters or
 * declines it (the deal table's `drafted` rows); the broker, no party, never answers it. Marked with the broker.
 */
export async function proposeDraftDeal(
  db: Database,
  broker: UserRow,
  input: DraftDealInput,
  now = new Date(),
): Promise<Deal> {
  const id = await db.transaction(async (tx) => {
    const [listing] = await tx
      .select({
        id: listings.id,
        ownerId: listings.ownerId,
        status: listings.status,
        ownerStatus: users.status,
        ownerDeleted: users.deletedAt,
        ownerEmailVerified: users.emailVerified,
      })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.ownerId))
      .where(eq(listings.id, input.listingId))
      .limit(1);
    if (!listing) throw new TRPCError({ code: 'NOT_FOUND', message: DEAL_MESSAGES.listingNotFound });
    if (listing.ownerId === input.fromUserId)
      throw new TRPCError({ code: 'BAD_REQUEST', message: DEAL_MESSAGES.selfDeal });
    if (listing.ownerId === broker.id || input.fromUserId === broker.id)
      throw conflict('A broker does not draft a deal of its own.');
    if (listing.status !== 'active') throw conflict(DEAL_MESSAGES.listingArchived);
    if (listing.ownerStatus !== 'active' || listing.ownerDeleted !== null || !listing.ownerEmailVerified) {
      throw conflict(DEAL_MESSAGES.ownerUnavailable);
    }
    const [from] = await tx.select().from(users).where(eq(users.id, input.fromUserId)).limit(1);
    if (from?.status !== 'active' || from.deletedAt !== null || !from.emailVerified)
      throw conflict(DEAL_MESSAGES.partyUnavailable);
    const parties = { proposerId: from.id, counterpartyId: listing.ownerId };
    await checkItems(tx, parties, input.items);
    for (const party of [parties.proposerId, parties.counterpartyId]) {
      if (atLimit(await dealAllowanceOf(tx, party, now))) throw conflict(DEAL_MESSAGES.partyUnavailable);
    }
    await requireInsideAcceptLists(tx, parties, input.items);
    const [deal] = await tx
      .insert(deals)
      .values({
        listingId: listing.id,
        ...parties,
        version: 1,
        turnUserId: null,
        draftAcceptedBy: [],
        brokerId: broker.id,
        expiresAt: new Date(now.getTime() + input.openDays * DAY_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: deals.id });
    await writeVersion(tx, deal!.id, 1, broker.id, input, now);
    await writeDealEvent(tx, deal!.id, 'deal.proposed', actorOf(broker), {
      broker: { _id: broker.id, name: `${broker.firstName} ${broker.lastName}`.trim() },
    });
    return deal!.id;
  });
  return readDeal(db, id, broker);
}

/** Each listed item must be inside its receiver's "I'd accept" list (when the receiver keeps one): 409 otherwise. */
async function requireInsideAcceptLists(
  tx: Executor,
  parties: { proposerId: string; counterpartyId: string },
  items: DealItemInput[],
): Promise<void> {
  const named = items.filter((item) => item.listingId !== undefined);
  if (named.length === 0) return;
  const [lists, rows] = await Promise.all([
    tx
      .select()
      .from(memberAccepts)
      .where(inArray(memberAccepts.userId, [parties.proposerId, parties.counterpartyId])),
    tx
      .select({
        id: listings.id,
        category: listings.category,
        city: listings.city,
        availableFrom: listings.availableFrom,
        availableTo: listings.availableTo,
      })
      .from(listings)
      .where(
        inArray(
          listings.id,
          named.map((item) => item.listingId!),
        ),
      ),
  ]);
  const listOf = new Map(lists.map((l) => [l.userId, l]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const item of named) {
    const receiver = item.giverId === parties.proposerId ? parties.counterpartyId : parties.proposerId;
    const list = listOf.get(receiver);
    const listing = byId.get(item.listingId!);
    if (!list || !listing) continue;
    if (acceptReasons(list, { ...listing, valueInr: item.valueInr }) === null)
      throw conflict(`"${item.title}" is outside the receiving member's "I'd accept" list.`);
  }
}

/**
 * Runs one of a member's transitions of a deal through the deal table (runDealTransition: the row locked, the
 * effective state resolved, the table checked before `apply`), then answers the deal as the member sees it.
 */
async function transition(
  db: Database,
  user: UserRow,
  id: string,
  action: 'counter' | 'accept' | 'decline' | 'withdraw',
  apply: (tx: Executor, row: DealRow, now: Date, transition: DealTransition) => Promise<void>,
  before?: (row: DealRow) => void,
): Promise<Deal> {
  requireVerifiedEmail(user);
  await runDealTransition(
    db,
    user,
    id,
    action,
    async (tx, row, now, allowed) => {
      await apply(tx, row, now, allowed);
      // The event of the table's row that allowed it (a draft's first accept writes its own).
      if (allowed.event) await writeDealEvent(tx, row.id, allowed.event, actorOf(user));
    },
    before ? { before, onExpired } : { onExpired },
  );
  return readDeal(db, id, user);
}

function otherParty(row: DealRow, userId: string): string {
  return row.proposerId === userId ? row.counterpartyId : row.proposerId;
}

/** A counter must change the terms: the current version's items again are refused (409), so accept them instead. */
async function requireChangedTerms(tx: Executor, row: DealRow, items: DealItemInput[]): Promise<void> {
  const current = await tx
    .select()
    .from(dealItems)
    .where(and(eq(dealItems.dealId, row.id), eq(dealItems.version, row.version)));
  if (sameTerms(current, items)) throw conflict(DEAL_MESSAGES.counterUnchanged);
}

/** The party whose turn it is answers with new terms: version n+1, the turn passes. Not after the 10th. */
export function counterDeal(db: Database, user: UserRow, input: CounterDealInput): Promise<Deal> {
  return transition(db, user, input.id, 'counter', async (tx, row, now) => {
    const other = otherParty(row, user.id);
    await requireActiveParty(tx, other, DEAL_MESSAGES.partyUnavailable);
    await checkItems(tx, row, input.items);
    await requireNoOverdueCommission(tx, user.id, now);
    await requireDealsLeft(tx, user.id, now);
    await requireChangedTerms(tx, row, input.items);
    const version = row.version + 1;
    const expiresAt = await writeVersion(tx, row.id, version, user.id, input, now);
    // A counter to a broker's draft is the party's own offer: no longer a draft, the other party's turn.
    await tx
      .update(deals)
      .set({ version, turnUserId: other, expiresAt, draftAcceptedBy: null })
      .where(eq(deals.id, row.id));
  });
}

/**
 * The party whose turn it is accepts the version it names (409 when a newer one exists). Both parties' rows are
 * locked (in id order) and their plans' monthly limits checked in this transaction, so simultaneous acceptances
 * cannot exceed a limit. The deal gets its number and each party's commission is fixed.
 */
export function acceptDeal(db: Database, user: UserRow, input: AcceptDealInput): Promise<Deal> {
  return transition(
    db,
    user,
    input.id,
    'accept',
    async (tx, row, now, allowed) => {
      const other = otherParty(row, user.id);
      await requireActiveParty(tx, other, DEAL_MESSAGES.partyUnavailable);
      if (allowed.to === 'proposed') {
        // A broker's draft, accepted by its first party: recorded; the deal waits for the other's accept.
        await requireNoOverdueCommission(tx, user.id, now);
        await requireDealsLeft(tx, user.id, now);
        await tx
          .update(deals)
          .set({ draftAcceptedBy: [...(row.draftAcceptedBy ?? []), user.id], updatedAt: now })
          .where(eq(deals.id, row.id));
        return;
      }
      await lockUsers(tx, [row.proposerId, row.counterpartyId]);
      await requireNoOverdueCommission(tx, user.id, now);
      const mine = await requireDealsLeft(tx, user.id, now);
      const theirs = await dealAllowanceOf(tx, other, now);
      if (atLimit(theirs)) throw conflict(DEAL_MESSAGES.partyUnavailable);
      const items = await tx
        .select({ giverId: dealItems.giverId, valueInr: dealItems.valueInr })
        .from(dealItems)
        .where(and(eq(dealItems.dealId, row.id), eq(dealItems.version, row.version)));
      const totals = totalsOf(row, items);
      const bpOf = (partyId: string) => (partyId === user.id ? mine.commissionBp : theirs.commissionBp);
      const [sequence] = await queryRows<{ n: string }>(
        tx,
        sql`select nextval('deal_number_seq')::text as n`,
      );
      const proposerBp = bpOf(row.proposerId);
      const counterpartyBp = bpOf(row.counterpartyId);
      await tx
        .update(deals)
        .set({
          status: 'accepted',
          number: dealNumber(kolkataYear(now), Number(sequence!.n)),
          turnUserId: null,
          draftAcceptedBy: null,
          acceptedAt: now,
          acceptedBy: user.id,
          proposerCommissionBp: proposerBp,
          proposerCommissionInr: commissionInr(totals[row.proposerId] ?? 0, proposerBp),
          counterpartyCommissionBp: counterpartyBp,
          counterpartyCommissionInr: commissionInr(totals[row.counterpartyId] ?? 0, counterpartyBp),
        })
        .where(eq(deals.id, row.id));
      await createDeliverables(tx, row);
      // The GST legs, valued with the items and listings as accepted (product-spec-3 section 1).
      await storeLegs(tx, row, now);
    },
    (row) => {
      if (input.version !== row.version) throw conflict(DEAL_MESSAGES.staleVersion);
    },
  );
}

/** The party whose turn it is declines, with an optional reason. */
export function declineDeal(db: Database, user: UserRow, input: DeclineDealInput): Promise<Deal> {
  return transition(db, user, input.id, 'decline', async (tx, row, now) => {
    await tx
      .update(deals)
      .set({
        status: 'declined',
        turnUserId: null,
        draftAcceptedBy: null,
        declineReason: input.reason ?? null,
        closedAt: now,
      })
      .where(eq(deals.id, row.id));
  });
}

/** The author of the latest version withdraws it while it is the other side's turn. */
export function withdrawDeal(db: Database, user: UserRow, id: string): Promise<Deal> {
  return transition(db, user, id, 'withdraw', async (tx, row, now) => {
    await tx
      .update(deals)
      .set({ status: 'withdrawn', turnUserId: null, closedAt: now })
      .where(eq(deals.id, row.id));
  });
}

// ---- circle deals ----

export interface CircleLegDeal {
  circleId: string;
  giverId: string;
  receiverId: string;
  listingId: string | null;
  title: string;
  valueInr: number;
  /** The broker who drafted the circle, or null. */
  brokerId: string | null;
}

/**
 * One leg of a circle accepted by all three (in the circle's transaction, the three members' rows locked by the
 * caller): a deal from the giver to the receiver, accepted at once with its number, the receiver's commission on
 * what it receives, its deliverable and GST legs, then living a deal's normal life. Its `deal.accepted` event is
 * the system's (the circle's own event tells the members). Answers the deal's id.
 */
export async function createCircleLegDeal(
  tx: Executor,
  leg: CircleLegDeal,
  commissionBp: { giver: number; receiver: number },
  now: Date,
): Promise<string> {
  const [sequence] = await queryRows<{ n: string }>(tx, sql`select nextval('deal_number_seq')::text as n`);
  const [deal] = await tx
    .insert(deals)
    .values({
      listingId: leg.listingId,
      proposerId: leg.giverId,
      counterpartyId: leg.receiverId,
      version: 1,
      status: 'accepted',
      turnUserId: null,
      number: dealNumber(kolkataYear(now), Number(sequence!.n)),
      acceptedAt: now,
      acceptedBy: leg.receiverId,
      expiresAt: now,
      circleId: leg.circleId,
      brokerId: leg.brokerId,
      proposerCommissionBp: commissionBp.giver,
      proposerCommissionInr: 0,
      counterpartyCommissionBp: commissionBp.receiver,
      counterpartyCommissionInr: commissionInr(leg.valueInr, commissionBp.receiver),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await writeVersion(
    tx,
    deal!.id,
    1,
    leg.giverId,
    {
      items: [
        {
          giverId: leg.giverId,
          listingId: leg.listingId ?? undefined,
          title: leg.title,
          quantity: 1,
          unit: 'item',
          valueInr: leg.valueInr,
        },
      ],
      message: 'One leg of a circle deal of three, accepted by all three members.',
      openDays: 3,
    },
    now,
  );
  await createDeliverables(tx, deal!);
  await storeLegs(tx, deal!, now);
  await writeDealEvent(tx, deal!.id, 'deal.accepted', SYSTEM_ACTOR, { circleId: leg.circleId });
  return deal!.id;
}
