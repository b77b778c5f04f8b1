import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps, tz } from './columns';
import { users } from './users';

export const webhookEndpointStatus = pgEnum('webhook_endpoint_status', ['active', 'disabled']);

/**
 * A partner's webhook endpoint (product-spec-3 section 2; Professional and Enterprise plans): the events of the
 * owner's audience whose type is in `types` are POSTed to `url`, signed with `secret` (and `previousSecret` too
 * until `previousSecretExpiresAt`, while the partner rotates). The secrets are kept as they are: signing needs
 * them (the partner holds the same value); they never leave the server after the answer that showed them.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Event types wanted (`deal.accepted`, …). */
    types: text('types').array().notNull(),
    status: webhookEndpointStatus('status').notNull().default('active'),
    /** Why it was disabled (the retry window ran out), shown in /settings. */
    disabledReason: text('disabled_reason'),
    disabledAt: tz('disabled_at'),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: tz('previous_secret_expires_at'),
    ...timestamps(),
  },
  (t) => [index('webhook_endpoints_user_id_idx').on(t.userId)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
