import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tz } from './columns';
import { apiKeyScope } from './enums';
import { listings } from './listings';
import { users } from './users';

/**
 * REST API keys (Professional and Enterprise plans). The client holds `bak_<id>_<secret>`; like sessions only the
 * SHA-256 of the secret is stored, compared in constant time. `prefix` (the key's first characters) tells keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scope: apiKeyScope('scope').notNull(),
    lastUsedAt: tz('last_used_at'),
    revokedAt: tz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_user_id_idx').on(t.userId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Each time an owner featured a listing: counted per Asia/Kolkata month against the plan's allowance. */
export const listingFeaturings = pgTable(
  'listing_featurings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    featuredUntil: tz('featured_until').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('listing_featurings_user_created_idx').on(t.userId, t.createdAt)],
);
