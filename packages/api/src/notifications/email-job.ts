import { NOTIFICATION_EMAIL_MAX_ATTEMPTS } from '@barterads/core';
import { type Executor, notifications, queryRows, sql, users } from '@barterads/db';
import { eq, inArray } from 'drizzle-orm';
import type { Mailer } from '../mail/mailer';
import type { Logger } from '../services';

export interface NotificationEmailDeps {
  db: Executor;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
}

/** How long a claimed e-mail is left to its sender before another run may take it over. */
const CLAIM_MINUTES = 5;
const BATCH = 50;

/**
 * Sends the e-mails of pending notifications: claims a batch (`FOR UPDATE SKIP LOCKED`, so two instances never
 * take the same row), sends each and marks it `sent`; a failed send goes back to `pending` until
 * NOTIFICATION_EMAIL_MAX_ATTEMPTS, then `failed`. A sender killed mid-way leaves its claim to lapse after
 * CLAIM_MINUTES. Runs until nothing is due; answers how many were sent.
 */
export async function sendNotificationEmails(
  deps: NotificationEmailDeps,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  const base = deps.appUrl.replace(/\/+$/, '');
  for (;;) {
    const claimed = await queryRows<{ id: string }>(
      deps.db,
      sql`UPDATE notifications SET email_status = 'sending',
            email_claimed_until = now() + make_interval(mins => ${CLAIM_MINUTES}),
            email_attempts = email_attempts + 1
          WHERE id IN (
            SELECT id FROM notifications
            WHERE email_status = 'pending' OR (email_status = 'sending' AND email_claimed_until < now())
            ORDER BY created_at LIMIT ${BATCH}
            FOR UPDATE SKIP LOCKED)
          RETURNING id`,
    );
    if (claimed.length === 0) return { sent, failed };
    const rows = await deps.db
      .select({
        id: notifications.id,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        attempts: notifications.emailAttempts,
        email: users.email,
        firstName: users.firstName,
        deletedAt: users.deletedAt,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(
        inArray(
          notifications.id,
          claimed.map((row) => row.id),
        ),
      );
    for (const row of rows) {
      if (row.deletedAt) {
        await deps.db
          .update(notifications)
          .set({ emailStatus: 'skipped' })
          .where(eq(notifications.id, row.id));
        continue;
      }
      try {
        await deps.mailer.send({
          to: row.email,
          subject: row.title,
          text: `Hello ${row.firstName || 'there'},\n\n${row.body}\n\n${base}${row.link}\n\nYou can choose which e-mails you get in your settings: ${base}/settings\n\nBarterAds`,
        });
        await deps.db
          .update(notifications)
          .set({ emailStatus: 'sent', emailSentAt: new Date(), emailClaimedUntil: null })
          .where(eq(notifications.id, row.id));
        sent += 1;
      } catch (error) {
        const giveUp = row.attempts >= NOTIFICATION_EMAIL_MAX_ATTEMPTS;
        await deps.db
          .update(notifications)
          .set({ emailStatus: giveUp ? 'failed' : 'pending', emailClaimedUntil: null })
          .where(eq(notifications.id, row.id));
        if (giveUp) failed += 1;
        deps.logger.warn({ err: error, notificationId: row.id, giveUp }, 'notification e-mail not sent');
        // A broken mail server: hand the rest of the batch back untried and let the next run retry.
        const untried = rows.slice(rows.indexOf(row) + 1).map((rest) => rest.id);
        if (untried.length > 0) {
          await deps.db
            .update(notifications)
            .set({
              emailStatus: 'pending',
              emailClaimedUntil: null,
              emailAttempts: sql`${notifications.emailAttempts} - 1`,
            })
            .where(inArray(notifications.id, untried));
        }
        return { sent, failed };
      }
    }
  }
}
