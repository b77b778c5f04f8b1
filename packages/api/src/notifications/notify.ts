import type { NotificationKind } from '@barterads/core';
import { type Executor, notificationPreferences, notifications, users } from '@barterads/db';
import { and, eq, sql } from 'drizzle-orm';
import { EVENT_DISPATCH_JOB } from '../events/outbox';
import type { PubSub } from '../pubsub';
import type { ApiServices, Logger } from '../services';

/** The e-mail job's queue name (apps/server/src/jobs). */
export const NOTIFICATION_EMAILS_JOB = 'notification-emails';

/** Each user's bell events travel on their own topic (ids only; the subscriber reads the row). */
export function notificationTopic(userId: string): string {
  return `notifications:user:${userId}`;
}

/** What crosses the wire when a notification is written, or when the member read some (the count changed). */
export type NotificationNotice = { type: 'notification'; notificationId: string } | { type: 'read' };

export interface NotifyInput {
  userId: string;
  kind: NotificationKind;
  /** One line, shown in bold in the bell and used as the e-mail's subject. */
  title: string;
  /** A sentence or two: the bell's text and the e-mail's body. */
  body: string;
  /** A path in the web app, such as `/dashboard/deals/<id>`. */
  link: string;
  /**
   * Names the event, so reporting it twice (a retried job, a second instance) notifies once: for example
   * `deal:<id>:accepted`. Unique per user.
   */
  dedupeKey?: string;
  /**
   * `false` when the kind's e-mail goes out by its own path (new messages: the delayed unread-message e-mail),
   * so the row is the bell's only; e-mailed (unless the member turned the kind off) when not given.
   */
  email?: false;
}

export interface NotifyDeps {
  db: Executor;
  pubsub: PubSub;
  logger: Logger;
  /** Asks the e-mail job to run now rather than at its next scheduled minute; optional (tests, scripts). */
  wakeEmailJob?: () => void;
  /** Asks the event dispatcher (the outbox) to run now; optional. */
  wakeEvents?: () => void;
}

/** `notify`'s dependencies from the shared services (the pool's executor, not a transaction). */
export function notifyDeps(services: ApiServices): NotifyDeps {
  return {
    db: services.database.db,
    pubsub: services.pubsub,
    logger: services.logger,
    wakeEmailJob: () => services.jobs?.wake(NOTIFICATION_EMAILS_JOB),
    wakeEvents: () => services.jobs?.wake(EVENT_DISPATCH_JOB),
  };
}

/**
 * Writes the bell's row (once per `dedupeKey`), with its e-mail queued unless the member turned that kind's e-mail
 * off (or the account is gone), publishes the live event to the member's open tabs on every instance, and wakes the
 * e-mail job. Called by the event dispatcher's bell channel only (events/dispatcher.ts), in the delivery's
 * transaction: a domain tells a member something by writing an event in its change's transaction (the outbox), and
 * events/notices.ts says whom and with what words. It never fails the caller: a failure is logged and answered
 * `null`.
 */
export async function notify(deps: NotifyDeps, input: NotifyInput): Promise<{ id: string } | null> {
  try {
    const [row] = await deps.db
      .insert(notifications)
      .values({
        userId: input.userId,
        kind: input.kind,
        title: input.title,
        body: input.body,
        link: input.link,
        dedupeKey: input.dedupeKey ?? null,
        emailStatus: sql`CASE WHEN ${input.email === false} OR EXISTS (
            SELECT 1 FROM ${notificationPreferences}
            WHERE ${notificationPreferences.userId} = ${input.userId}
              AND ${notificationPreferences.kind} = ${input.kind}
              AND NOT ${notificationPreferences.email})
          OR NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${input.userId} AND ${users.deletedAt} IS NULL)
          THEN 'skipped'::notification_email_status ELSE 'pending'::notification_email_status END`,
      })
      .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
      .returning({ id: notifications.id, emailStatus: notifications.emailStatus });
    if (!row) return null;
    const notice: NotificationNotice = { type: 'notification', notificationId: row.id };
    await deps.pubsub.publish(notificationTopic(input.userId), notice).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'notification event not published');
    });
    if (row.emailStatus === 'pending') deps.wakeEmailJob?.();
    return { id: row.id };
  } catch (error) {
    deps.logger.error({ err: error, kind: input.kind }, 'notification not written');
    return null;
  }
}

/** The member's e-mail choices: every kind, `true` unless turned off. */
export async function emailPreferences(
  db: Executor,
  userId: string,
): Promise<Map<NotificationKind, boolean>> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return new Map(rows.map((row) => [row.kind, row.email]));
}

/** Turns one kind's e-mail on or off for the member. */
export async function setEmailPreference(
  db: Executor,
  userId: string,
  kind: NotificationKind,
  email: boolean,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, kind, email })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email },
    });
}

/** Whether the member has the kind's e-mail on (helpers that mail outside `notify`, such as digests). */
export async function wantsEmail(db: Executor, userId: string, kind: NotificationKind): Promise<boolean> {
  const [row] = await db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)))
    .limit(1);
  return row?.email ?? true;
}
