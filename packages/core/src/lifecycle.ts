/**
 * The lifecycles as data (product-spec-3 section 2): each entity's transitions are one table of
 * `{ action, from, to, actor, guards, event }`. The server checks the table before an action's own work
 * (packages/api/src/lifecycle), the deal answer lists the viewer's `allowedActions`, and the apps draw their
 * buttons from that list. Pure code: it runs in the browser too.
 */
import { DEAL_LIMITS } from './deals';
import { DELIVERY_LIMITS, type DeliverableStatus } from './deliveries';
import type { DealStatus } from './statuses';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One row of a lifecycle table. `to` null: the action leaves the state as it is (paying, reviewing, evidence). */
export interface Transition<
  State extends string,
  Action extends string,
  Actor extends string,
  Guard extends string,
> {
  action: Action;
  from: readonly State[];
  to: State | null;
  actor: Actor;
  guards: readonly Guard[];
  /** The event the transition writes to the outbox (none for a change nobody outside hears about). */
  event: string | null;
}

/** Who looks at an entity: a member (`role` user), an admin, or the server's own timed work. */
export interface Viewer {
  id: string;
  role: string;
}
export const SYSTEM_VIEWER: Viewer = { id: 'system', role: 'system' };

/** Why an action is refused: the actor is not one who may take it, the state does not allow it, or a guard. */
export type Refusal<Guard extends string> = 'actor' | 'state' | Guard;
export type Check<Row, Guard extends string> =
  | { ok: true; transition: Row }
  | { ok: false; reason: Refusal<Guard> };

/** How a table is read for one entity and viewer: the state, and which actors and guards hold. */
interface Reader<State extends string, Actor extends string, Guard extends string> {
  state: State;
  /** Whether the viewer is this kind of actor in some state of the entity (a giver is one always; the party whose turn it is, only sometimes). */
  couldBe: (actor: Actor) => boolean;
  /** Whether the viewer is this kind of actor now. */
  is: (actor: Actor) => boolean;
  guard: (guard: Guard) => boolean;
}

/**
 * Checks one action against a table, in a fixed order so refusals are stable: an actor who could never take the
 * action, then the state, then the actor now, then the guards in the row's order.
 */
function check<State extends string, Action extends string, Actor extends string, Guard extends string>(
  table: readonly Transition<State, Action, Actor, Guard>[],
  action: Action,
  reader: Reader<State, Actor, Guard>,
): Check<Transition<State, Action, Actor, Guard>, Guard> {
  const rows = table.filter((t) => t.action === action);
  if (!rows.some((t) => reader.couldBe(t.actor))) return { ok: false, reason: 'actor' };
  const inState = rows.filter((t) => t.from.includes(reader.state));
  if (inState.length === 0) return { ok: false, reason: 'state' };
  const mine = inState.filter((t) => reader.is(t.actor));
  if (mine.length === 0) return { ok: false, reason: 'actor' };
  let firstFailure: Guard | undefined;
  for (const row of mine) {
    const failed = row.guards.find((g) => !reader.guard(g));
    if (failed === undefined) return { ok: true, transition: row };
    firstFailure ??= failed;
  }
  return { ok: false, reason: firstFailure as Guard };
}

function allowed<State extends string, Action extends string, Actor extends string, Guard extends string>(
  table: readonly Transition<State, Action, Actor, Guard>[],
  reader: Reader<State, Actor, Guard>,
): Action[] {
  const actions = [...new Set(table.map((t) => t.action))];
  return actions.filter((a) => check(table, a, reader).ok);
}

const asTime = (value: Date | string) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

// ---- deals ----

export type DealAction =
  | 'counter'
  | 'accept'
  | 'decline'
  | 'withdraw'
  | 'cancel'
  | 'pay_commission'
  | 'review'
  | DeliverableMemberAction;
/**
 * `turn`: the party whose turn it is; `waiting`: the other party while an offer is open; `drafted`: a party of a
 * broker's draft (prepared by the trade desk for two members) who has not accepted it yet. A draft has no turn:
 * each party answers it, and neither is taken to accept it by its being proposed.
 */
export type DealActor = 'turn' | 'waiting' | 'drafted' | 'party' | 'admin';
export type DealGuard = 'versions_left' | 'commission_owed' | 'not_reviewed' | 'other_accepted';

/** The deal lifecycle. An open offer past its period is `expired` (see effectiveDealStatus): no action applies. */
export const DEAL_TRANSITIONS: readonly Transition<DealStatus, DealAction, DealActor, DealGuard>[] = [
  {
    action: 'counter',
    from: ['proposed'],
    to: 'proposed',
    actor: 'turn',
    guards: ['versions_left'],
    event: 'deal.countered',
  },
  { action: 'accept', from: ['proposed'], to: 'accepted', actor: 'turn', guards: [], event: 'deal.accepted' },
  // A broker's draft: the second party's accept makes the deal (the first row whose guards hold wins); the first
  // party's is recorded and the draft stays open for the other.
  {
    action: 'accept',
    from: ['proposed'],
    to: 'accepted',
    actor: 'drafted',
    guards: ['other_accepted'],
    event: 'deal.accepted',
  },
  {
    action: 'accept',
    from: ['proposed'],
    to: 'proposed',
    actor: 'drafted',
    guards: [],
    event: 'deal.draft_accepted',
  },
  // A party's counter to a draft is its own offer: the draft becomes an ordinary deal, the other party's turn.
  {
    action: 'counter',
    from: ['proposed'],
    to: 'proposed',
    actor: 'drafted',
    guards: ['versions_left'],
    event: 'deal.countered',
  },
  {
    action: 'decline',
    from: ['proposed'],
    to: 'declined',
    actor: 'drafted',
    guards: [],
    event: 'deal.declined',
  },
  {
    action: 'decline',
    from: ['proposed'],
    to: 'declined',
    actor: 'turn',
    guards: [],
    event: 'deal.declined',
  },
  {
    action: 'withdraw',
    from: ['proposed'],
    to: 'withdrawn',
    actor: 'waiting',
    guards: [],
    event: 'deal.withdrawn',
  },
  {
    action: 'cancel',
    from: ['proposed', 'accepted', 'disputed'],
    to: 'cancelled',
    actor: 'admin',
    guards: [],
    event: 'deal.cancelled',
  },
  {
    action: 'pay_commission',
    // Commission is owed from acceptance, also when the deal is cancelled afterwards.
    from: ['accepted', 'disputed', 'completed', 'cancelled'],
    to: null,
    actor: 'party',
    guards: ['commission_owed'],
    event: null,
  },
  {
    action: 'review',
    from: ['completed'],
    to: null,
    actor: 'party',
    guards: ['not_reviewed'],
    event: 'review.published',
  },
];

/** What the deal table reads of a deal (a row, or the API's deal). */
export interface DealFacts {
  status: DealStatus;
  expiresAt: Date | string;
  turnUserId: string | null;
  proposerId: string;
  counterpartyId: string;
  version: number;
  /** Per party id: the commission fixed at acceptance. */
  commission?: Readonly<Record<string, { amountInr: number; paid: boolean }>>;
  /** The parties who have reviewed the deal. */
  reviewedBy?: readonly string[];
  /** The deal's deliverables (accepted deals), whose actions the deal's list includes. */
  deliverables?: readonly Omit<DeliverableFacts, 'dealStatus'>[];
  /** An open broker's draft: the parties who have accepted it so far (null or absent for any other deal). */
  draftAcceptedBy?: readonly string[] | null;
}

/** The one state a deal is in that an open offer might not have stored yet: past its period it is `expired`. */
export const DEAL_EXPIRY = { open: 'proposed', expired: 'expired' } as const satisfies Record<
  string,
  DealStatus
>;

/**
 * A deal's effective state: an open offer whose period has passed is `expired`, whether or not a transition or
 * the expiry job has written it yet. The SQL filters and the expiry job use the same rule (packages/api's
 * `effectiveDealStatusSql`, built from DEAL_EXPIRY).
 */
export function effectiveDealStatus(deal: Pick<DealFacts, 'status' | 'expiresAt'>, now: Date): DealStatus {
  return deal.status === DEAL_EXPIRY.open && asTime(deal.expiresAt) <= now.getTime()
    ? DEAL_EXPIRY.expired
    : deal.status;
}

function dealReader(deal: DealFacts, viewer: Viewer, now: Date): Reader<DealStatus, DealActor, DealGuard> {
  const state = effectiveDealStatus(deal, now);
  const party = viewer.id === deal.proposerId || viewer.id === deal.counterpartyId;
  const draft = deal.draftAcceptedBy ?? null;
  const turn = party && state === 'proposed' && draft === null && deal.turnUserId === viewer.id;
  const other = viewer.id === deal.proposerId ? deal.counterpartyId : deal.proposerId;
  return {
    state,
    couldBe: (actor) => (actor === 'admin' ? viewer.role === 'admin' : party),
    is: (actor) =>
      actor === 'admin'
        ? viewer.role === 'admin'
        : actor === 'turn'
          ? turn
          : actor === 'waiting'
            ? party && draft === null && !turn
            : actor === 'drafted'
              ? party && draft !== null && !draft.includes(viewer.id)
              : party,
    guard: (guard) => {
      if (guard === 'other_accepted') return draft?.includes(other) ?? false;
      if (guard === 'versions_left') return deal.version < DEAL_LIMITS.maxVersions;
      if (guard === 'commission_owed') {
        const side = deal.commission?.[viewer.id];
        return side !== undefined && !side.paid && side.amountInr > 0;
      }
      return !(deal.reviewedBy ?? []).includes(viewer.id);
    },
  };
}

/** Checks one deal action for a viewer (the server answers a refusal with its message). */
export function checkDealAction(deal: DealFacts, viewer: Viewer, action: DealAction, now: Date) {
  return check(DEAL_TRANSITIONS, action, dealReader(deal, viewer, now));
}

// ---- deliverables ----

export type DeliverableMemberAction = 'deliver' | 'accept_delivery' | 'dispute';
export type DeliverableAction =
  | DeliverableMemberAction
  | 'add_evidence'
  | 'resolve_redeliver'
  | 'resolve_accept'
  | 'resolve_cancel_deal'
  | 'auto_accept';
export type DeliverableActor = 'giver' | 'receiver' | 'admin' | 'system';
export type DeliverableGuard = 'within_answer_window' | 'answer_window_passed';
/** A deliverable's effective state: its own, or `closed` while its deal is not in delivery. */
export type DeliverableState = DeliverableStatus | 'closed';

export const DELIVERABLE_TRANSITIONS: readonly Transition<
  DeliverableState,
  DeliverableAction,
  DeliverableActor,
  DeliverableGuard
>[] = [
  {
    action: 'deliver',
    from: ['pending'],
    to: 'delivered',
    actor: 'giver',
    guards: [],
    event: 'deliverable.delivered',
  },
  {
    action: 'accept_delivery',
    from: ['delivered'],
    to: 'accepted',
    actor: 'receiver',
    guards: [],
    event: 'deliverable.accepted',
  },
  {
    action: 'dispute',
    from: ['delivered'],
    to: 'disputed',
    actor: 'receiver',
    guards: ['within_answer_window'],
    event: 'deliverable.disputed',
  },
  { action: 'add_evidence', from: ['disputed'], to: null, actor: 'receiver', guards: [], event: null },
  {
    action: 'resolve_redeliver',
    from: ['disputed'],
    to: 'pending',
    actor: 'admin',
    guards: [],
    event: 'dispute.resolved',
  },
  {
    action: 'resolve_accept',
    from: ['disputed'],
    to: 'accepted',
    actor: 'admin',
    guards: [],
    event: 'dispute.resolved',
  },
  {
    action: 'resolve_cancel_deal',
    from: ['disputed'],
    to: null,
    actor: 'admin',
    guards: [],
    event: 'dispute.resolved',
  },
  {
    action: 'auto_accept',
    from: ['delivered'],
    to: 'accepted',
    actor: 'system',
    guards: ['answer_window_passed'],
    event: 'deliverable.accepted',
  },
];

export interface DeliverableFacts {
  status: DeliverableStatus;
  dealStatus: DealStatus;
  giverId: string;
  receiverId: string;
  deliveredAt: Date | string | null;
}

/** The deal states in which its deliverables move. */
export const DEAL_IN_DELIVERY: readonly DealStatus[] = ['accepted', 'disputed'];

export function effectiveDeliverableState(
  d: Pick<DeliverableFacts, 'status' | 'dealStatus'>,
): DeliverableState {
  return DEAL_IN_DELIVERY.includes(d.dealStatus) ? d.status : 'closed';
}

/** Whether a delivered item's receiver may still dispute it (then it is accepted automatically). */
export function withinAnswerWindow(deliveredAt: Date | string | null, now: Date): boolean {
  return deliveredAt !== null && now.getTime() - asTime(deliveredAt) < DELIVERY_LIMITS.answerDays * DAY_MS;
}

function deliverableReader(
  d: DeliverableFacts,
  viewer: Viewer,
  now: Date,
): Reader<DeliverableState, DeliverableActor, DeliverableGuard> {
  const is = (actor: DeliverableActor) =>
    actor === 'giver'
      ? viewer.id === d.giverId
      : actor === 'receiver'
        ? viewer.id === d.receiverId
        : actor === 'admin'
          ? viewer.role === 'admin'
          : viewer.role === SYSTEM_VIEWER.role;
  return {
    state: effectiveDeliverableState(d),
    couldBe: is,
    is,
    guard: (guard) =>
      guard === 'within_answer_window'
        ? withinAnswerWindow(d.deliveredAt, now)
        : !withinAnswerWindow(d.deliveredAt, now),
  };
}

export function checkDeliverableAction(
  d: DeliverableFacts,
  viewer: Viewer,
  action: DeliverableAction,
  now: Date,
) {
  return check(DELIVERABLE_TRANSITIONS, action, deliverableReader(d, viewer, now));
}

// ---- what a viewer may do ----

export function allowedDeliverableActions(
  d: DeliverableFacts,
  viewer: Viewer,
  now: Date,
): DeliverableAction[] {
  return allowed(DELIVERABLE_TRANSITIONS, deliverableReader(d, viewer, now));
}

const MEMBER_DELIVERABLE_ACTIONS: readonly DeliverableMemberAction[] = [
  'deliver',
  'accept_delivery',
  'dispute',
];

/**
 * What `viewer` may do to a deal now: the deal table's actions, and `deliver`, `accept_delivery` or `dispute`
 * when one of its deliverables allows it.
 */
export function allowedDealActions(deal: DealFacts, viewer: Viewer, now: Date): DealAction[] {
  const own = allowed(DEAL_TRANSITIONS, dealReader(deal, viewer, now)).filter(
    (a) => !(MEMBER_DELIVERABLE_ACTIONS as readonly string[]).includes(a),
  );
  const dealStatus = effectiveDealStatus(deal, now);
  const fromItems = new Set<DealAction>();
  for (const d of deal.deliverables ?? []) {
    for (const a of allowedDeliverableActions({ ...d, dealStatus }, viewer, now)) {
      if ((MEMBER_DELIVERABLE_ACTIONS as readonly string[]).includes(a))
        fromItems.add(a as DeliverableMemberAction);
    }
  }
  return [...own, ...MEMBER_DELIVERABLE_ACTIONS.filter((a) => fromItems.has(a))];
}

/** Every action of either table, for the API's enumerations. */
export const DEAL_ACTIONS = [
  ...new Set<DealAction>([...DEAL_TRANSITIONS.map((t) => t.action), ...MEMBER_DELIVERABLE_ACTIONS]),
];
export const DELIVERABLE_ACTIONS = [...new Set(DELIVERABLE_TRANSITIONS.map((t) => t.action))];

// ---- circles (product-spec-3 section 4) ----

/** A circle proposal's states: open for answers, accepted by all three (its deals exist), or lapsed for all. */
export const CIRCLE_STATUSES = ['proposed', 'accepted', 'lapsed'] as const;
export type CircleStatus = (typeof CIRCLE_STATUSES)[number];
export type CircleAction = 'accept' | 'decline' | 'lapse';
/** `member`: one of the circle's three members; `system`: the server's timed work. */
export type CircleActor = 'member' | 'system';
export type CircleGuard = 'not_answered' | 'others_accepted' | 'before_deadline' | 'deadline_passed';

/**
 * The circle lifecycle: all or nothing. A member's accept is recorded while the others have not all accepted; the
 * third accept moves the circle to `accepted` (its three deals are created in that transaction). One decline, or
 * the deadline, lapses it for all. The first row whose guards hold wins, so the completing accept comes first.
 */
export const CIRCLE_TRANSITIONS: readonly Transition<CircleStatus, CircleAction, CircleActor, CircleGuard>[] =
  [
    {
      action: 'accept',
      from: ['proposed'],
      to: 'accepted',
      actor: 'member',
      guards: ['before_deadline', 'not_answered', 'others_accepted'],
      event: 'circle.accepted',
    },
    {
      action: 'accept',
      from: ['proposed'],
      to: 'proposed',
      actor: 'member',
      guards: ['before_deadline', 'not_answered'],
      event: 'circle.member_accepted',
    },
    {
      action: 'decline',
      from: ['proposed'],
      to: 'lapsed',
      actor: 'member',
      guards: ['before_deadline', 'not_answered'],
      event: 'circle.lapsed',
    },
    {
      action: 'lapse',
      from: ['proposed'],
      to: 'lapsed',
      actor: 'system',
      guards: ['deadline_passed'],
      event: 'circle.lapsed',
    },
  ];

/** What the circle table reads of a circle. */
export interface CircleFacts {
  status: CircleStatus;
  expiresAt: Date | string;
  memberIds: readonly string[];
  /** The members who have accepted. */
  acceptedBy: readonly string[];
}

/** A circle's effective state: an open proposal past its deadline is `lapsed`, written or not. */
export function effectiveCircleStatus(
  circle: Pick<CircleFacts, 'status' | 'expiresAt'>,
  now: Date,
): CircleStatus {
  return circle.status === 'proposed' && asTime(circle.expiresAt) <= now.getTime() ? 'lapsed' : circle.status;
}

function circleReader(
  c: CircleFacts,
  viewer: Viewer,
  now: Date,
): Reader<CircleStatus, CircleActor, CircleGuard> {
  const member = c.memberIds.includes(viewer.id);
  const is = (actor: CircleActor) => (actor === 'member' ? member : viewer.role === SYSTEM_VIEWER.role);
  const passed = asTime(c.expiresAt) <= now.getTime();
  return {
    state: c.status,
    couldBe: is,
    is,
    guard: (guard) => {
      if (guard === 'before_deadline') return !passed;
      if (guard === 'deadline_passed') return passed;
      if (guard === 'not_answered') return !c.acceptedBy.includes(viewer.id);
      return c.memberIds.every((id) => id === viewer.id || c.acceptedBy.includes(id));
    },
  };
}

export function checkCircleAction(c: CircleFacts, viewer: Viewer, action: CircleAction, now: Date) {
  return check(CIRCLE_TRANSITIONS, action, circleReader(c, viewer, now));
}

/** What `viewer` may do to a circle now (`accept`, `decline`). */
export function allowedCircleActions(c: CircleFacts, viewer: Viewer, now: Date): CircleAction[] {
  return allowed(CIRCLE_TRANSITIONS, circleReader(c, viewer, now));
}
