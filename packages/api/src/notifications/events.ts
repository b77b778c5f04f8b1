import { MESSAGES } from '@barterads/core';
import { type Executor, notifications } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { PubSub } from '../pubsub';
import { toNotification, unreadNotifications } from './centre';
import { notificationTopic } from './notify';
import type { NotificationStreamEvent } from './schemas';

const Notice = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification'), notificationId: z.string() }),
  z.object({ type: z.literal('read') }),
]);
type Notice = z.infer<typeof Notice>;

/** How often an idle stream checks that its session is still live. */
export const NOTIFICATION_SESSION_RECHECK_MS = 60_000;

export interface NotificationEventsDeps {
  db: Executor;
  pubsub: PubSub;
  sessionIsLive: () => Promise<boolean>;
  recheckMs?: number;
}

/**
 * The bell's live stream over the shared pub/sub (PostgreSQL LISTEN/NOTIFY or Redis), so a notification written
 * on any instance reaches the member's tabs on every instance. It opens with the unread count (a reconnecting tab
 * catches up on the number), then sends each new notification with the new count, and the count after a read
 * in another tab. A session revoked while open ends it with UNAUTHORIZED.
 */
export async function* notificationEvents(
  deps: NotificationEventsDeps,
  userId: string,
  signal: AbortSignal | undefined,
): AsyncGenerator<NotificationStreamEvent> {
  const queue: Notice[] = [];
  let wake: (() => void) | undefined;
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  let recheckDue = false;
  const recheck = setInterval(() => {
    recheckDue = true;
    wake?.();
  }, deps.recheckMs ?? NOTIFICATION_SESSION_RECHECK_MS);
  const unsubscribe = await deps.pubsub.subscribe(notificationTopic(userId), (data) => {
    const parsed = Notice.safeParse(data);
    if (!parsed.success) return;
    queue.push(parsed.data);
    wake?.();
  });
  try {
    yield { type: 'unread', unread: await unreadNotifications(deps.db, userId) };
    while (!signal?.aborted) {
      if (recheckDue) {
        recheckDue = false;
        if (!(await deps.sessionIsLive())) {
          throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.sessionExpired });
        }
      }
      const notice = queue.shift();
      if (!notice) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      // Several notices queued at once need one count: read it after draining the read notices.
      if (notice.type === 'read') {
        if (queue.some((next) => next.type === 'read')) continue;
        yield { type: 'unread', unread: await unreadNotifications(deps.db, userId) };
        continue;
      }
      const [row] = await deps.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, notice.notificationId), eq(notifications.userId, userId)))
        .limit(1);
      if (!row) continue;
      yield {
        type: 'notification',
        notification: toNotification(row),
        unread: await unreadNotifications(deps.db, userId),
      };
    }
  } finally {
    clearInterval(recheck);
    signal?.removeEventListener('abort', onAbort);
    unsubscribe();
  }
}
