import { MATCH_REASON_CODES, MEDIA_CATEGORY_IDS } from '@barterads/core';
import { z } from 'zod';
import { ListingOutput } from '../listings/schemas';

export const MatchesInput = z
  .object({
    /** One of the caller's listings; all of them (the dashboard's "Matches for you") when absent. */
    listingId: z.uuid({ error: 'Listing not found.' }).optional(),
  })
  .optional();

export const MatchOutput = z.object({
  listing: ListingOutput,
  /** The caller's listing this one matches. */
  forListingId: z.string(),
  score: z.number().int(),
  reasons: z.array(z.enum(MATCH_REASON_CODES as [string, ...string[]])),
  /** The reasons in words: "same city; dates overlap; within budget". */
  reasonText: z.string(),
});
export type MatchOutput = z.infer<typeof MatchOutput>;

export const MatchesResult = z.object({
  matches: z.array(MatchOutput),
  /** Matches the caller's plan does not show (top 3 per listing without Professional or Enterprise). */
  hidden: z.number().int(),
  seesAll: z.boolean(),
});
export type MatchesResult = z.infer<typeof MatchesResult>;

export const UnmatchedNeedsResult = z.object({
  categories: z.array(
    z.object({
      category: z.enum(MEDIA_CATEGORY_IDS).nullable(),
      needs: z.number().int(),
    }),
  ),
  total: z.number().int(),
});
