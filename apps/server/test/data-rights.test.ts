import {
  conversationParticipants,
  conversations,
  events,
  listings,
  messages,
  sessions,
  users,
} from '@barterads/db';
import { and, eq, isNull } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestUser,
  EVENTUALLY,
  gate,
  startTestServer,
  TEST_APP_ORIGIN,
  type TestServer,
} from './helpers/server';

describe('data rights (DPDP): export and delete the account', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(async () => server?.close());

  /** A user with a listing, a conversation with another user, and a second session. */
  async function populated() {
    const owner = await createTestUser(server.db, { firstName: 'Asha', userType: 'media_owner' });
    const buyer = await createTestUser(server.db, { firstName: 'Ravi' });
    const [listing] = await server.db
      .insert(listings)
      .values({
        ownerId: owner.user.id,
        ownerType: 'media_owner',
        title: 'Billboard <b>Bandra</b> 😀',
        description: 'Prime spot',
        location: 'Mumbai',
      })
      .returning();
    const [conversation] = await server.db
      .insert(conversations)
      .values({ listingId: listing!.id, initiatorId: buyer.user.id, ownerId: owner.user.id })
      .returning();
    await server.db.insert(conversationParticipants).values([
      { conversationId: conversation!.id, userId: owner.user.id },
      { conversationId: conversation!.id, userId: buyer.user.id },
    ]);
    await server.db.insert(messages).values([
      { conversationId: conversation!.id, senderId: buyer.user.id, body: 'Is it free in May?' },
      { conversationId: conversation!.id, senderId: owner.user.id, body: 'Yes, from the 3rd.' },
    ]);
    const second = await server.request('/api/auth/login', {
      json: { email: owner.user.email, password: owner.password },
    });
    expect(second.status).toBe(200);
    return {
      owner,
      buyer,
      listing: listing!,
      conversation: conversation!,
      secondToken: second.body.token as string,
    };
  }

  it('exports everything stored about the user as JSON, without secrets', async () => {
    const { owner, listing } = await populated();
    const res = await server.request('/api/auth/me/export', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body.user).toMatchObject({ _id: owner.user.id, email: owner.user.email, firstName: 'Asha' });
    expect(res.body.listings).toEqual([
      expect.objectContaining({ _id: listing.id, title: 'Billboard <b>Bandra</b> 😀' }),
    ]);
    expect(res.body.conversations).toHaveLength(1);
    expect(
      res.body.conversations[0].messages.map((m: { body: string; fromMe: boolean }) => [m.body, m.fromMe]),
    ).toEqual([
      ['Is it free in May?', false],
      ['Yes, from the 3rd.', true],
    ]);
    expect(res.body.sessions.length).toBeGreaterThanOrEqual(2);
    const text = res.text;
    expect(text).not.toContain(owner.user.passwordHash);
    expect(text).not.toContain(owner.token.split('.')[0]);
    expect(text).not.toMatch(/passwordHash|secretHash|password_hash/);
    // The same through tRPC.
    const trpc = await server.request('/trpc/accounts.exportData', { token: owner.token });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.user._id).toBe(owner.user.id);
    expect((await server.request('/api/auth/me/export')).status).toBe(401);
  });

  it('refuses to delete without the right password, and changes nothing', async () => {
    const { owner, listing } = await populated();
    const missing = await server.request('/api/auth/me', { method: 'DELETE', json: {}, token: owner.token });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please enter your password to confirm.');
    const wrong = await server.request('/api/auth/me', {
      method: 'DELETE',
      json: { password: 'not-my-password' },
      token: owner.token,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('Current password is incorrect.');
    const [row] = await server.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row?.deletedAt).toBeNull();
    expect(row?.email).toBe(owner.user.email);
    const [l] = await server.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(l?.status).toBe('active');
    expect((await server.request('/api/auth/me', { token: owner.token })).status).toBe(200);
  });

  it('deletes the account: listings archived, messages kept but anonymized, every session revoked', async () => {
    const { owner, buyer, listing, conversation, secondToken } = await populated();
    // An account notice still in the outbox (as a password reset writes it): it holds the address it goes to.
    await server.db.insert(events).values({
      type: 'account.password_changed',
      actorKind: 'user',
      actorId: owner.user.id,
      resourceType: 'user',
      resourceId: owner.user.id,
      audience: [owner.user.id],
      data: { to: owner.user.email, at: new Date().toISOString() },
    });
    const res = await server.request('/api/auth/me', {
      method: 'DELETE',
      json: { password: owner.password },
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your account has been deleted.' });

    // Sessions: both gone, the old password no longer signs in.
    expect((await server.request('/api/auth/me', { token: owner.token })).status).toBe(401);
    expect((await server.request('/api/auth/me', { token: secondToken })).status).toBe(401);
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, owner.user.id))).toEqual([]);
    const login = await server.request('/api/auth/login', {
      json: { email: owner.user.email, password: owner.password },
    });
    expect(login.status).toBe(401);

    // The row stays for integrity, anonymized and soft-deleted.
    const [row] = await server.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row).toMatchObject({
      firstName: 'Deleted',
      lastName: 'user',
      phoneNumber: null,
      companyName: null,
      description: null,
      email: `deleted-${owner.user.id}@deleted.invalid`,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.passwordHash).not.toBe(owner.user.passwordHash);

    // Listings archived.
    const [l] = await server.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(l).toMatchObject({ status: 'archived', archivedReason: 'Account deleted' });

    // The other party keeps the whole conversation; the author is now "Deleted user".
    const kept = await server.db.select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(kept.map((m) => m.body).sort()).toEqual(['Is it free in May?', 'Yes, from the 3rd.']);
    const theirs = await server.request('/api/auth/me/export', { token: buyer.token });
    expect(theirs.body.conversations[0].messages).toHaveLength(2);

    // The account notices' addresses are erased from the outbox.
    const notices = await server.db.select().from(events).where(eq(events.resourceId, owner.user.id));
    expect(notices.filter((e) => e.type.startsWith('account.')).map((e) => e.data)).toEqual([{}]);

    // Nothing personal left anywhere in the user row.
    expect(JSON.stringify(row)).not.toContain(owner.user.email);
    expect(JSON.stringify(row)).not.toContain('Asha');
  });

  it('deletes through tRPC too, and a cookie session from a foreign origin cannot', async () => {
    const { owner } = await populated();
    const foreign = await server.request('/trpc/accounts.deleteAccount', {
      method: 'POST',
      body: JSON.stringify({ password: owner.password }),
      headers: {
        cookie: `barterads_session=${owner.token}`,
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
    });
    expect(foreign.status).toBe(403);
    const ours = await server.request('/trpc/accounts.deleteAccount', {
      method: 'POST',
      body: JSON.stringify({ password: owner.password }),
      headers: {
        cookie: `barterads_session=${owner.token}`,
        origin: TEST_APP_ORIGIN,
        'content-type': 'application/json',
      },
    });
    expect(ours.status).toBe(200);
    expect(ours.headers.get('set-cookie')).toMatch(/barterads_session=;/);
    expect((await server.request('/api/auth/me', { token: owner.token })).status).toBe(401);
  });

  it('refuses to delete the last active admin (409), and allows it when another admin remains', async () => {
    const { users: usersTable } = await import('@barterads/db');
    // Only this test's admins are active admins.
    await server.db.update(usersTable).set({ status: 'suspended' }).where(eq(usersTable.role, 'admin'));
    const only = await createTestUser(server.db, { role: 'admin' });
    const refused = await server.request('/api/auth/me', {
      method: 'DELETE',
      json: { password: only.password },
      token: only.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('You cannot delete the last admin account.');
    await createTestUser(server.db, { role: 'admin' });
    const allowed = await server.request('/api/auth/me', {
      method: 'DELETE',
      json: { password: only.password },
      token: only.token,
    });
    expect(allowed.status).toBe(200);
  });

  /** Suspends every admin so that only the admins a test makes are active. */
  async function onlyNewAdmins(n: number) {
    await server.db.update(users).set({ status: 'suspended' }).where(eq(users.role, 'admin'));
    return Promise.all(Array.from({ length: n }, () => createTestUser(server.db, { role: 'admin' })));
  }
  async function activeAdminIds() {
    const rows = await server.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), isNull(users.deletedAt)));
    return rows.map((row) => row.id);
  }
  /** Locks the rows from another connection; `waiting` counts the server's queries blocked behind it. */
  async function holdRows(url: string, ids: string[]) {
    const sql = postgres(url, { max: 2, onnotice: () => {} });
    const released = gate();
    const locked = gate();
    const transaction = sql.begin(async (tx) => {
      await tx`select id from users where id = any(${ids}::uuid[]) order by id for no key update`;
      locked.open();
      await released.opened;
    });
    await locked.opened;
    return {
      async waiting() {
        const [row] = await sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`;
        return row!.n;
      },
      async release() {
        released.open();
        await transaction;
        await sql.end();
      },
    };
  }
  const deleteSelf = (admin: { token: string; password: string }) =>
    server.request('/api/auth/me', {
      method: 'DELETE',
      json: { password: admin.password },
      token: admin.token,
    });

  it('keeps one active admin when the last two delete their accounts at the same moment', async () => {
    const [a, b] = await onlyNewAdmins(2);
    // On PostgreSQL a second connection holds both admins' rows until both deletions are waiting for them,
    // so the two run truly at once every time (without it the race only sometimes interleaves). PGlite has one
    // connection and runs one transaction at a time; there the two requests simply race.
    const hold = server.databaseUrl ? await holdRows(server.databaseUrl, [a!.user.id, b!.user.id]) : null;
    const answers = Promise.all([deleteSelf(a!), deleteSelf(b!)]);
    if (hold) {
      await expect.poll(hold.waiting, EVENTUALLY).toBe(2);
      await hold.release();
    }
    const statuses = (await answers).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = (await answers).find((r) => r.status === 409)!;
    expect(refused.body.message).toBe('You cannot delete the last admin account.');
    expect(await activeAdminIds()).toHaveLength(1);
  });

  it('keeps one active admin when one deletes their account while suspending the other', async () => {
    const [a, b] = await onlyNewAdmins(2);
    const [deleted, suspended] = await Promise.all([
      deleteSelf(a!),
      server.request(`/api/admin/users/${b!.user.id}/status`, {
        method: 'PATCH',
        json: { status: 'suspended' },
        token: a!.token,
      }),
    ]);
    // Whichever runs second sees the first's result: either the deletion is refused (A is the last
    // admin once B is suspended), or the suspension is (A's session is gone, or A is no longer an admin).
    expect([deleted.status, suspended.status].filter((s) => s === 200)).toHaveLength(1);
    expect(await activeAdminIds()).toHaveLength(1);
  });
});
