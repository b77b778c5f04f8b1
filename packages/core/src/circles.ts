/**
 * Circle deals (product-spec-3 section 4): each member's "I'd accept" list, whether a listing falls inside it (with
 * the reasons in words), and the search for circles of three (A gives B, B gives C, C gives A). Pure code, so the
 * server's job, the benchmark and the tests run the same rules; it runs in the browser too (the editor's preview).
 */
import { categoryTitle } from './categories';

/** The circle rules in one place. */
export const CIRCLES = {
  /** Members in a circle. */
  size: 3,
  /** The three legs' values may differ by at most this share of the smallest (15%). */
  valueTolerance: 0.15,
  /** Open circle proposals a member may be in at once. */
  maxOpenPerMember: 3,
  /** Hours the three members have to accept. */
  answerHours: 72,
  /** Reminders to the members who have not answered, in hours after the proposal. */
  reminderHours: [24, 60] as const,
  /**
   * Deals a circle takes from each member's monthly allowance: it gives in one deal and receives in another. A
   * member with fewer left is not put in a circle.
   */
  dealsPerMember: 2,
  /**
   * Circles kept per member the search starts from (the closest-valued it meets first): a member takes at most
   * maxOpenPerMember, so the search stops early on a dense graph instead of listing every triangle.
   */
  searchPerMember: 12,
  /**
   * Legs kept between one giver and one receiver, spread over their values (see memberEdges): the member graph's
   * edge between them.
   */
  legsPerPair: 4,
  /**
   * A list's value range is read in this many equal buckets, per category and city it names, and the search takes
   * CIRCLES.legsPerBucket listings from each (the cheapest in it): the fan-out that keeps a search's work bounded by
   * the lists, whatever the number of listings, while its legs cover the whole range.
   */
  valueBuckets: 6,
  legsPerBucket: 1,
  /** The same, into the list of a member whose change is searched (its neighbourhood only: more of its options). */
  legsPerBucketAround: 4,
  /** Categories and cities an accept list may name. */
  maxCategories: 20,
  maxCities: 50,
} as const;

/** A member's "I'd accept" list. Empty categories or cities: any. Dates null: any time. */
export interface AcceptList {
  userId: string;
  categories: readonly string[];
  cities: readonly string[];
  minValueInr: number;
  maxValueInr: number;
  availableFrom: string | null;
  availableTo: string | null;
}

/** A listing a member could give (its owner's inventory), as the circle search reads it. */
export interface GivableListing {
  id: string;
  ownerId: string;
  title: string;
  category: string | null;
  city: string | null;
  /** Rate × minimum units, in rupees. */
  valueInr: number;
  availableFrom: string | null;
  availableTo: string | null;
}

export type AcceptReason =
  | 'category'
  | 'any_category'
  | 'city'
  | 'any_city'
  | 'value'
  | 'dates'
  | 'any_dates';

const inr = (n: number) => `₹${n.toLocaleString('en-IN')}`;
const norm = (s: string) => s.trim().toLowerCase();

/** Whether two date ranges (null ends open) overlap. */
function overlaps(
  aFrom: string | null,
  aTo: string | null,
  bFrom: string | null,
  bTo: string | null,
): boolean {
  return (aFrom ?? '0000-01-01') <= (bTo ?? '9999-12-31') && (bFrom ?? '0000-01-01') <= (aTo ?? '9999-12-31');
}

/**
 * Why `listing` is inside `list` (the reason codes), or null when it is not: its category among the list's (or the
 * list takes any), its city among the list's (or any), its value inside the range, and its dates meeting the
 * list's (a listing without dates is available any time).
 */
export function acceptReasons(
  list: Omit<AcceptList, 'userId'>,
  listing: Pick<GivableListing, 'category' | 'city' | 'valueInr' | 'availableFrom' | 'availableTo'>,
): AcceptReason[] | null {
  const reasons: AcceptReason[] = [];
  if (list.categories.length > 0) {
    if (!listing.category || !list.categories.includes(listing.category)) return null;
    reasons.push('category');
  } else reasons.push('any_category');
  if (list.cities.length > 0) {
    if (!listing.city || !list.cities.some((c) => norm(c) === norm(listing.city!))) return null;
    reasons.push('city');
  } else reasons.push('any_city');
  if (listing.valueInr < list.minValueInr || listing.valueInr > list.maxValueInr) return null;
  reasons.push('value');
  if (list.availableFrom || list.availableTo) {
    if (!overlaps(list.availableFrom, list.availableTo, listing.availableFrom, listing.availableTo))
      return null;
    reasons.push('dates');
  } else reasons.push('any_dates');
  return reasons;
}

/** A leg's reasons in words, as a member reads them ("Outdoor is a category you accept", …). */
export function acceptReasonWords(
  reasons: readonly AcceptReason[],
  list: Omit<AcceptList, 'userId'>,
  listing: Pick<GivableListing, 'category' | 'city' | 'valueInr'>,
): string[] {
  return reasons.map((r) => {
    switch (r) {
      case 'category':
        return `${categoryTitle(listing.category)} is a category on the receiver's accept list`;
      case 'any_category':
        return 'The receiver accepts any category';
      case 'city':
        return `${listing.city} is a city on the receiver's accept list`;
      case 'any_city':
        return 'The receiver accepts any city';
      case 'value':
        return `Worth ${inr(listing.valueInr)}, inside the receiver's range of ${inr(list.minValueInr)} to ${inr(list.maxValueInr)}`;
      case 'dates':
        return "Available on the receiver's dates";
      default:
        return 'The receiver accepts any dates';
    }
  });
}

/** Whether values are within CIRCLES.valueTolerance of each other (the largest at most 15% over the smallest). */
export function withinTolerance(
  values: readonly number[],
  tolerance: number = CIRCLES.valueTolerance,
): boolean {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return max <= min * (1 + tolerance) + 1e-9;
}

export interface CircleLegCandidate {
  giverId: string;
  receiverId: string;
  listingId: string;
  title: string;
  category: string | null;
  city: string | null;
  valueInr: number;
  reasons: AcceptReason[];
}

export interface CircleCandidate {
  /** The members in order: legs[i] goes from members[i] to members[(i + 1) % 3]. Starts at the smallest id. */
  members: [string, string, string];
  legs: [CircleLegCandidate, CircleLegCandidate, CircleLegCandidate];
  /** The largest value minus the smallest, in rupees (settled outside or waived). */
  spreadInr: number;
  /** The three listings, sorted: one circle of these listings is proposed once. */
  key: string;
}

/**
 * One leg a circle could use: `listing` of `giverId` is inside the accept list of `receiverId`, with why. The member
 * graph the search walks is made of these (several listings of one giver may lead to one receiver).
 */
export interface CircleEdge {
  giverId: string;
  receiverId: string;
  listing: GivableListing;
  reasons: AcceptReason[];
}
type Edge = CircleEdge;

const ANY = '*';

/**
 * Indexes accept lists by category and city (an empty list side is the wildcard bucket), so a listing's receivers
 * are read from at most four buckets instead of every list.
 */
export class AcceptIndex {
  private readonly buckets = new Map<string, AcceptList[]>();
  readonly byUser = new Map<string, AcceptList>();

  constructor(lists: readonly AcceptList[]) {
    for (const list of lists) {
      this.byUser.set(list.userId, list);
      const cats = list.categories.length > 0 ? list.categories : [ANY];
      const cities = list.cities.length > 0 ? list.cities.map(norm) : [ANY];
      for (const cat of cats)
        for (const city of cities) {
          const key = `${cat}|${city}`;
          const bucket = this.buckets.get(key);
          if (bucket) bucket.push(list);
          else this.buckets.set(key, [list]);
        }
    }
  }

  /** The lists `listing` falls inside (its owner's excluded), with why. */
  receiversOf(listing: GivableListing): { list: AcceptList; reasons: AcceptReason[] }[] {
    const cats = listing.category ? [listing.category, ANY] : [ANY];
    const cities = listing.city ? [norm(listing.city), ANY] : [ANY];
    const found: { list: AcceptList; reasons: AcceptReason[] }[] = [];
    for (const cat of cats)
      for (const city of cities) {
        for (const list of this.buckets.get(`${cat}|${city}`) ?? []) {
          if (list.userId === listing.ownerId) continue;
          const reasons = acceptReasons(list, listing);
          if (reasons) found.push({ list, reasons });
        }
      }
    return found;
  }
}

const byValueThenId = (a: Edge, b: Edge) =>
  a.listing.valueInr - b.listing.valueInr ||
  (a.listing.id < b.listing.id ? -1 : a.listing.id > b.listing.id ? 1 : 0);

/** The first index whose edge is worth at least `value` (edges sorted by value). */
function lowerBound(edges: readonly Edge[], value: number): number {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (edges[mid]!.listing.valueInr < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function compareCandidates(a: CircleCandidate, b: CircleCandidate): number {
  const spreadA = a.spreadInr / Math.min(...a.legs.map((l) => l.valueInr));
  const spreadB = b.spreadInr / Math.min(...b.legs.map((l) => l.valueInr));
  if (spreadA !== spreadB) return spreadA - spreadB;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/**
 * The legs between each pair of members (giver → receiver) the search keeps, each listing once: at most
 * CIRCLES.legsPerPair, spread over their values (the cheapest, then each next one worth more than half the
 * tolerance above the last kept, then by listing id). A pair's legs are what "member X can give member Y something
 * inside Y's list" means; the search tries only these, so its work follows the pairs, not how many listings each
 * member has.
 */
export function memberEdges(
  edges: Iterable<CircleEdge>,
  index: AcceptIndex,
  tolerance: number = CIRCLES.valueTolerance,
): Map<string, Map<string, CircleEdge[]>> {
  const byPair = new Map<string, Map<string, CircleEdge[]>>();
  const seen = new Set<string>();
  for (const edge of edges) {
    if (edge.giverId === edge.receiverId) continue;
    if (!index.byUser.has(edge.giverId) || !index.byUser.has(edge.receiverId)) continue;
    const key = `${edge.listing.id}>${edge.receiverId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let into = byPair.get(edge.receiverId);
    if (!into) {
      into = new Map();
      byPair.set(edge.receiverId, into);
    }
    const legs = into.get(edge.giverId);
    if (legs) legs.push(edge);
    else into.set(edge.giverId, [edge]);
  }
  for (const into of byPair.values())
    for (const [giverId, legs] of into) {
      if (legs.length === 1) continue;
      legs.sort(byValueThenId);
      const kept: CircleEdge[] = [legs[0]!];
      for (const leg of legs.slice(1)) {
        if (kept.length >= CIRCLES.legsPerPair) break;
        if (leg.listing.valueInr > kept.at(-1)!.listing.valueInr * (1 + tolerance / 2)) kept.push(leg);
      }
      into.set(giverId, kept);
    }
  return byPair;
}

/**
 * Finds circles of three on a member graph (the legs of `edges`, at most CIRCLES.legsPerPair per pair: memberEdges):
 * A's listing inside B's list, B's inside C's, C's inside A's, three different members who each have a list in
 * `index`, the three values within the tolerance. Only circles through one of `through` (every giver when not
 * given: the search after a change looks only around the members it touched). Deterministic: the same edges give
 * the same circles in the same order (the closest values first, then by listing ids), whatever their order; each
 * set of three members appears once, with its closest-valued legs. The search from one member stops after
 * CIRCLES.searchPerMember circles (legs are read in value order, so which ones is fixed by the input).
 */
export function findCirclesOnEdges(
  index: AcceptIndex,
  edges: Iterable<CircleEdge>,
  options: { through?: Iterable<string>; tolerance?: number } = {},
): CircleCandidate[] {
  const tolerance = options.tolerance ?? CIRCLES.valueTolerance;
  const into = memberEdges(edges, index, tolerance);
  const outOf = new Map<string, Edge[]>();
  for (const byGiver of into.values())
    for (const [giverId, legs] of byGiver) {
      const out = outOf.get(giverId);
      if (out) out.push(...legs);
      else outOf.set(giverId, [...legs]);
    }
  for (const out of outOf.values()) out.sort(byValueThenId);

  const best = new Map<string, CircleCandidate>();
  const starts = options.through ? [...new Set(options.through)].sort() : [...outOf.keys()].sort();
  for (const a of starts) {
    const fromA = outOf.get(a);
    const toA = into.get(a);
    if (!fromA || !toA) continue;
    let keptForA = 0;
    search: for (const e1 of fromA) {
      const b = e1.receiverId;
      const fromB = outOf.get(b);
      if (!fromB) continue;
      const v1 = e1.listing.valueInr;
      // Legs two and three must lie within [v1 / (1 + t), v1 × (1 + t)].
      const low = v1 / (1 + tolerance);
      const high = v1 * (1 + tolerance);
      for (let i = lowerBound(fromB, low); i < fromB.length; i++) {
        const e2 = fromB[i]!;
        if (e2.listing.valueInr > high) break;
        const c = e2.receiverId;
        if (c === a || c === b) continue;
        const fromC = toA.get(c);
        if (!fromC) continue;
        const v2 = e2.listing.valueInr;
        for (let j = lowerBound(fromC, Math.max(low, v2 / (1 + tolerance))); j < fromC.length; j++) {
          const e3 = fromC[j]!;
          const v3 = e3.listing.valueInr;
          if (v3 > Math.min(high, v2 * (1 + tolerance))) break;
          if (!withinTolerance([v1, v2, v3], tolerance)) continue;
          const candidate = toCandidate([e1, e2, e3]);
          const memberKey = candidate.members.join('>');
          const had = best.get(memberKey);
          if (!had) keptForA += 1;
          if (!had || compareCandidates(candidate, had) < 0) best.set(memberKey, candidate);
          if (keptForA >= CIRCLES.searchPerMember) break search;
        }
      }
    }
  }
  return [...best.values()].sort(compareCandidates);
}

/**
 * Every leg among `listings` (those of members with a list, into every other list they fall inside): the whole
 * member graph, for tests and small sets. The server reads a bounded graph from PostgreSQL instead
 * (packages/api/src/circles/graph.ts).
 */
export function edgesOf(index: AcceptIndex, listings: readonly GivableListing[]): CircleEdge[] {
  const edges: CircleEdge[] = [];
  for (const listing of listings) {
    if (!index.byUser.has(listing.ownerId)) continue; // a giver in a circle also receives: it needs a list
    for (const { list, reasons } of index.receiversOf(listing))
      edges.push({ giverId: listing.ownerId, receiverId: list.userId, listing, reasons });
  }
  return edges;
}

/** findCirclesOnEdges over every leg among `listings` (see edgesOf). */
export function findCircles(
  lists: readonly AcceptList[] | AcceptIndex,
  listings: readonly GivableListing[],
  options: { through?: Iterable<string>; tolerance?: number } = {},
): CircleCandidate[] {
  const index = lists instanceof AcceptIndex ? lists : new AcceptIndex(lists);
  return findCirclesOnEdges(index, edgesOf(index, listings), options);
}

function toCandidate(edges: [Edge, Edge, Edge]): CircleCandidate {
  // Rotate so the smallest member id starts (one circle, one order).
  let start = 0;
  for (let i = 1; i < 3; i++) if (edges[i]!.giverId < edges[start]!.giverId) start = i;
  const rotated = [0, 1, 2].map((k) => edges[(start + k) % 3]!) as [Edge, Edge, Edge];
  const legs = rotated.map((e) => ({
    giverId: e.giverId,
    receiverId: e.receiverId,
    listingId: e.listing.id,
    title: e.listing.title,
    category: e.listing.category,
    city: e.listing.city,
    valueInr: e.listing.valueInr,
    reasons: e.reasons,
  })) as CircleCandidate['legs'];
  const values = legs.map((l) => l.valueInr);
  return {
    members: legs.map((l) => l.giverId) as CircleCandidate['members'],
    legs,
    spreadInr: Math.max(...values) - Math.min(...values),
    key: legs
      .map((l) => l.listingId)
      .sort()
      .join(','),
  };
}

/**
 * Chooses which found circles to propose, best first: none with a member already in CIRCLES.maxOpenPerMember open
 * proposals (counting the ones chosen here), none with a member left out (at its deal limit), none whose three
 * listings were proposed before.
 */
export function selectCircles(
  candidates: readonly CircleCandidate[],
  state: {
    openCount: ReadonlyMap<string, number>;
    excluded: ReadonlySet<string>;
    proposedKeys: ReadonlySet<string>;
  },
): CircleCandidate[] {
  const open = new Map(state.openCount);
  const chosen: CircleCandidate[] = [];
  for (const c of candidates) {
    if (state.proposedKeys.has(c.key)) continue;
    if (c.members.some((m) => state.excluded.has(m) || (open.get(m) ?? 0) >= CIRCLES.maxOpenPerMember))
      continue;
    for (const m of c.members) open.set(m, (open.get(m) ?? 0) + 1);
    chosen.push(c);
  }
  return chosen;
}

/** Two legs of a circle whose third is missing: A gives B, B gives C, and nothing of C's is inside A's list. */
export interface NearCircle {
  legs: [CircleLegCandidate, CircleLegCandidate];
  /** Who would close it: C gives A something inside A's list, worth about this much. */
  missing: { giverId: string; receiverId: string; valueInr: number };
}

/**
 * Candidate circles that miss one leg (the trade desk's "near circles"): chains A → B → C within the lists and the
 * tolerance, with no listing of C inside A's list. Deterministic, at most `limit`.
 */
export function findNearCircles(
  index: AcceptIndex,
  listings: readonly GivableListing[],
  limit = 20,
): NearCircle[] {
  const out = new Map<string, { listing: GivableListing; receiverId: string; reasons: AcceptReason[] }[]>();
  const gives = new Map<string, Set<string>>();
  for (const listing of [...listings].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (!index.byUser.has(listing.ownerId)) continue;
    for (const { list, reasons } of index.receiversOf(listing)) {
      const edges = out.get(listing.ownerId) ?? [];
      edges.push({ listing, receiverId: list.userId, reasons });
      out.set(listing.ownerId, edges);
      const g = gives.get(listing.ownerId) ?? new Set<string>();
      g.add(list.userId);
      gives.set(listing.ownerId, g);
    }
  }
  const found: NearCircle[] = [];
  const leg = (e: {
    listing: GivableListing;
    receiverId: string;
    reasons: AcceptReason[];
  }): CircleLegCandidate => ({
    giverId: e.listing.ownerId,
    receiverId: e.receiverId,
    listingId: e.listing.id,
    title: e.listing.title,
    category: e.listing.category,
    city: e.listing.city,
    valueInr: e.listing.valueInr,
    reasons: e.reasons,
  });
  for (const a of [...out.keys()].sort()) {
    for (const e1 of out.get(a)!) {
      for (const e2 of out.get(e1.receiverId) ?? []) {
        const c = e2.receiverId;
        if (c === a || !withinTolerance([e1.listing.valueInr, e2.listing.valueInr])) continue;
        if (gives.get(c)?.has(a)) continue;
        found.push({
          legs: [leg(e1), leg(e2)],
          missing: {
            giverId: c,
            receiverId: a,
            valueInr: Math.round((e1.listing.valueInr + e2.listing.valueInr) / 2),
          },
        });
        if (found.length >= limit) return found;
      }
    }
  }
  return found;
}
