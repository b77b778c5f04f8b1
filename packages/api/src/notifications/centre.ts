import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from '@barterads/core';
import { type Executor, type NotificationRow, notifications } from '@barterads/db';
import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PubSub } from '../pubsub';
import { emailPreferences, type NotificationNotice, notificationTopic } from './notify';
import type {
  ListNotificationsInput,
  MarkNotificationsReadInput,
  NotificationOutput,
  NotificationPreferencesResult,
  NotificationsPage,
} from './schemas';
import { NOTIFICATIONS_PAGE_DEFAULT } from './schemas';

export function toNotification(row: NotificationRow): NotificationOutput {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The member's unread notifications (the bell's number). */
export async function unreadNotifications(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** One page of the member's notifications, newest first (keyset on created_at, id). */
export async function listNotifications(
  db: Executor,
  userId: string,
  input: ListNotificationsInput,
): Promise<NotificationsPage> {
  const limit = input?.limit ?? NOTIFICATIONS_PAGE_DEFAULT;
  const conditions = [eq(notifications.userId, userId)];
  if (input?.cursor) {
    const split = input.cursor.lastIndexOf('_');
    const at = new Date(input.cursor.slice(0, split));
    const id = input.cursor.slice(split + 1);
    const before = or(
      lt(notifications.createdAt, at),
      and(eq(notifications.createdAt, at), lt(notifications.id, id)),
    );
    if (before) conditions.push(before);
  }
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(and(...conditions))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit + 1),
    unreadNotifications(db, userId),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    notifications: page.map(toNotification),
    unread,
    nextCursor: rows.length > limit && last ? `${last.createdAt.toISOString()}_${last.id}` : null,
  };
}

/**
 * Marks the member's named notifications (or all) read; another member's ids change nothing. The member's other
 * tabs and instances hear the new count on the live stream.
 */
export async function markNotificationsRead(
  deps: { db: Executor; pubsub: PubSub },
  userId: string,
  input: MarkNotificationsReadInput,
): Promise<number> {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  const changed = await deps.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where('all' in input ? mine : and(mine, inArray(notifications.id, input.ids)))
    .returning({ id: notifications.id });
  if (changed.length > 0) await publishRead(deps.pubsub, userId);
  return changed.length;
}

/** Tells the member's open streams that their count changed (a read elsewhere); a lost notice is only a late count. */
export async function publishRead(pubsub: PubSub, userId: string): Promise<void> {
  const notice: NotificationNotice = { type: 'read' };
  await pubsub.publish(notificationTopic(userId), notice).catch(() => undefined);
}

/**
 * Marks read the member's `new_message` notifications of one conversation (they read it in the inbox). Answers
 * whether any changed.
 */
export async function markConversationNotificationsRead(
  deps: { db: Executor; pubsub: PubSub },
  userId: string,
  conversationId: string,
): Promise<void> {
  const changed = await deps.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, 'new_message'),
        isNull(notifications.readAt),
        sql`${notifications.dedupeKey} LIKE ${`conversation:${conversationId}:%`}`,
      ),
    )
    .returning({ id: notifications.id });
  if (changed.length > 0) await publishRead(deps.pubsub, userId);
}

/** Every kind with its label and whether the member gets its e-mail (on unless turned off). */
export async function notificationPreferences(
  db: Executor,
  userId: string,
): Promise<NotificationPreferencesResult> {
  const chosen = await emailPreferences(db, userId);
  return {
    preferences: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      label: NOTIFICATION_KIND_LABELS[kind],
      email: chosen.get(kind) ?? true,
    })),
  };
}
