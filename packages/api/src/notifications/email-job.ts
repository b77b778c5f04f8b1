import { NOTIFICATION_EMAIL_MAX_ATTEMPTS } from '@barterads/core';
import { type Executor, notifications, queryRows, sql } from '@barterads/db';
import { and, eq, inArray } from 'drizzle-orm';
import { type Mailer, stableMessageId } from '../mail/mailer';
import { actionLabelFor, sendMemberMail } from '../mail/member-mail';
import type { Logger } from '../services';

export interface NotificationEmailDeps {
  db: Executor;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
}

/**
 * Rows left `sending` by the batch claims of earlier versions: taken over once the claim lapsed. This version
 * never commits `sending` (a send holds its row's lock instead).
 */
const LEGACY_CLAIM_LAPSED = sql`(email_status = 'sending' AND email_claimed_until < now())`;

interface DueEmail extends Record<string, unknown> {
  id: string;
  title: string;
  body: string;
  link: string;
  attempts: number;
  email: string;
  first_name: string;
  deleted_at: Date | string | null;
}

/**
 * Sends the e-mails of pending notifications, one transaction per e-mail: the row is locked (`FOR UPDATE SKIP
 * LOCKED`, so two instances never take the same one) and marked `sent` in the transaction, the mail is handed to
 * the SMTP server while the lock is held, and the transaction commits once the server has answered 250. A sender
 * killed at any point before that answer leaves nothing behind: its connection drops, PostgreSQL rolls the
 * transaction back and releases the lock, and the row is `pending` again for the next run at once (no claim to
 * wait out). The one window SMTP leaves open runs from our final "." of DATA to our COMMIT after the server's
 * 250: the server may accept the mail while we die (the kernel still sends the "." our process wrote), and the
 * row, rolled back, sends it again. It is the receiving server's time to accept, plus one database round trip
 * (measured by `pnpm bench -- jobs-kill`). No sender can close it without the receiving server's help: SMTP has
 * no two-phase commit (RFC 1047); committing `sent` before the "." would lose the mail instead. A failed send rolls back and counts an attempt: back to
 * `pending` until NOTIFICATION_EMAIL_MAX_ATTEMPTS, then `failed`, and the run stops (a broken mail server: the
 * next run retries). Runs until nothing is due; answers how many were sent.
 */
export async function sendNotificationEmails(
  deps: NotificationEmailDeps,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  const base = deps.appUrl.replace(/\/+$/, '');
  for (;;) {
    const claim: { row?: DueEmail; mailError?: unknown } = {};
    try {
      const outcome = await deps.db.transaction(async (tx) => {
        const [row] = await queryRows<DueEmail>(
          tx,
          sql`SELECT n.id::text, n.title, n.body, n.link, n.email_attempts AS attempts, u.email, u.first_name,
                u.deleted_at
              FROM notifications n JOIN users u ON u.id = n.user_id
              WHERE n.email_status = 'pending' OR ${LEGACY_CLAIM_LAPSED}
              ORDER BY n.created_at LIMIT 1
              FOR UPDATE OF n SKIP LOCKED`,
        );
        if (!row) return 'none' as const;
        claim.row = row;
        if (row.deleted_at) {
          await tx.update(notifications).set({ emailStatus: 'skipped' }).where(eq(notifications.id, row.id));
          return 'skipped' as const;
        }
        // Written before the send and committed after it: the mark and the mail stand or fall together.
        await tx
          .update(notifications)
          .set({
            emailStatus: 'sent',
            emailSentAt: new Date(),
            emailClaimedUntil: null,
            emailAttempts: sql`${notifications.emailAttempts} + 1`,
          })
          .where(eq(notifications.id, row.id));
        try {
          await sendMemberMail(
            deps.mailer,
            row.email,
            {
              appUrl: base,
              subject: row.title,
              firstName: row.first_name,
              paragraphs: [row.body],
              action: { label: actionLabelFor(row.link), path: row.link },
            },
            // The window above: a mail sent again after it goes with the same Message-ID.
            { messageId: stableMessageId(base, `notification-${row.id}`) },
          );
        } catch (error) {
          claim.mailError = error;
          throw error;
        }
        return 'sent' as const;
      });
      if (outcome === 'none') return { sent, failed };
      if (outcome === 'sent') sent += 1;
    } catch (error) {
      // The database failed (the transaction rolled back, or its connection broke): nothing to count, the
      // next run retries.
      const taken = claim.row;
      if (!taken || claim.mailError === undefined) throw error;
      // The mail server refused it: the transaction rolled back; count the attempt, unless another sender has
      // taken the row since.
      const giveUp = taken.attempts + 1 >= NOTIFICATION_EMAIL_MAX_ATTEMPTS;
      await deps.db
        .update(notifications)
        .set({
          emailStatus: giveUp ? 'failed' : 'pending',
          emailClaimedUntil: null,
          emailAttempts: sql`${notifications.emailAttempts} + 1`,
        })
        .where(
          and(eq(notifications.id, taken.id), inArray(notifications.emailStatus, ['pending', 'sending'])),
        );
      if (giveUp) failed += 1;
      deps.logger.warn({ err: error, notificationId: taken.id, giveUp }, 'notification e-mail not sent');
      return { sent, failed };
    }
  }
}
