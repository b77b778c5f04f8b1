import { PUBSUB_CHANNEL } from '@barterads/api';
import { listings } from '@barterads/db';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SseEvent, startSecondInstance, subscribe } from './helpers/live';
import { createTestUser, EVENTUALLY, startTestServer, type TestServer } from './helpers/server';

const redisUrl = process.env.REDIS_URL;

/**
 * Production runs several API instances on one Redis (REDIS_URL): these tests run two instances on one database
 * and one Redis and check what they must share. CI sets REDIS_URL (`.ci/run`); without it the suite runs on the
 * in-process stores, which share nothing, so there is nothing here to test.
 */
describe.skipIf(!redisUrl)('two API instances sharing Redis', () => {
  let server: TestServer;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;
  let redis: Redis;
  let prefix: string;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '1' });
    second = await startSecondInstance(server);
    prefix = server.settings.redisPrefix;
    redis = new Redis(redisUrl!);
  }, 180_000);
  afterAll(async () => {
    redis?.disconnect();
    await second?.close();
    await server?.close();
  });

  const at = (baseUrl: string, path: string, init: { json?: unknown; token?: string; ip: string }) =>
    fetch(baseUrl + path, {
      method: init.json === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': init.ip,
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });

  it('runs under the prefix of this test run and no other', async () => {
    expect(prefix).toMatch(/^barterads-test:[0-9a-f-]{36}:$/);
    expect(second.services.redis?.options.keyPrefix).toBe(prefix);
  });

  it('counts one rate limit across both instances', async () => {
    // Five codes an hour per address and IP: alternating instances, the sixth request is refused wherever it lands.
    const email = `shared-limit-${Date.now()}@redis.test.in`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const baseUrl = i % 2 === 0 ? server.baseUrl : second.baseUrl;
      const res = await at(baseUrl, '/api/auth/send-email-otp', { json: { email }, ip: '10.9.0.1' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const keys = await redis.keys(`${prefix}*otp*`);
    expect(keys.length).toBeGreaterThan(0);
  });

  it('delivers a message sent to one instance live to a stream on the other, through Redis', async () => {
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    const buyer = await createTestUser(server.db);
    const [listing] = await server.db
      .insert(listings)
      .values({
        ownerId: owner.user.id,
        ownerType: 'media_owner',
        title: 'Metro station screens',
        description: 'Twelve screens on the concourse.',
        location: 'Pune',
      })
      .returning();
    const started = await at(server.baseUrl, '/api/conversations', {
      json: { barterId: listing!.id },
      token: buyer.token,
      ip: '10.9.1.1',
    });
    const { conversation } = (await started.json()) as { conversation: { _id: string } };

    // The envelope travels on this run's prefixed channel.
    const listener = redis.duplicate();
    const onChannel: string[] = [];
    listener.on('message', (_channel: string, message: string) => onChannel.push(message));
    await listener.subscribe(`${prefix}${PUBSUB_CHANNEL}`);
    const live = subscribe(second.baseUrl, owner.token);
    try {
      await live.connected;
      const sent = await at(server.baseUrl, `/api/conversations/${conversation._id}/messages`, {
        json: { text: 'Across instances' },
        token: buyer.token,
        ip: '10.9.1.1',
      });
      expect(sent.status).toBe(201);
      const isIt = (e: SseEvent) =>
        (e.data as { message?: { text: string } }).message?.text === 'Across instances';
      await live.waitFor(isIt);
      await expect.poll(() => onChannel.some((m) => m.includes(`messages:user:${owner.user.id}`))).toBe(true);
    } finally {
      live.close();
      listener.disconnect();
    }
  });

  it('refuses a session revoked on one instance on the other, and ends its open stream there', async () => {
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    const reader = await createTestUser(server.db);
    const [listing] = await server.db
      .insert(listings)
      .values({
        ownerId: owner.user.id,
        ownerType: 'media_owner',
        title: 'Airport trolleys',
        description: 'Branding on 400 trolleys.',
        location: 'Delhi',
      })
      .returning();
    const started = await at(second.baseUrl, '/api/conversations', {
      json: { barterId: listing!.id },
      token: reader.token,
      ip: '10.9.2.1',
    });
    const { conversation } = (await started.json()) as { conversation: { _id: string } };
    const live = subscribe(second.baseUrl, reader.token);
    try {
      await live.connected;
      expect((await at(second.baseUrl, '/api/auth/me', { token: reader.token, ip: '10.9.2.1' })).status).toBe(
        200,
      );
      const out = await at(server.baseUrl, '/api/auth/logout', {
        json: {},
        token: reader.token,
        ip: '10.9.2.1',
      });
      expect(out.status).toBe(204);
      expect((await at(second.baseUrl, '/api/auth/me', { token: reader.token, ip: '10.9.2.1' })).status).toBe(
        401,
      );
      // The next event for the reader, published by the first instance, closes the stream on the second.
      await at(server.baseUrl, `/api/conversations/${conversation._id}/messages`, {
        json: { text: 'After the logout' },
        token: owner.token,
        ip: '10.9.2.2',
      });
      await expect.poll(() => live.errors.length).toBeGreaterThan(0);
      expect(live.errors[0]?.data).toMatchObject({ data: { code: 'UNAUTHORIZED' } });
      expect(live.events.some((e) => JSON.stringify(e.data).includes('After the logout'))).toBe(false);
    } finally {
      live.close();
    }
  });
  it('delivers a notification written on one instance live to the bell stream on the other', async () => {
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    const buyer = await createTestUser(server.db, { firstName: 'Across' });
    const [listing] = await server.db
      .insert(listings)
      .values({
        ownerId: owner.user.id,
        ownerType: 'media_owner',
        title: 'Bus shelters on MG Road',
        description: 'Eight shelters.',
        location: 'Bengaluru',
      })
      .returning();
    const bell = subscribe(second.baseUrl, owner.token, undefined, 'notifications.events');
    try {
      await bell.connected;
      await bell.waitFor((e) => (e.data as { type?: string }).type === 'unread');
      // A first message to the owner, written on the first instance, is a new_message notification.
      const started = await at(server.baseUrl, '/api/conversations', {
        json: { barterId: listing!.id, text: 'Free in March?' },
        token: buyer.token,
        ip: '10.9.3.1',
      });
      expect(started.status).toBe(201);
      // Written by the event dispatcher (either instance's), from the message's event.
      const event = await bell.waitFor(
        (e) => (e.data as { type?: string }).type === 'notification',
        EVENTUALLY.timeout,
      );
      expect(event.data).toMatchObject({
        unread: 1,
        notification: { kind: 'new_message', title: 'New message from Across User' },
      });
    } finally {
      bell.close();
    }
  });
});
