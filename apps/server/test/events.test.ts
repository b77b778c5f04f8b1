import { randomUUID } from 'node:crypto';
import {
  bellChannel,
  type Channel,
  createMailer,
  type DispatchDeps,
  dispatchEvents,
  emailChannel,
  insertMessage,
  queueUnreadMessageEmails,
  retryDelayMs,
  runPlanPeriods,
  SYSTEM_ACTOR,
  writeEvent,
} from '@barterads/api';
import {
  businessVerifications,
  conversationParticipants,
  conversations,
  type Database,
  eventDeliveries,
  events,
  listings,
  messages,
  notifications,
  subscriptions,
  type UserRow,
  users,
} from '@barterads/db';
import { createTestDatabase, startTestMailServer, type TestDatabase } from '@barterads/testing';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestUser,
  EVENTUALLY,
  gate,
  giveTestPlan,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from './helpers/server';

type TestUser = { user: UserRow; token: string };

describe('the transactional outbox over real HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  async function pair() {
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    const brand = await createTestUser(server.db);
    const [listing] = await server.db
      .insert(listings)
      .values({
        ownerId: owner.user.id,
        ownerType: owner.user.userType,
        title: 'Hoarding at the ring road',
        description: 'Front-lit hoarding facing two-way traffic.',
        location: 'Pune, Maharashtra',
        category: 'outdoor',
        unit: 'month',
        rateInr: 50000,
      })
      .returning();
    return { owner, brand, listing: listing! };
  }

  const items = (owner: TestUser, brand: TestUser, listingId: string, value = 50000) => [
    { giverId: owner.user.id, listingId, title: 'Hoarding', quantity: 1, unit: 'month', valueInr: value },
    { giverId: brand.user.id, title: 'Sampling boxes', quantity: 20, unit: 'event', valueInr: 45000 },
  ];

  const eventsOf = (resourceId: string) =>
    server.db.select().from(events).where(eq(events.resourceId, resourceId)).orderBy(asc(events.sequence));

  it("writes each change's event in its own transaction, none for a refused or rolled-back one", async () => {
    const { owner, brand, listing } = await pair();
    const made = await server.request('/api/deals', {
      token: brand.token,
      json: { listingId: listing.id, openDays: 7, items: items(owner, brand, listing.id) },
    });
    expect(made.status).toBe(201);
    const id = made.body.deal._id as string;
    const [proposed] = await eventsOf(id);
    expect(proposed).toMatchObject({
      type: 'deal.proposed',
      actorKind: 'user',
      actorId: brand.user.id,
      resourceType: 'deal',
    });
    expect([...proposed!.audience].sort()).toEqual([owner.user.id, brand.user.id].sort());
    expect(proposed!.data).toMatchObject({ deal: { _id: id, status: 'proposed', version: 1 } });

    // Refused (out of turn): 409 and no event.
    expect(
      (await server.request(`/api/deals/${id}/accept`, { token: brand.token, json: { version: 1 } })).status,
    ).toBe(409);
    expect(await eventsOf(id)).toHaveLength(1);

    const countered = await server.request(`/api/deals/${id}/counter`, {
      token: owner.token,
      json: { openDays: 7, items: items(owner, brand, listing.id, 52000) },
    });
    expect(countered.status).toBe(200);
    const accepted = await server.request(`/api/deals/${id}/accept`, {
      token: brand.token,
      json: { version: 2 },
    });
    expect(accepted.status).toBe(200);
    const written = await eventsOf(id);
    expect(written.map((e) => e.type)).toEqual(['deal.proposed', 'deal.countered', 'deal.accepted']);
    const sequences = written.map((e) => e.sequence);
    expect([...sequences].sort((a, b) => a - b)).toEqual(sequences);
    expect(new Set(sequences).size).toBe(3);
    expect(written[2]!.data).toMatchObject({
      deal: { status: 'accepted', number: accepted.body.deal.number },
    });

    // A change that rolls back leaves no event.
    const ghost = randomUUID();
    await expect(
      server.db.transaction(async (tx) => {
        await writeEvent(tx, {
          type: 'deal.cancelled',
          actor: SYSTEM_ACTOR,
          resourceType: 'deal',
          resourceId: ghost,
          audience: [],
          data: {},
        });
        throw new Error('the change fails after its event was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await eventsOf(ghost)).toEqual([]);
  });
  it('lists the events a caller may see after a sequence: parties their deals, admins all, read API keys too', async () => {
    const { owner, brand, listing } = await pair();
    const stranger = await createTestUser(server.db);
    const admin = await createTestUser(server.db, { role: 'admin' });
    const made = await server.request('/api/deals', {
      token: brand.token,
      json: { listingId: listing.id, openDays: 7, items: items(owner, brand, listing.id) },
    });
    const id = made.body.deal._id as string;
    await server.request(`/api/deals/${id}/decline`, { token: owner.token, json: { reason: 'Booked' } });

    // Listed once every transaction older than the decline's has ended (a moment: the dispatcher it woke runs).
    await expect
      .poll(
        async () => (await server.request('/api/events?after=0', { token: owner.token })).body.events.length,
      )
      .toBe(2);
    const mine = await server.request('/api/events?after=0', { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.events.map((e: { type: string }) => e.type)).toEqual(['deal.proposed', 'deal.declined']);
    expect(mine.body.events[1]).toMatchObject({
      type: 'deal.declined',
      actor: { kind: 'user', id: owner.user.id },
      data: { deal: { _id: id, status: 'declined', declineReason: 'Booked' } },
    });
    expect(mine.body.nextAfter).toBe(mine.body.events[1].sequence);
    // Paging on: nothing after the last; `types` filters.
    const after = await server.request(`/api/events?after=${mine.body.nextAfter}`, { token: owner.token });
    expect(after.body).toEqual({ events: [], nextAfter: mine.body.nextAfter });
    const declines = await server.request('/api/events?types=deal.declined,deal.accepted', {
      token: brand.token,
    });
    expect(declines.body.events.map((e: { type: string }) => e.type)).toEqual(['deal.declined']);
    expect((await server.request('/api/events?types=nonsense', { token: brand.token })).status).toBe(400);
    expect((await server.request('/api/events?limit=101', { token: brand.token })).status).toBe(400);
    // Someone else's deal is not seen; an admin sees all.
    expect((await server.request('/api/events', { token: stranger.token })).body.events).toEqual([]);
    const all = await server.request('/api/events?limit=100', { token: admin.token });
    expect(all.body.events.some((e: { data: { deal?: { _id: string } } }) => e.data.deal?._id === id)).toBe(
      true,
    );
    expect((await server.request('/api/events')).status).toBe(401);

    // A read-scope API key of a Professional member polls the same list.
    await giveTestPlan(server.db, owner.user.id, 'professional');
    const key = await server.request('/api/auth/api-keys', {
      token: owner.token,
      json: { name: 'Partner sync', scope: 'read' },
    });
    expect(key.status).toBe(201);
    const polled = await server.request('/api/events', { token: key.body.secret });
    expect(polled.status).toBe(200);
    expect(polled.body.events.map((e: { type: string }) => e.type)).toEqual([
      'deal.proposed',
      'deal.declined',
    ]);
  });
  it('tells nothing of a change whose transaction fails as it commits, and once when it is made again', async () => {
    // The change's last write, its event, fails (a trigger): the whole change rolls back, its notice with it.
    const refusing = async (type: string, run: () => Promise<void>) => {
      await server.db.execute(sql`create or replace function test_refuse_event() returns trigger language plpgsql
        as $$ begin raise exception 'the change fails as it commits'; end $$`);
      await server.db.execute(
        sql.raw(`create trigger test_refuse_event before insert on events for each row
          when (new.type = '${type}') execute function test_refuse_event()`),
      );
      try {
        await run();
      } finally {
        await server.db.execute(sql`drop trigger test_refuse_event on events`);
      }
    };
    const admin = await createTestUser(server.db, { role: 'admin' });
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    const mailsTo = (subject: string) =>
      server.mail.mails.filter(
        (m) => m.to.includes(owner.user.email.toLowerCase()) && m.text.includes(subject),
      );

    // An admin's verification decision.
    const [submission] = await server.db
      .insert(businessVerifications)
      .values({
        businessId: owner.user.id,
        gstin: '27AAPFU0939F1ZV',
        legalName: 'Meera Outdoor LLP',
        certificateKey: 'private/verifications/x.pdf',
        certificateType: 'application/pdf',
        certificateName: 'gst.pdf',
        certificateBytes: 100,
        status: 'pending',
      })
      .returning();
    await server.db.update(users).set({ gstVerification: 'pending' }).where(eq(users.id, owner.user.id));
    const decide = () =>
      server.request(`/api/admin/verifications/${submission!.id}/decide`, {
        token: admin.token,
        json: { decision: 'approve' },
      });
    await refusing('verification.decided', async () => {
      expect((await decide()).status).toBe(500);
    });
    const [still] = await server.db
      .select({ status: businessVerifications.status })
      .from(businessVerifications)
      .where(eq(businessVerifications.id, submission!.id));
    expect(still?.status).toBe('pending');
    expect(await eventsOf(submission!.id)).toEqual([]);
    expect((await decide()).status).toBe(200);
    const decided = async () =>
      (await server.db.select().from(notifications).where(eq(notifications.userId, owner.user.id))).filter(
        (n) => n.kind === 'verification_decided',
      ).length;
    await expect.poll(decided, EVENTUALLY).toBe(1);
    await expect.poll(() => mailsTo('Your business is GST verified').length, EVENTUALLY).toBe(1);

    // A password reset: the code's spending, the new password and the owner's notice are one transaction.
    const resetWithCode = async () => {
      const forgot = await server.request('/api/auth/forgot-password', { json: { email: owner.user.email } });
      expect(forgot.status).toBe(200);
      const code = await server.mail.waitForCode(owner.user.email, EVENTUALLY.timeout);
      return server.request('/api/auth/reset-password', {
        json: { otp_token: forgot.body.otp_token, otp: code, newPassword: 'brand-new-pass-1' },
      });
    };
    await refusing('account.password_changed', async () => {
      expect((await resetWithCode()).status).toBe(500);
    });
    const login = (password: string) =>
      server.request('/api/auth/login', { json: { email: owner.user.email, password } });
    expect((await login(TEST_PASSWORD)).status).toBe(200);
    expect(
      (await server.db.select().from(events).where(eq(events.resourceId, owner.user.id))).map((e) => e.type),
    ).toEqual([]);
    // The code was spent by the failed try (a code checks once): the owner asks for another.
    expect((await resetWithCode()).status).toBe(200);
    await expect.poll(() => mailsTo('Your BarterAds password was changed').length, EVENTUALLY).toBe(1);
    expect((await login('brand-new-pass-1')).status).toBe(200);
    expect(mailsTo('Your BarterAds password was changed')).toHaveLength(1);
  });
});

// PostgreSQL only: two writers' transactions open at once (the embedded PGlite runs one at a time).
describe.skipIf(!process.env.DATABASE_URL)('event writers and readers at once (PostgreSQL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('lets a writer commit while another is open, and a reader paging after misses the one that commits late', async () => {
    const admin = await createTestUser(server.db, { role: 'admin' });
    const mark = randomUUID();
    const write = (tx: Parameters<Parameters<Database['transaction']>[0]>[0], name: string) =>
      writeEvent(tx, {
        type: 'deal.cancelled',
        actor: SYSTEM_ACTOR,
        resourceType: 'deal',
        resourceId: randomUUID(),
        audience: [],
        data: { deal: { _id: mark, status: 'cancelled', name } },
      });
    const names = (list: { data: { deal?: { _id: string; name?: string } } }[]) =>
      list.filter((e) => e.data.deal?._id === mark).map((e) => e.data.deal!.name);
    const page = async (after: number) =>
      (await server.request(`/api/events?types=deal.cancelled&after=${after}`, { token: admin.token }))
        .body as {
        events: { sequence: number; data: { deal?: { _id: string; name?: string } } }[];
        nextAfter: number;
      };
    const start = (await page(0)).nextAfter;

    // The first writer writes its event (the lower sequence) and stays open...
    const held = gate();
    const written = gate();
    const first = server.db.transaction(async (tx) => {
      await write(tx, 'first');
      written.open();
      await held.opened;
    });
    await written.opened;
    let second: Promise<unknown> | undefined;
    try {
      // ...while a second one writes and commits, waiting for no one.
      second = server.db.transaction((tx) => write(tx, 'second'));
      const committed = await Promise.race([
        second.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
      ]);
      expect(committed).toBe(true);
      // A reader now sees neither (the second's transaction is younger than the open one) and its cursor stays.
      const before = await page(start);
      expect(names(before.events)).toEqual([]);
      held.open();
      await first;
      // Once the first commits (and any other transaction older than the second's: a moment), paging on from that
      // cursor lists both, in their transactions' order.
      await expect
        .poll(async () => names((await page(before.nextAfter)).events))
        .toEqual(['first', 'second']);
      const after = await page(before.nextAfter);
      expect(names(after.events)).toEqual(['first', 'second']);
      expect(names((await page(after.nextAfter)).events)).toEqual([]);
    } finally {
      // Both transactions end before the server's pool closes.
      held.open();
      await first.catch(() => {});
      await second?.catch(() => {});
    }
  });
});

describe('the event dispatcher', () => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
  });
  afterAll(async () => database.destroy());

  const logger = { info: () => {}, warn: () => {}, error: () => {} };
  const pubsub = {
    publish: async () => {},
    subscribe: async () => () => {},
    close: async () => {},
  };

  /** `n` proposals from one member to another, written as the deal domain writes them (the dispatcher's input). */
  async function proposals(n: number): Promise<{ to: UserRow; from: UserRow; ids: string[] }> {
    const from = (await createTestUser(db, { firstName: 'Kabir' })).user;
    const to = (await createTestUser(db, { firstName: 'Meera' })).user;
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = randomUUID();
      ids.push(id);
      const party = (u: UserRow) => ({ _id: u.id, name: u.firstName, companyName: null, verified: false });
      await db.transaction((tx) =>
        writeEvent(tx, {
          type: 'deal.proposed',
          actor: { kind: 'user', id: from.id },
          resourceType: 'deal',
          resourceId: id,
          audience: [from.id, to.id],
          data: {
            deal: {
              _id: id,
              version: 1,
              number: null,
              expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
              proposer: party(from),
              counterparty: party(to),
              declineReason: null,
            },
          },
        }),
      );
    }
    return { from, to, ids };
  }

  interface Sent {
    to: string;
    subject: string;
  }
  function mailer(send: (mail: Sent) => Promise<void>) {
    return { mode: 'smtp' as const, send: (mail: { to: string; subject: string }) => send(mail) };
  }

  function deps(overrides: Partial<DispatchDeps> & Pick<DispatchDeps, 'mailer'>): DispatchDeps {
    return { db, appUrl: 'https://barterads.test', pubsub, logger, ...overrides };
  }

  const deliveriesOf = async (userId: string, channel: string) =>
    (await db.select().from(eventDeliveries).where(eq(eventDeliveries.target, userId))).filter(
      (d) => d.channel === channel,
    );

  it('delivers exactly once per channel when a dispatcher is killed mid-batch and restarted', async () => {
    const { to, ids } = await proposals(6);
    const sent: Sent[] = [];
    // The first dispatcher is killed as it starts its third e-mail (before the mail leaves).
    const kill = new AbortController();
    let calls = 0;
    const dying = mailer(async (mail) => {
      calls += 1;
      if (calls === 3) {
        kill.abort();
        throw new Error('killed');
      }
      sent.push(mail);
    });
    const first = await dispatchEvents(deps({ mailer: dying, signal: kill.signal }));
    expect(first.fanned).toBeGreaterThanOrEqual(6);
    expect(sent).toHaveLength(2);
    // Nothing of the killed delivery was recorded: it is pending, no attempt counted.
    const midway = await deliveriesOf(to.id, 'email');
    expect(midway.filter((d) => d.status === 'delivered')).toHaveLength(2);
    expect(midway.filter((d) => d.status === 'pending').every((d) => d.attempts === 0)).toBe(true);

    // Restarted: the rest go out, none twice; the bell has one notification per event.
    const working = mailer(async (mail) => {
      sent.push(mail);
    });
    await dispatchEvents(deps({ mailer: working }));
    expect(sent.filter((m) => m.to === to.email)).toHaveLength(6);
    expect(new Set(sent.map((m) => m.subject)).size).toBe(1);
    expect(sent[0]!.subject).toBe('Kabir proposed a deal');
    const bell = await db.select().from(notifications).where(eq(notifications.userId, to.id));
    expect(bell.map((n) => n.link).sort()).toEqual(ids.map((id) => `/dashboard/deals/${id}`).sort());
    for (const channel of ['bell', 'email']) {
      const rows = await deliveriesOf(to.id, channel);
      expect(rows).toHaveLength(6);
      expect(rows.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    }
    // A third run finds nothing to do.
    await dispatchEvents(deps({ mailer: working }));
    expect(sent).toHaveLength(6);
  });

  it('retries a failing channel with growing delays on its clock, blocking no other, then gives up', async () => {
    const { to } = await proposals(2);
    let clock = new Date(Date.now() + 1000);
    const now = () => clock;
    let attemptsSeen = 0;
    const broken = mailer(async () => {
      attemptsSeen += 1;
      throw new Error('SMTP 421 try later');
    });
    const channels: Channel[] = [bellChannel(logger, pubsub), emailChannel(broken, 'https://barterads.test')];
    await dispatchEvents(deps({ mailer: broken, now, channels }));
    // The bell is delivered although e-mail fails.
    expect((await deliveriesOf(to.id, 'bell')).every((d) => d.status === 'delivered')).toBe(true);
    let mail = await deliveriesOf(to.id, 'email');
    expect(mail.map((d) => d.attempts)).toEqual([1, 1]);
    expect(mail[0]!.lastError).toContain('SMTP 421');

    const maxAttempts = channels[1]!.maxAttempts;
    const delays: number[] = [];
    for (let attempt = 1; attempt < maxAttempts; attempt++) {
      const due = mail[0]!.nextAttemptAt.getTime();
      delays.push(due - clock.getTime());
      // A moment before it is due: nothing is tried.
      clock = new Date(due - 1);
      const before = attemptsSeen;
      await dispatchEvents(deps({ mailer: broken, now, channels }));
      expect(attemptsSeen).toBe(before);
      clock = new Date(due);
      await dispatchEvents(deps({ mailer: broken, now, channels }));
      mail = await deliveriesOf(to.id, 'email');
      expect(mail.map((d) => d.attempts)).toEqual([attempt + 1, attempt + 1]);
    }
    expect(delays).toEqual(Array.from({ length: maxAttempts - 1 }, (_, i) => retryDelayMs(i + 1)));
    for (let i = 1; i < delays.length; i++) expect(delays[i]!).toBeGreaterThan(delays[i - 1]!);
    expect(mail.every((d) => d.status === 'failed')).toBe(true);
  });

  it('loses no plan reminder when its e-mail fails: the outbox retries it, once, bell and e-mail', async () => {
    const member = (await createTestUser(db, { firstName: 'Ira' })).user;
    await giveTestPlan(db, member.id, 'growth');
    await db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() + 6 * 86_400_000) })
      .where(eq(subscriptions.userId, member.id));
    const done = await runPlanPeriods({ db, logger });
    expect(done.reminded).toBeGreaterThanOrEqual(1);
    // Marked once: a second run writes nothing more.
    await runPlanPeriods({ db, logger });
    const written = await db.select().from(events).where(eq(events.type, 'plan.ending'));
    expect(written.filter((e) => e.audience.includes(member.id))).toHaveLength(1);

    const sent: Sent[] = [];
    let clock = new Date(Date.now() + 1000);
    const now = () => clock;
    const down = mailer(async () => {
      throw new Error('SMTP 421 try later');
    });
    await dispatchEvents(deps({ mailer: down, now }));
    const [failedOnce] = await deliveriesOf(member.id, 'email');
    expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1 });
    // The mail server is back by the retry: the reminder goes out, once.
    const up = mailer(async (mail) => {
      sent.push(mail);
    });
    clock = new Date(failedOnce!.nextAttemptAt.getTime());
    await dispatchEvents(deps({ mailer: up, now }));
    await dispatchEvents(deps({ mailer: up, now }));
    const mine = sent.filter((m) => m.to === member.email);
    expect(mine.map((m) => m.subject)).toEqual(['Your Growth plan ends in 7 days']);
    const bell = await db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(bell.map((n) => [n.kind, n.title])).toEqual([['plan_changed', 'Your Growth plan ends in 7 days']]);
  });

  it('tells of a message and e-mails it unread from the outbox: nothing for a failed change, once after a kill, a refused mail retried', async () => {
    const meera = (await createTestUser(db, { firstName: 'Meera', lastName: 'Shah' })).user;
    const kabir = (await createTestUser(db, { firstName: 'Kabir', lastName: 'Khan' })).user;
    const [listing] = await db
      .insert(listings)
      .values({
        ownerId: meera.id,
        ownerType: meera.userType,
        title: 'Hoarding near the flyover',
        description: 'Front-lit hoarding facing two-way traffic.',
        location: 'Pune, Maharashtra',
        category: 'outdoor',
      })
      .returning();
    const [conversation] = await db
      .insert(conversations)
      .values({ listingId: listing!.id, initiatorId: kabir.id, ownerId: meera.id })
      .returning();
    const conversationId = conversation!.id;
    await db.insert(conversationParticipants).values([
      { conversationId, userId: kabir.id },
      { conversationId, userId: meera.id },
    ]);
    const told = async (type: string) =>
      (await db.select().from(events).where(eq(events.resourceId, conversationId))).filter(
        (e) => e.type === type,
      );
    // A change whose transaction fails at its end (here: the event's insert, the last write): nothing is told.
    const failing = async (type: string, run: () => Promise<unknown>) => {
      await db.execute(sql`create or replace function test_refuse_event() returns trigger language plpgsql as $$
        begin raise exception 'the change fails as it commits'; end $$`);
      await db.execute(
        sql.raw(`create trigger test_refuse_event before insert on events for each row
          when (new.type = '${type}') execute function test_refuse_event()`),
      );
      try {
        await expect(run()).rejects.toThrow();
      } finally {
        await db.execute(sql`drop trigger test_refuse_event on events`);
      }
    };

    await failing('message.received', () =>
      insertMessage(db, conversationId, kabir.id, 'Is December free?', meera.id),
    );
    expect(await db.select().from(messages).where(eq(messages.conversationId, conversationId))).toEqual([]);
    expect(await told('message.received')).toEqual([]);
    // Committed: one event per unread run of the conversation, however many messages.
    await insertMessage(db, conversationId, kabir.id, 'Is December free?', meera.id);
    await insertMessage(db, conversationId, kabir.id, 'And January?', meera.id);
    expect(await told('message.received')).toHaveLength(1);

    // The unread-message e-mail: its claim (last_emailed_at) and its event commit together, or neither.
    const later = new Date(Date.now() + 16 * 60_000);
    await failing('messages.unread', () => queueUnreadMessageEmails({ db, logger }, later));
    const mark = async () =>
      (
        await db
          .select({ at: conversationParticipants.lastEmailedAt })
          .from(conversationParticipants)
          .where(
            and(
              eq(conversationParticipants.conversationId, conversationId),
              eq(conversationParticipants.userId, meera.id),
            ),
          )
      )[0]?.at;
    expect(await mark()).toBeNull();
    expect(await queueUnreadMessageEmails({ db, logger }, later)).toBe(1);
    expect(await queueUnreadMessageEmails({ db, logger }, later)).toBe(0);
    expect(await mark()).not.toBeNull();
    expect(await told('messages.unread')).toHaveLength(1);

    // A dispatcher killed as it sends: nothing of that delivery is recorded.
    const smtp = await startTestMailServer();
    try {
      const real = createMailer({
        smtpUrl: smtp.url,
        from: 'BarterAds <no-reply@barterads.test>',
        outboxDir: '',
        logger,
      });
      let clock = new Date(Date.now() + 1000);
      const now = () => clock;
      const kill = new AbortController();
      const dying = mailer(async () => {
        kill.abort();
        throw new Error('killed');
      });
      await dispatchEvents(deps({ mailer: dying, now, signal: kill.signal }));
      expect(smtp.mails).toHaveLength(0);
      // Restarted, with the mail server refusing once: the bell is written, the e-mail fails and is retried.
      smtp.refuseNext(1);
      await dispatchEvents(deps({ mailer: real, now }));
      expect(smtp.refused).toBe(1);
      expect(smtp.mails).toHaveLength(0);
      const [failedOnce] = await deliveriesOf(meera.id, 'email');
      expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1 });
      clock = new Date(failedOnce!.nextAttemptAt.getTime());
      await dispatchEvents(deps({ mailer: real, now }));
      await dispatchEvents(deps({ mailer: real, now }));
      expect(smtp.mails.map((m) => m.to)).toEqual([[meera.email.toLowerCase()]]);
      expect(smtp.mails[0]!.text).toContain(
        'Kabir Khan sent you 2 messages about "Hoarding near the flyover"',
      );
      expect(await deliveriesOf(meera.id, 'email')).toMatchObject([{ status: 'delivered', attempts: 2 }]);
      const bell = async () =>
        (await db.select().from(notifications).where(eq(notifications.userId, meera.id))).map((n) => [
          n.kind,
          n.title,
          n.emailStatus,
        ]);
      expect(await bell()).toEqual([['new_message', 'New message from Kabir Khan', 'skipped']]);
      expect(await deliveriesOf(kabir.id, 'bell')).toEqual([]);

      // Read, then a new message read again before its event is delivered: no bell entry for what was read.
      const readAll = () =>
        db.execute(sql`update conversation_participants set last_read_message_id =
            (select max(id) from messages where conversation_id = ${conversationId})
            where conversation_id = ${conversationId} and user_id = ${meera.id}`);
      await readAll();
      await insertMessage(db, conversationId, kabir.id, 'Still there?', meera.id);
      expect(await told('message.received')).toHaveLength(2);
      await readAll();
      await dispatchEvents(deps({ mailer: real, now }));
      expect((await deliveriesOf(meera.id, 'bell')).map((d) => d.status).sort()).toEqual([
        'delivered',
        'skipped',
      ]);
      expect(await bell()).toHaveLength(1);
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});
