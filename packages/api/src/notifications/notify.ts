import type { NotificationKind } from '@barterads/core';
import {
  type Executor,
  events,
  notificationPreferences,
  notifications,
  queryRows,
  users,
} from '@barterads/db';
import { and, eq, sql } from 'drizzle-orm';
import { EVENT_DISPATCH_JOB, EVENT_SEQUENCE_LOCK, SYSTEM_ACTOR, writeEvent } from '../events/outbox';
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
 * The one way any domain tells a member something: writes the bell's row (once per `dedupeKey`), with its e-mail
 * queued unless the member turned that kind's e-mail off (or the account is gone), publishes the live event to the
 * member's open tabs on every instance, and wakes the e-mail job. Call it after the change it reports has committed;
 * it never fails the caller: a failure is logged and answered `null`.
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

/** The event of a member notice (a reminder, a match, a message…): the bell and e-mail through the outbox. */
export const MEMBER_NOTICE_EVENT = 'member.notice';

/** A member notice as its event carries it (`data.notice`). */
export type NoticeEventData = Omit<NotifyInput, 'userId'>;

/**
 * Tells a member something through the outbox: writes a `member.notice` event in the caller's transaction (the
 * change it reports, or the job's step), which the dispatcher delivers to the bell and, unless `email: false` or
 * the member turned the kind's e-mail off, by e-mail. A rolled-back transaction tells nothing. A `dedupeKey` the
 * member was already told (by an earlier event, or a notification of the former direct path) writes nothing: a
 * retried job tells once. Answers whether an event was written. Wake the dispatcher after the commit
 * (`wakeEvents`). Like every event writer, call it as the transaction's last writes (it takes the events' lock).
 */
export async function writeNotice(tx: Executor, input: NotifyInput): Promise<boolean> {
  const { userId, ...notice } = input;
  if (notice.dedupeKey) {
    // Under the events' lock (held to the commit), so two writers of one key cannot both find none.
    await tx.execute(sql`select pg_advisory_xact_lock(${EVENT_SEQUENCE_LOCK})`);
    const [told] = await queryRows<{ one: number }>(
      tx,
      sql`select 1 as one from ${events}
          where ${events.resourceId} = ${userId}::uuid and ${events.type} = ${MEMBER_NOTICE_EVENT}
            and ${events.data}->'notice'->>'dedupeKey' = ${notice.dedupeKey}
          union all
          select 1 from ${notifications}
          where ${notifications.userId} = ${userId}::uuid and ${notifications.dedupeKey} = ${notice.dedupeKey}
          limit 1`,
    );
    if (told) return false;
  }
  const data: NoticeEventData = notice;
  await writeEvent(tx, {
    type: MEMBER_NOTICE_EVENT,
    actor: SYSTEM_ACTOR,
    resourceType: 'member',
    resourceId: userId,
    audience: [userId],
    data: { notice: data },
  });
  return true;
}
