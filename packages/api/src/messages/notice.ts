import { queryRows, sql } from '@barterads/db';
import { type NotifyDeps, notify } from '../notifications/notify';

interface Row extends Record<string, unknown> {
  last_read: number | string;
  sender_name: string;
  title: string;
}

/**
 * Puts a `new_message` notification in the recipient's bell: one per conversation until they read it (the event
 * key holds their read mark, so the next one after reading is new), never one per message. Its e-mail is the
 * unread-message e-mail (`sendUnreadMessageEmails`: after 15 minutes still unread, at most hourly, respecting
 * this kind's e-mail preference), so the notification itself sends none: one e-mail path, not two.
 */
export async function notifyNewMessage(
  deps: NotifyDeps,
  message: { conversationId: string; senderId: string; recipientId: string; text: string },
): Promise<void> {
  const [row] = await queryRows<Row>(
    deps.db,
    sql`select coalesce(p.last_read_message_id, 0) as last_read,
          trim(s.first_name || ' ' || s.last_name) as sender_name, l.title
        from conversations c
        join listings l on l.id = c.listing_id
        join users s on s.id = ${message.senderId}
        left join conversation_participants p
          on p.conversation_id = c.id and p.user_id = ${message.recipientId}
        where c.id = ${message.conversationId}`,
  );
  if (!row) return;
  const preview = message.text.length > 140 ? `${message.text.slice(0, 139)}…` : message.text;
  await notify(deps, {
    userId: message.recipientId,
    kind: 'new_message',
    title: `New message from ${row.sender_name}`,
    body: `${row.sender_name} wrote about "${row.title}": ${preview}`,
    link: `/dashboard/messages?c=${message.conversationId}`,
    dedupeKey: `conversation:${message.conversationId}:after:${row.last_read}`,
    email: false,
  });
}
