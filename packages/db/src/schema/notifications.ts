import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz } from './columns';
import { notificationEmailStatus, notificationKind } from './enums';
import { users } from './users';

/**
 * One thing a member is told (the bell's list), written through `notify` in packages/api/src/notifications. The
 * row is also the e-mail's outbox: `email_status` starts `pending` (or `skipped` when the member turned the kind's
 * e-mail off) and the e-mail job claims, sends and marks it, so a restart neither loses nor repeats an e-mail.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKind('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A path in the web app (`/dashboard/deals/…`), never an absolute URL. */
    link: text('link').notNull(),
    /** Makes one event notify once however often it is reported (a retried job, two instances). */
    dedupeKey: text('dedupe_key'),
    readAt: tz('read_at'),
    emailStatus: notificationEmailStatus('email_status').notNull().default('pending'),
    emailAttempts: integer('email_attempts').notNull().default(0),
    /** While `sending`: when the claim lapses and another run may try (the sender died mid-way). */
    emailClaimedUntil: tz('email_claimed_until'),
    emailSentAt: tz('email_sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
    uniqueIndex('notifications_user_dedupe_unique').on(t.userId, t.dedupeKey),
    index('notifications_email_due_idx')
      .on(t.createdAt)
      .where(sql`${t.emailStatus} IN ('pending', 'sending')`),
  ],
);

/** A member's e-mail choice per kind; a kind without a row is e-mailed (on by default). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKind('kind').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export type NotificationRow = typeof notifications.$inferSelect;
