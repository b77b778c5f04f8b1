import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { listings } from './listings';

/**
 * A scored pair of listings, a need and an inventory (each pair stored in both directions, so "matches of my
 * listing" is one index range). Written by the match job (packages/api/src/matching) from SQL scoring; `reasons`
 * are the codes of MATCH_REASONS in packages/core, shown in words.
 */
export const listingMatches = pgTable(
  'listing_matches',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    matchedId: uuid('matched_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    reasons: text('reasons').array().notNull(),
    /** When the pair first matched (the daily e-mail and "new matches" count from it). */
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.matchedId] }),
    index('listing_matches_listing_score_idx').on(t.listingId, t.score.desc()),
    index('listing_matches_matched_idx').on(t.matchedId),
    index('listing_matches_created_idx').on(t.createdAt),
  ],
);

/**
 * Listings whose matches must be computed again: filled by a trigger on `listings` (posted, edited, archived,
 * by any writer) and drained by the match job every minute. A worker claims a row for a while
 * (`claimedUntil`) and deletes it once the listing's matches are stored, only if nobody queued it again
 * meanwhile (the trigger clears the claim): a worker killed mid-batch leaves its rows to be claimed again when
 * the claim ends, and an edit made while the matches were computed is computed too.
 */
export const listingMatchQueue = pgTable('listing_match_queue', {
  listingId: uuid('listing_id').primaryKey(),
  queuedAt: tz('queued_at').notNull().default(sql`now()`),
  claimedUntil: tz('claimed_until'),
});

export type ListingMatchRow = typeof listingMatches.$inferSelect;
