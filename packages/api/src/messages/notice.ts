import { type EventRow, type Executor, queryRows, sql } from '@barterads/db';
import type { MemberNotice } from '../events/notices';
import { writeEventOnce } from '../events/outbox';

/**
 * A message to a member who has read the conversation up to `lastRead` (member-only: never a partner event). It is
 * written with the message, once per conversation until the recipient reads it (its key holds their read mark), so
 * the bell shows one entry per conversation, never one per message.
 */
export const MESSAGE_RECEIVED_EVENT = 'message.received';

/** A `message.received` event's data: what the bell says. */
export interface MessageReceivedData {
  conversationId: string;
  recipientId: string;
  senderName: string;
  listingTitle: string;
  preview: string;
  lastRead: number;
  /** The message's id: a recipient who has read up to it before the bell's entry is written gets none. */
  messageId: number;
}

interface Row extends Record<string, unknown> {
  last_read: number | string;
  sender_name: string;
  title: string;
}

/**
 * Writes the `message.received` event of a new message in the message's transaction (unless this unread run of
 * the conversation already has one): the dispatcher puts it in the recipient's bell. Its e-mail is the
 * unread-message e-mail (`queueUnreadMessageEmails`: after 15 minutes still unread, at most hourly, respecting this
 * kind's e-mail preference), so this notice sends none: one e-mail path, not two. Answers whether one was written.
 */
export async function writeNewMessageEvent(
  tx: Executor,
  message: { id: number; conversationId: string; senderId: string; recipientId: string; text: string },
): Promise<boolean> {
  const [row] = await queryRows<Row>(
    tx,
    sql`select coalesce(p.last_read_message_id, 0) as last_read,
          trim(s.first_name || ' ' || s.last_name) as sender_name, l.title
        from conversations c
        join listings l on l.id = c.listing_id
        join users s on s.id = ${message.senderId}
        left join conversation_participants p
          on p.conversation_id = c.id and p.user_id = ${message.recipientId}
        where c.id = ${message.conversationId}`,
  );
  if (!row) return false;
  const preview = message.text.length > 140 ? `${message.text.slice(0, 139)}…` : message.text;
  const data: MessageReceivedData = {
    conversationId: message.conversationId,
    recipientId: message.recipientId,
    senderName: row.sender_name,
    listingTitle: row.title,
    preview,
    lastRead: Number(row.last_read),
    messageId: message.id,
  };
  // One event per recipient and unread run (the bell's key, with the recipient: keys are unique over all events).
  const key = `message.received:${message.recipientId}:${newMessageKey(data)}`;
  const written = await writeEventOnce(tx, key, {
    type: MESSAGE_RECEIVED_EVENT,
    actor: { kind: 'user', id: message.senderId },
    resourceType: 'conversation',
    resourceId: message.conversationId,
    audience: [message.recipientId],
    data: { ...data },
  });
  return written !== null;
}

function newMessageKey(data: Pick<MessageReceivedData, 'conversationId' | 'lastRead'>): string {
  return `conversation:${data.conversationId}:after:${data.lastRead}`;
}

/** The recipient's bell entry of a `message.received` event (events/notices.ts); its e-mail is the unread mail. */
export function newMessageNotice(data: MessageReceivedData): MemberNotice {
  return {
    userId: data.recipientId,
    kind: 'new_message',
    title: `New message from ${data.senderName}`,
    body: `${data.senderName} wrote about "${data.listingTitle}": ${data.preview}`,
    link: `/dashboard/messages?c=${data.conversationId}`,
    dedupeKey: newMessageKey(data),
    email: false,
  };
}

/**
 * Of the bell's deliveries, those of `message.received` events whose recipient has already read the message (the
 * conversation was open when it came): their entry would only show as unread what was read, so none is written.
 * Answers their indexes in `items`.
 */
export async function alreadyRead(
  tx: Executor,
  items: readonly { event: Pick<EventRow, 'type' | 'data'>; target: string }[],
): Promise<Set<number>> {
  const asked = items.flatMap((item, index) => {
    if (item.event.type !== MESSAGE_RECEIVED_EVENT) return [];
    const data = item.event.data as Partial<MessageReceivedData>;
    return data.conversationId && typeof data.messageId === 'number'
      ? [{ index, conversationId: data.conversationId, userId: item.target, messageId: data.messageId }]
      : [];
  });
  if (asked.length === 0) return new Set();
  const rows = await queryRows<{ conversation_id: string; user_id: string; last_read: number | string }>(
    tx,
    sql`select conversation_id::text, user_id::text, last_read_message_id as last_read
        from conversation_participants
        where (conversation_id, user_id) in (${sql.join(
          asked.map((a) => sql`(${a.conversationId}::uuid, ${a.userId}::uuid)`),
          sql`, `,
        )})`,
  );
  const marks = new Map(rows.map((r) => [`${r.conversation_id}:${r.user_id}`, Number(r.last_read)]));
  return new Set(
    asked
      .filter((a) => (marks.get(`${a.conversationId}:${a.userId}`) ?? 0) >= a.messageId)
      .map((a) => a.index),
  );
}
