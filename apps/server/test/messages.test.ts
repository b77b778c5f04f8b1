import { EVENT_DISPATCH_JOB, queueUnreadMessageEmails } from '@barterads/api';
import { type Database, events, listings, type UserRow, users } from '@barterads/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SseEvent, startSecondInstance, subscribe } from './helpers/live';
import { createTestUser, EVENTUALLY, startTestServer, type TestServer } from './helpers/server';

type TestUser = { user: UserRow; token: string; password: string };

async function createListing(db: Database, owner: UserRow, title = 'Hoarding near the flyover') {
  const [row] = await db
    .insert(listings)
    .values({
      ownerId: owner.id,
      ownerType: owner.userType,
      title,
      description: 'Front-lit hoarding facing two-way traffic.',
      location: 'Mumbai, Maharashtra',
      category: 'outdoor',
    })
    .returning();
  return row!;
}

const messageEvent = (text: string) => (e: SseEvent) =>
  (e.data as { type?: string; message?: { text?: string } } | undefined)?.message?.text === text;

describe('messages over real HTTP', () => {
  let server: TestServer;
  let owner: TestUser;
  let advertiser: TestUser;
  let stranger: TestUser;
  let listingId: string;
  let conversationId: string;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server.db, {
      userType: 'media_owner',
      firstName: 'Meera',
      lastName: 'Owner',
    });
    advertiser = await createTestUser(server.db, { firstName: 'Kabir', lastName: 'Brand' });
    stranger = await createTestUser(server.db, { firstName: 'Third', lastName: 'Person' });
    listingId = (await createListing(server.db, owner.user)).id;
  });
  afterAll(async () => server.close());

  it('opens a conversation with a first message, and reopens the same one', async () => {
    const first = await server.request('/api/conversations', {
      token: advertiser.token,
      json: { barterId: listingId, text: '  Interested in a barter?  ' },
    });
    expect(first.status).toBe(201);
    expect(first.body.created).toBe(true);
    expect(first.body.message).toMatchObject({
      text: 'Interested in a barter?',
      senderId: advertiser.user.id,
    });
    expect(first.body.conversation).toMatchObject({
      listing: { _id: listingId, title: 'Hoarding near the flyover' },
      otherUser: { _id: owner.user.id, name: 'Meera Owner' },
      isOwner: false,
      unread: 0,
    });
    conversationId = first.body.conversation._id;

    const again = await server.request('/api/conversations', {
      token: advertiser.token,
      json: { barterId: listingId },
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      created: false,
      message: null,
      conversation: { _id: conversationId },
    });
  });

  it('refuses messaging yourself, unknown listings, suspended users, and signed-out callers', async () => {
    const self = await server.request('/api/conversations', {
      token: owner.token,
      json: { barterId: listingId, text: 'hi me' },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot message yourself.');

    const unknown = await server.request('/api/conversations', {
      token: advertiser.token,
      json: { barterId: '00000000-0000-4000-8000-000000000000', text: 'hello' },
    });
    expect(unknown.status).toBe(404);

    const suspendedOwner = await createTestUser(server.db, { status: 'suspended', userType: 'media_owner' });
    const theirListing = await createListing(server.db, suspendedOwner.user);
    const toSuspended = await server.request('/api/conversations', {
      token: advertiser.token,
      json: { barterId: theirListing.id, text: 'hello' },
    });
    expect(toSuspended.status).toBe(403);
    expect(toSuspended.body.message).toBe('This user cannot receive messages.');

    const suspended = await createTestUser(server.db, { status: 'suspended' });
    const bySuspended = await server.request('/api/conversations', {
      token: suspended.token,
      json: { barterId: listingId, text: 'hello' },
    });
    expect(bySuspended.status).toBe(403);

    const anonymous = await server.request('/api/conversations');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ message: 'Not authenticated', code: 'UNAUTHORIZED' });
  });

  it('says in the conversation list when the other member deleted their account or cannot receive messages', async () => {
    const leaving = await createTestUser(server.db, {
      firstName: 'Leaving',
      lastName: 'Member',
      userType: 'media_owner',
    });
    const theirListing = await createListing(server.db, leaving.user, 'Bus shelters to trade');
    const opened = await server.request('/api/conversations', {
      token: advertiser.token,
      json: { barterId: theirListing.id, text: 'Are the shelters free in May?' },
    });
    expect(opened.status).toBe(201);
    expect(opened.body.conversation.otherUser.availability).toBe('active');
    const id = opened.body.conversation._id as string;
    const availability = async () => {
      const list = await server.request('/api/conversations', { token: advertiser.token });
      return list.body.conversations.find((c: { _id: string }) => c._id === id)?.otherUser.availability;
    };

    await server.db.update(users).set({ status: 'suspended' }).where(eq(users.id, leaving.user.id));
    expect(await availability()).toBe('unavailable');
    await server.db.update(users).set({ status: 'active' }).where(eq(users.id, leaving.user.id));

    const erased = await server.request('/api/auth/me', {
      method: 'DELETE',
      token: leaving.token,
      json: { password: leaving.password },
    });
    expect(erased.status).toBe(200);
    expect(await availability()).toBe('deleted');
    // The same rule refuses a message into it.
    const send = await server.request(`/api/conversations/${id}/messages`, {
      token: advertiser.token,
      json: { text: 'Hello?' },
    });
    expect(send.status).toBe(403);
  });

  it('gives a third user 404 on every path of a conversation they are not in', async () => {
    const token = stranger.token;
    const read = await server.request(`/api/conversations/${conversationId}/messages`, { token });
    expect(read.status).toBe(404);
    expect(read.body).toMatchObject({ message: 'Conversation not found.', code: 'NOT_FOUND' });
    const send = await server.request(`/api/conversations/${conversationId}/messages`, {
      token,
      json: { text: 'let me in' },
    });
    expect(send.status).toBe(404);
    const mark = await server.request(`/api/conversations/${conversationId}/read`, { token, json: {} });
    expect(mark.status).toBe(404);
    const list = await server.request('/api/conversations', { token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ conversations: [], unreadTotal: 0 });
    const bad = await server.request('/api/conversations/not-a-uuid/messages', { token });
    expect(bad.status).toBe(400);
  });

  it('validates the text: trimmed, 1 to 4,000 characters, stored as plain text', async () => {
    const url = `/api/conversations/${conversationId}/messages`;
    const blank = await server.request(url, { token: advertiser.token, json: { text: '   \n ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please type a message.');
    const long = await server.request(url, { token: advertiser.token, json: { text: 'x'.repeat(4001) } });
    expect(long.status).toBe(400);
    expect(long.body.issues[0].path).toBe('text');
    const max = await server.request(url, {
      token: advertiser.token,
      json: { text: ` ${'y'.repeat(4000)} ` },
    });
    expect(max.status).toBe(201);
    expect(max.body.message.text).toHaveLength(4000);
    const html = await server.request(url, {
      token: owner.token,
      json: { text: '<b>bold</b><script>x</script>' },
    });
    expect(html.status).toBe(201);
    expect(html.body.message.text).toBe('<b>bold</b><script>x</script>');
  });

  it('counts unread messages per conversation and in total, and clears them on read', async () => {
    const url = `/api/conversations/${conversationId}/messages`;
    const sent = await server.request(url, { token: advertiser.token, json: { text: 'Are you there?' } });
    expect(sent.status).toBe(201);

    const ownerList = await server.request('/api/conversations', { token: owner.token });
    const row = ownerList.body.conversations.find((c: { _id: string }) => c._id === conversationId);
    // Replying marks what came before as read: only the message after the owner's own reply is unread.
    expect(row).toMatchObject({ unread: 1, isOwner: true, otherUser: { name: 'Kabir Brand' } });
    expect(row.lastMessage.text).toBe('Are you there?');
    expect(ownerList.body.unreadTotal).toBe(1);

    const advList = await server.request('/api/conversations', { token: advertiser.token });
    expect(advList.body.unreadTotal).toBe(0);
    const advRow = advList.body.conversations[0];
    expect(advRow.otherLastReadMessageId).toBeLessThan(sent.body.message._id);

    const mark = await server.request(`/api/conversations/${conversationId}/read`, {
      token: owner.token,
      json: {},
    });
    expect(mark.status).toBe(200);
    expect(mark.body).toEqual({ conversationId, lastReadMessageId: sent.body.message._id, unreadTotal: 0 });

    const receipt = await server.request('/api/conversations', { token: advertiser.token });
    expect(receipt.body.conversations[0].otherLastReadMessageId).toBe(sent.body.message._id);
  });

  it('pages messages oldest-first with a cursor, and orders conversations by activity', async () => {
    const owner2 = await createTestUser(server.db, {
      userType: 'media_owner',
      firstName: 'Zoya',
      lastName: 'Paging',
    });
    const listing2 = await createListing(server.db, owner2.user, 'Bus wraps');
    const start = await server.request('/api/conversations', {
      token: advertiser.token,
      json: { barterId: listing2.id, text: 'm1' },
    });
    const id2: string = start.body.conversation._id;
    for (let i = 2; i <= 7; i++) {
      const r = await server.request(`/api/conversations/${id2}/messages`, {
        token: i % 2 ? advertiser.token : owner2.token,
        json: { text: `m${i}` },
      });
      expect(r.status).toBe(201);
    }
    const page1 = await server.request(`/api/conversations/${id2}/messages?limit=3`, {
      token: advertiser.token,
    });
    expect(page1.status).toBe(200);
    expect(page1.body.messages.map((m: { text: string }) => m.text)).toEqual(['m5', 'm6', 'm7']);
    expect(page1.body.conversation._id).toBe(id2);
    const page2 = await server.request(
      `/api/conversations/${id2}/messages?limit=3&cursor=${page1.body.nextCursor}`,
      { token: advertiser.token },
    );
    expect(page2.body.messages.map((m: { text: string }) => m.text)).toEqual(['m2', 'm3', 'm4']);
    const page3 = await server.request(
      `/api/conversations/${id2}/messages?limit=3&cursor=${page2.body.nextCursor}`,
      { token: advertiser.token },
    );
    expect(page3.body.messages.map((m: { text: string }) => m.text)).toEqual(['m1']);
    expect(page3.body.nextCursor).toBeNull();

    // Latest activity first (other tests of this suite give the advertiser conversations of their own).
    const list = await server.request('/api/conversations', { token: advertiser.token });
    const ids: string[] = list.body.conversations.map((c: { _id: string }) => c._id);
    expect(ids[0]).toBe(id2);
    expect(ids.filter((id) => id === id2 || id === conversationId)).toEqual([id2, conversationId]);
    const searched = await server.request('/api/conversations?q=meera', { token: advertiser.token });
    expect(searched.body.conversations.map((c: { _id: string }) => c._id)).toEqual([conversationId]);
  });

  it('hides a conversation opened without a message from the owner until the first message', async () => {
    const visitor = await createTestUser(server.db, { firstName: 'Quiet' });
    const opened = await server.request('/api/conversations', {
      token: visitor.token,
      json: { barterId: listingId },
    });
    expect(opened.status).toBe(201);
    const id: string = opened.body.conversation._id;
    const ownerView = await server.request('/api/conversations?q=quiet', { token: owner.token });
    expect(ownerView.body.conversations).toEqual([]);
    const visitorView = await server.request('/api/conversations', { token: visitor.token });
    expect(visitorView.body.conversations.map((c: { _id: string }) => c._id)).toEqual([id]);
    await server.request(`/api/conversations/${id}/messages`, {
      token: visitor.token,
      json: { text: 'hello' },
    });
    const after = await server.request('/api/conversations?q=quiet', { token: owner.token });
    expect(after.body.conversations.map((c: { _id: string }) => c._id)).toEqual([id]);
  });

  it('rate-limits sending per user with 429 and Retry-After', async () => {
    const sender = await createTestUser(server.db);
    const start = await server.request('/api/conversations', {
      token: sender.token,
      json: { barterId: listingId },
    });
    const url = `/api/conversations/${start.body.conversation._id}/messages`;
    let limited: Awaited<ReturnType<TestServer['request']>> | undefined;
    for (let i = 0; i < 40 && !limited; i++) {
      const r = await server.request(url, { token: sender.token, json: { text: `spam ${i}` } });
      if (r.status === 429) limited = r;
      else expect(r.status).toBe(201);
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('delivers a message live across two API instances sharing the database, and replays on reconnect', async () => {
    const second = await startSecondInstance(server);
    try {
      const live = subscribe(second.baseUrl, owner.token);
      await live.connected;
      const started = Date.now();
      const sent = await server.request(`/api/conversations/${conversationId}/messages`, {
        token: advertiser.token,
        json: { text: 'Live from instance one' },
      });
      expect(sent.status).toBe(201);
      const event = await live.waitFor(messageEvent('Live from instance one'), 3_000);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(event.data).toMatchObject({
        type: 'message',
        message: { conversationId, senderId: advertiser.user.id, _id: sent.body.message._id },
      });
      expect(event.id).toBe(String(sent.body.message._id));

      // A read receipt from the advertiser reaches the owner too.
      await server.request(`/api/conversations/${conversationId}/read`, {
        token: advertiser.token,
        json: {},
      });
      await live.waitFor((e) => (e.data as { type?: string }).type === 'read');

      // The stranger's stream gets nothing of this conversation: it has one of its own with the owner, whose
      // message, sent after all the others, is the first and only event it gets.
      const own = await server.request('/api/conversations', {
        token: stranger.token,
        json: { barterId: listingId },
      });
      expect(own.status).toBe(201);
      const strangerLive = subscribe(second.baseUrl, stranger.token);
      await strangerLive.connected;
      live.close();

      // While the owner is away two messages arrive; reconnecting with the last event id replays them.
      for (const text of ['Missed one', 'Missed two']) {
        await server.request(`/api/conversations/${conversationId}/messages`, {
          token: advertiser.token,
          json: { text },
        });
      }
      const resumed = subscribe(server.baseUrl, owner.token, event.id);
      await resumed.waitFor(messageEvent('Missed two'));
      const texts = resumed.events.map((e) => (e.data as { message?: { text: string } }).message?.text);
      expect(texts.slice(0, 2)).toEqual(['Missed one', 'Missed two']);
      expect(texts).not.toContain('Live from instance one');
      resumed.close();

      const forStranger = await server.request(`/api/conversations/${own.body.conversation._id}/messages`, {
        token: owner.token,
        json: { text: 'Only for the stranger' },
      });
      expect(forStranger.status).toBe(201);
      await strangerLive.waitFor(messageEvent('Only for the stranger'));
      expect(strangerLive.events.map((e) => e.data)).toEqual([
        expect.objectContaining({
          type: 'message',
          message: expect.objectContaining({ text: 'Only for the stranger' }),
        }),
      ]);
      strangerLive.close();
    } finally {
      await second.close();
    }
  });

  it('ends an open live stream once its session is revoked, before delivering anything more', async () => {
    const reader = await createTestUser(server.db);
    const start = await server.request('/api/conversations', {
      token: reader.token,
      json: { barterId: listingId },
    });
    expect(start.status).toBe(201);
    const readerConversation = start.body.conversation._id as string;
    const live = subscribe(server.baseUrl, reader.token);
    try {
      await live.connected;
      const before = await server.request(`/api/conversations/${readerConversation}/messages`, {
        token: owner.token,
        json: { text: 'Before the logout' },
      });
      expect(before.status).toBe(201);
      await live.waitFor(messageEvent('Before the logout'));

      // Logged out elsewhere: the stream opened with that session must not carry the next message.
      const out = await server.request('/api/auth/logout', { token: reader.token, method: 'POST' });
      expect(out.status).toBe(204);
      await server.request(`/api/conversations/${readerConversation}/messages`, {
        token: owner.token,
        json: { text: 'After the logout' },
      });
      await live.waitFor(() => live.errors.length > 0);
      expect(live.errors[0]?.data).toMatchObject({ data: { code: 'UNAUTHORIZED', httpStatus: 401 } });
      expect(live.events.some(messageEvent('After the logout'))).toBe(false);
    } finally {
      live.close();
    }
  });

  it('e-mails the recipient once when a message waits unread for 15 minutes', async () => {
    const deps = {
      db: server.db,
      logger: server.services.logger,
      wakeEvents: () => server.services.jobs?.wake(EVENT_DISPATCH_JOB),
    };
    // The owner has unread messages ('Missed one', 'Missed two'); nothing is due before 15 minutes.
    expect(await queueUnreadMessageEmails(deps, new Date(Date.now() + 5 * 60_000))).toBe(0);
    const later = new Date(Date.now() + 16 * 60_000);
    const queued = await queueUnreadMessageEmails(deps, later);
    expect(queued).toBeGreaterThanOrEqual(1);
    // Claimed with its event (the outbox): the dispatcher's e-mail channel sends it.
    const link = `/dashboard/messages?c=${conversationId}`;
    await expect.poll(() => server.mail.mails.some((m) => m.text.includes(link)), EVENTUALLY).toBe(true);
    const mail = server.mail.mails.find((m) => m.text.includes(link));
    expect(mail?.to).toEqual([owner.user.email]);
    expect(mail?.text).toContain('Kabir Brand sent you 3 messages about "Hoarding near the flyover"');
    // Not again within the hour, and not again about the same messages afterwards.
    expect(await queueUnreadMessageEmails(deps, new Date(later.getTime() + 10 * 60_000))).toBe(0);
    expect(await queueUnreadMessageEmails(deps, new Date(later.getTime() + 2 * 60 * 60_000))).toBe(0);
    const unread = await server.db.select().from(events).where(eq(events.resourceId, conversationId));
    expect(
      unread.filter((e) => e.type === 'messages.unread' && e.audience.includes(owner.user.id)),
    ).toHaveLength(1);
  });

  it('keeps every message across a restart of the API instance', async () => {
    const before = await startSecondInstance(server);
    const sent = await fetch(`${before.baseUrl}/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Sent before the restart' }),
    });
    expect(sent.status).toBe(201);
    await before.close();
    const after = await startSecondInstance(server);
    try {
      const page = await fetch(`${after.baseUrl}/api/conversations/${conversationId}/messages?limit=100`, {
        headers: { authorization: `Bearer ${advertiser.token}` },
      });
      const body = (await page.json()) as { messages: Array<{ text: string }> };
      expect(body.messages.map((m) => m.text)).toContain('Sent before the restart');
      expect(body.messages.map((m) => m.text)).toContain('Interested in a barter?');
    } finally {
      await after.close();
    }
  });
});
