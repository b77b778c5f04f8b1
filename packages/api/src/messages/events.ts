import type { Executor } from '@barterads/db';
import { type TrackedEnvelope, tracked } from '@trpc/server';
import { z } from 'zod';
import type { PubSub } from '../pubsub';
import { messageById, messagesSince, newestMessageId } from './conversations';
import type { MessageEvent } from './schemas';

/** Each user's live events travel on their own topic. */
export function userTopic(userId: string): string {
  return `messages:user:${userId}`;
}

/** What crosses the wire between instances: ids only, the subscriber reads the rest from the database. */
const Notice = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), messageId: z.number().int() }),
  z.object({
    type: z.literal('read'),
    conversationId: z.string(),
    userId: z.string(),
    lastReadMessageId: z.number().int(),
  }),
]);
type Notice = z.infer<typeof Notice>;

export async function notifyUsers(
  pubsub: PubSub,
  userIds: readonly string[],
  notice: Notice,
  onError?: (error: unknown) => void,
): Promise<void> {
  // A lost notice must not fail the write that caused it: the client catches up on reconnect.
  await Promise.all(
    userIds.map((id) =>
      pubsub.publish(userTopic(id), notice).catch((error: unknown) => {
        onError?.(error);
      }),
    ),
  );
}

/**
 * The live stream of one user's message events. Every event carries, as its id, the newest message id
 * delivered so far; a client reconnecting with it (`lastEventId`) first gets every message it missed.
 */
export async function* userEvents(
  deps: { db: Executor; pubsub: PubSub },
  userId: string,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
): AsyncGenerator<TrackedEnvelope<MessageEvent>> {
  const queue: Notice[] = [];
  let wake: (() => void) | undefined;
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  const unsubscribe = await deps.pubsub.subscribe(userTopic(userId), (data) => {
    const parsed = Notice.safeParse(data);
    if (!parsed.success) return;
    queue.push(parsed.data);
    wake?.();
  });

  try {
    const delivered = new Set<number>();
    const resumeFrom = lastEventId && /^\d+$/.test(lastEventId) ? Number(lastEventId) : undefined;
    let cursor = resumeFrom ?? (await newestMessageId(deps.db));
    if (resumeFrom !== undefined) {
      for (const message of await messagesSince(deps.db, userId, resumeFrom)) {
        delivered.add(message._id);
        cursor = Math.max(cursor, message._id);
        yield tracked(String(cursor), { type: 'message', message });
      }
    }
    while (!signal?.aborted) {
      const notice = queue.shift();
      if (!notice) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      if (notice.type === 'message') {
        if (delivered.has(notice.messageId)) continue;
        const message = await messageById(deps.db, notice.messageId);
        if (!message) continue;
        delivered.add(message._id);
        cursor = Math.max(cursor, message._id);
        yield tracked(String(cursor), { type: 'message', message });
      } else {
        yield tracked(String(cursor), notice);
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    unsubscribe();
  }
}
