import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz } from './columns';
import { challengePurpose } from './enums';
import { users } from './users';

/**
 * E-mail one-time-code challenges. The code and the proof are stored hashed; the opaque otp_token and
 * proof_token handed to the client carry the row id and a secret whose hash is kept here.
 */
export const emailChallenges = pgTable(
  'email_challenges',
  {
    id: id(),
    email: text('email').notNull(),
    purpose: challengePurpose('purpose').notNull().default('signup'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    verifiedAt: tz('verified_at'),
    proofHash: text('proof_hash'),
    proofExpiresAt: tz('proof_expires_at'),
    consumedAt: tz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_challenges_email_idx').on(sql`lower(${t.email})`, t.createdAt)],
);

export type EmailChallengeRow = typeof emailChallenges.$inferSelect;
