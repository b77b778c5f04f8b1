/**
 * Topic-based publish/subscribe across API instances. One transport channel (PostgreSQL LISTEN/NOTIFY,
 * or Redis pub/sub when REDIS_URL is set) carries every event; each process fans it out to its local
 * subscribers by topic. Payloads must stay small (NOTIFY allows 8000 bytes): send ids, not documents.
 */
export interface PubSub {
  publish(topic: string, data: unknown): Promise<void>;
  /** Resolves once the process is listening, so events published afterwards are delivered. */
  subscribe(topic: string, handler: (data: unknown) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** The wire a PubSub rides on: one named channel carrying strings. */
export interface PubSubTransport {
  publish(channel: string, payload: string): Promise<void>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

export const PUBSUB_CHANNEL = 'barterads_events';

interface Envelope {
  topic: string;
  data: unknown;
}

function parseEnvelope(payload: string): Envelope | undefined {
  try {
    const value: unknown = JSON.parse(payload);
    if (value && typeof value === 'object' && typeof (value as Envelope).topic === 'string') {
      return value as Envelope;
    }
  } catch {
    // not ours
  }
  return undefined;
}

export function createPubSub(
  transport: PubSubTransport,
  options: { channel?: string; onError?: (error: unknown) => void } = {},
): PubSub {
  const channel = options.channel ?? PUBSUB_CHANNEL;
  const handlers = new Map<string, Set<(data: unknown) => void>>();
  let listening: Promise<() => Promise<void>> | undefined;

  const dispatch = (payload: string) => {
    const envelope = parseEnvelope(payload);
    if (!envelope) return;
    for (const handler of handlers.get(envelope.topic) ?? []) {
      try {
        handler(envelope.data);
      } catch (error) {
        options.onError?.(error);
      }
    }
  };

  return {
    async publish(topic, data) {
      await transport.publish(channel, JSON.stringify({ topic, data } satisfies Envelope));
    },
    async subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
      }
      set.add(handler);
      if (!listening) {
        listening = transport.listen(channel, dispatch);
        listening.catch(() => {
          listening = undefined;
        });
      }
      try {
        await listening;
      } catch (error) {
        set.delete(handler);
        throw error;
      }
      return () => {
        const current = handlers.get(topic);
        current?.delete(handler);
        if (current && current.size === 0) handlers.delete(topic);
      };
    },
    async close() {
      handlers.clear();
      const started = listening;
      listening = undefined;
      if (started) await (await started.catch(() => async () => {}))();
    },
  };
}

/** The shape of an ioredis client the Redis transport needs. */
export interface RedisPubSubLike {
  publish(channel: string, message: string): Promise<unknown>;
  duplicate(): RedisSubscriberLike;
}
export interface RedisSubscriberLike {
  subscribe(channel: string): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  disconnect(): void;
}

/**
 * Redis pub/sub: a dedicated subscriber connection, publishing on the shared one. A subscriber's connection errors
 * (it reconnects by itself) go to `onError`: an ioredis client with no error listener prints them as unhandled.
 */
export function redisPubSubTransport(
  redis: RedisPubSubLike,
  onError: (error: Error) => void = () => {},
): PubSubTransport {
  return {
    publish: async (channel, payload) => {
      await redis.publish(channel, payload);
    },
    async listen(channel, onPayload) {
      const subscriber = redis.duplicate();
      subscriber.on('error', onError);
      subscriber.on('message', (from, message) => {
        if (from === channel) onPayload(message);
      });
      await subscriber.subscribe(channel);
      return async () => {
        await subscriber.unsubscribe(channel).catch(() => {});
        subscriber.disconnect();
      };
    },
  };
}
