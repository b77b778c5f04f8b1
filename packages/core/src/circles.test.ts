import { describe, expect, it } from 'vitest';
import {
  AcceptIndex,
  type AcceptList,
  acceptReasons,
  CIRCLES,
  edgesOf,
  findCircles,
  findCirclesOnEdges,
  type GivableListing,
  memberEdges,
  selectCircles,
} from './circles';
import { checkCircleAction, effectiveCircleStatus, SYSTEM_VIEWER } from './lifecycle';

const list = (userId: string, categories: string[], extra: Partial<AcceptList> = {}): AcceptList => ({
  userId,
  categories,
  cities: ['pune'],
  minValueInr: 10_000,
  maxValueInr: 100_000,
  availableFrom: null,
  availableTo: null,
  ...extra,
});
const listing = (id: string, ownerId: string, category: string, valueInr: number): GivableListing => ({
  id,
  ownerId,
  title: id,
  category,
  city: 'Pune',
  valueInr,
  availableFrom: null,
  availableTo: null,
});

describe('accept lists', () => {
  it('takes a listing inside every side of the list and refuses one outside any', () => {
    const l = list('u', ['outdoor'], { availableFrom: '2026-12-01', availableTo: '2026-12-31' });
    expect(acceptReasons(l, listing('x', 'o', 'outdoor', 50_000))).toEqual([
      'category',
      'city',
      'value',
      'dates',
    ]);
    expect(acceptReasons(l, listing('x', 'o', 'print', 50_000))).toBeNull();
    expect(acceptReasons(l, { ...listing('x', 'o', 'outdoor', 50_000), city: 'Nashik' })).toBeNull();
    expect(acceptReasons(l, listing('x', 'o', 'outdoor', 100_001))).toBeNull();
    expect(
      acceptReasons(l, {
        ...listing('x', 'o', 'outdoor', 50_000),
        availableFrom: '2027-01-01',
        availableTo: null,
      }),
    ).toBeNull();
    expect(acceptReasons(list('u', [], { cities: [] }), listing('x', 'o', 'audio', 50_000))).toEqual([
      'any_category',
      'any_city',
      'value',
      'any_dates',
    ]);
  });
});

describe('circle search', () => {
  const lists = [list('a', ['print']), list('b', ['outdoor']), list('c', ['digital'])];
  const listings = [
    listing('la', 'a', 'outdoor', 50_000),
    listing('lb', 'b', 'digital', 52_000),
    listing('lc', 'c', 'print', 48_000),
  ];

  it('finds the one circle once, starting at the smallest member, with its spread', () => {
    const found = findCircles(lists, listings);
    expect(found).toHaveLength(1);
    expect(found[0]!.members).toEqual(['a', 'b', 'c']);
    expect(found[0]!.legs.map((l) => [l.giverId, l.receiverId, l.listingId])).toEqual([
      ['a', 'b', 'la'],
      ['b', 'c', 'lb'],
      ['c', 'a', 'lc'],
    ]);
    expect(found[0]!.spreadInr).toBe(4_000);
    // The same from any member, and the same whatever the input order.
    expect(findCircles(lists, listings, { through: ['c'] })).toEqual(found);
    expect(findCircles([...lists].reverse(), [...listings].reverse())).toEqual(found);
  });

  it('finds none over 15% apart, none through a member outside it, none without a list', () => {
    const far = listings.map((l) => (l.id === 'lb' ? { ...l, valueInr: 50_000 * 1.16 } : l));
    expect(findCircles(lists, far)).toHaveLength(0);
    const edge = listings.map((l) => (l.id === 'lb' ? { ...l, valueInr: 48_000 * 1.15 } : l));
    expect(findCircles(lists, edge)).toHaveLength(1);
    expect(findCircles([...lists, list('d', ['audio'])], listings, { through: ['d'] })).toHaveLength(0);
    expect(findCircles(lists.slice(1), listings)).toHaveLength(0);
  });

  it('keeps each member in at most three open proposals and leaves out members at their limit', () => {
    const many: AcceptList[] = [list('a', ['print'])];
    const ls: GivableListing[] = [listing('la', 'a', 'outdoor', 50_000)];
    for (let i = 0; i < 5; i++) {
      many.push(list(`b${i}`, ['outdoor']), list(`c${i}`, [`digital`]));
      ls.push(listing(`lb${i}`, `b${i}`, 'digital', 50_000), listing(`lc${i}`, `c${i}`, 'print', 50_000));
    }
    const found = findCircles(many, ls);
    expect(found.length).toBeGreaterThanOrEqual(5);
    const chosen = selectCircles(found, {
      openCount: new Map([['a', 1]]),
      excluded: new Set(),
      proposedKeys: new Set(),
    });
    expect(chosen).toHaveLength(CIRCLES.maxOpenPerMember - 1);
    expect(
      selectCircles(found, { openCount: new Map(), excluded: new Set(['a']), proposedKeys: new Set() }),
    ).toEqual([]);
  });
});

describe('member-level edges', () => {
  it('keeps at most legsPerPair legs per pair, spread over their values, whatever their order', () => {
    const lists = [list('a', ['print']), list('b', ['outdoor'])];
    const index = new AcceptIndex(lists);
    // Ten hoardings of a's inside b's list, ₹50,000 to ₹59,000: each kept one more than 7.5% above the last.
    const ls = Array.from({ length: 10 }, (_, i) => listing(`l${i}`, 'a', 'outdoor', 50_000 + i * 1_000));
    const kept = memberEdges(edgesOf(index, ls), index).get('b')!.get('a')!;
    expect(kept.length).toBeLessThanOrEqual(CIRCLES.legsPerPair);
    expect(kept.map((e) => e.listing.id)).toEqual(['l0', 'l4', 'l9']);
    const again = memberEdges(edgesOf(index, [...ls].reverse()), index)
      .get('b')!
      .get('a')!;
    expect(again.map((e) => e.listing.id)).toEqual(['l0', 'l4', 'l9']);
    // A wider spread keeps more, up to the cap.
    const wide = Array.from({ length: 10 }, (_, i) => listing(`w${i}`, 'a', 'outdoor', 20_000 + i * 8_000));
    expect(memberEdges(edgesOf(index, wide), index).get('b')!.get('a')!).toHaveLength(CIRCLES.legsPerPair);
  });

  it('finds on given legs what the whole search finds, and only through the members asked', () => {
    const lists = [list('a', ['print']), list('b', ['outdoor']), list('c', ['digital'])];
    const ls = [
      listing('la', 'a', 'outdoor', 50_000),
      listing('lb', 'b', 'digital', 52_000),
      listing('lc', 'c', 'print', 48_000),
    ];
    const index = new AcceptIndex(lists);
    const edges = edgesOf(index, ls);
    expect(findCirclesOnEdges(index, edges)).toEqual(findCircles(lists, ls));
    expect(findCirclesOnEdges(index, edges, { through: ['b'] })).toHaveLength(1);
    // Without the leg that closes it (c's print to a), no circle.
    expect(
      findCirclesOnEdges(
        index,
        edges.filter((e) => e.listing.id !== 'lc'),
      ),
    ).toHaveLength(0);
  });
});

describe('circle lifecycle table', () => {
  const now = new Date('2026-12-01T00:00:00Z');
  const facts = {
    status: 'proposed' as const,
    expiresAt: new Date(now.getTime() + 3600_000),
    memberIds: ['a', 'b', 'c'],
    acceptedBy: ['a'],
  };
  const viewer = (id: string) => ({ id, role: 'user' });

  it('records a member accept, completes on the third, refuses a second answer and outsiders', () => {
    expect(checkCircleAction(facts, viewer('b'), 'accept', now)).toMatchObject({
      ok: true,
      transition: { to: 'proposed' },
    });
    expect(checkCircleAction({ ...facts, acceptedBy: ['a', 'c'] }, viewer('b'), 'accept', now)).toMatchObject(
      {
        ok: true,
        transition: { to: 'accepted', event: 'circle.accepted' },
      },
    );
    expect(checkCircleAction(facts, viewer('a'), 'accept', now)).toEqual({
      ok: false,
      reason: 'not_answered',
    });
    expect(checkCircleAction(facts, viewer('z'), 'accept', now)).toEqual({ ok: false, reason: 'actor' });
  });

  it('lapses only past the deadline, and reads as lapsed then', () => {
    const later = new Date(now.getTime() + 2 * 3600_000);
    expect(checkCircleAction(facts, SYSTEM_VIEWER, 'lapse', now)).toEqual({
      ok: false,
      reason: 'deadline_passed',
    });
    expect(checkCircleAction(facts, SYSTEM_VIEWER, 'lapse', later).ok).toBe(true);
    expect(checkCircleAction(facts, viewer('b'), 'accept', later)).toEqual({
      ok: false,
      reason: 'before_deadline',
    });
    expect(effectiveCircleStatus(facts, later)).toBe('lapsed');
  });
});
