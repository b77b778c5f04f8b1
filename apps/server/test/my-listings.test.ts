import { listingEvents, listings, subscriptions } from '@barterads/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, giveTestPlan, startTestServer, type TestServer } from './helpers/server';

const VALID = {
  title: 'Hoarding near Bandra flyover',
  location: 'Mumbai, Maharashtra',
  description: 'Front-lit 40x20 hoarding facing two-way traffic.',
};

describe('My Listings and the overview over real HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  const post = async (token: string, title: string) => {
    const res = await server.request('/api/barters', { token, json: { ...VALID, title } });
    expect(res.status).toBe(201);
    return res.body.barter._id as string;
  };
  const archive = (token: string, id: string) =>
    server.request(`/api/barters/${id}/archive`, { method: 'POST', token });
  const restore = (token: string | undefined, id: string) =>
    server.request(`/api/barters/${id}/restore`, { method: 'POST', ...(token ? { token } : {}) });
  const inMarketplace = async (id: string, title: string) => {
    const search = await server.request(`/api/barters?q=${encodeURIComponent(title)}`);
    return search.body.barters.some((b: { _id: string }) => b._id === id);
  };

  it('puts the owner’s archived listing back on the marketplace; only the owner may', async () => {
    const owner = await createTestUser(server.db);
    const other = await createTestUser(server.db);
    const id = await post(owner.token, 'Restorable hoarding');
    expect((await archive(owner.token, id)).status).toBe(200);
    expect(await inMarketplace(id, 'Restorable hoarding')).toBe(false);

    expect((await restore(undefined, id)).status).toBe(401);
    expect((await restore(other.token, id)).status).toBe(403);
    expect((await restore(owner.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await restore(owner.token, 'nope')).status).toBe(400);

    const restored = await restore(owner.token, id);
    expect(restored.status).toBe(200);
    expect(restored.body.barter).toMatchObject({ _id: id, status: 'active' });
    const [row] = await server.db.select().from(listings).where(eq(listings.id, id));
    expect(row).toMatchObject({ status: 'active', archivedAt: null });
    expect(await inMarketplace(id, 'Restorable hoarding')).toBe(true);
    // Restoring an active listing changes nothing.
    expect((await restore(owner.token, id)).body.barter.status).toBe('active');
  });

  it("stays within the plan's active-listing allowance, also when restores race", async () => {
    const { user, token } = await createTestUser(server.db);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push(await post(token, `Allowance ${i}`));
    // Both archived, two new ones posted in their place: the free tier's 2 are full again.
    await archive(token, ids[0]!);
    await archive(token, ids[1]!);
    const fresh = await post(token, 'Allowance 2');
    await post(token, 'Allowance 3');
    const refused = await restore(token, ids[0]!);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/active listing limit of your plan/);

    // One slot free, two restores at once: exactly one gets it.
    await archive(token, fresh);
    const both = await Promise.all([restore(token, ids[0]!), restore(token, ids[1]!)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 403]);

    // A bigger plan allows more.
    const now = Date.now();
    await server.db.insert(subscriptions).values({
      userId: user.id,
      planId: 'growth',
      period: 'monthly',
      status: 'active',
      currentPeriodStart: new Date(now - 1000),
      currentPeriodEnd: new Date(now + 30 * 24 * 3600 * 1000),
    });
    const loser = both[0]!.status === 403 ? ids[0]! : ids[1]!;
    expect((await restore(token, loser)).status).toBe(200);
  });

  it('leaves a listing an admin archived to support, saying why', async () => {
    const owner = await createTestUser(server.db);
    const id = await post(owner.token, 'Moderated hoarding');
    await server.db
      .update(listings)
      .set({ status: 'archived', archivedReason: 'Misleading photos', archivedAt: new Date() })
      .where(eq(listings.id, id));
    const res = await restore(owner.token, id);
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('Misleading photos');
    const [row] = await server.db.select().from(listings).where(eq(listings.id, id));
    expect(row?.status).toBe('archived');
  });

  it('is a row of the REST table, documented in the OpenAPI document, as is the exchange field', async () => {
    const doc = (await server.request('/api/openapi.json')).body;
    expect(doc.paths['/api/barters/{id}/restore']?.post).toBeDefined();
    // The exchange field is documented with the words of the form and the card.
    for (const operation of [doc.paths['/api/barters'].post, doc.paths['/api/barters'].get]) {
      expect(JSON.stringify(operation)).toContain('What do you offer in exchange?');
    }
  });

  it("gives the overview's figures as they stood 7 days ago, for a real change (none on a new account)", async () => {
    const fresh = await createTestUser(server.db);
    const stats = async (token: string) => {
      const res = await fetch(`${server.baseUrl}/trpc/listings.stats`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { result: { data: Record<string, unknown> } }).result.data;
    };
    expect((await stats(fresh.token)).previous).toEqual({
      totalListings: 0,
      activeListings: 0,
      archivedListings: 0,
      totalClicks: 0,
    });

    const owner = await createTestUser(server.db);
    await giveTestPlan(server.db, owner.user.id);
    const days = (n: number) => new Date(Date.now() - n * 86400_000);
    const old = [await post(owner.token, 'Old one'), await post(owner.token, 'Old two')];
    const oldArchived = await post(owner.token, 'Old archived');
    const recentlyArchived = await post(owner.token, 'Archived this week');
    await post(owner.token, 'New this week');
    for (const id of [...old, oldArchived, recentlyArchived]) {
      await server.db
        .update(listings)
        .set({ createdAt: days(20) })
        .where(eq(listings.id, id));
    }
    await server.db
      .update(listings)
      .set({ status: 'archived', archivedAt: days(10) })
      .where(eq(listings.id, oldArchived));
    await server.db
      .update(listings)
      .set({ status: 'archived', archivedAt: days(2) })
      .where(eq(listings.id, recentlyArchived));
    await server.db.insert(listingEvents).values([
      { listingId: old[0]!, kind: 'contact_click', createdAt: days(9) },
      { listingId: old[0]!, kind: 'contact_click', createdAt: days(1) },
    ]);
    const figures = await stats(owner.token);
    expect(figures).toMatchObject({
      totalListings: 5,
      activeListings: 3,
      archivedListings: 2,
      totalClicks: 2,
      previous: { totalListings: 4, activeListings: 3, archivedListings: 1, totalClicks: 1 },
    });
  });
});
