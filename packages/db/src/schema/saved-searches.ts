import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps, tz } from './columns';
import { savedSearchFrequency } from './enums';
import { users } from './users';

/**
 * A member's saved marketplace search (product-spec-2 section 5): the marketplace's own filters as `query`, and
 * how often new listings matching it are e-mailed. `last_alerted_at` is the newest listing's `created_at` an alert
 * has covered (or the time the search was saved), so no listing is mailed twice.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The marketplace filters (q, category, ownerRole, city, …), as validated by SearchListingsInput. */
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    frequency: savedSearchFrequency('frequency').notNull().default('daily'),
    /** Listings created after this are new to the search. */
    lastAlertedAt: tz('last_alerted_at').notNull().defaultNow(),
    /** When the alert job last looked at this search (daily and weekly are due from it). */
    lastCheckedAt: tz('last_checked_at').notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    index('saved_searches_due_idx').on(t.frequency, t.lastCheckedAt),
  ],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;
