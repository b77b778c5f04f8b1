import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tz } from './columns';
import { deals } from './deals';
import { listings } from './listings';
import { users } from './users';

/**
 * A negotiation about one listing between its owner and one other user; or, with `dealId`, one deal's own thread
 * (product-spec-2 section 2: each deal has its own thread, so two deals on one listing never share one).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'restrict' }),
    initiatorId: uuid('initiator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Set on a deal's thread: that deal's events and the parties' messages about it. */
    dealId: uuid('deal_id').references((): AnyPgColumn => deals.id, { onDelete: 'cascade' }),
    lastMessageAt: tz('last_message_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check('conversations_not_self', sql`${t.initiatorId} <> ${t.ownerId}`),
    /** One conversation per pair about a listing, besides the threads of their deals. */
    uniqueIndex('conversations_listing_pair_unique')
      .on(t.listingId, t.initiatorId, t.ownerId)
      .where(sql`${t.dealId} is null`),
    uniqueIndex('conversations_deal_unique').on(t.dealId),
    index('conversations_initiator_idx').on(t.initiatorId, t.lastMessageAt.desc()),
    index('conversations_owner_idx').on(t.ownerId, t.lastMessageAt.desc()),
  ],
);

/** Per participant: what they have read and when they were last e-mailed about unread messages. */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    lastEmailedAt: tz('last_emailed_at'),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('participants_user_idx').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 4000`),
    index('messages_conversation_id_idx').on(t.conversationId, t.id),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
