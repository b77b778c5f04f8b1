import { MESSAGES } from '@barterads/core';
import {
  conversationParticipants,
  conversations,
  type Database,
  type Executor,
  listings,
  messages,
  queryRows,
  sql,
  users,
} from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq, isNull, or } from 'drizzle-orm';
import { writeNewMessageEvent } from './notice';
import type { ConversationOutput, MessageOutput } from './schemas';

/** Timestamps and bigints come back as Date or string depending on the driver. */
export function isoOf(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

export function toMessageOutput(row: {
  id: number | string;
  conversationId: string;
  senderId: string;
  body: string;
  createdAt: Date | string;
}): MessageOutput {
  return {
    _id: Number(row.id),
    conversationId: row.conversationId,
    senderId: row.senderId,
    text: row.body,
    createdAt: isoOf(row.createdAt),
  };
}

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.conversationNotFound });

/** The conversation if `userId` takes part in it; 404 otherwise (a stranger learns nothing). */
export async function requireParticipant(db: Executor, conversationId: string, userId: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.ownerId, userId), eq(conversations.initiatorId, userId)),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return { conversation: row, otherId: row.ownerId === userId ? row.initiatorId : row.ownerId };
}

/** Refuses when the other side is suspended or deleted. */
export async function requireReachable(db: Executor, userId: string): Promise<void> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active'), isNull(users.deletedAt)))
    .limit(1);
  if (!other) throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.messageRecipientUnavailable });
}

interface ConversationSqlRow extends Record<string, unknown> {
  id: string;
  listing_id: string;
  owner_id: string;
  deal_id: string | null;
  deal_number: string | null;
  last_message_at: unknown;
  created_at: unknown;
  title: string;
  image: string | null;
  status: string;
  other_id: string;
  first_name: string;
  last_name: string;
  company_name: string | null;
  other_active: boolean;
  other_deleted: boolean;
  other_last_read: unknown;
  unread: unknown;
  lm_id: unknown;
  lm_sender_id: string | null;
  lm_body: string | null;
  lm_created_at: unknown;
}

function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The caller's conversations, newest activity first, each with its last message and unread count.
 * A conversation the other side opened without writing yet is not shown to the listing's owner.
 */
export async function listConversations(
  db: Executor,
  userId: string,
  options: { q?: string | undefined; conversationId?: string } = {},
): Promise<ConversationOutput[]> {
  const q = options.q?.trim();
  const rows = await queryRows<ConversationSqlRow>(
    db,
    sql`
    select c.id, c.listing_id, c.owner_id, c.last_message_at, c.created_at,
      c.deal_id, d.number as deal_number,
      l.title, l.image, l.status::text as status,
      o.id as other_id, o.first_name, o.last_name, o.company_name,
      (o.status = 'active') as other_active, (o.deleted_at is not null) as other_deleted,
      coalesce(op.last_read_message_id, 0) as other_last_read,
      (select count(*) from messages m
        where m.conversation_id = c.id and m.sender_id <> ${userId}
          and m.id > coalesce(p.last_read_message_id, 0)) as unread,
      lm.id as lm_id, lm.sender_id as lm_sender_id, lm.body as lm_body, lm.created_at as lm_created_at
    from conversations c
    join listings l on l.id = c.listing_id
    left join deals d on d.id = c.deal_id
    join users o on o.id = (case when c.owner_id = ${userId} then c.initiator_id else c.owner_id end)
    left join conversation_participants p on p.conversation_id = c.id and p.user_id = ${userId}
    left join conversation_participants op on op.conversation_id = c.id and op.user_id = o.id
    left join lateral (
      select m.id, m.sender_id, m.body, m.created_at from messages m
      where m.conversation_id = c.id order by m.id desc limit 1
    ) lm on true
    where (c.owner_id = ${userId} or c.initiator_id = ${userId})
      ${
        options.conversationId
          ? sql`and c.id = ${options.conversationId}`
          : sql`and (lm.id is not null or c.initiator_id = ${userId})`
      }
      ${
        q
          ? sql`and lower(o.first_name || ' ' || o.last_name || ' ' || coalesce(o.company_name, '') || ' ' || l.title) like ${likePattern(q)}`
          : sql``
      }
    order by c.last_message_at desc, c.id desc
    limit 200`,
  );
  return rows.map((r) => ({
    _id: r.id,
    listing: { _id: r.listing_id, title: r.title, image: r.image, status: r.status },
    deal: r.deal_id ? { _id: r.deal_id, number: r.deal_number } : null,
    otherUser: {
      _id: r.other_id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      companyName: r.company_name,
      // The same rule as requireReachable: a deleted or suspended member receives nothing, and the thread says
      // so instead of offering a composer (a suspension is not disclosed, only that messages cannot be sent).
      availability: r.other_deleted ? 'deleted' : r.other_active ? 'active' : 'unavailable',
    },
    isOwner: r.owner_id === userId,
    lastMessage:
      r.lm_id === null || r.lm_id === undefined
        ? null
        : {
            _id: Number(r.lm_id),
            conversationId: r.id,
            senderId: r.lm_sender_id ?? '',
            text: r.lm_body ?? '',
            createdAt: isoOf(r.lm_created_at),
          },
    unread: Number(r.unread),
    otherLastReadMessageId: Number(r.other_last_read),
    lastMessageAt: isoOf(r.last_message_at),
    createdAt: isoOf(r.created_at),
  }));
}

export async function getConversation(
  db: Executor,
  userId: string,
  conversationId: string,
): Promise<ConversationOutput> {
  const [conversation] = await listConversations(db, userId, { conversationId });
  if (!conversation) throw notFound();
  return conversation;
}

/** Opens (or reopens) the caller's conversation with the owner of a listing. */
export async function openConversation(
  db: Database,
  userId: string,
  listingId: string,
): Promise<{ conversationId: string; ownerId: string; created: boolean }> {
  const [listing] = await db
    .select({ id: listings.id, ownerId: listings.ownerId, status: listings.status })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!listing) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.messageListingNotFound });
  if (listing.ownerId === userId) throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.messageSelf });

  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.listingId, listingId),
        eq(conversations.initiatorId, userId),
        eq(conversations.ownerId, listing.ownerId),
        isNull(conversations.dealId),
      ),
    )
    .limit(1);
  if (existing) return { conversationId: existing.id, ownerId: listing.ownerId, created: false };

  if (listing.status !== 'active')
    throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.messageListingNotFound });
  await requireReachable(db, listing.ownerId);

  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(conversations)
      .values({ listingId, initiatorId: userId, ownerId: listing.ownerId })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    const id =
      inserted?.id ??
      (
        await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(
            and(
              eq(conversations.listingId, listingId),
              eq(conversations.initiatorId, userId),
              eq(conversations.ownerId, listing.ownerId),
              isNull(conversations.dealId),
            ),
          )
          .limit(1)
      )[0]?.id;
    if (!id) throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.networkError });
    await tx
      .insert(conversationParticipants)
      .values([
        { conversationId: id, userId },
        { conversationId: id, userId: listing.ownerId },
      ])
      .onConflictDoNothing();
    return { conversationId: id, ownerId: listing.ownerId, created: Boolean(inserted) };
  });
}

/**
 * A deal's own thread (product-spec-2 section 2): a conversation of the two parties about the deal's listing that
 * belongs to that deal alone, opened at its first event. Answers the same thread however often it is asked, also
 * when two events of one deal ask at once.
 */
export async function openDealThread(
  db: Database,
  deal: { id: string; listingId: string; proposerId: string; counterpartyId: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx
      .insert(conversations)
      .values({
        listingId: deal.listingId,
        initiatorId: deal.proposerId,
        ownerId: deal.counterpartyId,
        dealId: deal.id,
      })
      .onConflictDoNothing();
    const [thread] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.dealId, deal.id))
      .limit(1);
    if (!thread) throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.networkError });
    await tx
      .insert(conversationParticipants)
      .values([
        { conversationId: thread.id, userId: deal.proposerId },
        { conversationId: thread.id, userId: deal.counterpartyId },
      ])
      .onConflictDoNothing();
    return thread.id;
  });
}

/** Stores a message, moves the conversation up and marks it read for its sender. */
export async function insertMessage(
  db: Database,
  conversationId: string,
  senderId: string,
  text: string,
  /** The member told of it (their bell, by the `message.received` event written with the message); none: nobody. */
  recipientId?: string,
): Promise<MessageOutput> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(messages).values({ conversationId, senderId, body: text }).returning();
    if (!row) throw new Error('message insert returned nothing');
    await tx
      .update(conversations)
      .set({ lastMessageAt: row.createdAt })
      .where(eq(conversations.id, conversationId));
    await tx
      .insert(conversationParticipants)
      .values({ conversationId, userId: senderId, lastReadMessageId: row.id })
      .onConflictDoUpdate({
        target: [conversationParticipants.conversationId, conversationParticipants.userId],
        set: {
          lastReadMessageId: sql`greatest(${conversationParticipants.lastReadMessageId}, ${row.id})`,
        },
      });
    if (recipientId) {
      await writeNewMessageEvent(tx, { id: row.id, conversationId, senderId, recipientId, text });
    }
    return toMessageOutput(row);
  });
}

/** A page of messages, oldest first, older than `before`. */
export async function pageMessages(
  db: Executor,
  conversationId: string,
  options: { before?: number | undefined; limit: number },
): Promise<{ messages: MessageOutput[]; nextCursor: number | null }> {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        options.before ? sql`${messages.id} < ${options.before}` : undefined,
      ),
    )
    .orderBy(sql`${messages.id} desc`)
    .limit(options.limit + 1);
  const hasMore = rows.length > options.limit;
  const page = rows.slice(0, options.limit).reverse().map(toMessageOutput);
  return { messages: page, nextCursor: hasMore && page[0] ? page[0]._id : null };
}

/** Moves the reader's mark forward (never back); answers the new mark. */
export async function markRead(
  db: Executor,
  conversationId: string,
  userId: string,
  upTo: number | undefined,
): Promise<number> {
  const [newest] = await queryRows<{ id: unknown }>(
    db,
    sql`select coalesce(max(id), 0) as id from messages where conversation_id = ${conversationId}
        ${upTo ? sql`and id <= ${upTo}` : sql``}`,
  );
  const target = Number(newest?.id ?? 0);
  const [row] = await db
    .insert(conversationParticipants)
    .values({ conversationId, userId, lastReadMessageId: target })
    .onConflictDoUpdate({
      target: [conversationParticipants.conversationId, conversationParticipants.userId],
      set: { lastReadMessageId: sql`greatest(${conversationParticipants.lastReadMessageId}, ${target})` },
    })
    .returning({ lastRead: conversationParticipants.lastReadMessageId });
  return Number(row?.lastRead ?? target);
}

/** Unread messages over all the caller's conversations. */
export async function unreadTotal(db: Executor, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from messages m
        join conversations c on c.id = m.conversation_id
        left join conversation_participants p on p.conversation_id = c.id and p.user_id = ${userId}
        where (c.owner_id = ${userId} or c.initiator_id = ${userId})
          and m.sender_id <> ${userId}
          and m.id > coalesce(p.last_read_message_id, 0)`,
  );
  return Number(row?.n ?? 0);
}

/** Messages after `afterId` in any of the user's conversations (replay on reconnect), oldest first. */
export async function messagesSince(db: Executor, userId: string, afterId: number, limit = 500) {
  const rows = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        sql`${messages.id} > ${afterId}`,
        or(eq(conversations.ownerId, userId), eq(conversations.initiatorId, userId)),
      ),
    )
    .orderBy(messages.id)
    .limit(limit);
  return rows.map(toMessageOutput);
}

export async function messageById(db: Executor, id: number): Promise<MessageOutput | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row ? toMessageOutput(row) : undefined;
}

export async function newestMessageId(db: Executor): Promise<number> {
  const [row] = await queryRows<{ id: unknown }>(db, sql`select coalesce(max(id), 0) as id from messages`);
  return Number(row?.id ?? 0);
}
