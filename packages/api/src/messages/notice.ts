import { type Executor, queryRows, sql } from '@barterads/db';
import { writeNotice } from '../notifications/notify';

interface Row extends Record<string, unknown> {
  last_read: number | string;
  sender_name: string;
  title: string;
}

/**
 * Puts a `new_message` notification in the recipient's bell, through the outbox (an event in the message's
 * transaction): one per conversation until they read it (the event
 * key holds their read mark, so the next one after reading is new), never one per message. Its e-mail is the
 * unread-message e-mail (`sendUnreadMessageEmails`: after 15 minutes still unread, at most hourly, respecting
 * this kind's e-mail preference), so the notification itself sends none: one e-mail path, not two.
 */
export async function writeMessageNotice(
  tx: Executor,
  message: { conversationId: string; senderId: string; recipientId: string; text: string },
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
  return writeNotice(tx, {
    userId: message.recipientId,
    kind: 'new_message',
    title: `New message from ${row.sender_name}`,
    body: `${row.sender_name} wrote about "${row.title}": ${preview}`,
    link: `/dashboard/messages?c=${message.conversationId}`,
    dedupeKey: `conversation:${message.conversationId}:after:${row.last_read}`,
    email: false,
  });
}
