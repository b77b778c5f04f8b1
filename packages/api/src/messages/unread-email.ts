import { LIMITS } from '@barterads/core';
import { type Database, type EventRow, type Executor, queryRows, sql } from '@barterads/db';
import { SYSTEM_ACTOR, writeEvent } from '../events/outbox';
import type { Mailer } from '../mail/mailer';
import { sendMemberMail } from '../mail/member-mail';
import type { Logger } from '../services';

/**
 * The unread-message e-mail of one conversation to one participant (member-only, not a partner event): written in
 * the transaction that claims it, sent by the dispatcher's e-mail channel (`deliverUnreadMail`), recorded and
 * retried with backoff, so a failed send is tried again rather than lost.
 */
export const UNREAD_MESSAGES_EVENT = 'messages.unread';

/** A `messages.unread` event's data. */
interface UnreadMessagesData {
  conversationId: string;
  recipientId: string;
  senderName: string;
  listingTitle: string;
}

interface ClaimedRow extends Record<string, unknown> {
  conversation_id: string;
  user_id: string;
  sender_name: string;
  title: string;
}

/**
 * Claims the e-mail of each participant who has a message waiting unread for 15 minutes, at most once per
 * conversation per hour, and never twice about the same messages, and writes its event in the claim's
 * transaction: the claim (`last_emailed_at`) and the mail to send commit together, so a crash or a failed send
 * loses nothing (the dispatcher retries the send) and nothing is mailed twice. The claim is one UPDATE, so several
 * API instances running the job at once claim each e-mail once. This is the `new_message` notification's e-mail
 * (the bell's entry sends none, see messages/notice.ts), off when the member turns that kind off. Answers how many
 * were queued.
 */
export async function queueUnreadMessageEmails(
  deps: { db: Database; logger: Logger; wakeEvents?: () => void },
  now: Date = new Date(),
): Promise<number> {
  const waitedSince = new Date(now.getTime() - LIMITS.unreadEmailDelayMinutes * 60_000);
  const quietSince = new Date(now.getTime() - LIMITS.unreadEmailIntervalMinutes * 60_000);
  const queued = await deps.db.transaction(async (tx) => {
    const claimed = await queryRows<ClaimedRow>(
      tx,
      sql`
      with due as (
        select p.conversation_id, p.user_id
        from conversation_participants p
        join users u on u.id = p.user_id
        where u.status = 'active' and u.deleted_at is null and u.pref_email_updates
          and not exists (
            select 1 from notification_preferences np
            where np.user_id = p.user_id and np.kind = 'new_message' and not np.email)
          and (p.last_emailed_at is null or p.last_emailed_at <= ${quietSince.toISOString()}::timestamptz)
          and exists (
            select 1 from messages m
            where m.conversation_id = p.conversation_id and m.sender_id <> p.user_id
              and m.id > p.last_read_message_id and m.created_at <= ${waitedSince.toISOString()}::timestamptz
              and (p.last_emailed_at is null or m.created_at > p.last_emailed_at))
        limit 200
      ), claimed as (
        update conversation_participants p set last_emailed_at = ${now.toISOString()}::timestamptz
        from due
        where p.conversation_id = due.conversation_id and p.user_id = due.user_id
          and (p.last_emailed_at is null or p.last_emailed_at <= ${quietSince.toISOString()}::timestamptz)
        returning p.conversation_id, p.user_id
      )
      select cl.conversation_id::text, cl.user_id::text, l.title,
        trim(s.first_name || ' ' || s.last_name) as sender_name
      from claimed cl
      join conversations c on c.id = cl.conversation_id
      join listings l on l.id = c.listing_id
      join users s on s.id = (case when c.owner_id = cl.user_id then c.initiator_id else c.owner_id end)`,
    );
    for (const row of claimed) {
      const data: UnreadMessagesData = {
        conversationId: row.conversation_id,
        recipientId: row.user_id,
        senderName: row.sender_name,
        listingTitle: row.title,
      };
      await writeEvent(tx, {
        type: UNREAD_MESSAGES_EVENT,
        actor: SYSTEM_ACTOR,
        resourceType: 'conversation',
        resourceId: row.conversation_id,
        audience: [row.user_id],
        data: { ...data },
      });
    }
    return claimed.length;
  });
  if (queued > 0) deps.wakeEvents?.();
  return queued;
}

interface RecipientRow extends Record<string, unknown> {
  email: string;
  first_name: string;
  unread: number | string;
}

/**
 * The e-mail channel's delivery of a `messages.unread` event: the mail to the member's current address, saying how
 * many messages wait unread now; skipped when the member has since read them, turned the e-mail off, or is gone.
 */
export async function deliverUnreadMail(
  tx: Executor,
  mailer: Mailer,
  appUrl: string,
  event: Pick<EventRow, 'data'>,
  userId: string,
): Promise<'delivered' | 'skipped'> {
  const data = event.data as unknown as UnreadMessagesData;
  const [row] = await queryRows<RecipientRow>(
    tx,
    sql`select u.email, u.first_name,
          (select count(*) from messages m where m.conversation_id = p.conversation_id
             and m.sender_id <> p.user_id and m.id > p.last_read_message_id) as unread
        from users u
        join conversation_participants p on p.user_id = u.id and p.conversation_id = ${data.conversationId}
        where u.id = ${userId} and u.status = 'active' and u.deleted_at is null and u.pref_email_updates
          and not exists (
            select 1 from notification_preferences np
            where np.user_id = u.id and np.kind = 'new_message' and not np.email)`,
  );
  const unread = Number(row?.unread ?? 0);
  if (!row || unread === 0) return 'skipped';
  const base = appUrl.replace(/\/+$/, '');
  await sendMemberMail(mailer, row.email, {
    appUrl: base,
    subject: `New message from ${data.senderName} on BarterAds`,
    greeting: 'Hi',
    firstName: row.first_name,
    paragraphs: [
      `${data.senderName} sent you ${unread === 1 ? 'a message' : `${unread} messages`} about "${data.listingTitle}" that you have not read yet.`,
    ],
    action: { label: 'Read and reply', path: `${base}/dashboard/messages?c=${data.conversationId}` },
    footer: ['You receive this because e-mail updates are on in your BarterAds settings.'],
  });
  return 'delivered';
}
