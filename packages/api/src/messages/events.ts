import { MESSAGES } from '@barterads/core';
import type { Executor } from '@barterads/db';
import { TRPCError, type TrackedEnvelope, tracked } from '@trpc/server';
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

/** How often an open stream with nothing to deliver checks that its session is still live. */
export const SESSION_RECHECK_MS = 60_000;

export interface UserEventsDeps {
  db: Executor;
  pubsub: PubSub;
  /** Whether the session that opened the stream is still live (not revoked, expired or suspended). */
  sessionIsLive: () => Promise<boolean>;
  recheckMs?: number;
}

/**
 * The live stream of one user's message events. Every event carries, as its id, the newest message id
 * delivered so far; a client reconnecting with it (`lastEventId`) first gets every message it missed.
 * A session revoked while the stream is open (logout elsewhere, a password change, suspension, account
 * deletion) ends it with UNAUTHORIZED before the next event and within `SESSION_RECHECK_MS` when idle.
 */
export async function* userEvents(
  deps: UserEventsDeps,
  userId: string,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
): AsyncGenerator<TrackedEnvelope<MessageEvent>> {
  const queue: Notice[] = [];
  let wake: (() => void) | undefined;
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  let recheckDue = false;
  const recheck = setInterval(() => {
    recheckDue = true;
    wake?.();
  }, deps.recheckMs ?? SESSION_RECHECK_MS);
  const ensureLive = async () => {
    recheckDue = false;
    if (!(await deps.sessionIsLive())) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.sessionExpired });
    }
  };
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
      if (recheckDue) await ensureLive();
      const notice = queue.shift();
      if (!notice) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      await ensureLive();
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
    clearInterval(recheck);
    signal?.removeEventListener('abort', onAbort);
    unsubscribe();
  }
}
