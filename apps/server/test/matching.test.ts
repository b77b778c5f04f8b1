import {
  claimQueuedListings,
  finishQueuedListing,
  notifyDeps,
  runMatchDigest,
  runMatchUpdates,
} from '@barterads/api';
import type { PlanId } from '@barterads/core';
import {
  events,
  listingMatches,
  listingMatchQueue,
  listings,
  notifications,
  subscriptions,
  type UserRow,
} from '@barterads/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, EVENTUALLY, startTestServer, type TestServer } from './helpers/server';

type NewListing = typeof listings.$inferInsert;

describe('matches over real HTTP', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  const deps = () => ({ db: server.db, notify: notifyDeps(server.services) });

  async function listing(owner: UserRow, fields: Partial<NewListing>) {
    const [row] = await server.db
      .insert(listings)
      .values({
        ownerId: owner.id,
        ownerType: owner.userType,
        title: 'Listing',
        description: 'Something to trade.',
        location: 'Somewhere',
        ...fields,
      })
      .returning();
    return row!;
  }

  async function plan(userId: string, planId: PlanId) {
    await server.db.insert(subscriptions).values({
      userId,
      planId,
      period: 'monthly',
      status: 'active',
      currentPeriodStart: new Date(Date.now() - 86_400_000),
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
  }

  const matchesOf = (token: string, listingId?: string) =>
    server.request(`/api/matches${listingId ? `?listingId=${listingId}` : ''}`, { token });

  /** An advertiser's need (in Pune, outdoor by default): ₹60,000 budget, December dates. */
  async function need(category = 'outdoor', city = 'Pune') {
    const brand = await createTestUser(server.db, { firstName: 'Asha' });
    const row = await listing(brand.user, {
      title: 'Need hoardings in Pune for a food launch',
      description: 'Looking for front-lit hoardings on busy Pune roads for our snack launch.',
      location: 'Pune, Maharashtra',
      city,
      lat: city === 'Pune' ? 18.5204 : null,
      lng: city === 'Pune' ? 73.8567 : null,
      category,
      rateInr: 60000,
      availableFrom: '2026-12-01',
      availableTo: '2026-12-31',
    });
    return { brand, need: row };
  }

  it('scores crafted pairs in PostgreSQL, with the reasons in words, queued by any write', async () => {
    const { brand, need: needRow } = await need();
    const owner = await createTestUser(server.db, { userType: 'media_owner', firstName: 'Meera' });
    const perfect = await listing(owner.user, {
      title: 'Front-lit hoardings on Pune roads',
      description: 'Front-lit hoardings on busy Pune roads, ideal for a launch.',
      location: 'Pune, Maharashtra',
      city: 'Pune',
      lat: 18.53,
      lng: 73.85,
      category: 'outdoor',
      rateInr: 50000,
      availableFrom: '2026-11-15',
      availableTo: '2027-01-15',
    });
    const nearby = await listing(owner.user, {
      title: 'Gantry at Pimpri',
      description: 'A gantry over the expressway.',
      location: 'Pimpri-Chinchwad',
      city: 'Pimpri-Chinchwad',
      lat: 18.6298,
      lng: 73.7997,
      category: 'outdoor',
      rateInr: 75000,
    });
    const far = await listing(owner.user, {
      title: 'Delhi metro wraps',
      description: 'Train wraps on the blue line.',
      location: 'Delhi',
      city: 'Delhi',
      lat: 28.61,
      lng: 77.2,
      category: 'outdoor',
      rateInr: 400000,
    });
    const print = await listing(owner.user, {
      title: 'Front-lit hoardings in a Pune newspaper',
      description: 'Half page in a Pune daily.',
      location: 'Pune',
      city: 'Pune',
      category: 'print',
      rateInr: 30000,
    });
    const queued = await server.db
      .select()
      .from(listingMatchQueue)
      .where(inArray(listingMatchQueue.listingId, [needRow.id, perfect.id, nearby.id, far.id, print.id]));
    expect(queued.length).toBeGreaterThan(0);
    await runMatchUpdates(deps());

    const got = await matchesOf(brand.token, needRow.id);
    expect(got.status).toBe(200);
    const byId = new Map(got.body.matches.map((m: { listing: { _id: string } }) => [m.listing._id, m]));
    expect(byId.get(perfect.id)).toMatchObject({
      score: 100,
      reasons: ['same_category', 'same_city', 'dates_overlap', 'within_budget', 'similar_words'],
      reasonText: 'same category; same city; dates overlap; within budget; similar description',
      forListingId: needRow.id,
    });
    // 14 km away in another city, 25% over the budget, no dates.
    expect(byId.get(nearby.id)).toMatchObject({
      score: 55,
      reasons: ['same_category', 'nearby', 'near_budget'],
      reasonText: 'same category; within 50 km; within 30% of the budget',
    });
    // Same category only (far, too dear): below the threshold; another category: no match.
    expect(byId.has(far.id)).toBe(false);
    expect(byId.has(print.id)).toBe(false);
    expect(got.body.matches[0].listing._id).toBe(perfect.id);

    // The inventory's owner sees the same pair from their side.
    const other = await matchesOf(owner.token, perfect.id);
    expect(other.body.matches.map((m: { listing: { _id: string } }) => m.listing._id)).toEqual([needRow.id]);
    // Another member's listing: 404; signed out: 401.
    expect((await matchesOf(owner.token, needRow.id)).status).toBe(404);
    expect((await server.request('/api/matches')).status).toBe(401);

    // The need's owner hears of the new matches once (bell, from the `match.found` event written with the pairs;
    // the e-mail is the daily one's).
    const toldOf = () =>
      server.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, brand.user.id), eq(notifications.kind, 'new_matches')));
    await expect.poll(async () => (await toldOf()).length, EVENTUALLY).toBe(1);
    const told = await toldOf();
    expect(told[0]).toMatchObject({ link: `/listings/${needRow.id}`, emailStatus: 'skipped' });

    // Archiving the inventory removes the pair within the next run; editing the price re-scores.
    await server.db.update(listings).set({ status: 'archived' }).where(eq(listings.id, perfect.id));
    await server.db.update(listings).set({ rateInr: 55000 }).where(eq(listings.id, nearby.id));
    await runMatchUpdates(deps());
    const after = await matchesOf(brand.token, needRow.id);
    expect(
      after.body.matches.map((m: { listing: { _id: string }; score: number }) => [m.listing._id, m.score]),
    ).toEqual([[nearby.id, 65]]);
    expect(
      await server.db.select().from(listingMatches).where(eq(listingMatches.listingId, perfect.id)),
    ).toHaveLength(0);
  });

  it('updates matches within seconds of a listing being posted, edited or archived over the API (the job is woken)', async () => {
    // The inventory is there and matched already; the need is posted over HTTP, and nothing here runs the job:
    // the server's woken run must, long before the next scheduled minute.
    const owner = await createTestUser(server.db, { userType: 'media_owner', firstName: 'Kiran' });
    const hoarding = await listing(owner.user, {
      title: 'Front-lit hoardings on Nashik roads',
      description: 'Front-lit hoardings on busy Nashik roads for launches.',
      location: 'Nashik, Maharashtra',
      city: 'Nashik',
      lat: 19.9975,
      lng: 73.7898,
      category: 'outdoor',
      rateInr: 40000,
    });
    await runMatchUpdates(deps());
    const brand = await createTestUser(server.db, { firstName: 'Zoya' });
    const posted = await server.request('/api/barters', {
      token: brand.token,
      json: {
        title: 'Need hoardings in Nashik for a launch',
        description: 'Looking for front-lit hoardings on busy Nashik roads.',
        city: 'Nashik',
        category: 'outdoor',
        rateInr: 45000,
        unit: 'month',
      },
    });
    expect(posted.status, posted.text).toBe(201);
    const needId: string = posted.body.barter._id;
    const matchedIds = async () =>
      (await matchesOf(brand.token, needId)).body.matches.map(
        (m: { listing: { _id: string } }) => m.listing._id,
      );
    const soon = { ...EVENTUALLY, interval: 100 };
    await expect.poll(matchedIds, soon).toContain(hoarding.id);

    // Edited into another category: the pair goes.
    const edited = await server.request(`/api/barters/${needId}`, {
      method: 'PATCH',
      token: brand.token,
      json: { category: 'print' },
    });
    expect(edited.status).toBe(200);
    await expect.poll(matchedIds, soon).not.toContain(hoarding.id);
    // Back to outdoor, then archived: the owner of the hoarding sees it come and go.
    await server.request(`/api/barters/${needId}`, {
      method: 'PATCH',
      token: brand.token,
      json: { category: 'outdoor' },
    });
    const theirs = async () =>
      (await matchesOf(owner.token, hoarding.id)).body.matches.map(
        (m: { listing: { _id: string } }) => m.listing._id,
      );
    await expect.poll(theirs, soon).toContain(needId);
    expect(
      (
        await server.request(`/api/barters/${needId}/archive`, {
          method: 'POST',
          token: brand.token,
          json: {},
        })
      ).status,
    ).toBe(200);
    await expect.poll(theirs, soon).not.toContain(needId);
  });

  it('matches a category the other side seeks', async () => {
    const brand = await createTestUser(server.db);
    const wants = await listing(brand.user, {
      title: 'Our app for your outdoor space',
      description: 'We offer in-app banners and want outdoor hoardings in return.',
      location: 'Mumbai',
      city: 'Mumbai',
      category: 'app',
      seeking: 'Outdoor hoardings in Mumbai',
      rateInr: 100000,
    });
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    const hoarding = await listing(owner.user, {
      title: 'Hoarding at Bandra',
      description: 'Facing the sea link.',
      location: 'Mumbai',
      city: 'Mumbai',
      category: 'outdoor',
      rateInr: 90000,
    });
    await runMatchUpdates(deps());
    const got = await matchesOf(brand.token, wants.id);
    // (Earlier tests' outdoor inventory may match too: only this owner's listing is looked at.)
    const mine = got.body.matches.filter(
      (m: { listing: { ownerId: string } }) => m.listing.ownerId === owner.user.id,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      listing: { _id: hoarding.id },
      // The wish's words ("hoardings in Mumbai") read like the hoarding's: similar description too.
      score: 80,
      reasons: ['sought_category', 'same_city', 'within_budget', 'similar_words'],
      reasonText: 'a category they are looking for; same city; within budget; similar description',
    });
  });

  it('shows the top 3 per listing without Professional or Enterprise, all with them, and mails those daily', async () => {
    // Transit in Nagpur: no earlier test's listing is in the running.
    const { brand, need: needRow } = await need('transit', 'Nagpur');
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    for (let i = 0; i < 5; i++) {
      await listing(owner.user, {
        title: `Nagpur bus back ${i}`,
        description: 'A bus back panel.',
        location: 'Nagpur',
        city: 'Nagpur',
        category: 'transit',
        rateInr: 40000 + i * 1000,
      });
    }
    await runMatchUpdates(deps());
    const free = await matchesOf(brand.token, needRow.id);
    expect(free.body).toMatchObject({ hidden: 2, seesAll: false });
    expect(free.body.matches).toHaveLength(3);
    const dashboard = await matchesOf(brand.token);
    expect(dashboard.body.matches).toHaveLength(3);

    // Growth is still top 3.
    await plan(brand.user.id, 'growth');
    expect((await matchesOf(brand.token, needRow.id)).body.matches).toHaveLength(3);
    await server.db.delete(subscriptions).where(eq(subscriptions.userId, brand.user.id));
    await plan(brand.user.id, 'professional');
    const full = await matchesOf(brand.token, needRow.id);
    expect(full.body).toMatchObject({ hidden: 0, seesAll: true });
    expect(full.body.matches).toHaveLength(5);

    // The daily match e-mail: once per member and day, however often the job runs.
    await Promise.all([
      runMatchDigest(notifyDeps(server.services)),
      runMatchDigest(notifyDeps(server.services)),
    ]);
    // A `match.digest` event per member and day (its dedupe key), mailed and put in the bell by the dispatcher.
    const mail = await server.mail.waitFor(brand.user.email, EVENTUALLY.timeout);
    expect(mail.text).toContain('Subject: Your matches today: 5 new');
    expect(mail.text).toContain('same category; same city; within budget');
    expect(await runMatchDigest(notifyDeps(server.services))).toBe(0);
    const digests = (await server.db.select().from(events).where(eq(events.type, 'match.digest'))).filter(
      (e) => e.resourceId === brand.user.id,
    );
    expect(digests).toHaveLength(1);
    const digestBell = async () =>
      (
        await server.db
          .select({ title: notifications.title, emailStatus: notifications.emailStatus })
          .from(notifications)
          .where(and(eq(notifications.userId, brand.user.id), eq(notifications.kind, 'new_matches')))
      )
        .filter((n) => n.title === 'Your matches today: 5 new')
        .map((n) => n.emailStatus);
    await expect.poll(digestBell, EVENTUALLY).toEqual(['skipped']);
    // The free owner of the inventory gets no digest.
    const ownerDigest = (await server.db.select().from(events).where(eq(events.type, 'match.digest'))).filter(
      (e) => e.resourceId === owner.user.id,
    );
    expect(ownerDigest).toHaveLength(0);
    expect(
      server.mail.mails.filter(
        (m) => m.to.includes(brand.user.email.toLowerCase()) && m.text.includes('Your matches today'),
      ),
    ).toHaveLength(1);
  });

  /** Pune hoardings that match need()'s need, in the state given. */
  async function hoardings(status: 'active' | 'archived') {
    const owner = await createTestUser(server.db, { userType: 'media_owner', firstName: 'Meera' });
    return listing(owner.user, {
      title: 'Front-lit hoardings on Pune roads',
      description: 'Front-lit hoardings on busy Pune roads, ideal for a launch.',
      location: 'Pune, Maharashtra',
      city: 'Pune',
      category: 'outdoor',
      rateInr: 50000,
      availableFrom: '2026-11-15',
      availableTo: '2027-01-15',
      status,
    });
  }

  const paired = async (a: string, b: string) =>
    (
      await server.db
        .select()
        .from(listingMatches)
        .where(and(eq(listingMatches.listingId, a), eq(listingMatches.matchedId, b)))
    ).length > 0;
  const queuedRow = async (id: string) =>
    (await server.db.select().from(listingMatchQueue).where(eq(listingMatchQueue.listingId, id)))[0];

  it('leaves a listing claimed by a worker killed mid-batch alone until the claim ends, then computes it', async () => {
    const { need: needRow } = await need();
    await runMatchUpdates(deps());
    const offer = await hoardings('active');
    // A worker claims the queue and is killed before it stores anything.
    const claimed = await claimQueuedListings(server.db, 1_000);
    expect(claimed.map((c) => c.listingId)).toContain(offer.id);
    await runMatchUpdates(deps());
    expect(await queuedRow(offer.id)).toBeDefined();
    expect(await paired(needRow.id, offer.id)).toBe(false);
    // Its claim ends (the database's clock: moved by ending it now instead of waiting five minutes).
    await server.db
      .update(listingMatchQueue)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(listingMatchQueue.listingId, offer.id));
    await runMatchUpdates(deps());
    expect(await queuedRow(offer.id)).toBeUndefined();
    expect(await paired(needRow.id, offer.id)).toBe(true);
  });

  it('computes again a listing edited while a worker computed its matches from the row before the edit', async () => {
    const { need: needRow } = await need();
    const offer = await hoardings('archived');
    await runMatchUpdates(deps());
    // The offer is queued again (say its owner's edit was just before); a worker claims it and reads it archived...
    await server.db
      .update(listings)
      .set({ title: 'Front-lit hoardings on Pune roads (lit)' })
      .where(eq(listings.id, offer.id));
    const [claim] = (await claimQueuedListings(server.db, 1_000)).filter((c) => c.listingId === offer.id);
    expect(claim).toBeDefined();
    // ...its owner publishes it meanwhile (queued again: the claim is cleared), and the worker finishes its claim.
    await server.db.update(listings).set({ status: 'active' }).where(eq(listings.id, offer.id));
    await finishQueuedListing(server.db, claim!);
    // The publication is not lost with the claim: the next run computes the pair.
    await runMatchUpdates(deps());
    expect(await paired(needRow.id, offer.id)).toBe(true);
  });

  it('keeps the rest of a batch when one listing fails, and tries the failed one again at the next run', async () => {
    const { need: needRow } = await need();
    await runMatchUpdates(deps());
    const first = await hoardings('active');
    const second = await hoardings('active');
    // The run's first update fails (its transaction refused, as a dropped connection would).
    let failures = 1;
    const failing = new Proxy(server.db, {
      get(target, property) {
        if (property === 'transaction' && failures > 0) {
          failures -= 1;
          return () => Promise.reject(new Error('connection lost'));
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    expect(await runMatchUpdates({ ...deps(), db: failing })).toBe(0);
    expect(failures).toBe(0);
    // Neither listing was lost with the failed run: the next one computes both.
    await runMatchUpdates(deps());
    expect(await paired(needRow.id, first.id)).toBe(true);
    expect(await paired(needRow.id, second.id)).toBe(true);
  });

  it('shows admins the needs with no match, by category', async () => {
    const admin = await createTestUser(server.db, { role: 'admin' });
    const brand = await createTestUser(server.db);
    await listing(brand.user, {
      title: 'Need a radio jingle slot',
      description: 'Morning drive time.',
      location: 'Kochi',
      category: 'audio',
      rateInr: 20000,
    });
    await runMatchUpdates(deps());
    const got = await server.request('/trpc/matching.unmatchedNeeds', { token: admin.token });
    expect(got.status).toBe(200);
    const audio = got.body.result.data.categories.find((c: { category: string }) => c.category === 'audio');
    expect(audio.needs).toBeGreaterThanOrEqual(1);
    expect((await server.request('/trpc/matching.unmatchedNeeds', { token: brand.token })).status).toBe(403);
  });
});
