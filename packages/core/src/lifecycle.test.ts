import { describe, expect, it } from 'vitest';
import { DELIVERABLE_STATUSES, DELIVERY_LIMITS } from './deliveries';
import {
  allowedDealActions,
  allowedDeliverableActions,
  checkDealAction,
  checkDeliverableAction,
  DEAL_ACTIONS,
  DELIVERABLE_ACTIONS,
  type DealAction,
  type DealFacts,
  type DeliverableAction,
  effectiveDealStatus,
  SYSTEM_VIEWER,
  type Viewer,
} from './lifecycle';
import { DEAL_STATUSES, type DealStatus } from './statuses';

const NOW = new Date('2026-06-01T12:00:00Z');
const LATER = new Date('2026-06-05T12:00:00Z');
const EARLIER = new Date('2026-05-30T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

const P = 'proposer';
const C = 'counterparty';
const viewers = {
  turn: { id: C, role: 'user' },
  waiting: { id: P, role: 'user' },
  admin: { id: 'admin-1', role: 'admin' },
  stranger: { id: 'someone', role: 'user' },
  system: SYSTEM_VIEWER,
} satisfies Record<string, Viewer>;
type ViewerKind = keyof typeof viewers;

/** Each state a deal can be read in: the stored states, and an open offer past its period. */
type DealCase = DealStatus | 'proposed_past_expiry';
const DEAL_CASES: DealCase[] = [...DEAL_STATUSES, 'proposed_past_expiry'];

function dealIn(state: DealCase): DealFacts {
  const open = state === 'proposed' || state === 'proposed_past_expiry';
  return {
    status: state === 'proposed_past_expiry' ? 'proposed' : state,
    expiresAt: state === 'proposed_past_expiry' ? EARLIER : LATER,
    turnUserId: open ? C : null,
    proposerId: P,
    counterpartyId: C,
    version: 2,
    commission: { [P]: { amountInr: 100, paid: false }, [C]: { amountInr: 100, paid: false } },
    reviewedBy: [],
  };
}

/**
 * The expected answer for every deal state × action × viewer, written out by hand (not derived from the table):
 * each action's allowed (state, viewer) pairs; every other combination is refused.
 */
const DEAL_ALLOWED: Record<
  Exclude<DealAction, 'deliver' | 'accept_delivery' | 'dispute'>,
  [DealCase, ViewerKind][]
> = {
  counter: [['proposed', 'turn']],
  accept: [['proposed', 'turn']],
  decline: [['proposed', 'turn']],
  withdraw: [['proposed', 'waiting']],
  cancel: [
    ['proposed', 'admin'],
    ['accepted', 'admin'],
    ['disputed', 'admin'],
  ],
  pay_commission: (['accepted', 'disputed', 'completed', 'cancelled'] as const).flatMap((s) => [
    [s, 'turn'] as [DealCase, ViewerKind],
    [s, 'waiting'] as [DealCase, ViewerKind],
  ]),
  review: [
    ['completed', 'turn'],
    ['completed', 'waiting'],
  ],
};

describe('the deal lifecycle table', () => {
  const combos = DEAL_CASES.flatMap((state) =>
    (Object.keys(viewers) as ViewerKind[]).flatMap((viewer) =>
      (Object.keys(DEAL_ALLOWED) as (keyof typeof DEAL_ALLOWED)[]).map((action) => ({
        state,
        viewer,
        action,
      })),
    ),
  );

  it.each(combos)('$action by $viewer in $state', ({ state, viewer, action }) => {
    const expected = DEAL_ALLOWED[action].some(([s, v]) => s === state && v === viewer);
    const deal = dealIn(state);
    expect(checkDealAction(deal, viewers[viewer], action, NOW).ok).toBe(expected);
    expect(allowedDealActions(deal, viewers[viewer], NOW).includes(action)).toBe(expected);
  });

  it('covers every action of the table', () => {
    expect([...Object.keys(DEAL_ALLOWED), 'deliver', 'accept_delivery', 'dispute'].sort()).toEqual(
      [...DEAL_ACTIONS].sort(),
    );
  });

  it('refuses with the reason: state before the actor now, the actor before the guards', () => {
    expect(checkDealAction(dealIn('accepted'), viewers.turn, 'accept', NOW)).toEqual({
      ok: false,
      reason: 'state',
    });
    expect(checkDealAction(dealIn('proposed'), viewers.waiting, 'accept', NOW)).toEqual({
      ok: false,
      reason: 'actor',
    });
    expect(checkDealAction(dealIn('proposed'), viewers.turn, 'withdraw', NOW)).toEqual({
      ok: false,
      reason: 'actor',
    });
    expect(checkDealAction(dealIn('proposed'), viewers.turn, 'cancel', NOW)).toEqual({
      ok: false,
      reason: 'actor',
    });
    expect(checkDealAction(dealIn('proposed_past_expiry'), viewers.turn, 'accept', NOW)).toEqual({
      ok: false,
      reason: 'state',
    });
  });

  it('applies the guards: the 10th version, a paid commission, a written review', () => {
    const tenth = { ...dealIn('proposed'), version: 10 };
    expect(checkDealAction(tenth, viewers.turn, 'counter', NOW)).toEqual({
      ok: false,
      reason: 'versions_left',
    });
    expect(checkDealAction(tenth, viewers.turn, 'accept', NOW).ok).toBe(true);
    const paid = { ...dealIn('accepted'), commission: { [C]: { amountInr: 100, paid: true } } };
    expect(checkDealAction(paid, viewers.turn, 'pay_commission', NOW)).toEqual({
      ok: false,
      reason: 'commission_owed',
    });
    const nothing = { ...dealIn('accepted'), commission: { [C]: { amountInr: 0, paid: false } } };
    expect(checkDealAction(nothing, viewers.turn, 'pay_commission', NOW).ok).toBe(false);
    const reviewed = { ...dealIn('completed'), reviewedBy: [C] };
    expect(checkDealAction(reviewed, viewers.turn, 'review', NOW)).toEqual({
      ok: false,
      reason: 'not_reviewed',
    });
    expect(checkDealAction(reviewed, viewers.waiting, 'review', NOW).ok).toBe(true);
  });

  it('reads an open offer past its period as expired, to the millisecond', () => {
    const deal = dealIn('proposed');
    expect(effectiveDealStatus({ ...deal, expiresAt: NOW }, NOW)).toBe('expired');
    expect(effectiveDealStatus({ ...deal, expiresAt: new Date(NOW.getTime() + 1) }, NOW)).toBe('proposed');
    expect(effectiveDealStatus({ ...deal, expiresAt: NOW.toISOString() }, NOW)).toBe('expired');
    expect(effectiveDealStatus({ ...dealIn('accepted'), expiresAt: EARLIER }, NOW)).toBe('accepted');
  });
});

/**
 * A broker's draft for two members (issue 32): no turn; each party accepts (neither by the draft's being proposed),
 * counters or declines; the second accept makes the deal. Every draft case × viewer × action, by hand.
 */
describe("the deal table for a broker's draft", () => {
  type DraftCase = 'none_accepted' | 'proposer_accepted' | 'draft_past_expiry';
  const draftIn = (c: DraftCase): DealFacts => ({
    ...dealIn(c === 'draft_past_expiry' ? 'proposed_past_expiry' : 'proposed'),
    turnUserId: null,
    draftAcceptedBy: c === 'proposer_accepted' ? [P] : [],
  });
  const ALLOWED: Record<string, [DraftCase, ViewerKind][]> = {
    // `turn` is the counterparty (C), `waiting` the proposer (P): in a draft both are simply parties.
    counter: [
      ['none_accepted', 'turn'],
      ['none_accepted', 'waiting'],
      ['proposer_accepted', 'turn'],
    ],
    accept: [
      ['none_accepted', 'turn'],
      ['none_accepted', 'waiting'],
      ['proposer_accepted', 'turn'],
    ],
    decline: [
      ['none_accepted', 'turn'],
      ['none_accepted', 'waiting'],
      ['proposer_accepted', 'turn'],
    ],
    withdraw: [],
    cancel: [
      ['none_accepted', 'admin'],
      ['proposer_accepted', 'admin'],
    ],
    pay_commission: [],
    review: [],
  };
  const cases = (['none_accepted', 'proposer_accepted', 'draft_past_expiry'] as DraftCase[]).flatMap((c) =>
    (Object.keys(viewers) as ViewerKind[]).flatMap((viewer) =>
      Object.keys(ALLOWED).map((action) => ({ c, viewer, action: action as DealAction })),
    ),
  );

  it.each(cases)('$action by $viewer in $c', ({ c, viewer, action }) => {
    const expected = ALLOWED[action]!.some(([s, v]) => s === c && v === viewer);
    expect(checkDealAction(draftIn(c), viewers[viewer], action, NOW).ok).toBe(expected);
  });

  it('the first accept keeps the draft open for the other; the second makes the deal', () => {
    const first = checkDealAction(draftIn('none_accepted'), viewers.waiting, 'accept', NOW);
    expect(first.ok && first.transition.to).toBe('proposed');
    expect(first.ok && first.transition.event).toBe('deal.draft_accepted');
    const second = checkDealAction(draftIn('proposer_accepted'), viewers.turn, 'accept', NOW);
    expect(second.ok && second.transition.to).toBe('accepted');
    expect(second.ok && second.transition.event).toBe('deal.accepted');
    // The party who accepted cannot accept again, nor withdraw the draft the broker made.
    expect(checkDealAction(draftIn('proposer_accepted'), viewers.waiting, 'accept', NOW)).toEqual({
      ok: false,
      reason: 'actor',
    });
    expect(allowedDealActions(draftIn('proposer_accepted'), viewers.waiting, NOW)).toEqual([]);
    expect(allowedDealActions(draftIn('none_accepted'), viewers.turn, NOW)).toEqual([
      'counter',
      'accept',
      'decline',
    ]);
    // A counter at the 10th version is refused in a draft as in any deal.
    expect(
      checkDealAction({ ...draftIn('none_accepted'), version: 10 }, viewers.turn, 'counter', NOW),
    ).toEqual({ ok: false, reason: 'versions_left' });
  });
});

const G = 'giver';
const R = 'receiver';
const itemViewers = {
  giver: { id: G, role: 'user' },
  receiver: { id: R, role: 'user' },
  admin: { id: 'admin-1', role: 'admin' },
  stranger: { id: 'someone', role: 'user' },
  system: SYSTEM_VIEWER,
} satisfies Record<string, Viewer>;
type ItemViewer = keyof typeof itemViewers;

type ItemCase = {
  status: (typeof DELIVERABLE_STATUSES)[number];
  deal: DealStatus;
  window: 'open' | 'passed';
};
const ITEM_CASES: ItemCase[] = DELIVERABLE_STATUSES.flatMap((status) =>
  DEAL_STATUSES.flatMap((deal) => (['open', 'passed'] as const).map((window) => ({ status, deal, window }))),
);

/** Every deliverable action's allowed (deliverable state, viewer, answer window) combinations, by hand. */
function itemExpected(action: DeliverableAction, c: ItemCase, viewer: ItemViewer): boolean {
  if (c.deal !== 'accepted' && c.deal !== 'disputed') return false;
  switch (action) {
    case 'deliver':
      return c.status === 'pending' && viewer === 'giver';
    case 'accept_delivery':
      return c.status === 'delivered' && viewer === 'receiver';
    case 'dispute':
      return c.status === 'delivered' && viewer === 'receiver' && c.window === 'open';
    case 'add_evidence':
      return c.status === 'disputed' && viewer === 'receiver';
    case 'resolve_redeliver':
    case 'resolve_accept':
    case 'resolve_cancel_deal':
      return c.status === 'disputed' && viewer === 'admin';
    case 'auto_accept':
      return c.status === 'delivered' && viewer === 'system' && c.window === 'passed';
  }
}

describe('the deliverable lifecycle table', () => {
  const combos = ITEM_CASES.flatMap((c) =>
    (Object.keys(itemViewers) as ItemViewer[]).flatMap((viewer) =>
      DELIVERABLE_ACTIONS.map((action) => ({ ...c, viewer, action })),
    ),
  );

  it.each(combos)('$action by $viewer: item $status, deal $deal, window $window', (combo) => {
    const facts = {
      status: combo.status,
      dealStatus: combo.deal,
      giverId: G,
      receiverId: R,
      deliveredAt:
        combo.window === 'open'
          ? new Date(NOW.getTime() - DAY)
          : new Date(NOW.getTime() - DELIVERY_LIMITS.answerDays * DAY),
    };
    const expected = itemExpected(combo.action, combo, combo.viewer);
    expect(checkDeliverableAction(facts, itemViewers[combo.viewer], combo.action, NOW).ok).toBe(expected);
    expect(allowedDeliverableActions(facts, itemViewers[combo.viewer], NOW).includes(combo.action)).toBe(
      expected,
    );
  });

  it('lists a deliverable action on the deal for the party who may take it', () => {
    const deal: DealFacts = {
      ...dealIn('accepted'),
      deliverables: [
        { status: 'pending', giverId: C, receiverId: P, deliveredAt: null },
        { status: 'delivered', giverId: P, receiverId: C, deliveredAt: new Date(NOW.getTime() - DAY) },
      ],
    };
    expect(allowedDealActions(deal, viewers.turn, NOW)).toEqual([
      'pay_commission',
      'deliver',
      'accept_delivery',
      'dispute',
    ]);
    expect(allowedDealActions(deal, viewers.waiting, NOW)).toEqual(['pay_commission']);
    expect(allowedDealActions(deal, viewers.admin, NOW)).toEqual(['cancel']);
  });
});
