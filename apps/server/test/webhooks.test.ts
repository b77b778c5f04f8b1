import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type DispatchDeps,
  dispatchEvents,
  type Lookup,
  retryDelayMs,
  SYSTEM_ACTOR,
  verifySignature,
  WEBHOOK_RETRY_WINDOW_MS,
  webhookChannel,
  writeEvent,
} from '@barterads/api';
import {
  type Database,
  type DatabaseHandle,
  eventDeliveries,
  events,
  notifications,
  openDatabase,
  queryRows,
  sql,
  type UserRow,
  webhookEndpoints,
} from '@barterads/db';
import {
  createTestDatabase,
  startWebhookReceiver,
  type TestDatabase,
  type WebhookReceiver,
} from '@barterads/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestUser,
  EVENTUALLY,
  giveTestPlan,
  proposeTestDeal,
  startTestServer,
  type TestServer,
} from './helpers/server';

type TestUser = { user: UserRow; token: string };

/** What a partner's receiver does with a delivery: checks the signature (5 minutes) against its secrets. */
function receiverAccepts(
  hook: { headers: Record<string, unknown>; body: string },
  secrets: string[],
  at = new Date(),
) {
  return verifySignature(String(hook.headers['barterads-signature']), hook.body, secrets, at);
}

describe('partner webhooks over real HTTP', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    server = await startTestServer({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await server.close();
  });

  async function partner(): Promise<TestUser> {
    const account = await createTestUser(server.db, { userType: 'media_owner' });
    await giveTestPlan(server.db, account.user.id, 'professional');
    return account;
  }

  async function propose(to: TestUser): Promise<string> {
    const brand = await createTestUser(server.db);
    const { dealId } = await proposeTestDeal(server, to.user, brand, { title: 'Hoarding at the ring road' });
    return dealId;
  }

  it('is for Professional and Enterprise members with a session, and refuses unsafe URLs at registration', async () => {
    const free = await createTestUser(server.db);
    const refused = await server.request('/api/webhooks', {
      token: free.token,
      json: { url: `${receiver.url}/free`, types: ['deal.proposed'] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('Professional and Enterprise');
    expect((await server.request('/api/webhooks')).status).toBe(401);

    const pro = await partner();
    const bad = async (url: string, types: unknown = ['deal.proposed']) =>
      server.request('/api/webhooks', { token: pro.token, json: { url, types } });
    for (const url of [
      'http://localhost:8080/hook',
      'http://10.0.0.7/hook',
      'http://192.168.1.2/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/hook',
      'https://user:pw@hooks.partner.example/',
      'ftp://hooks.partner.example/',
    ]) {
      const answer = await bad(url);
      expect(answer.status, url).toBe(400);
    }
    expect((await bad('https://hooks.partner.example/x', [])).status).toBe(400);
    expect((await bad('https://hooks.partner.example/x', ['deal.nonsense'])).status).toBe(400);
    // A name that does not resolve yet is accepted (it is resolved and checked at each delivery).
    const later = await bad('https://hooks.not-yet-registered.example/x');
    expect(later.status, later.text).toBe(201);

    // An API key (even read-write) cannot manage webhooks.
    const key = await server.request('/api/auth/api-keys', {
      token: pro.token,
      json: { name: 'Partner sync', scope: 'read_write' },
    });
    expect(key.status).toBe(201);
    expect((await server.request('/api/webhooks', { token: key.body.secret })).status).toBe(403);
  });

  it('signs each delivery with the secret shown once; lists, tests, resends, rotates and deletes', async () => {
    const pro = await partner();
    const created = await server.request('/api/webhooks', {
      token: pro.token,
      json: { url: `${receiver.url}/pro-${pro.user.id}`, types: ['deal.proposed'] },
    });
    expect(created.status, created.text).toBe(201);
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const id = created.body.webhook._id as string;
    expect(created.body.webhook).toMatchObject({ status: 'active', types: ['deal.proposed'] });
    // Shown once: the list never carries it.
    const listed = await server.request('/api/webhooks', { token: pro.token });
    expect(listed.body.webhooks.map((w: { _id: string }) => w._id)).toEqual([id]);
    expect(listed.text).not.toContain(secret);

    const path = `/pro-${pro.user.id}`;
    const mine = () => receiver.received.filter((h) => h.path === path);
    const dealId = await propose(pro);
    await expect.poll(() => mine().length, EVENTUALLY).toBe(1);
    const [hook] = mine();
    const body = JSON.parse(hook!.body);
    expect(body).toMatchObject({
      type: 'deal.proposed',
      data: { deal: { _id: dealId, status: 'proposed' } },
    });
    expect(hook!.headers['barterads-event-id']).toBe(body.id);
    expect(hook!.headers['content-type']).toBe('application/json');
    // The receiver's side: the shown secret verifies it; a forged or stale signature does not.
    expect(receiverAccepts(hook!, [secret])).toBe(true);
    expect(receiverAccepts(hook!, ['whsec_forged'])).toBe(false);
    expect(receiverAccepts({ ...hook!, body: hook!.body.replace('proposed', 'accepted') }, [secret])).toBe(
      false,
    );
    expect(receiverAccepts(hook!, [secret], new Date(Date.now() + 6 * 60_000))).toBe(false);

    // The deliveries list: delivered, one attempt, the receiver's 200.
    await expect
      .poll(async () => (await server.request(`/api/webhooks/${id}/deliveries`, { token: pro.token })).body)
      .toMatchObject({
        deliveries: [
          { eventId: body.id, status: 'delivered', attempts: 1, lastStatusCode: 200, nextAttemptAt: null },
        ],
      });

    // A test event, then Resend of the deal's delivery: both arrive, the resend with the same event id.
    const tested = await server.request(`/api/webhooks/${id}/test`, { token: pro.token, method: 'POST' });
    expect(tested.status, tested.text).toBe(200);
    expect(tested.body.delivery).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    await expect.poll(() => mine().length, EVENTUALLY).toBe(2);
    expect(JSON.parse(mine()[1]!.body).type).toBe('webhook.test');
    const deliveries = (await server.request(`/api/webhooks/${id}/deliveries`, { token: pro.token })).body
      .deliveries as { _id: string; eventId: string }[];
    const dealDelivery = deliveries.find((d) => d.eventId === body.id)!;
    const resent = await server.request(`/api/webhooks/${id}/deliveries/${dealDelivery._id}/resend`, {
      token: pro.token,
      method: 'POST',
    });
    expect(resent.status, resent.text).toBe(200);
    await expect.poll(() => mine().length, EVENTUALLY).toBe(3);
    expect(mine()[2]!.headers['barterads-event-id']).toBe(body.id);
    // Test events are not partner events.
    const polled = await server.request('/api/events', { token: pro.token });
    expect(polled.body.events.map((e: { type: string }) => e.type)).toEqual(['deal.proposed']);

    // Rotation: a new secret shown once; deliveries verify with the new one and, for 24 hours, the old one.
    const rotated = await server.request(`/api/webhooks/${id}/rotate-secret`, {
      token: pro.token,
      method: 'POST',
    });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.secret as string;
    expect(fresh).not.toBe(secret);
    expect(rotated.body.webhook.previousSecretExpiresAt).not.toBeNull();
    await server.request(`/api/webhooks/${id}/test`, { token: pro.token, method: 'POST' });
    await expect.poll(() => mine().length, EVENTUALLY).toBe(4);
    const afterRotation = mine()[3]!;
    expect(receiverAccepts(afterRotation, [fresh])).toBe(true);
    expect(receiverAccepts(afterRotation, [secret])).toBe(true);
    expect(String(afterRotation.headers['barterads-signature']).match(/v1=/g)).toHaveLength(2);

    // Someone else's endpoint is not found; update; delete.
    const other = await partner();
    expect((await server.request(`/api/webhooks/${id}/deliveries`, { token: other.token })).status).toBe(404);
    expect(
      (await server.request(`/api/webhooks/${id}`, { token: other.token, method: 'DELETE' })).status,
    ).toBe(404);
    const updated = await server.request(`/api/webhooks/${id}`, {
      token: pro.token,
      method: 'PATCH',
      json: { types: ['deal.proposed', 'deal.declined'] },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.webhook.types).toEqual(['deal.proposed', 'deal.declined']);
    expect(
      (
        await server.request(`/api/webhooks/${id}`, {
          token: pro.token,
          method: 'PATCH',
          json: { url: 'http://10.1.1.1/' },
        })
      ).status,
    ).toBe(400);
    expect((await server.request(`/api/webhooks/${id}`, { token: pro.token, method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await server.request('/api/webhooks', { token: pro.token })).body.webhooks).toEqual([]);
  });

  it('sends only the types an endpoint chose, of events its owner may see', async () => {
    const pro = await partner();
    const path = `/declines-${pro.user.id}`;
    const created = await server.request('/api/webhooks', {
      token: pro.token,
      json: { url: `${receiver.url}${path}`, types: ['deal.withdrawn'] },
    });
    expect(created.status).toBe(201);
    const stranger = await partner();
    await server.request('/api/webhooks', {
      token: stranger.token,
      json: { url: `${receiver.url}/stranger-${stranger.user.id}`, types: ['deal.proposed'] },
    });
    const dealId = await propose(pro);
    // The proposal reached the dispatcher (the bell has it), yet neither endpoint wanted it.
    await expect
      .poll(
        async () =>
          (await server.db.select().from(notifications).where(eq(notifications.userId, pro.user.id))).length,
      )
      .toBe(1);
    const [event] = await server.db.select().from(events).where(eq(events.resourceId, dealId));
    await expect
      .poll(
        async () => (await server.db.select().from(events).where(eq(events.id, event!.id)))[0]!.dispatchedAt,
      )
      .not.toBeNull();
    expect(
      receiver.received.filter((h) => h.path === path || h.path === `/stranger-${stranger.user.id}`),
    ).toEqual([]);
  });
});

describe('webhook deliveries on a controllable clock', () => {
  let database: TestDatabase;
  let db: Database;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await database.destroy();
  });

  const logger = { info: () => {}, warn: () => {}, error: () => {} };
  const pubsub = { publish: async () => {}, subscribe: async () => () => {}, close: async () => {} };
  const sent: { to: string; subject: string; text: string }[] = [];
  const mailer = {
    mode: 'smtp' as const,
    send: async (mail: { to: string; subject: string; text: string }) => {
      sent.push(mail);
    },
  };

  async function endpointFor(url: string, types = ['deal.cancelled']) {
    const owner = (await createTestUser(db, { userType: 'media_owner' })).user;
    await giveTestPlan(db, owner.id, 'enterprise');
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({ userId: owner.id, url, types, secret: `whsec_${randomUUID()}` })
      .returning();
    return { owner, endpoint: endpoint! };
  }

  /** An admin's cancellation (the bell and e-mail channels tell nobody of it: only the webhooks carry it). */
  async function cancelled(audience: string[]) {
    const dealId = randomUUID();
    return db.transaction((tx) =>
      writeEvent(tx, {
        type: 'deal.cancelled',
        actor: { kind: 'admin', id: randomUUID() },
        resourceType: 'deal',
        resourceId: dealId,
        audience,
        data: { deal: { _id: dealId, status: 'cancelled' } },
      }),
    );
  }

  const deliveryOf = async (eventId: string, endpointId: string) =>
    (
      await db
        .select()
        .from(eventDeliveries)
        .where(
          and(
            eq(eventDeliveries.eventId, eventId),
            eq(eventDeliveries.channel, 'webhook'),
            eq(eventDeliveries.target, endpointId),
          ),
        )
    )[0]!;

  it('retries a failing endpoint with growing delays for 3 days, then disables it and e-mails its owner', async () => {
    const path = `/down-${randomUUID()}`;
    const { owner, endpoint } = await endpointFor(`${receiver.url}${path}`);
    const event = await cancelled([owner.id]);
    receiver.answer(503);
    const start = Date.now() + 1000;
    let clock = new Date(start);
    const deps: DispatchDeps = {
      db,
      mailer,
      appUrl: 'https://barterads.test',
      pubsub,
      logger,
      now: () => clock,
      webhooks: { isProduction: false, allowLoopback: true },
    };
    const mine = () => receiver.received.filter((h) => h.path === path);
    await dispatchEvents(deps);
    let delivery = await deliveryOf(event.id, endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 503 });
    expect(delivery.retryUntil!.getTime()).toBe(start + WEBHOOK_RETRY_WINDOW_MS);
    expect(mine()).toHaveLength(1);

    const delays: number[] = [];
    while (delivery.status === 'pending') {
      const due = delivery.nextAttemptAt.getTime();
      delays.push(due - clock.getTime());
      clock = new Date(due - 1);
      const before = mine().length;
      await dispatchEvents(deps);
      expect(mine().length).toBe(before);
      clock = new Date(due);
      await dispatchEvents(deps);
      delivery = await deliveryOf(event.id, endpoint.id);
      expect(mine().length).toBe(before + 1);
    }
    expect(delays).toEqual(delays.map((_, i) => retryDelayMs(i + 1)));
    for (let i = 1; i < delays.length; i++) expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(delays[1]!).toBeGreaterThan(delays[0]!);
    // Given up as the next attempt would fall after the window: within 3 days of the first, not before ~2.5.
    expect(delivery.status).toBe('failed');
    expect(clock.getTime() - start).toBeLessThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    expect(clock.getTime() - start + retryDelayMs(delivery.attempts)).toBeGreaterThan(
      WEBHOOK_RETRY_WINDOW_MS,
    );
    const [disabled] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(disabled).toMatchObject({ status: 'disabled' });

    // The owner is told through the outbox (bell and e-mail), once.
    await dispatchEvents(deps);
    await dispatchEvents(deps);
    const mails = sent.filter((m) => m.to === owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A webhook endpoint was disabled');
    expect(mails[0]!.text).toContain(`${receiver.url}${path}`);
    const bell = await db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(bell.map((n) => n.kind)).toEqual(['webhook_disabled']);

    // A disabled endpoint gets nothing more: a later event is not even fanned out to it.
    receiver.answer(200);
    const later = await cancelled([owner.id]);
    const seen = mine().length;
    await dispatchEvents(deps);
    expect(
      await db
        .select()
        .from(eventDeliveries)
        .where(and(eq(eventDeliveries.eventId, later.id), eq(eventDeliveries.channel, 'webhook'))),
    ).toEqual([]);
    expect(mine().length).toBe(seen);
  });

  it('refuses at delivery a host name that resolves to a loopback, private or link-local address', async () => {
    const path = `/ssrf-${randomUUID()}`;
    const { owner, endpoint } = await endpointFor(`https://hooks.partner.example:${receiver.port}${path}`);
    const plain = await endpointFor(`http://hooks.partner.example:${receiver.port}${path}`);
    receiver.answer(200);
    let answer = '127.0.0.1';
    const lookup: Lookup = async () => [{ address: answer, family: answer.includes(':') ? 6 : 4 }];
    const mine = () => receiver.received.filter((h) => h.path === path);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.0.0.5', '169.254.169.254']) {
      answer = address;
      const event = await cancelled([owner.id, plain.owner.id]);
      // Production: the name's answer is checked after DNS, and the loopback allowance does not exist there.
      await dispatchEvents({
        db,
        mailer,
        appUrl: 'https://barterads.test',
        pubsub,
        logger,
        webhooks: { isProduction: true, allowLoopback: true, lookup },
      });
      const refused = await deliveryOf(event.id, endpoint.id);
      expect(refused.status, address).toBe('pending');
      expect(refused.lastError, address).toContain('not a public address');
      expect(refused.lastStatusCode).toBeNull();
      // The http endpoint is refused in production as well (https only).
      expect((await deliveryOf(event.id, plain.endpoint.id)).lastError).toContain('https');
    }
    expect(mine()).toEqual([]);

    // The same name, allowed to loopback outside production (the tests' setting), does reach the receiver: the
    // refusal above is the address check, not a dead receiver.
    answer = '127.0.0.1';
    const event = await cancelled([plain.owner.id]);
    await dispatchEvents({
      db,
      mailer,
      appUrl: 'https://barterads.test',
      pubsub,
      logger,
      webhooks: { isProduction: false, allowLoopback: true, lookup },
    });
    expect((await deliveryOf(event.id, plain.endpoint.id)).status).toBe('delivered');
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.headers.host).toBe(`hooks.partner.example:${receiver.port}`);
  });
});

// PostgreSQL only: the embedded PGlite has one connection, which the dispatcher's workers take in turn.
describe.skipIf(!process.env.DATABASE_URL)('webhook deliveries and the database pool (PostgreSQL)', () => {
  const POOL = 2;
  const ENDPOINTS = 3;
  let database: TestDatabase;
  let small: DatabaseHandle;
  const held: ServerResponse[] = [];
  let slow: Server;
  let slowUrl = '';
  beforeAll(async () => {
    database = await createTestDatabase();
    small = await openDatabase({ url: database.url!, max: POOL });
    // A partner that takes its time: each request is held until the test answers it.
    slow = createServer((req, res) => {
      req.resume();
      req.on('end', () => held.push(res));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // Every call answered and the dispatcher finished (awaited in the test) before the pools close.
    for (const res of held.splice(0)) res.writeHead(200).end('ok');
    slow.closeAllConnections();
    await new Promise<void>((resolve) => slow.close(() => resolve()));
    await small.close();
    await database.destroy();
  });

  it('holds no pool connection while a partner answers: three slow calls on a pool of 2 block no query', async () => {
    const db = database.handle.db;
    const owners: string[] = [];
    for (let i = 0; i < ENDPOINTS; i++) {
      const owner = (await createTestUser(db, { userType: 'media_owner' })).user;
      await giveTestPlan(db, owner.id, 'enterprise');
      await db.insert(webhookEndpoints).values({
        userId: owner.id,
        url: `${slowUrl}/slow/${i}`,
        types: ['deal.cancelled'],
        secret: 'whsec_slow',
      });
      owners.push(owner.id);
    }
    const dealId = randomUUID();
    const event = await db.transaction((tx) =>
      writeEvent(tx, {
        type: 'deal.cancelled',
        actor: SYSTEM_ACTOR,
        resourceType: 'deal',
        resourceId: dealId,
        audience: owners,
        data: { deal: { _id: dealId, status: 'cancelled' } },
      }),
    );
    // The calls' time-out well past the test's wait: a call ends only when the partner answers.
    const settings = { isProduction: false, allowLoopback: true, timeoutMs: 120_000 };
    // The dispatcher on the pool of 2, with 3 webhook workers.
    const dispatching = dispatchEvents({
      db: small.db,
      mailer: { mode: 'smtp' as const, send: async () => {} },
      appUrl: 'https://barterads.test',
      pubsub: { publish: async () => {}, subscribe: async () => () => {}, close: async () => {} },
      logger: { info: () => {}, warn: () => {}, error: () => {} },
      channels: [webhookChannel({ webhooks: settings })],
      concurrency: ENDPOINTS,
      webhooks: settings,
    });
    try {
      // All three calls are in flight at once (none waits for a connection)...
      await expect.poll(() => held.length, { timeout: 10_000 }).toBe(ENDPOINTS);
      // ...and an unrelated query on the same pool answers while they are.
      const [row] = await queryRows<{ one: number }>(small.db, sql`select 1 as one`);
      expect(row?.one).toBe(1);
      expect(held.length).toBe(ENDPOINTS);
    } finally {
      // The partner answers (also when the test failed, so the dispatcher ends before the pool closes).
      for (const res of held.splice(0)) res.writeHead(200).end('ok');
      const late = setInterval(() => {
        for (const res of held.splice(0)) res.writeHead(200).end('ok');
      }, 50);
      await dispatching.finally(() => clearInterval(late));
    }
    const rows = await db.select().from(eventDeliveries).where(eq(eventDeliveries.eventId, event.id));
    expect(rows.map((r) => [r.status, r.attempts, r.lastStatusCode])).toEqual(
      owners.map(() => ['delivered', 1, 200]),
    );
  });
});
