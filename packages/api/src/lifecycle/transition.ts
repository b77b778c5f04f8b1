import {
  checkDealAction,
  checkDeliverableAction,
  DEAL_EXPIRY,
  DEAL_MESSAGES,
  DEAL_TRANSITIONS,
  DELIVERABLE_TRANSITIONS,
  DELIVERY_MESSAGES,
  type DealAction,
  type DealFacts,
  type DealGuard,
  type DealStatus,
  type DeliverableAction,
  type DeliverableGuard,
  effectiveDealStatus,
  effectiveDeliverableState,
  type Refusal,
  type Viewer,
} from '@barterads/core';
import {
  type Database,
  type DealDeliverableRow,
  type DealRow,
  dealDeliverables,
  deals,
  type Executor,
} from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq, gt, lte, type SQL, sql } from 'drizzle-orm';

/**
 * The effective deal state in SQL, from the same constants as `effectiveDealStatus` (packages/core): an open offer
 * past its period is `expired`. Literal values (not parameters), so the expression can be selected and grouped by.
 */
export const effectiveDealStatusSql = sql<DealStatus>`(case when ${deals.status} = ${sql.raw(`'${DEAL_EXPIRY.open}'`)} and ${deals.expiresAt} <= now() then ${sql.raw(`'${DEAL_EXPIRY.expired}'`)} else ${deals.status}::text end)`;
/** Effectively open at `at` (the same rule, written so the indexes on status and expiry serve it). */
export function dealOpenAt(at: SQL = sql`now()`): SQL {
  return and(eq(deals.status, DEAL_EXPIRY.open), gt(deals.expiresAt, at))!;
}
export const dealOpenSql: SQL = dealOpenAt();
/** Effectively expired but stored open: what the expiry job and the next transition write. */
export const dealExpiryUnwrittenSql: SQL = and(
  eq(deals.status, DEAL_EXPIRY.open),
  lte(deals.expiresAt, sql`now()`),
)!;

/** One row of the deal table (packages/core's DEAL_TRANSITIONS). */
export type DealTransition = (typeof DEAL_TRANSITIONS)[number];

type ErrorCode = 'CONFLICT' | 'FORBIDDEN' | 'NOT_FOUND';
type Answer = { code: ErrorCode; message: string };
const conflict = (message: string): Answer => ({ code: 'CONFLICT', message });

/** How each refusal of the deal table is answered, per action (`expired`: an open offer past its period). */
const DEAL_REFUSALS: Record<DealAction, Partial<Record<Refusal<DealGuard> | 'expired', Answer>>> = {
  counter: {
    state: conflict(DEAL_MESSAGES.notOpen),
    actor: conflict(DEAL_MESSAGES.notYourTurn),
    versions_left: conflict(DEAL_MESSAGES.tooManyVersions),
    expired: conflict(DEAL_MESSAGES.expired),
  },
  accept: {
    state: conflict(DEAL_MESSAGES.notOpen),
    actor: conflict(DEAL_MESSAGES.notYourTurn),
    expired: conflict(DEAL_MESSAGES.expired),
  },
  decline: {
    state: conflict(DEAL_MESSAGES.notOpen),
    actor: conflict(DEAL_MESSAGES.notYourTurn),
    expired: conflict(DEAL_MESSAGES.expired),
  },
  withdraw: {
    state: conflict(DEAL_MESSAGES.notOpen),
    actor: conflict(DEAL_MESSAGES.withdrawNotYours),
    expired: conflict(DEAL_MESSAGES.expired),
  },
  cancel: { state: conflict(DEAL_MESSAGES.cannotCancel), expired: conflict(DEAL_MESSAGES.cannotCancel) },
  pay_commission: {
    state: conflict(DEAL_MESSAGES.commissionBeforeAcceptance),
    commission_owed: conflict(DEAL_MESSAGES.commissionNothingToPay),
  },
  review: { state: conflict('Reviews can be written once the deal is completed.') },
  deliver: {},
  accept_delivery: {},
  dispute: {},
};

function refuse(answers: Partial<Record<string, Answer>>, reason: string): TRPCError {
  const answer = answers[reason] ?? answers.state ?? conflict(DEAL_MESSAGES.notOpen);
  return new TRPCError({ code: answer.code, message: answer.message });
}

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: DEAL_MESSAGES.notFound });

const adminMay = (table: readonly { action: string; actor: string }[], action: string) =>
  table.some((t) => t.action === action && t.actor === 'admin');

/** What the deal table reads of a stored deal. */
export function dealFactsOf(row: DealRow, reviewedBy: readonly string[] = []): DealFacts {
  const commission: Record<string, { amountInr: number; paid: boolean }> = {};
  if (row.proposerCommissionInr !== null) {
    commission[row.proposerId] = { amountInr: row.proposerCommissionInr, paid: row.proposerCommissionPaid };
  }
  if (row.counterpartyCommissionInr !== null) {
    commission[row.counterpartyId] = {
      amountInr: row.counterpartyCommissionInr,
      paid: row.counterpartyCommissionPaid,
    };
  }
  return {
    status: row.status,
    expiresAt: row.expiresAt,
    turnUserId: row.turnUserId,
    proposerId: row.proposerId,
    counterpartyId: row.counterpartyId,
    version: row.version,
    commission,
    reviewedBy,
    draftAcceptedBy: row.draftAcceptedBy,
  };
}

/**
 * Locks the deal's row (SELECT … FOR UPDATE) and checks `action` for `viewer` against the deal table: a viewer who
 * may not see the deal gets 404 (a non-party, or an admin for an action no admin takes). Answers the effective
 * state: when it is `expired` but stored open, the caller writes the expiry (see runDealTransition).
 */
export async function lockDealFor(
  tx: Executor,
  viewer: Viewer,
  id: string,
  action: DealAction,
  now: Date,
  reviewedBy?: (row: DealRow) => Promise<readonly string[]>,
): Promise<{
  row: DealRow;
  expiredUnwritten: boolean;
  refusal: TRPCError | null;
  /** The deal table's row that allows the action (null when refused). */
  transition: DealTransition | null;
}> {
  const [row] = await tx.select().from(deals).where(eq(deals.id, id)).for('no key update');
  const party = row && (row.proposerId === viewer.id || row.counterpartyId === viewer.id);
  if (!row || (!party && !(viewer.role === 'admin' && adminMay(DEAL_TRANSITIONS, action)))) throw notFound();
  const expiredUnwritten =
    row.status === DEAL_EXPIRY.open && effectiveDealStatus(row, now) === DEAL_EXPIRY.expired;
  const facts = dealFactsOf(row, reviewedBy ? await reviewedBy(row) : []);
  const checked = checkDealAction(facts, viewer, action, now);
  const answers = DEAL_REFUSALS[action];
  const refusal = expiredUnwritten
    ? refuse(answers, 'expired')
    : checked.ok
      ? null
      : refuse(answers, checked.reason);
  return { row, expiredUnwritten, refusal, transition: checked.ok ? checked.transition : null };
}

/** Throws the refusal of `action` for `viewer` on a deal read without a lock (e.g. before a payment order). */
export function requireDealAction(row: DealRow, viewer: Viewer, action: DealAction, now: Date): void {
  const checked = checkDealAction(dealFactsOf(row), viewer, action, now);
  if (!checked.ok) throw refuse(DEAL_REFUSALS[action], checked.reason);
}

/** Writes the expiry of an open offer past its period (the deal's row locked). */
async function writeExpiry(tx: Executor, row: DealRow): Promise<void> {
  await tx
    .update(deals)
    .set({ status: DEAL_EXPIRY.expired, turnUserId: null, closedAt: row.expiresAt })
    .where(eq(deals.id, row.id));
}

/**
 * Runs one transition of a deal: one transaction that locks the deal's row, resolves its effective state and checks
 * the deal table before `work` (the action's own checks and writes). Two parties acting at once get one outcome and
 * the other a refusal. An open offer past its period is written `expired` (committed) and the action refused.
 */
export async function runDealTransition<T>(
  db: Database,
  viewer: Viewer,
  id: string,
  action: DealAction,
  work: (tx: Executor, row: DealRow, now: Date, transition: DealTransition) => Promise<T>,
  options: {
    /** A check of the input that answers before the table's (e.g. a stale version). */
    before?: (row: DealRow) => void;
    reviewedBy?: (row: DealRow) => Promise<readonly string[]>;
    /** Writes the expiry's event when this transition writes an expiry (in the same transaction). */
    onExpired?: (tx: Executor, row: DealRow) => Promise<void>;
  } = {},
): Promise<T> {
  const now = new Date();
  let refusedAfterExpiry: TRPCError | null = null;
  const result = await db.transaction(async (tx) => {
    const locked = await lockDealFor(tx, viewer, id, action, now, options.reviewedBy);
    if (locked.expiredUnwritten) {
      await writeExpiry(tx, locked.row);
      await options.onExpired?.(tx, locked.row);
      refusedAfterExpiry = locked.refusal;
      return null;
    }
    options.before?.(locked.row);
    if (locked.refusal || !locked.transition) throw locked.refusal ?? refuse(DEAL_REFUSALS[action], 'state');
    return { value: await work(tx, locked.row, now, locked.transition) };
  });
  if (result === null) throw refusedAfterExpiry ?? refuse(DEAL_REFUSALS[action], 'expired');
  return result.value;
}

// ---- deliverables ----

const notGiver = { code: 'FORBIDDEN', message: DELIVERY_MESSAGES.notGiver } as const;
const notReceiver = { code: 'FORBIDDEN', message: DELIVERY_MESSAGES.notReceiver } as const;
const notDisputed = conflict(DELIVERY_MESSAGES.notDisputed);
const RESOLVE = { state: notDisputed, closed: notDisputed };

/** How each refusal of the deliverable table is answered (`closed`: the deal is not in delivery). */
const DELIVERABLE_REFUSALS: Record<
  DeliverableAction,
  Partial<Record<Refusal<DeliverableGuard> | 'closed', Answer>>
> = {
  deliver: {
    actor: notGiver,
    state: conflict(DELIVERY_MESSAGES.notDeliverable),
    closed: conflict(DELIVERY_MESSAGES.dealNotActive),
  },
  accept_delivery: {
    actor: notReceiver,
    state: conflict(DELIVERY_MESSAGES.notDelivered),
    closed: conflict(DELIVERY_MESSAGES.dealNotActive),
  },
  dispute: {
    actor: notReceiver,
    state: conflict(DELIVERY_MESSAGES.notDelivered),
    closed: conflict(DELIVERY_MESSAGES.dealNotActive),
    within_answer_window: conflict(DELIVERY_MESSAGES.disputeWindowClosed),
  },
  add_evidence: { actor: notReceiver, state: notDisputed, closed: notDisputed },
  resolve_redeliver: RESOLVE,
  resolve_accept: RESOLVE,
  resolve_cancel_deal: RESOLVE,
  auto_accept: { state: conflict(DELIVERY_MESSAGES.notDelivered) },
};

export interface LockedDeliverable {
  deal: DealRow;
  deliverable: DealDeliverableRow;
}

/**
 * Locks the deal's row (every deliverable change does, so the deal's state follows its deliverables exactly) and
 * the item's deliverable, and checks `action` against the deliverable table before the caller's own work. A
 * non-party (or an unknown deal, or an item of another deal) gets 404.
 */
export async function lockDeliverableFor(
  tx: Executor,
  viewer: Viewer,
  input: { id: string; itemId: string },
  action: DeliverableAction,
  now: Date,
): Promise<LockedDeliverable> {
  const [deal] = await tx.select().from(deals).where(eq(deals.id, input.id)).for('update');
  if (!deal) throw notFound();
  const party = deal.proposerId === viewer.id || deal.counterpartyId === viewer.id;
  if (!party && !(viewer.role === 'admin' && adminMay(DELIVERABLE_TRANSITIONS, action))) throw notFound();
  const [deliverable] = await tx
    .select()
    .from(dealDeliverables)
    .where(and(eq(dealDeliverables.dealId, deal.id), eq(dealDeliverables.itemId, input.itemId)))
    .for('update');
  if (!deliverable) throw new TRPCError({ code: 'NOT_FOUND', message: DELIVERY_MESSAGES.itemNotFound });
  const facts = { ...deliverable, dealStatus: effectiveDealStatus(deal, now) };
  const checked = checkDeliverableAction(facts, viewer, action, now);
  if (!checked.ok) {
    const reason =
      checked.reason === 'state' && effectiveDeliverableState(facts) === 'closed' ? 'closed' : checked.reason;
    const answer = DELIVERABLE_REFUSALS[action][reason] ?? DELIVERABLE_REFUSALS[action].state!;
    throw new TRPCError({ code: answer.code, message: answer.message });
  }
  return { deal, deliverable };
}
