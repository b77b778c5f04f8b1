import { publishDueReviews } from '@barterads/api';
import {
  auditLog,
  type Database,
  deals,
  eventDeliveries,
  events,
  listings,
  notifications,
  reviews,
  type UserRow,
  users,
} from '@barterads/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, EVENTUALLY, startTestServer, type TestServer } from './helpers/server';

type TestUser = { user: UserRow; token: string };

async function createListing(db: Database, owner: UserRow) {
  const [row] = await db
    .insert(listings)
    .values({
      ownerId: owner.id,
      ownerType: owner.userType,
      title: 'Hoarding near the flyover',
      description: 'Front-lit hoarding facing two-way traffic.',
      location: 'Pune, Maharashtra',
      category: 'outdoor',
      unit: 'month',
      rateInr: 50000,
    })
    .returning();
  return row!;
}

describe('reviews over real HTTP', () => {
  let server: TestServer;
  let admin: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server.db, { role: 'admin' });
    stranger = await createTestUser(server.db, { firstName: 'Third' });
  });
  afterAll(async () => server.close());

  /** A deal between owner and brand carried to `completed` through the API (links as proof). */
  async function completedDeal(owner?: TestUser) {
    owner ??= await createTestUser(server.db, { userType: 'media_owner', firstName: 'Meera' });
    await server.db.update(users).set({ companyName: 'Meera Outdoor' }).where(eq(users.id, owner.user.id));
    const brand = await createTestUser(server.db, { firstName: 'Kabir' });
    await server.db.update(users).set({ companyName: 'Kabir Foods' }).where(eq(users.id, brand.user.id));
    const listing = await createListing(server.db, owner.user);
    const made = await server.request('/api/deals', {
      token: brand.token,
      json: {
        listingId: listing.id,
        openDays: 7,
        items: [
          { giverId: owner.user.id, title: 'Hoarding', quantity: 1, unit: 'month', valueInr: 50000 },
          { giverId: brand.user.id, title: 'Sampling', quantity: 20, unit: 'event', valueInr: 45000 },
        ],
      },
    });
    expect(made.status).toBe(201);
    const id = made.body.deal._id as string;
    const accepted = await server.request(`/api/deals/${id}/accept`, {
      token: owner.token,
      json: { version: 1 },
    });
    expect(accepted.status).toBe(200);
    // Out of this month's free-plan count, commission settled: the owner can take more deals in this suite.
    await server.db
      .update(deals)
      .set({
        acceptedAt: sql`${deals.acceptedAt} - interval '40 days'`,
        proposerCommissionPaid: true,
        counterpartyCommissionPaid: true,
      })
      .where(eq(deals.id, id));
    const [ownerItem, brandItem] = accepted.body.deal.items as { _id: string }[];
    return { id, owner, brand, ownerItem: ownerItem!._id, brandItem: brandItem!._id };
  }

  async function complete(d: Awaited<ReturnType<typeof completedDeal>>) {
    for (const [itemId, giver, receiver] of [
      [d.ownerItem, d.owner, d.brand],
      [d.brandItem, d.brand, d.owner],
    ] as const) {
      const form = new FormData();
      form.append('link', 'https://example.com/proof');
      const res = await fetch(`${server.baseUrl}/api/deals/${d.id}/items/${itemId}/deliver`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${giver.token}` },
      });
      expect(res.status).toBe(200);
      const ok = await server.request(`/api/deals/${d.id}/items/${itemId}/accept`, {
        token: receiver.token,
        json: {},
      });
      expect(ok.status).toBe(200);
    }
    const [row] = await server.db.select({ status: deals.status }).from(deals).where(eq(deals.id, d.id));
    expect(row!.status).toBe('completed');
  }

  const review = (token: string, id: string, json: unknown) =>
    server.request(`/api/deals/${id}/reviews`, { token, json });
  const businessPage = async (id: string) => (await server.request(`/api/businesses/${id}`)).body;

  it('refuses reviews before completion, from non-parties and a second time', async () => {
    const d = await completedDeal();
    expect((await review(d.brand.token, d.id, { rating: 5, text: 'Great' })).status).toBe(409);
    await complete(d);
    expect((await review(stranger.token, d.id, { rating: 5, text: 'Great' })).status).toBe(404);
    expect((await review(d.brand.token, d.id, { rating: 6, text: 'Great' })).status).toBe(400);
    expect((await review(d.brand.token, d.id, { rating: 5, text: 'x'.repeat(2001) })).status).toBe(400);
    expect((await review(d.brand.token, d.id, { rating: 5, text: 'Great site' })).status).toBe(201);
    expect((await review(d.brand.token, d.id, { rating: 4, text: 'Again' })).status).toBe(409);
  });

  it('keeps a review hidden until both are written, then shows both with the mean rating', async () => {
    const d = await completedDeal();
    await complete(d);
    const first = await review(d.brand.token, d.id, { rating: 4, text: 'Well lit, on time.' });
    expect(first.status).toBe(201);
    expect(first.body.review.publishedAt).toBeNull();
    let page = await businessPage(d.owner.user.id);
    expect(page.business).toMatchObject({ rating: null, reviewCount: 0 });
    expect(page.reviews).toEqual([]);
    // The reviewed party cannot see it yet either.
    const forOwner = await server.request(
      `/trpc/reviews.forDeal?input=${encodeURIComponent(JSON.stringify({ id: d.id }))}`,
      {
        token: d.owner.token,
      },
    );
    expect(forOwner.status).toBe(200);
    expect(forOwner.body.result.data.theirs).toBeNull();
    expect(forOwner.body.result.data.canReview).toBe(true);
    // The review's event (`review.received`, written with it) tells the reviewed party through the dispatcher.
    const received = async (userId: string) =>
      await server.db
        .select({ body: notifications.body })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'review_received')));
    await expect.poll(async () => (await received(d.owner.user.id)).length, EVENTUALLY).toBe(1);
    expect((await received(d.owner.user.id))[0]!.body).toContain('It is shown once you have written yours');

    const second = await review(d.owner.token, d.id, { rating: 5, text: 'Prompt with the sampling.' });
    expect(second.status).toBe(201);
    expect(second.body.review.publishedAt).not.toBeNull();
    // Published as it is written: its `review.published` event tells the brand; the owner's review, published with
    // it, is not told twice.
    await expect.poll(async () => (await received(d.brand.user.id)).length, EVENTUALLY).toBe(1);
    expect((await received(d.brand.user.id))[0]!.body).toContain('It is on your business page now');
    const published = (
      await server.db.select().from(events).where(eq(events.type, 'review.published'))
    ).filter((e) => e.audience.includes(d.owner.user.id) && e.audience.includes(d.brand.user.id));
    expect(published).toHaveLength(2);
    await expect
      .poll(
        async () =>
          (
            await server.db
              .select()
              .from(eventDeliveries)
              .where(
                inArray(
                  eventDeliveries.eventId,
                  published.map((e) => e.id),
                ),
              )
          ).filter((x) => x.channel === 'bell' && x.status !== 'pending').length,
        EVENTUALLY,
      )
      .toBe(1);
    expect(await received(d.owner.user.id)).toHaveLength(1);
    page = await businessPage(d.owner.user.id);
    expect(page.business).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(page.reviews.map((r: { text: string }) => r.text)).toEqual(['Well lit, on time.']);
    const brandPage = await businessPage(d.brand.user.id);
    expect(brandPage.business).toMatchObject({ rating: 5, reviewCount: 1 });

    // A second completed deal for the owner: the rating is the mean of the public reviews, newest first.
    const d2 = await completedDeal(d.owner);
    await complete(d2);
    expect((await review(d2.brand.token, d2.id, { rating: 1, text: 'Poor.' })).status).toBe(201);
    expect((await review(d2.owner.token, d2.id, { rating: 5, text: 'Fine.' })).status).toBe(201);
    page = await businessPage(d.owner.user.id);
    expect(page.business).toMatchObject({ rating: 2.5, reviewCount: 2 });
    expect(page.reviews.map((r: { text: string }) => r.text)).toEqual(['Poor.', 'Well lit, on time.']);
    // Listings show the owner's rating and count.
    const listing = await server.request(`/api/barters?limit=50`);
    const mine = (listing.body.barters ?? listing.body.listings ?? []).filter(
      (l: { ownerId: string }) => l.ownerId === d.owner.user.id,
    );
    expect(mine.length).toBeGreaterThan(0);
    for (const l of mine) expect(l).toMatchObject({ rating: 2.5, reviewCount: 2 });
  });

  it('publishes a lone review 14 days after completion (clock moved, job run), never before', async () => {
    const d = await completedDeal();
    await complete(d);
    const made = await review(d.brand.token, d.id, { rating: 3, text: 'Okay.' });
    expect(made.status).toBe(201);
    await server.db
      .update(deals)
      .set({ completedAt: sql`now() - interval '13 days 23 hours'` })
      .where(eq(deals.id, d.id));
    expect((await publishDueReviews(server.db)).map((r) => r.id)).not.toContain(made.body.review._id);
    expect((await businessPage(d.owner.user.id)).business.reviewCount).toBe(0);
    await server.db
      .update(deals)
      .set({ completedAt: sql`now() - interval '14 days 1 minute'` })
      .where(eq(deals.id, d.id));
    expect((await publishDueReviews(server.db)).map((r) => r.id)).toContain(made.body.review._id);
    expect((await businessPage(d.owner.user.id)).business).toMatchObject({ rating: 3, reviewCount: 1 });
    // A review written after the 14 days is public at once.
    const late = await review(d.owner.token, d.id, { rating: 4, text: 'Late but fair.' });
    expect(late.body.review.publishedAt).not.toBeNull();
  });

  it('writes review.published for both reviews together, or a lone one after the window, seen by the parties and admins', async () => {
    const published = async (token: string, dealId: string) =>
      (
        (await server.request('/api/events?types=review.published', { token })).body.events as {
          actor: { kind: string; id: string | null };
          data: { review: { _id: string; dealId: string; text: string; publishedAt: string | null } };
        }[]
      ).filter((e) => e.data.review.dealId === dealId);

    // Both reviews: no event while the first is hidden; the second publishes both, in its transaction.
    const d = await completedDeal();
    await complete(d);
    const first = await review(d.brand.token, d.id, { rating: 4, text: 'Prompt and fair.' });
    expect(first.status).toBe(201);
    expect(await published(d.owner.token, d.id)).toEqual([]);
    expect(await published(d.brand.token, d.id)).toEqual([]);
    const second = await review(d.owner.token, d.id, { rating: 5, text: 'Great partner.' });
    expect(second.status).toBe(201);
    // Listed once every transaction older than the review's has ended (a moment).
    await expect.poll(async () => (await published(admin.token, d.id)).length).toBe(2);
    for (const party of [d.owner, d.brand, admin]) {
      const seen = await published(party.token, d.id);
      expect(seen.map((e) => e.data.review.text).sort()).toEqual(['Great partner.', 'Prompt and fair.']);
      expect(seen.every((e) => e.actor.kind === 'user' && e.actor.id === d.owner.user.id)).toBe(true);
      expect(seen.every((e) => e.data.review.publishedAt === second.body.review.publishedAt)).toBe(true);
    }
    // Not a party: nothing of it.
    expect(await published(stranger.token, d.id)).toEqual([]);

    // A lone review: its event when the job publishes it after the blind window, by the system.
    const lone = await completedDeal();
    await complete(lone);
    const written = await review(lone.brand.token, lone.id, { rating: 3, text: 'Okay in the end.' });
    await publishDueReviews(server.db);
    expect(await published(lone.owner.token, lone.id)).toEqual([]);
    await server.db
      .update(deals)
      .set({ completedAt: sql`now() - interval '14 days 1 minute'` })
      .where(eq(deals.id, lone.id));
    await publishDueReviews(server.db);
    await expect.poll(async () => (await published(lone.owner.token, lone.id)).length).toBe(1);
    const told = await published(lone.owner.token, lone.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      actor: { kind: 'system', id: null },
      data: { review: { _id: written.body.review._id, text: 'Okay in the end.' } },
    });
    expect(told[0]!.data.review.publishedAt).not.toBeNull();
    expect(await published(lone.brand.token, lone.id)).toHaveLength(1);
    expect(await published(stranger.token, lone.id)).toEqual([]);
  });

  it('lets the reviewed business reply once; reports; an admin hides with a reason (audit-logged)', async () => {
    const d = await completedDeal();
    await complete(d);
    const theirs = await review(d.brand.token, d.id, { rating: 2, text: 'Late.' });
    await review(d.owner.token, d.id, { rating: 5, text: 'Great.' });
    const id = theirs.body.review._id as string;
    const trpc = (path: string, token: string, input: unknown) =>
      server.request(`/trpc/${path}`, { token, json: input });
    expect((await trpc('reviews.reply', d.brand.token, { id, text: 'Mine' })).status).toBe(403);
    expect((await trpc('reviews.reply', d.owner.token, { id, text: 'We were on time.' })).status).toBe(200);
    expect((await trpc('reviews.reply', d.owner.token, { id, text: 'Again' })).status).toBe(409);
    expect((await trpc('reviews.report', stranger.token, { id, reason: 'Fake' })).status).toBe(200);
    expect((await trpc('reviews.report', stranger.token, { id, reason: 'Fake' })).status).toBe(409);
    expect((await trpc('reviews.adminHide', d.owner.token, { id, reason: 'x' })).status).toBe(403);
    const reported = await server.request('/trpc/reviews.adminReported', { token: admin.token });
    expect(reported.body.result.data.reviews.map((r: { _id: string }) => r._id)).toContain(id);
    expect((await trpc('reviews.adminHide', admin.token, { id, reason: '' })).status).toBe(400);
    expect((await trpc('reviews.adminHide', admin.token, { id, reason: 'Abusive' })).status).toBe(200);
    const page = await businessPage(d.owner.user.id);
    expect(page.business).toMatchObject({ rating: null, reviewCount: 0 });
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'hide_review')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.reason).toBe('Abusive');
    const [row] = await server.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row!.hiddenReason).toBe('Abusive');
  });

  it('has REST rows for reply, report, the reported queue and hiding, calling the same procedures', async () => {
    const d = await completedDeal();
    await complete(d);
    const theirs = await review(d.brand.token, d.id, { rating: 1, text: 'Never saw the hoarding lit.' });
    await review(d.owner.token, d.id, { rating: 5, text: 'Great.' });
    const id = theirs.body.review._id as string;
    const rest = (path: string, token: string | undefined, json: unknown) =>
      server.request(`/api/reviews/${id}/${path}`, { token, json });

    // Reply: the reviewed business, once.
    expect((await rest('reply', undefined, { text: 'x' })).status).toBe(401);
    expect((await rest('reply', d.brand.token, { text: 'Mine' })).status).toBe(403);
    expect((await rest('reply', d.owner.token, { text: '' })).status).toBe(400);
    const replied = await rest('reply', d.owner.token, {
      text: 'It was lit from day one; photos on the deal.',
    });
    expect(replied.status).toBe(200);
    expect(replied.body.review).toMatchObject({
      _id: id,
      reply: 'It was lit from day one; photos on the deal.',
    });
    expect((await rest('reply', d.owner.token, { text: 'Again' })).status).toBe(409);
    const shown = await businessPage(d.owner.user.id);
    expect(shown.reviews.find((r: { _id: string }) => r._id === id)?.reply).toBe(
      'It was lit from day one; photos on the deal.',
    );

    // Report: any member, once; an unknown review is not found.
    expect((await rest('report', undefined, { reason: 'Fake' })).status).toBe(401);
    const reported = await rest('report', stranger.token, { reason: 'Reads like a competitor' });
    expect(reported).toMatchObject({ status: 200, body: { reported: true } });
    expect((await rest('report', stranger.token, { reason: 'Again' })).status).toBe(409);
    expect((await rest('report', d.owner.token, { reason: 'Untrue' })).status).toBe(200);
    const unknown = await server.request(`/api/reviews/${crypto.randomUUID()}/report`, {
      token: stranger.token,
      json: { reason: 'x' },
    });
    expect(unknown.status).toBe(404);

    // The admin's queue and hiding: admins only, a reason required, audit-logged, out of the rating.
    expect((await server.request('/api/admin/reviews/reported', { token: d.owner.token })).status).toBe(403);
    const queue = await server.request('/api/admin/reviews/reported', { token: admin.token });
    expect(queue.status).toBe(200);
    const queued = queue.body.reviews.find((r: { _id: string }) => r._id === id);
    expect(queued.reports.map((r: { reason: string }) => r.reason).sort()).toEqual([
      'Reads like a competitor',
      'Untrue',
    ]);
    const hide = (token: string, json: unknown) =>
      server.request(`/api/admin/reviews/${id}/hide`, { token, json });
    expect((await hide(d.owner.token, { reason: 'x' })).status).toBe(403);
    expect((await hide(admin.token, { reason: '' })).status).toBe(400);
    const hidden = await hide(admin.token, { reason: 'Not about the deal' });
    expect(hidden.status).toBe(200);
    expect(hidden.body.review).toMatchObject({ hidden: true, hiddenReason: 'Not about the deal' });
    expect((await hide(admin.token, { reason: 'Again' })).status).toBe(409);
    const after = await server.request('/api/admin/reviews/reported', { token: admin.token });
    expect(after.body.reviews.some((r: { _id: string }) => r._id === id)).toBe(false);
    const page = await businessPage(d.owner.user.id);
    expect(page.business).toMatchObject({ rating: null, reviewCount: 0 });
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'hide_review')));
    expect(audits.map((a) => a.reason)).toEqual(['Not about the deal']);
    // The OpenAPI document lists the rows.
    const doc = (await server.request('/api/openapi.json')).body;
    for (const path of ['/api/reviews/{id}/reply', '/api/reviews/{id}/report', '/api/admin/reviews/reported'])
      expect(Object.keys(doc.paths)).toContain(path);
  });

  it('keeps a review an admin finds the report unfounded: the report is dismissed, audit-logged, the review stays (issue 35)', async () => {
    const d = await completedDeal();
    await complete(d);
    const theirs = await review(d.brand.token, d.id, { rating: 4, text: 'Lit every night as agreed.' });
    await review(d.owner.token, d.id, { rating: 5, text: 'Great.' });
    const id = theirs.body.review._id as string;
    const report = (token: string, reason: string) =>
      server.request(`/api/reviews/${id}/report`, { token, json: { reason } });
    expect((await report(stranger.token, 'I do not like it')).status).toBe(200);

    // The queue names the reviewed business and the reporter.
    const queued = (
      await server.request('/api/admin/reviews/reported', { token: admin.token })
    ).body.reviews.find((r: { _id: string }) => r._id === id);
    expect(queued.subjectName).toBe('Meera Outdoor');
    expect(queued.authorName).toBe('Kabir Foods');
    expect(queued.reports).toEqual([
      expect.objectContaining({ reason: 'I do not like it', reporterName: 'Third User' }),
    ]);

    const dismiss = (token: string, json: unknown = {}) =>
      server.request(`/api/admin/reviews/${id}/dismiss-reports`, { token, json });
    expect((await dismiss(d.owner.token)).status).toBe(403);
    const kept = await dismiss(admin.token, { reason: 'A fair review of the deal' });
    expect(kept.status).toBe(200);
    expect(kept.body.review).toMatchObject({ _id: id, hidden: false });
    // Out of the queue, still public and in the rating; a second dismissal has nothing to dismiss.
    const after = await server.request('/api/admin/reviews/reported', { token: admin.token });
    expect(after.body.reviews.some((r: { _id: string }) => r._id === id)).toBe(false);
    const page = await businessPage(d.owner.user.id);
    expect(page.reviews.map((r: { _id: string }) => r._id)).toContain(id);
    expect((await dismiss(admin.token)).status).toBe(409);
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'dismiss_review_reports')));
    expect(audits.map((a) => [a.actorId, a.reason])).toEqual([[admin.user.id, 'A fair review of the deal']]);
    // A new report brings it back, with the new report only.
    expect((await report(d.owner.token, 'Untrue')).status).toBe(200);
    const again = (
      await server.request('/api/admin/reviews/reported', { token: admin.token })
    ).body.reviews.find((r: { _id: string }) => r._id === id);
    expect(again.reports.map((r: { reason: string }) => r.reason)).toEqual(['Untrue']);
  });
});
