import { LIMITS } from '@barterads/core';
import { type Executor, queryRows, sql } from '@barterads/db';
import type { Mailer } from '../mail/mailer';
import { sendMemberMail } from '../mail/member-mail';
import type { ApiConfig, Logger } from '../services';

interface DueRow extends Record<string, unknown> {
  conversation_id: string;
  email: string;
  first_name: string;
  sender_name: string;
  title: string;
  unread: unknown;
}

/**
 * E-mails each participant who has a message waiting unread for 15 minutes, at most once per
 * conversation per hour, and never twice about the same messages. The claim is one UPDATE, so
 * several API instances running the job at once send each e-mail once. This is the `new_message` notification's
 * e-mail (the bell's row sends none, see notifyNewMessage), off when the member turns that kind off. Answers how
 * many were sent.
 */
export async function sendUnreadMessageEmails(
  deps: { db: Executor; mailer: Mailer; config: ApiConfig; logger: Logger },
  now: Date = new Date(),
): Promise<number> {
  const waitedSince = new Date(now.getTime() - LIMITS.unreadEmailDelayMinutes * 60_000);
  const quietSince = new Date(now.getTime() - LIMITS.unreadEmailIntervalMinutes * 60_000);
  const due = await queryRows<DueRow>(
    deps.db,
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
      returning p.conversation_id, p.user_id, p.last_read_message_id
    )
    select cl.conversation_id, u.email, u.first_name, l.title,
      (s.first_name || ' ' || s.last_name) as sender_name,
      (select count(*) from messages m where m.conversation_id = cl.conversation_id
         and m.sender_id <> cl.user_id and m.id > cl.last_read_message_id) as unread
    from claimed cl
    join users u on u.id = cl.user_id
    join conversations c on c.id = cl.conversation_id
    join listings l on l.id = c.listing_id
    join users s on s.id = (case when c.owner_id = cl.user_id then c.initiator_id else c.owner_id end)`,
  );
  let sent = 0;
  for (const row of due) {
    const unread = Number(row.unread);
    const link = `${deps.config.appUrl.replace(/\/+$/, '')}/dashboard/messages?c=${row.conversation_id}`;
    try {
      await sendMemberMail(deps.mailer, row.email, {
        appUrl: deps.config.appUrl,
        subject: `New message from ${row.sender_name} on BarterAds`,
        greeting: 'Hi',
        firstName: row.first_name,
        paragraphs: [
          `${row.sender_name} sent you ${unread === 1 ? 'a message' : `${unread} messages`} about "${row.title}" that you have not read yet.`,
        ],
        action: { label: 'Read and reply', path: link },
        footer: ['You receive this because e-mail updates are on in your BarterAds settings.'],
      });
      sent += 1;
    } catch (error) {
      deps.logger.warn({ err: error, conversationId: row.conversation_id }, 'unread-message e-mail failed');
    }
  }
  return sent;
}
