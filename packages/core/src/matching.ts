import type { PlanId } from './plans';

/**
 * Why two listings match (product-spec-2 section 5), each with its points and its words. The SQL scoring in
 * packages/api/src/matching awards the points; the pages show the words ("same city; dates overlap; within budget").
 */
export const MATCH_REASONS = {
  same_category: { points: 30, words: 'same category' },
  sought_category: { points: 25, words: 'a category they are looking for' },
  same_city: { points: 20, words: 'same city' },
  nearby: { points: 15, words: 'within 50 km' },
  dates_overlap: { points: 15, words: 'dates overlap' },
  within_budget: { points: 20, words: 'within budget' },
  near_budget: { points: 10, words: 'within 30% of the budget' },
  similar_words: { points: 15, words: 'similar description' },
} as const;
export type MatchReason = keyof typeof MATCH_REASONS;
export const MATCH_REASON_CODES = Object.keys(MATCH_REASONS) as MatchReason[];

export const MATCHING = {
  /** Listings this close (great-circle, km) match on place when both have coordinates. */
  nearbyKm: 50,
  /** A price up to this share above the budget still matches (0.3: within 30%). */
  budgetTolerance: 0.3,
  /** Trigram similarity of the two listings' words at or above which they "read alike". */
  similarWords: 0.2,
  /** A pair is stored from this score (a category match alone is not enough). */
  minScore: 40,
  /** Pairs kept per listing, best first. */
  keepPerListing: 50,
  /** What a member without Professional or Enterprise sees per listing. */
  freeVisible: 3,
} as const;

/** The plans that see every match and get the daily match e-mail (their 'AI matching'). */
export const FULL_MATCH_PLANS: readonly PlanId[] = ['professional', 'enterprise'];

export function seesAllMatches(planId: PlanId | null | undefined): boolean {
  return planId ? FULL_MATCH_PLANS.includes(planId) : false;
}

/** The reasons in words, in the order given: "same city; dates overlap; within budget". */
export function matchReasonWords(reasons: readonly string[]): string {
  return reasons
    .filter((r): r is MatchReason => r in MATCH_REASONS)
    .map((r) => MATCH_REASONS[r].words)
    .join('; ');
}
