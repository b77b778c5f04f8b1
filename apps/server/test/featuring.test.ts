/**
 * Featured listings (issue 22): the owner features a listing for 7 days within the plan's featured listings a
 * month (Asia/Kolkata); featured listings come first on the landing page and in the marketplace's newest order.
 */
import { MESSAGES } from '@barterads/core';
import { listingFeaturings } from '@barterads/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, giveTestPlan, startTestServer, type TestServer } from './helpers/server';

function listing(i: number) {
  return {
    title: `Featuring test hoarding ${i}`,
    location: 'Pune, Maharashtra',
    description: 'A lit hoarding on the ring road, facing two lanes of traffic.',
    category: 'outdoor',
    seeking: 'Office chairs',
  };
}

describe('featured listings over real HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  async function owner(planId?: 'growth' | 'professional', count = 3) {
    const created = await createTestUser(server.db, { userType: 'media_owner' });
    if (planId) await giveTestPlan(server.db, created.user.id, planId);
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const res = await server.request('/api/barters', { token: created.token, json: listing(i) });
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.barter._id);
    }
    return { ...created, ids };
  }

  const feature = (token: string, id: string) =>
    server.request(`/api/barters/${id}/feature`, { token, method: 'POST' });

  it('features for 7 days, counts the month, refuses past the allowance, a stranger and a repeat', async () => {
    const { token, ids } = await owner('growth', 4);
    const first = await feature(token, ids[0]!);
    expect(first.status, first.text).toBe(200);
    expect(first.body.barter.featured).toBe(true);
    const until = Date.parse(first.body.barter.featuredUntil);
    expect(until - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(until - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);

    const again = await feature(token, ids[0]!);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.featuredAlready);
    const stranger = await createTestUser(server.db);
    expect((await feature(stranger.token, ids[1]!)).status).toBe(403);

    expect((await feature(token, ids[1]!)).status).toBe(200);
    expect((await feature(token, ids[2]!)).status).toBe(200);
    const over = await feature(token, ids[3]!);
    expect(over.status).toBe(403);
    expect(over.body.message).toBe(MESSAGES.featuredLimitReached);

    const sub = await server.request('/api/payments/subscription', { token });
    expect(sub.body.allowance).toMatchObject({ featuredThisMonth: 3, featuredLimit: 3 });
  });

  it('refuses the free tier and a listing that is not active', async () => {
    const free = await owner(undefined, 1);
    const res = await feature(free.token, free.ids[0]!);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.featuredNotInPlan);
    const { token, ids } = await owner('growth', 1);
    expect((await server.request(`/api/barters/${ids[0]}/archive`, { token, method: 'POST' })).status).toBe(
      200,
    );
    expect((await feature(token, ids[0]!)).status).toBe(409);
  });

  it("counts last month's featurings in last month (Asia/Kolkata)", async () => {
    const { token, user, ids } = await owner('growth', 4);
    for (const id of ids.slice(0, 3)) expect((await feature(token, id)).status).toBe(200);
    expect((await feature(token, ids[3]!)).status).toBe(403);
    // Move the three into last month and end their featured time: the month's allowance is free again.
    const lastMonth = new Date(Date.now() - 32 * 86_400_000);
    await server.db
      .update(listingFeaturings)
      .set({ createdAt: lastMonth })
      .where(eq(listingFeaturings.userId, user.id));
    expect((await feature(token, ids[3]!)).status).toBe(200);
    const sub = await server.request('/api/payments/subscription', { token });
    expect(sub.body.allowance.featuredThisMonth).toBe(1);
  });

  it('10 concurrent feature calls with 3 left feature exactly 3', async () => {
    // Professional: 10 a month (50 active listings); 7 used first, leaving 3, then 10 more listings race.
    const { token, ids } = await owner('professional', 17);
    const pre = await Promise.all(ids.slice(0, 7).map((id) => feature(token, id)));
    expect(pre.map((r) => r.status)).toEqual(Array(7).fill(200));
    const results = await Promise.all(ids.slice(7).map((id) => feature(token, id)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 403)).toHaveLength(7);
    const sub = await server.request('/api/payments/subscription', { token });
    expect(sub.body.allowance).toMatchObject({ featuredThisMonth: 10, featuredLimit: 10 });
  });

  it('shows featured listings first on the landing page and in the marketplace newest order', async () => {
    const { token, ids } = await owner('growth', 2);
    // An older listing featured, then newer ones posted by someone else: the featured one still comes first.
    expect((await feature(token, ids[0]!)).status).toBe(200);
    await owner('growth', 2);
    const market = await server.request(`/api/barters?q=${encodeURIComponent('Featuring test')}&sort=newest`);
    expect(market.status).toBe(200);
    const barters = market.body.barters as Array<{ _id: string; featured: boolean }>;
    const firstPlain = barters.findIndex((b) => !b.featured);
    expect(barters.slice(0, firstPlain).every((b) => b.featured)).toBe(true);
    expect(barters.slice(firstPlain).some((b) => b.featured)).toBe(false);
    expect(barters.filter((b) => b._id === ids[0]).length).toBe(1);
    expect(barters.find((b) => b._id === ids[0])?.featured).toBe(true);
    // No listing is shown twice across pages.
    const paged = await server.request(
      `/api/barters?q=${encodeURIComponent('Featuring test')}&sort=newest&limit=2`,
    );
    const seen = new Set((paged.body.barters as Array<{ _id: string }>).map((b) => b._id));
    let cursor: string | null = paged.body.nextCursor;
    while (cursor) {
      const next = await server.request(
        `/api/barters?q=${encodeURIComponent('Featuring test')}&sort=newest&limit=2&cursor=${cursor}`,
      );
      for (const b of next.body.barters as Array<{ _id: string }>) {
        expect(seen.has(b._id)).toBe(false);
        seen.add(b._id);
      }
      cursor = next.body.nextCursor;
    }
    const landing = await server.request('/api/barters/featured');
    expect(landing.status).toBe(200);
    const top = landing.body.barters as Array<{ _id: string; featured: boolean }>;
    expect(top[0]?.featured).toBe(true);
    expect(top.some((b) => b._id === ids[0])).toBe(true);
  });
});
