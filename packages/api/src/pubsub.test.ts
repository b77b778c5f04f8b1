import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createPubSub, type PubSubTransport, type RedisSubscriberLike, redisPubSubTransport } from './pubsub';

/** One shared "server" both instances talk to, like a database channel. */
function sharedBus() {
  const bus = new EventEmitter();
  let listens = 0;
  const transport: PubSubTransport = {
    async publish(channel, payload) {
      bus.emit(channel, payload);
    },
    async listen(channel, onPayload) {
      listens += 1;
      bus.on(channel, onPayload);
      return async () => {
        bus.off(channel, onPayload);
      };
    },
  };
  return { transport, listens: () => listens };
}

describe('pubsub', () => {
  it('fans events out by topic across instances over one channel, listening once per instance', async () => {
    const bus = sharedBus();
    const a = createPubSub(bus.transport);
    const b = createPubSub(bus.transport);
    const got: unknown[] = [];
    const other: unknown[] = [];
    const stop = await b.subscribe('user:1', (data) => got.push(data));
    await b.subscribe('user:2', (data) => other.push(data));
    expect(bus.listens()).toBe(1);
    await a.publish('user:1', { messageId: 7 });
    expect(got).toEqual([{ messageId: 7 }]);
    expect(other).toEqual([]);
    stop();
    await a.publish('user:1', { messageId: 8 });
    expect(got).toHaveLength(1);
    await b.close();
  });

  it('ignores payloads that are not its envelopes and survives a throwing handler', async () => {
    const bus = sharedBus();
    const errors: unknown[] = [];
    const ps = createPubSub(bus.transport, { onError: (e) => errors.push(e) });
    const got: unknown[] = [];
    await ps.subscribe('t', () => {
      throw new Error('boom');
    });
    await ps.subscribe('t', (data) => got.push(data));
    await bus.transport.publish('barterads_events', 'not json');
    await ps.publish('t', 1);
    expect(got).toEqual([1]);
    expect(errors).toHaveLength(1);
  });

  it('rides Redis pub/sub on a dedicated subscriber connection', async () => {
    const bus = new EventEmitter();
    const subscribers: Array<RedisSubscriberLike & { channels: Set<string> }> = [];
    const redis = {
      async publish(channel: string, message: string) {
        bus.emit('publish', channel, message);
        return 1;
      },
      duplicate() {
        const events = new EventEmitter();
        const sub = {
          channels: new Set<string>(),
          async subscribe(channel: string) {
            sub.channels.add(channel);
            bus.on('publish', (ch: string, msg: string) => {
              if (sub.channels.has(ch)) events.emit('message', ch, msg);
            });
          },
          async unsubscribe(channel: string) {
            sub.channels.delete(channel);
          },
          on(event: string, listener: (...args: never[]) => void) {
            events.on(event, listener as (...args: unknown[]) => void);
          },
          disconnect() {},
        };
        subscribers.push(sub);
        return sub;
      },
    };
    const one = createPubSub(redisPubSubTransport(redis));
    const two = createPubSub(redisPubSubTransport(redis));
    const got: unknown[] = [];
    await two.subscribe('user:9', (data) => got.push(data));
    await one.publish('user:9', { type: 'read' });
    expect(got).toEqual([{ type: 'read' }]);
    expect(subscribers).toHaveLength(1);
    await two.close();
    expect(subscribers[0]?.channels.size).toBe(0);
  });
});
