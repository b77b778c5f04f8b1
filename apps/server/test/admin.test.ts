import { adminSetUserStatus } from '@barterads/api';
import { MESSAGES } from '@barterads/core';
import { auditLog, demoListing, listings, seedDemo, type UserRow, users } from '@barterads/db';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from './helpers/server';

const DAY = 24 * 60 * 60 * 1000;

describe('admin API over real HTTP', () => {
  let server: TestServer;
  let admin: { user: UserRow; token: string };
  let plain: { user: UserRow; token: string; password: string };
  const listingIds: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server.db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
    plain = await createTestUser(server.db, {
      firstName: 'Plain',
      lastName: 'Person',
      userType: 'media_owner',
    });
    const now = Date.now();
    const base = { passwordHash: 'x', lastName: 'Seeded', emailVerified: true } as const;
    await server.db.insert(users).values([
      { ...base, email: 'u1@seed.in', firstName: 'Uno', country: 'US', createdAt: new Date(now - 8 * DAY) },
      { ...base, email: 'u2@seed.in', firstName: 'Dos', country: 'US', createdAt: new Date(now - 15 * DAY) },
      {
        ...base,
        email: 'u3@seed.in',
        firstName: 'Tres',
        country: 'GB',
        status: 'suspended',
        createdAt: new Date(now - 100 * DAY),
      },
      {
        ...base,
        email: 'gone@seed.in',
        firstName: 'Gone',
        country: 'DE',
        deletedAt: new Date(),
        createdAt: new Date(now - 2 * DAY),
      },
    ]);
    const listing = (title: string, extra: Partial<typeof listings.$inferInsert>) => ({
      ownerId: plain.user.id,
      ownerType: 'media_owner' as const,
      title,
      description: `${title} description`,
      location: 'Mumbai, Maharashtra',
      category: 'outdoor',
      ...extra,
    });
    const rows = await server.db
      .insert(listings)
      .values([
        listing('Verified hoarding', { verified: true, createdAt: new Date(now - 3 * DAY) }),
        listing('Pending radio spots', { createdAt: new Date(now - 2 * DAY), category: 'audio' }),
        listing('Advertiser needs reels', {
          ownerType: 'advertiser',
          createdAt: new Date(now - 10 * DAY),
        }),
        listing('Archived banner', {
          verified: true,
          status: 'archived',
          createdAt: new Date(now - 1 * DAY),
        }),
        listing('Old verified bus wrap', { verified: true, createdAt: new Date(now - 200 * DAY) }),
      ])
      .returning({ id: listings.id, title: listings.title });
    for (const r of rows) listingIds[r.title] = r.id;
  });
  afterAll(async () => server?.close());

  const auditRows = () => server.db.select().from(auditLog).orderBy(desc(auditLog.id));

  it('answers the metrics the database holds, with 12 weekly points oldest first', async () => {
    const res = await server.request('/api/admin/metrics', { token: admin.token });
    expect(res.status).toBe(200);
    // users: admin, plain, u1, u2, u3 (the deleted one is not counted)
    // listings: the active ones; the archived banner is not counted
    const zeros = (n: number) => Array.from({ length: n }, () => 0);
    expect(res.body).toEqual({
      users: 5,
      listings: 4,
      verifiedListings: 2,
      pendingListings: 2,
      acceptedDeals: 0,
      openDeals: 0,
      series: {
        users: [...zeros(9), 1, 1, 2],
        listings: [...zeros(10), 1, 2],
        verified: [...zeros(11), 1],
        pending: [...zeros(10), 1, 1],
        deals: zeros(12),
      },
    });
  });

  it('answers users by country with counts and percentages, most first', async () => {
    const res = await server.request('/api/admin/users-by-country', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total: 5,
      items: [
        { country: 'IN', count: 2, pct: 40 },
        { country: 'US', count: 2, pct: 40 },
        { country: 'GB', count: 1, pct: 20 },
      ],
    });
  });

  it('lists users with search, filters, a total and server-side paging', async () => {
    const all = await server.request('/api/admin/users?limit=200', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(5);
    expect(all.body.users).toHaveLength(5);
    expect(all.body.users[0]).toMatchObject({ _id: expect.any(String), email: expect.any(String) });
    expect(all.body.users.every((u: Record<string, unknown>) => !('passwordHash' in u))).toBe(true);
    // newest first: the seeded user from 100 days ago is last
    expect(all.body.users.at(-1).email).toBe('u3@seed.in');

    const q = await server.request('/api/admin/users?q=plain%20per', { token: admin.token });
    expect(q.body.users.map((u: { _id: string }) => u._id)).toEqual([plain.user.id]);
    const byEmail = await server.request('/api/admin/users?q=SEED.IN', { token: admin.token });
    expect(byEmail.body.total).toBe(3);
    const wildcard = await server.request('/api/admin/users?q=%25', { token: admin.token });
    expect(wildcard.body.total).toBe(0);

    const admins = await server.request('/api/admin/users?role=admin', { token: admin.token });
    expect(admins.body.users.map((u: { _id: string }) => u._id)).toEqual([admin.user.id]);
    const suspended = await server.request('/api/admin/users?status=suspended&role=all', {
      token: admin.token,
    });
    expect(suspended.body.users.map((u: { email: string }) => u.email)).toEqual(['u3@seed.in']);
    const owners = await server.request('/api/admin/users?userType=media%20owners', { token: admin.token });
    expect(owners.body.users.map((u: { _id: string }) => u._id)).toEqual([plain.user.id]);

    const page1 = await server.request('/api/admin/users?limit=2', { token: admin.token });
    const page2 = await server.request('/api/admin/users?limit=2&offset=2', { token: admin.token });
    const page3 = await server.request('/api/admin/users?limit=2&offset=4', { token: admin.token });
    expect([page1.body.total, page2.body.total, page3.body.total]).toEqual([5, 5, 5]);
    const ids = [...page1.body.users, ...page2.body.users, ...page3.body.users].map(
      (u: { _id: string }) => u._id,
    );
    expect(ids).toEqual(all.body.users.map((u: { _id: string }) => u._id));

    const allFilters = await server.request('/api/admin/users?q=&role=all&status=all&userType=all', {
      token: admin.token,
    });
    expect(allFilters.body.total).toBe(5);

    const tooMany = await server.request('/api/admin/users?limit=201', { token: admin.token });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.issues[0].path).toBe('limit');
    const badRole = await server.request('/api/admin/users?role=owner', { token: admin.token });
    expect(badRole.status).toBe(400);
  });

  it('lists listings of every status, newest first, with filters, search and paging', async () => {
    const all = await server.request('/api/admin/barters', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(5);
    expect(all.body.listings.map((l: { title: string }) => l.title)).toEqual([
      'Archived banner',
      'Pending radio spots',
      'Verified hoarding',
      'Advertiser needs reels',
      'Old verified bus wrap',
    ]);
    expect(all.body.listings[0]).toMatchObject({
      _id: listingIds['Archived banner'],
      ownerType: 'media_owner',
      ownerRole: 'media_owner',
      status: 'archived',
      verified: true,
      rating: null,
      createdAt: expect.any(String),
      owner: { _id: plain.user.id, name: 'Plain Person' },
    });
    const recent = await server.request('/api/admin/barters?limit=2', { token: admin.token });
    expect(recent.body.listings).toHaveLength(2);
    const advertisers = await server.request('/api/admin/barters?ownerType=advertiser', {
      token: admin.token,
    });
    expect(advertisers.body.listings.map((l: { title: string }) => l.title)).toEqual([
      'Advertiser needs reels',
    ]);
    const pendingActive = await server.request('/api/admin/barters?status=active&verified=false', {
      token: admin.token,
    });
    expect(pendingActive.body.total).toBe(2);
    const search = await server.request('/api/admin/barters?q=RADIO', { token: admin.token });
    expect(search.body.listings.map((l: { title: string }) => l.title)).toEqual(['Pending radio spots']);
    const page2 = await server.request('/api/admin/barters?limit=2&offset=2', { token: admin.token });
    expect(page2.body.listings.map((l: { title: string }) => l.title)).toEqual([
      'Verified hoarding',
      'Advertiser needs reels',
    ]);
  });

  it('refuses a type filter named like an inherited property with 400, never a 500', async () => {
    // `ownerType=constructor` once read Object.prototype.constructor as a business type (hardening suite).
    for (const name of ['constructor', 'toString', '__proto__']) {
      for (const path of [`/api/admin/barters?ownerType=${name}`, `/api/admin/users?userType=${name}`]) {
        const res = await server.request(path, { token: admin.token });
        expect(res.status, path).toBe(400);
        expect(res.body.message, path).toEqual(expect.any(String));
      }
      const search = await server.request(`/api/barters?ownerRole=${name}`);
      expect(search.status, name).toBe(400);
    }
  });

  it('suspends a user: every session revoked, login refused, audited; activates again', async () => {
    const second = await server.request('/api/auth/login', {
      json: { email: plain.user.email, password: plain.password },
    });
    expect(second.status).toBe(200);
    const res = await server.request(`/api/admin/users/${plain.user.id}/status`, {
      method: 'PATCH',
      token: admin.token,
      json: { status: 'suspended' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ _id: plain.user.id, status: 'suspended' });
    for (const token of [plain.token, second.body.token]) {
      expect((await server.request('/api/auth/me', { token })).status).toBe(401);
    }
    const login = await server.request('/api/auth/login', {
      json: { email: plain.user.email, password: plain.password },
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(MESSAGES.accountSuspended);

    const [row] = await auditRows();
    expect(row).toMatchObject({
      actorId: admin.user.id,
      action: 'suspend',
      targetType: 'user',
      targetId: plain.user.id,
      before: { status: 'active' },
      after: { status: 'suspended' },
    });

    // the same status again changes and records nothing
    const again = await server.request(`/api/admin/users/${plain.user.id}/status`, {
      method: 'PATCH',
      token: admin.token,
      json: { status: 'suspended' },
    });
    expect(again.status).toBe(200);
    expect(await auditRows()).toHaveLength(1);

    const activate = await server.request(`/api/admin/users/${plain.user.id}/status`, {
      method: 'PATCH',
      token: admin.token,
      json: { status: 'active' },
    });
    expect(activate.status).toBe(200);
    expect(activate.body.user.status).toBe('active');
    const [activated] = await auditRows();
    expect(activated).toMatchObject({
      action: 'activate',
      before: { status: 'suspended' },
      after: { status: 'active' },
    });
    const relogin = await server.request('/api/auth/login', {
      json: { email: plain.user.email, password: plain.password },
    });
    expect(relogin.status).toBe(200);
    plain.token = relogin.body.token;
  });

  it('refuses bad status changes: unknown user, bad body, self-suspension, the last active admin', async () => {
    const unknown = await server.request('/api/admin/users/00000000-0000-4000-8000-00000000abcd/status', {
      method: 'PATCH',
      token: admin.token,
      json: { status: 'suspended' },
    });
    expect(unknown.status).toBe(404);
    const bad = await server.request(`/api/admin/users/${plain.user.id}/status`, {
      method: 'PATCH',
      token: admin.token,
      json: { status: 'banned' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('status');
    const self = await server.request(`/api/admin/users/${admin.user.id}/status`, {
      method: 'PATCH',
      token: admin.token,
      json: { status: 'suspended' },
    });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(MESSAGES.adminCannotSuspendSelf);

    // a second admin can be suspended (and loses access at once) …
    const other = await createTestUser(server.db, { role: 'admin' });
    const suspendOther = await server.request(`/api/admin/users/${other.user.id}/status`, {
      method: 'PATCH',
      token: admin.token,
      json: { status: 'suspended' },
    });
    expect(suspendOther.status).toBe(200);
    expect((await server.request('/api/admin/metrics', { token: other.token })).status).toBe(401);
    // … but never the last active admin, whoever asks
    await expect(
      adminSetUserStatus(server.db, other.user.id, admin.user.id, 'suspended'),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.adminCannotSuspendLastAdmin });
    const [adminRow] = await server.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(adminRow?.status).toBe('active');
    expect((await auditRows()).filter((r) => r.targetId === admin.user.id)).toHaveLength(0);
  });

  it('verifies and unverifies a listing, audited; archives one with a reason its owner can read', async () => {
    const id = listingIds['Pending radio spots']!;
    const verify = await server.request(`/api/admin/barters/${id}/verify`, {
      method: 'PATCH',
      token: admin.token,
      json: { verified: true },
    });
    expect(verify.status).toBe(200);
    expect(verify.body.listing).toMatchObject({ _id: id, verified: true, status: 'active' });
    const [stored] = await server.db.select().from(listings).where(eq(listings.id, id));
    expect(stored?.verified).toBe(true);
    expect((await auditRows())[0]).toMatchObject({
      actorId: admin.user.id,
      action: 'verify',
      targetType: 'listing',
      targetId: id,
      before: { verified: false },
      after: { verified: true },
    });
    const unverify = await server.request(`/api/admin/barters/${id}/verify`, {
      method: 'PATCH',
      token: admin.token,
      json: { verified: false },
    });
    expect(unverify.body.listing.verified).toBe(false);
    expect((await auditRows())[0]).toMatchObject({ action: 'unverify', after: { verified: false } });

    const badVerify = await server.request(`/api/admin/barters/${id}/verify`, {
      method: 'PATCH',
      token: admin.token,
      json: { verified: 'yes' },
    });
    expect(badVerify.status).toBe(400);
    const missing = await server.request('/api/admin/barters/00000000-0000-4000-8000-00000000abcd/verify', {
      method: 'PATCH',
      token: admin.token,
      json: { verified: true },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MESSAGES.adminListingNotFound);

    const noReason = await server.request(`/api/admin/barters/${id}/archive`, {
      method: 'PATCH',
      token: admin.token,
      json: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(MESSAGES.adminArchiveReasonRequired);
    const reason = 'Misleading audience figures';
    const archive = await server.request(`/api/admin/barters/${id}/archive`, {
      method: 'PATCH',
      token: admin.token,
      json: { reason },
    });
    expect(archive.status).toBe(200);
    expect(archive.body.listing).toMatchObject({ status: 'archived', archivedReason: reason });
    const [archived] = await server.db.select().from(listings).where(eq(listings.id, id));
    expect(archived).toMatchObject({ status: 'archived', archivedReason: reason });
    expect((await auditRows())[0]).toMatchObject({
      action: 'archive',
      targetId: id,
      reason,
      before: { status: 'active', archivedReason: null },
      after: { status: 'archived', archivedReason: reason },
    });
    const metrics = await server.request('/api/admin/metrics', { token: admin.token });
    expect(metrics.body).toMatchObject({ listings: 3, verifiedListings: 2, pendingListings: 1 });
  });

  it('shows the activity feed newest first, with actor, target and filters', async () => {
    const res = await server.request('/api/admin/activity', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.entries.map((e: { action: string }) => e.action)).toEqual([
      'archive',
      'unverify',
      'verify',
      'suspend',
      'activate',
      'suspend',
    ]);
    expect(res.body.total).toBe(6);
    expect(res.body.entries[0]).toMatchObject({
      targetType: 'listing',
      targetLabel: 'Pending radio spots',
      actor: { _id: admin.user.id, name: 'Ada Admin', email: admin.user.email },
      reason: 'Misleading audience figures',
      createdAt: expect.any(String),
    });
    const suspends = await server.request('/api/admin/activity?action=suspend', { token: admin.token });
    expect(suspends.body.total).toBe(2);
    expect(suspends.body.entries[1]).toMatchObject({
      targetId: plain.user.id,
      targetLabel: plain.user.email,
    });
    const forUser = await server.request(`/api/admin/activity?targetType=user&targetId=${plain.user.id}`, {
      token: admin.token,
    });
    expect(forUser.body.entries.map((e: { action: string }) => e.action)).toEqual(['activate', 'suspend']);
  });

  it('is also served over tRPC to the admin app, with the same guard', async () => {
    const input = encodeURIComponent(JSON.stringify({ limit: 1 }));
    const ok = await server.request(`/trpc/admin.users?input=${input}`, { token: admin.token });
    expect(ok.status).toBe(200);
    expect(ok.body.result.data.users).toHaveLength(1);
    const refused = await server.request(`/trpc/admin.users?input=${input}`, { token: plain.token });
    expect(refused.status).toBe(403);
  });

  it('never lets two admins suspending each other at once leave no active admin', async () => {
    const a2 = await createTestUser(server.db, { role: 'admin' });
    const a3 = await createTestUser(server.db, { role: 'admin' });
    const first = await server.request(`/api/admin/users/${admin.user.id}/status`, {
      method: 'PATCH',
      token: a2.token,
      json: { status: 'suspended' },
    });
    expect(first.status).toBe(200);
    const [x, y] = await Promise.all([
      server.request(`/api/admin/users/${a3.user.id}/status`, {
        method: 'PATCH',
        token: a2.token,
        json: { status: 'suspended' },
      }),
      server.request(`/api/admin/users/${a2.user.id}/status`, {
        method: 'PATCH',
        token: a3.token,
        json: { status: 'suspended' },
      }),
    ]);
    // The loser is refused: 403 (the last active admin) when both passed the guard together,
    // 401 when its session was already revoked by the winner's suspension.
    const winner = [x, y].filter((r) => r.status === 200);
    const loser = [x, y].find((r) => r.status !== 200);
    expect(winner).toHaveLength(1);
    expect([401, 403]).toContain(loser?.status);
    if (loser?.status === 403) expect(loser.body.message).toBe(MESSAGES.adminCannotSuspendLastAdmin);
    const stillActive = await server.request('/api/admin/users?role=admin&status=active', {
      token: x.status === 200 ? a2.token : a3.token,
    });
    expect(stillActive.body.total).toBe(1);
  });
});

describe('admin listings at marketplace scale', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    await seedDemo(server.db, { passwordHash: 'x', listings: 3000 });
    ({ token } = await createTestUser(server.db, { role: 'admin' }));
  });
  afterAll(async () => server?.close());

  it('pages, filters and searches thousands of listings on the server', async () => {
    const last = await server.request('/api/admin/barters?limit=50&offset=2990', { token });
    expect(last.status).toBe(200);
    expect(last.body.total).toBe(3000);
    expect(last.body.listings).toHaveLength(10);
    const archived = await server.request('/api/admin/barters?status=archived&limit=1', { token });
    // the seed archives every listing whose index n has n % 17 === 16
    expect(archived.body.total).toBe(Math.floor((3000 + 1) / 17));
    // A title is found with every listing of the same title (the seed's titles repeat every 252 listings).
    const target = demoListing(2998, new Date());
    const sameTitle = Array.from({ length: 3000 }, (_, n) => demoListing(n, new Date())).filter(
      (listing) => listing.title === target.title,
    );
    const found = await server.request(`/api/admin/barters?limit=100&q=${encodeURIComponent(target.title)}`, {
      token,
    });
    expect(found.body.total).toBe(sameTitle.length);
    expect(found.body.listings.map((l: { _id: string }) => l._id).sort()).toEqual(
      sameTitle.map((listing) => listing.id).sort(),
    );
    const metrics = await server.request('/api/admin/metrics', { token });
    expect(metrics.body.listings).toBe(3000 - archived.body.total);
  });
});
