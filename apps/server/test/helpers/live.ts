import { Writable } from 'node:stream';
import { type DatabaseHandle, openDatabase } from '@barterads/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { createLogger } from '../../src/logger';
import { createServices, type ServerServices } from '../../src/services';
import type { TestServer } from './server';

/** A second API instance on the same database: its own connections on PostgreSQL, the same PGlite otherwise. */
export async function startSecondInstance(
  first: TestServer,
): Promise<{ baseUrl: string; services: ServerServices; close(): Promise<void> }> {
  let database: DatabaseHandle;
  if (first.databaseUrl) {
    database = await openDatabase({ url: first.databaseUrl, max: 4 });
  } else {
    const shared = first.services.database;
    database = { ...shared, close: async () => {} };
  }
  const quiet = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const logger = createLogger(first.settings, quiet);
  const services = await createServices(first.settings, logger, { database });
  const app: FastifyInstance = await buildApp(first.settings, services, logger);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}`, services, close: () => app.close() };
}

export interface SseEvent {
  id?: string;
  event?: string;
  data: unknown;
}

/**
 * Subscribes to `messages.events` (or another subscription, `procedure`) over server-sent events, as the web
 * app's httpSubscriptionLink does.
 */
export function subscribe(
  baseUrl: string,
  token: string,
  lastEventId?: string,
  procedure = 'messages.events',
) {
  const controller = new AbortController();
  const events: SseEvent[] = [];
  /** `serialized-error` events: the server ended the stream with an error. */
  const errors: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  const input = encodeURIComponent(JSON.stringify(lastEventId ? { lastEventId } : {}));
  let resolveConnected: () => void = () => {};
  const connected = new Promise<void>((resolve) => {
    resolveConnected = resolve;
  });
  const done = (async () => {
    const response = await fetch(`${baseUrl}/trpc/${procedure}?input=${input}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`subscription answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = { data: undefined };
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('id:')) event.id = line.slice(3).trim();
          else if (line.startsWith('event:')) event.event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        event.data = data.length && data.join('\n') ? JSON.parse(data.join('\n')) : undefined;
        if (event.event === 'connected') resolveConnected();
        else if (event.event === 'serialized-error') {
          errors.push(event);
          for (const wake of waiters.splice(0)) wake();
        } else if (!event.event) {
          events.push(event);
          for (const wake of waiters.splice(0)) wake();
        }
        end = buffer.indexOf('\n\n');
      }
    }
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) throw error;
  });
  // The stream's "connected" event, or a clear failure: the stream failed or ended first, or 10 s passed.
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  const connectedOrFailed = Promise.race([
    connected,
    done.then(() => {
      throw new Error('the stream ended before its "connected" event');
    }),
    new Promise<never>((_, reject) => {
      connectTimer = setTimeout(() => reject(new Error('no "connected" event within 10 s')), 10_000);
    }),
  ]).finally(() => clearTimeout(connectTimer));
  // Awaited by the callers that wait for the connection; the others see a failure through `done`.
  connectedOrFailed.catch(() => {});
  return {
    events,
    errors,
    connected: connectedOrFailed,
    done,
    /** Waits until an event matches, within `timeoutMs`. */
    async waitFor(match: (event: SseEvent) => boolean, timeoutMs = 5_000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close() {
      controller.abort();
    },
  };
}
