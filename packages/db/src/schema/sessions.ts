import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tz } from './columns';
import { users } from './users';

/**
 * Server-side sessions (Lucia's design): the client holds `<id>.<secret>`; only the SHA-256 of the
 * secret is stored and it is compared in constant time.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tz('expires_at').notNull(),
    /** The session never lives past this, however often it is extended. */
    absoluteExpiresAt: tz('absolute_expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export type SessionRow = typeof sessions.$inferSelect;
