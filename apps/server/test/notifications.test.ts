import { EVENT_DISPATCH_JOB, notify, notifyDeps, queueUnreadMessageEmails } from '@barterads/api';
import { NOTIFICATION_KINDS } from '@barterads/core';
import {
  businessVerifications,
  type Database,
  eventDeliveries,
  events,
  listings,
  notifications,
  type UserRow,
  users,
} from '@barterads/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribe } from './helpers/live';
import { createTestUser, EVENTUALLY, startTestServer, type TestServer } from './helpers/server';

type TestUser = { user: UserRow; token: string; password: string };

async function createListing(db: Database, owner: UserRow) {
  const [row] = await db
    .insert(listings)
    .values({
      ownerId: owner.id,
      ownerType: owner.userType,
      title: 'Hoarding at the ring road',
      description: 'Front-lit hoarding facing two-way traffic.',
      location: 'Pune, Maharashtra',
      category: 'outdoor',
      unit: 'month',
      rateInr: 50000,
    })
    .returning();
  return row!;
}

describe('the notification centre over real HTTP', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  const page = (token: string, query = '') => server.request(`/api/notifications${query}`, { token });
  const rowsOf = (userId: string) =>
    server.db.select().from(notifications).where(eq(notifications.userId, userId));
  /** The outbox's e-mail deliveries to a member. */
  const emailsTo = (userId: string) =>
    server.db
      .select()
      .from(eventDeliveries)
      .where(and(eq(eventDeliveries.channel, 'email'), eq(eventDeliveries.target, userId)));
  const trpc = (path: string, token: string, input?: unknown) =>
    input === undefined
      ? server.request(`/trpc/${path}`, { token })
      : server.request(`/trpc/${path}`, { token, json: input });

  async function pair() {
    const owner = await createTestUser(server.db, { userType: 'media_owner', firstName: 'Meera' });
    await server.db.update(users).set({ companyName: 'Meera Outdoor' }).where(eq(users.id, owner.user.id));
    const brand = await createTestUser(server.db, { firstName: 'Kabir' });
    await server.db.update(users).set({ companyName: 'Kabir Foods' }).where(eq(users.id, brand.user.id));
    return { owner, brand, listing: await createListing(server.db, owner.user) };
  }

  function items(owner: UserRow, brand: UserRow, listingId: string, brandValue = 45000) {
    return [
      {
        giverId: owner.id,
        listingId,
        title: 'Hoarding at the ring road',
        quantity: 1,
        unit: 'month',
        startDate: '2026-12-01',
        endDate: '2026-12-31',
        valueInr: 50000,
      },
      { giverId: brand.id, title: 'Sampling boxes', quantity: 20, unit: 'event', valueInr: brandValue },
    ];
  }

  async function propose(owner: TestUser, brand: TestUser, listingId: string) {
    const made = await server.request('/api/deals', {
      token: brand.token,
      json: { listingId, openDays: 7, items: items(owner.user, brand.user, listingId) },
    });
    expect(made.status).toBe(201);
    return made.body.deal._id as string;
  }

  it('tells each party of a deal once per event, in the bell, live and by one e-mail', async () => {
    const { owner, brand, listing } = await pair();
    const live = subscribe(server.baseUrl, owner.token, undefined, 'notifications.events');
    try {
      await live.connected;
      // The stream opens with the count.
      await live.waitFor((e) => (e.data as { type?: string }).type === 'unread');
      const id = await propose(owner, brand, listing.id);
      const event = await live.waitFor((e) => (e.data as { type?: string }).type === 'notification');
      expect(event.data).toMatchObject({
        type: 'notification',
        unread: 1,
        notification: { kind: 'deal_proposed', title: 'Kabir Foods proposed a deal', read: false },
      });

      const listed = await page(owner.token);
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ unread: 1, nextCursor: null });
      expect(listed.body.notifications).toHaveLength(1);
      expect(listed.body.notifications[0]).toMatchObject({
        kind: 'deal_proposed',
        // The deal itself, not the list (issue 35).
        link: `/dashboard/deals/${id}`,
      });

      // Counter: the proposer hears; accept: the counterparty hears.
      const countered = await server.request(`/api/deals/${id}/counter`, {
        token: owner.token,
        json: { openDays: 7, items: items(owner.user, brand.user, listing.id, 48000) },
      });
      expect(countered.status).toBe(200);
      const accepted = await server.request(`/api/deals/${id}/accept`, {
        token: brand.token,
        json: { version: 2 },
      });
      expect(accepted.status).toBe(200);
      await expect
        .poll(async () => (await rowsOf(brand.user.id)).map((r) => r.kind).sort())
        .toEqual(['deal_countered']);
      await expect
        .poll(async () => (await rowsOf(owner.user.id)).map((r) => r.kind).sort())
        .toEqual(['deal_accepted', 'deal_proposed']);

      // Every event's e-mail goes out once, as the outbox's e-mail channel (the bell row carries none).
      await expect
        .poll(async () => (await emailsTo(owner.user.id)).map((r) => r.status), EVENTUALLY)
        .toEqual(['delivered', 'delivered']);
      expect((await rowsOf(owner.user.id)).map((r) => r.emailStatus)).toEqual(['skipped', 'skipped']);
      const mailsTo = (email: string) => server.mail.mails.filter((m) => m.to.includes(email.toLowerCase()));
      expect(mailsTo(owner.user.email)).toHaveLength(2);
      await expect.poll(() => mailsTo(brand.user.email).length).toBe(1);
      expect(mailsTo(brand.user.email)[0]!.text).toContain('Meera Outdoor countered your offer');
    } finally {
      live.close();
    }
  });

  it('tells of a decline and a withdrawal', async () => {
    const { owner, brand, listing } = await pair();
    const declined = await propose(owner, brand, listing.id);
    expect(
      (
        await server.request(`/api/deals/${declined}/decline`, {
          token: owner.token,
          json: { reason: 'Booked' },
        })
      ).status,
    ).toBe(200);
    const withdrawn = await propose(owner, brand, listing.id);
    expect(
      (await server.request(`/api/deals/${withdrawn}/withdraw`, { token: brand.token, json: {} })).status,
    ).toBe(200);
    await expect
      .poll(async () => (await rowsOf(brand.user.id)).map((r) => r.kind))
      .toEqual(['deal_declined']);
    await expect
      .poll(async () => (await rowsOf(owner.user.id)).map((r) => r.kind).sort())
      .toEqual(['deal_proposed', 'deal_proposed', 'deal_withdrawn']);
  });

  it('pages newest first and marks one or all read, only the caller’s own', async () => {
    const member = await createTestUser(server.db);
    const other = await createTestUser(server.db);
    const deps = notifyDeps(server.services);
    for (let i = 0; i < 25; i++) {
      await notify(deps, {
        userId: member.user.id,
        kind: 'new_matches',
        title: `Match ${i}`,
        body: 'A listing matches yours.',
        link: '/dashboard',
        email: false,
      });
    }
    const otherRow = await notify(deps, {
      userId: other.user.id,
      kind: 'new_matches',
      title: 'Not yours',
      body: '…',
      link: '/dashboard',
      email: false,
    });
    const first = await page(member.token);
    expect(first.body.unread).toBe(25);
    expect(first.body.notifications).toHaveLength(20);
    expect(first.body.notifications[0].title).toBe('Match 24');
    const second = await page(member.token, `?cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Match 4',
      'Match 3',
      'Match 2',
      'Match 1',
      'Match 0',
    ]);
    expect(second.body.nextCursor).toBeNull();
    expect((await page(member.token, '?cursor=nonsense')).status).toBe(400);

    const one = first.body.notifications[0]._id as string;
    const marked = await server.request('/api/notifications/read', {
      token: member.token,
      json: { ids: [one, otherRow!.id] },
    });
    expect(marked.status).toBe(200);
    expect(marked.body.unread).toBe(24);
    expect(marked.body.notifications[0]).toMatchObject({ _id: one, read: true });
    // Another member's id is not touched.
    expect((await page(other.token)).body.unread).toBe(1);
    expect((await server.request('/api/notifications/read', { token: member.token, json: {} })).status).toBe(
      400,
    );
    const all = await server.request('/api/notifications/read', { token: member.token, json: { all: true } });
    expect(all.body.unread).toBe(0);
    expect((await trpc('notifications.unreadCount', member.token)).body.result.data).toEqual({ unread: 0 });
    expect((await page(other.token)).body.unread).toBe(1);
    expect((await server.request('/api/notifications')).status).toBe(401);
  });

  it('respects the per-kind e-mail preference: the bell row stays, the e-mail is not sent', async () => {
    const { owner, brand, listing } = await pair();
    const before = (await trpc('notifications.preferences', owner.token)).body.result.data;
    expect(before.preferences).toHaveLength(NOTIFICATION_KINDS.length);
    expect(before.preferences.find((p: { kind: string }) => p.kind === 'deal_proposed')).toEqual({
      kind: 'deal_proposed',
      label: 'A deal is proposed to me',
      email: true,
    });
    const saved = await trpc('notifications.setPreference', owner.token, {
      kind: 'deal_proposed',
      email: false,
    });
    expect(saved.status).toBe(200);
    expect(
      saved.body.result.data.preferences.find((p: { kind: string }) => p.kind === 'deal_proposed').email,
    ).toBe(false);
    expect(
      (await trpc('notifications.setPreference', owner.token, { kind: 'nope', email: false })).status,
    ).toBe(400);

    await propose(owner, brand, listing.id);
    await expect.poll(async () => (await emailsTo(owner.user.id)).map((r) => r.status)).toEqual(['skipped']);
    // The bell is a channel of its own, delivered beside the e-mail (a clean-clone run read it before it landed).
    await expect
      .poll(async () => (await rowsOf(owner.user.id)).map((r) => r.kind))
      .toEqual(['deal_proposed']);
    // The proposer is not told of their own proposal; the owner got no e-mail.
    expect((await page(brand.token)).body.notifications).toHaveLength(0);
    expect(server.mail.mails.some((m) => m.to.includes(owner.user.email.toLowerCase()))).toBe(false);
  });

  it('puts one new-message notification per conversation until read, and no second e-mail path', async () => {
    const { owner, brand, listing } = await pair();
    const started = await server.request('/api/conversations', {
      token: brand.token,
      json: { barterId: listing.id, text: 'Is December free?' },
    });
    expect(started.status).toBe(201);
    const conversationId = started.body.conversation._id as string;
    const send = (text: string, from = brand) =>
      server.request(`/api/conversations/${conversationId}/messages`, { token: from.token, json: { text } });
    expect((await send('And January?')).status).toBe(201);
    // The messages' event (one per unread run) comes to the bell through the dispatcher.
    await expect.poll(async () => (await rowsOf(owner.user.id)).length, EVENTUALLY).toBe(1);
    let rows = await rowsOf(owner.user.id);
    expect(rows[0]).toMatchObject({
      kind: 'new_message',
      title: 'New message from Kabir User',
      link: `/dashboard/messages?c=${conversationId}`,
      // The unread-message e-mail (after 15 minutes) is this kind's only e-mail.
      emailStatus: 'skipped',
    });
    expect(rows[0]!.body).toContain('Hoarding at the ring road');
    // Reading the conversation reads its notification; the next message is a new one.
    expect(
      (await server.request(`/api/conversations/${conversationId}/read`, { token: owner.token, json: {} }))
        .status,
    ).toBe(200);
    rows = await rowsOf(owner.user.id);
    expect(rows[0]!.readAt).not.toBeNull();
    expect((await send('Hello again')).status).toBe(201);
    expect((await send('Still there?')).status).toBe(201);
    await expect.poll(async () => (await rowsOf(owner.user.id)).length, EVENTUALLY).toBe(2);
    expect((await page(owner.token)).body.unread).toBe(1);
    // One event per unread run, not one per message.
    const told = (await server.db.select().from(events).where(eq(events.resourceId, conversationId))).filter(
      (e) => e.type === 'message.received',
    );
    expect(told).toHaveLength(2);
    // The sender is not notified of their own messages.
    expect(await rowsOf(brand.user.id)).toHaveLength(0);
  });

  it('tells a business of the verification decision in the bell and by e-mail', async () => {
    const admin = await createTestUser(server.db, { role: 'admin' });
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
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
    const decided = await server.request(`/api/admin/verifications/${submission!.id}/decide`, {
      token: admin.token,
      json: { decision: 'reject', reason: 'The certificate is for another GSTIN.' },
    });
    expect(decided.status).toBe(200);
    // The decision's event (`verification.decided`) tells the business: the dispatcher writes the bell's row and
    // sends the e-mail.
    const decidedRow = async () =>
      (
        await server.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, owner.user.id), eq(notifications.kind, 'verification_decided')))
      )[0];
    await expect.poll(decidedRow, EVENTUALLY).toBeDefined();
    expect(await decidedRow()).toMatchObject({
      title: 'Your business verification was not approved',
      link: '/settings',
    });
    const mail = await server.mail.waitFor(owner.user.email, EVENTUALLY.timeout);
    expect(mail.text).toContain('The certificate is for another GSTIN.');
  });
  it('sends the new-message e-mail only while that kind is on', async () => {
    const { owner, brand, listing } = await pair();
    await trpc('notifications.setPreference', owner.token, { kind: 'new_message', email: false });
    const started = await server.request('/api/conversations', {
      token: brand.token,
      json: { barterId: listing.id, text: 'Anyone there?' },
    });
    expect(started.status).toBe(201);
    const deps = {
      db: server.db,
      logger: server.services.logger,
      wakeEvents: () => server.services.jobs?.wake(EVENT_DISPATCH_JOB),
    };
    const later = new Date(Date.now() + 16 * 60_000);
    const mailsToOwner = () => server.mail.mails.filter((m) => m.to.includes(owner.user.email.toLowerCase()));
    // Off: nothing is claimed for the owner, so nothing can be sent.
    await queueUnreadMessageEmails(deps, later);
    const queuedFor = async () =>
      (await server.db.select().from(events).where(eq(events.type, 'messages.unread'))).filter((e) =>
        e.audience.includes(owner.user.id),
      ).length;
    expect(await queuedFor()).toBe(0);
    expect(mailsToOwner()).toHaveLength(0);
    await trpc('notifications.setPreference', owner.token, { kind: 'new_message', email: true });
    expect(await queueUnreadMessageEmails(deps, later)).toBeGreaterThanOrEqual(1);
    expect(await queuedFor()).toBe(1);
    await expect.poll(() => mailsToOwner().length, EVENTUALLY).toBe(1);
    expect(mailsToOwner()[0]!.text).toContain('Hoarding at the ring road');
  });

  it('shows admins the job queue: queues with their states and the outboxes', async () => {
    const admin = await createTestUser(server.db, { role: 'admin' });
    const member = await createTestUser(server.db);
    await expect
      .poll(async () => {
        const got = await trpc('admin.jobs', admin.token);
        return got.body.result?.data.queues.map((q: { name: string }) => q.name) ?? [];
      })
      .toContain('notification-emails');
    const got = await trpc('admin.jobs', admin.token);
    expect(got.body.result.data.outboxes).toMatchObject({
      notificationEmailsPending: expect.any(Number),
      notificationEmailsFailed: expect.any(Number),
      matchUpdatesQueued: expect.any(Number),
    });
    expect((await trpc('admin.jobs', member.token)).status).toBe(403);
  });
});
