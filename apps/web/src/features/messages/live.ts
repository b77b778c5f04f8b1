import { errorStatus, type RouterOutputs } from '@barterads/api-client';
import { useEffect, useRef } from 'react';
import { api, signOutExpiredSession } from '../../api';

/** One event of `messages.events` (a new message, or a read receipt). */
export type MessageEvent =
  RouterOutputs['messages']['events'] extends AsyncIterable<infer E>
    ? E extends { data: infer D }
      ? D
      : never
    : never;
export type ChatMessage = RouterOutputs['messages']['list']['messages'][number];

type Listener = (event: MessageEvent) => void;

const listeners = new Set<Listener>();
let users = 0;
let subscription: { unsubscribe(): void } | undefined;

/** Keeps the lists and counters fresh: every open page shares one server-sent-events connection. */
function refresh(event: MessageEvent | undefined) {
  void api.utils.messages.conversations.invalidate();
  void api.utils.messages.unreadCount.invalidate();
  if (!event) void api.utils.messages.list.invalidate();
}

function start() {
  subscription = api.trpcClient.messages.events.subscribe(
    {},
    {
      onStarted: () => refresh(undefined),
      onData: (envelope) => {
        const event = envelope.data;
        refresh(event);
        for (const listener of listeners) listener(event);
      },
      onError: (error) => {
        // Network failures never get here: the link reconnects by itself and resumes from the last event id.
        // The server ends the stream with 401 once the session is revoked (logout elsewhere, suspension…).
        subscription = undefined;
        if (errorStatus(error) === 401) signOutExpiredSession();
      },
    },
  );
}

function acquire() {
  users += 1;
  if (!subscription) start();
}

function release() {
  users -= 1;
  if (users <= 0 && subscription) {
    subscription.unsubscribe();
    subscription = undefined;
    users = 0;
  }
}

/** Subscribes the page to live message events while it is mounted; `onEvent` gets each one. */
export function useMessageEvents(onEvent?: Listener, enabled = true): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!enabled) return;
    const listener: Listener = (event) => handler.current?.(event);
    listeners.add(listener);
    acquire();
    return () => {
      listeners.delete(listener);
      release();
    };
  }, [enabled]);
}
