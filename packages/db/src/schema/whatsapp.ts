import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tz } from './columns';
import { users } from './users';

/**
 * A member's WhatsApp number and opt-ins (product-spec-3 section 3): nothing is sent before `confirmedAt` (the
 * code sent over WhatsApp was entered), and only for the kinds opted into. STOP (or the settings' opt-out) clears
 * both opt-ins. `unreachableAt` is set once Meta says the number cannot receive WhatsApp: nothing more is sent to it
 * until the member enters a number again.
 */
export const whatsappNumbers = pgTable('whatsapp_numbers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** E.164 without the plus, as WhatsApp's `wa_id` (919876543210). */
  phoneNumber: text('phone_number').notNull(),
  confirmedAt: tz('confirmed_at'),
  dealUpdates: boolean('deal_updates').notNull().default(false),
  matchAlerts: boolean('match_alerts').notNull().default(false),
  /** When the member last opted out (one click or STOP). */
  optedOutAt: tz('opted_out_at'),
  /** Meta reported that the number cannot receive WhatsApp (once; not retried). */
  unreachableAt: tz('unreachable_at'),
  unreachableReason: text('unreachable_reason'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** The one-time codes that confirm a number (hashed, like the e-mail challenges). */
export const whatsappChallenges = pgTable(
  'whatsapp_challenges',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    verifiedAt: tz('verified_at'),
    createdAt: createdAt(),
  },
  (t) => [index('whatsapp_challenges_user_idx').on(t.userId, t.createdAt)],
);

export const whatsappMessageStatus = pgEnum('whatsapp_message_status', [
  'sent',
  'delivered',
  'read',
  'failed',
]);

/**
 * Every message sent to Meta, by Meta's id (`wamid`): the template, the delivery state the status webhook keeps
 * (sent → delivered → read, or failed with Meta's error), and the deal it was about (the one-per-10-minutes rule).
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: id(),
    wamid: text('wamid').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    /** The deal it was about (no foreign key: the log outlives a deal, as the events do). */
    dealId: uuid('deal_id'),
    /** The event it told (null for a confirmation code or a reply). */
    eventId: uuid('event_id'),
    status: whatsappMessageStatus('status').notNull().default('sent'),
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    statusAt: tz('status_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_messages_wamid_unique').on(t.wamid),
    uniqueIndex('whatsapp_messages_event_unique')
      .on(t.eventId, t.userId)
      .where(sql`${t.eventId} IS NOT NULL`),
    index('whatsapp_messages_deal_idx').on(t.userId, t.dealId, t.createdAt),
  ],
);

/**
 * Status callbacks for a message id not (yet) recorded: Meta may call before the send's answer has been committed
 * (the channel's transaction, the code's insert). Kept here and applied when the message's row appears (whoever
 * commits second applies them), so no state is lost; ones never claimed are swept after a day.
 */
export const whatsappPendingStatuses = pgTable(
  'whatsapp_pending_statuses',
  {
    wamid: text('wamid').notNull(),
    status: whatsappMessageStatus('status').notNull(),
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    receivedAt: tz('received_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.wamid, t.status] }),
    index('whatsapp_pending_statuses_received_idx').on(t.receivedAt),
  ],
);

/** Inbound messages already applied, by Meta's message id: a replayed webhook changes nothing. */
export const whatsappInbound = pgTable('whatsapp_inbound', {
  messageId: text('message_id').primaryKey(),
  fromNumber: text('from_number').notNull(),
  kind: text('kind').notNull(),
  receivedAt: createdAt(),
});

export type WhatsappNumberRow = typeof whatsappNumbers.$inferSelect;
export type WhatsappMessageRow = typeof whatsappMessages.$inferSelect;
