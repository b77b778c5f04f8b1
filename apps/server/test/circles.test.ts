import { notifyDeps, runCircleDetection, runCircleTimers, runMatchUpdates } from '@barterads/api';
import { gstinCheckCharacter } from '@barterads/core';
import {
  auditLog,
  businessVerifications,
  circleQueue,
  circles,
  dealDeliverables,
  deals,
  events,
  listingMatches,
  users,
} from '@barterads/db';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, insertTestListing, startTestServer, type TestServer } from './helpers/server';

type Member = Awaited<ReturnType<typeof createTestUser>> & { listingId: string };

const HOUR = 60 * 60 * 1000;

let panCounter = 0;
/** A valid GSTIN of the state code, with a PAN of its own (as tax.test.ts makes them). */
function gstinOf(stateCode: string): string {
  panCounter += 1;
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const n = (Date.now() + panCounter * 7) % 10_000;
  const pan = `AC${letters[panCounter % 26]}P${letters[(n >> 4) % 26]}${String(n).padStart(4, '0')}K`;
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
}
const soon = { timeout: 60_000, interval: 200 };
let cityCounter = 0;

describe('circle deals over real HTTP', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  /** A city no other test uses, so each test's lists and listings meet only each other. */
  const newCity = () => `Circletown ${++cityCounter} ${Date.now() % 100000}`;

  /** A media owner with one listing (category, value) in `city`. */
  async function member(name: string, city: string, category: string, valueInr: number): Promise<Member> {
    const account = await createTestUser(server.db, { userType: 'media_owner', firstName: name });
    await server.db
      .update(users)
      .set({ companyName: `${name} Media` })
      .where(eq(users.id, account.user.id));
    const listing = await insertTestListing(server.db, account.user, {
      title: `${name}'s ${category}`,
      category,
      city,
      rateInr: valueInr,
      unit: 'month',
    });
    return { ...account, listingId: listing.id };
  }

  const accepts = (m: Member, body: Record<string, unknown>) =>
    server.request('/api/auth/me/accepts', { method: 'PUT', token: m.token, json: body });

  async function accept(m: Member, city: string, category: string, min = 40_000, max = 60_000) {
    const saved = await accepts(m, {
      categories: [category],
      cities: [city],
      minValueInr: min,
      maxValueInr: max,
    });
    expect(saved.status, saved.text).toBe(200);
  }

  const circlesOf = async (m: Member) =>
    (await server.request('/api/circles', { token: m.token })).body.circles;

  /** Waits until the circle job has searched around these members (their queue rows are gone). */
  async function searched(...ms: Member[]) {
    await expect
      .poll(
        async () =>
          (
            await server.db
              .select()
              .from(circleQueue)
              .where(
                inArray(
                  circleQueue.userId,
                  ms.map((m) => m.user.id),
                ),
              )
          ).length,
        soon,
      )
      .toBe(0);
    await runCircleDetection({ db: server.db });
  }

  /** Three members who form a circle: A's outdoor to B, B's digital to C, C's print to A. */
  async function trio(values: [number, number, number] = [50_000, 52_000, 48_000]) {
    const city = newCity();
    const a = await member('Asha', city, 'outdoor', values[0]);
    const b = await member('Bala', city, 'digital', values[1]);
    const c = await member('Chitra', city, 'print', values[2]);
    await accept(b, city, 'outdoor');
    await accept(c, city, 'digital');
    await accept(a, city, 'print');
    return { a, b, c, city };
  }

  async function circleOf(m: Member) {
    await expect.poll(async () => (await circlesOf(m)).length, soon).toBeGreaterThan(0);
    return (await circlesOf(m))[0];
  }

  it('keeps an accept list, refuses a bad one, and the matcher proposes no pair outside it', async () => {
    const city = newCity();
    const owner = await member('Omkar', city, 'outdoor', 45_000);
    const brand = await createTestUser(server.db, { firstName: 'Bina' });
    const need = await insertTestListing(server.db, brand.user, {
      title: 'Need hoardings',
      category: 'outdoor',
      city,
      rateInr: 50_000,
      unit: 'month',
    });
    await runMatchUpdates({ db: server.db, notify: notifyDeps(server.services) });
    const matched = async () =>
      (await server.request(`/api/matches?listingId=${need.id}`, { token: brand.token })).body.matches.map(
        (m: { listing: { _id: string } }) => m.listing._id,
      );
    expect(await matched()).toContain(owner.listingId);

    const bad = await server.request('/api/auth/me/accepts', {
      method: 'PUT',
      token: brand.token,
      json: { categories: ['outdoor'], cities: [], minValueInr: 9000, maxValueInr: 100 },
    });
    expect(bad.status).toBe(400);
    expect((await server.request('/api/auth/me/accepts', { token: brand.token })).body.accepts).toBeNull();

    // The brand accepts print only: the hoarding is never proposed to it again, at once and in the stored pairs.
    const saved = await server.request('/api/auth/me/accepts', {
      method: 'PUT',
      token: brand.token,
      json: { categories: ['print'], cities: [city.toUpperCase()], minValueInr: 0, maxValueInr: 100_000 },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.accepts).toMatchObject({ categories: ['print'], cities: [city.toLowerCase()] });
    expect(
      (await server.request('/api/auth/me/accepts', { token: brand.token })).body.accepts.categories,
    ).toEqual(['print']);
    expect(await matched()).not.toContain(owner.listingId);
    await expect
      .poll(
        async () =>
          (
            await server.db
              .select()
              .from(listingMatches)
              .where(
                and(eq(listingMatches.listingId, need.id), eq(listingMatches.matchedId, owner.listingId)),
              )
          ).length,
        soon,
      )
      .toBe(0);
    // Outdoor again: the pair comes back.
    await server.request('/api/auth/me/accepts', {
      method: 'PUT',
      token: brand.token,
      json: { categories: ['outdoor'], cities: [], minValueInr: 0, maxValueInr: 100_000 },
    });
    await expect.poll(matched, soon).toContain(owner.listingId);
  });

  it('finds a circle within a minute of the last list change; each member sees only its own legs', async () => {
    const { a, b, c } = await trio();
    const circle = await circleOf(a);
    expect(circle.status).toBe('proposed');
    expect(circle.members.map((m: { _id: string }) => m._id).sort()).toEqual(
      [a.user.id, b.user.id, c.user.id].sort(),
    );
    expect(circle.members.find((m: { _id: string }) => m._id === b.user.id).companyName).toBe('Bala Media');
    expect(circle.legs).toHaveLength(2);
    const give = circle.legs.find((l: { direction: string }) => l.direction === 'give');
    const get = circle.legs.find((l: { direction: string }) => l.direction === 'get');
    expect(give).toMatchObject({ giverId: a.user.id, receiverId: b.user.id, listingId: a.listingId });
    expect(get).toMatchObject({ giverId: c.user.id, receiverId: a.user.id, listingId: c.listingId });
    expect(give.reasons.join(' ')).toMatch(
      /Outdoor & Billboards is a category on the receiver's accept list/,
    );
    // B's leg to C is not A's business.
    expect(JSON.stringify(circle)).not.toContain(b.listingId);
    expect(circle.spreadInr).toBe(4_000);
    expect(circle.myAcceptance).toBe('pending');
    expect(circle.actions).toEqual(['accept', 'decline']);
    // Another member gets 404 for it.
    const stranger = await createTestUser(server.db);
    expect((await server.request(`/api/circles/${circle._id}`, { token: stranger.token })).status).toBe(404);
    // All three are told (bell), through the outbox.
    await expect
      .poll(
        async () =>
          (await server.request('/api/notifications', { token: c.token })).body.notifications.map(
            (n: { kind: string }) => n.kind,
          ),
        soon,
      )
      .toContain('circle_proposed');
  });

  it("shows each member the GST of its own legs (the tax module's legs), before and after all accept", async () => {
    const { a, b, c } = await trio();
    // A and C are GST registered (Maharashtra, Karnataka); B is not.
    for (const [m, code] of [
      [a, '27'],
      [c, '29'],
    ] as const) {
      await server.db.insert(businessVerifications).values({
        businessId: m.user.id,
        gstin: gstinOf(code),
        legalName: `${m.user.firstName} Private Limited`,
        certificateKey: `certificates/${m.user.id}.pdf`,
        certificateType: 'application/pdf',
        certificateName: 'certificate.pdf',
        certificateBytes: 1000,
        status: 'verified',
      });
      await server.db.update(users).set({ gstVerification: 'verified' }).where(eq(users.id, m.user.id));
    }
    const listed = await circleOf(a);
    // The list of circles carries no tax; the circle itself does.
    expect(listed.myTax).toBeNull();
    const gst = (leg: { tax: { igst: number; cgst: number; sgst: number } }) =>
      Math.round((leg.tax.igst + leg.tax.cgst + leg.tax.sgst) * 100) / 100;
    const seen = async (m: Member) =>
      (await server.request(`/api/circles/${listed._id}`, { token: m.token })).body.circle;
    const mine = await seen(a);
    const give = mine.legs.find((l: { direction: string }) => l.direction === 'give');
    const get = mine.legs.find((l: { direction: string }) => l.direction === 'get');
    // A supplies B: A's registered leg at the SAC's rate; C supplies A: C's, which A (registered) may claim.
    expect(give.tax).toMatchObject({
      supplierId: a.user.id,
      recipientId: b.user.id,
      status: 'draft',
      _id: null,
    });
    expect(give.tax.supplierGstin).toMatch(/^27/);
    expect(gst(give)).toBeCloseTo((50_000 * give.tax.ratePct) / 100, 2);
    expect(get.tax).toMatchObject({ supplierId: c.user.id, recipientId: a.user.id, status: 'draft' });
    expect(gst(get)).toBeCloseTo((48_000 * get.tax.ratePct) / 100, 2);
    expect(mine.myTax).toEqual({ owe: gst(give), mayClaim: gst(get) });
    // B has no GSTIN: no invoice and no GST on what it gives, nothing to claim on what it gets.
    const theirs = await seen(b);
    const bGive = theirs.legs.find((l: { direction: string }) => l.direction === 'give');
    expect(bGive.tax).toMatchObject({ supplierId: b.user.id, status: 'not_required' });
    expect(theirs.myTax).toEqual({ owe: 0, mayClaim: 0 });
    // Once all three accept, the legs are the stored legs of the three deals.
    for (const m of [a, b, c])
      expect(
        (await server.request(`/api/circles/${listed._id}/accept`, { token: m.token, json: {} })).status,
      ).toBe(200);
    const after = await seen(a);
    const storedGive = after.legs.find((l: { direction: string }) => l.direction === 'give');
    expect(storedGive.tax._id).toEqual(expect.any(String));
    expect(storedGive.tax.dealId).toBe(storedGive.dealId);
    expect(gst(storedGive)).toBe(gst(give));
    const preview = await server.request(`/api/deals/${storedGive.dealId}/tax-preview`, { token: a.token });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.legs.map((l: { _id: string }) => l._id)).toContain(storedGive.tax._id);
  });

  it('proposes no circle outside the lists, over 15% apart, or with a member at its deal limit', async () => {
    // C's list does not take digital.
    const city = newCity();
    const a = await member('Arun', city, 'outdoor', 50_000);
    const b = await member('Bhanu', city, 'digital', 50_000);
    const c = await member('Charu', city, 'print', 50_000);
    await accept(b, city, 'outdoor');
    await accept(c, city, 'audio');
    await accept(a, city, 'print');
    await searched(a, b, c);
    expect(await circlesOf(a)).toHaveLength(0);

    // Values 50,000 / 58,000 / 50,000: 16% apart.
    const far = await trio([50_000, 58_000, 50_000]);
    await searched(far.a, far.b, far.c);
    expect(await circlesOf(far.a)).toHaveLength(0);

    // One member has used one of its two free deals this month: a circle needs two.
    const city2 = newCity();
    const x = await member('Xavier', city2, 'outdoor', 50_000);
    const y = await member('Yamini', city2, 'digital', 50_000);
    const z = await member('Zoya', city2, 'print', 50_000);
    const other = await createTestUser(server.db);
    await server.db.insert(deals).values({
      proposerId: other.user.id,
      counterpartyId: z.user.id,
      status: 'accepted',
      number: `BA-T-${Date.now()}`,
      acceptedAt: new Date(),
      expiresAt: new Date(),
    });
    await accept(y, city2, 'outdoor');
    await accept(z, city2, 'digital');
    await accept(x, city2, 'print');
    await searched(x, y, z);
    expect(await circlesOf(x)).toHaveLength(0);
  });

  it('three accepts at once create exactly three deals, once', async () => {
    const { a, b, c } = await trio();
    const circle = await circleOf(a);
    const answers = await Promise.all(
      [a, b, c].map((m) => server.request(`/api/circles/${circle._id}/accept`, { token: m.token, json: {} })),
    );
    for (const r of answers) expect(r.status, r.text).toBe(200);
    const withDeals = answers.filter((r) => r.body.deals);
    expect(withDeals).toHaveLength(1);
    expect(withDeals[0]!.body.circle.status).toBe('accepted');
    const made = await server.db.select().from(deals).where(eq(deals.circleId, circle._id));
    expect(made).toHaveLength(3);
    expect(new Set(made.map((d) => d.number)).size).toBe(3);
    for (const d of made) expect(d.status).toBe('accepted');
    // Each deal lives its normal life: its deliverable waits for its giver.
    const deliverables = await server.db
      .select()
      .from(dealDeliverables)
      .where(
        inArray(
          dealDeliverables.dealId,
          made.map((d) => d.id),
        ),
      );
    expect(deliverables).toHaveLength(3);
    const mine = made.find((d) => d.proposerId === a.user.id)!;
    const page = await server.request(`/api/deals/${mine.id}`, { token: a.token });
    expect(page.status).toBe(200);
    expect(page.body.deal.circleId).toBe(circle._id);
    expect(page.body.deal.counterparty._id).toBe(b.user.id);
    expect(page.body.deal.actions).toContain('deliver');
    // A fourth answer is refused.
    expect(
      (await server.request(`/api/circles/${circle._id}/decline`, { token: a.token, json: {} })).status,
    ).toBe(409);
  });

  it('a decline during an accept leaves no deal', async () => {
    const { a, b, c } = await trio();
    const circle = await circleOf(a);
    expect(
      (await server.request(`/api/circles/${circle._id}/accept`, { token: a.token, json: {} })).status,
    ).toBe(200);
    const [accepted, declined] = await Promise.all([
      server.request(`/api/circles/${circle._id}/accept`, { token: b.token, json: {} }),
      server.request(`/api/circles/${circle._id}/decline`, { token: c.token, json: {} }),
    ]);
    expect([200, 409]).toContain(accepted.status);
    expect(declined.status, declined.text).toBe(200);
    expect(await server.db.select().from(deals).where(eq(deals.circleId, circle._id))).toHaveLength(0);
    const [row] = await server.db.select().from(circles).where(eq(circles.id, circle._id));
    expect(row).toMatchObject({ status: 'lapsed', lapseReason: 'declined' });
    expect((await server.request(`/api/circles/${circle._id}`, { token: a.token })).body.circle.status).toBe(
      'lapsed',
    );
  });

  it('reminds at 24 and 60 hours and lapses at 72 (a moved clock)', async () => {
    const { a, b, c } = await trio();
    const circle = await circleOf(a);
    await server.request(`/api/circles/${circle._id}/accept`, { token: a.token, json: {} });
    const [row] = await server.db.select().from(circles).where(eq(circles.id, circle._id));
    const at = (hours: number) => new Date(row!.createdAt.getTime() + hours * HOUR);
    const deps = { db: server.db, wakeEvents: notifyDeps(server.services).wakeEvents };
    const reminders = async () =>
      (
        await server.db
          .select()
          .from(events)
          .where(and(eq(events.resourceId, circle._id), eq(events.type, 'circle.reminder')))
      ).map((e) => e.data as { hours: number; pending: string[] });
    await runCircleTimers(deps, at(23));
    expect(await reminders()).toHaveLength(0);
    await runCircleTimers(deps, at(25));
    await runCircleTimers(deps, at(26));
    const first = await reminders();
    expect(first).toHaveLength(1);
    expect(first[0]!.hours).toBe(24);
    // A accepted: only B and C are reminded.
    expect(first[0]!.pending.sort()).toEqual([b.user.id, c.user.id].sort());
    await runCircleTimers(deps, at(61));
    expect((await reminders()).map((r) => r.hours).sort()).toEqual([24, 60]);
    expect((await runCircleTimers(deps, at(71))).lapsed).toBe(0);
    await runCircleTimers(deps, at(72));
    const [lapsed] = await server.db.select().from(circles).where(eq(circles.id, circle._id));
    expect(lapsed).toMatchObject({ status: 'lapsed', lapseReason: 'expired' });
    expect(
      (await server.request(`/api/circles/${circle._id}/accept`, { token: b.token, json: {} })).status,
    ).toBe(409);
    expect(await server.db.select().from(deals).where(eq(deals.circleId, circle._id))).toHaveLength(0);
    // The members hear of the reminder and the lapse in the bell.
    await expect
      .poll(
        async () =>
          (await server.request('/api/notifications', { token: b.token })).body.notifications.map(
            (n: { kind: string }) => n.kind,
          ),
        soon,
      )
      .toEqual(expect.arrayContaining(['circle_reminder', 'circle_lapsed']));
  });

  it('a circle and another deal racing for the last allowance never exceed the plan', async () => {
    const { a, b, c } = await trio();
    const circle = await circleOf(a);
    for (const m of [b, c])
      expect(
        (await server.request(`/api/circles/${circle._id}/accept`, { token: m.token, json: {} })).status,
      ).toBe(200);
    // A brand proposes on A's listing: A's turn. A (free: 2 deals a month) now answers both at once.
    const brand = await createTestUser(server.db, { firstName: 'Dev' });
    const proposed = await server.request('/api/deals', {
      token: brand.token,
      json: {
        listingId: a.listingId,
        openDays: 7,
        items: [
          {
            giverId: a.user.id,
            listingId: a.listingId,
            title: 'Hoarding',
            quantity: 1,
            unit: 'month',
            valueInr: 50_000,
          },
          { giverId: brand.user.id, title: 'Sampling', quantity: 1, unit: 'event', valueInr: 45_000 },
        ],
      },
    });
    expect(proposed.status, proposed.text).toBe(201);
    const [circleAnswer, dealAnswer] = await Promise.all([
      server.request(`/api/circles/${circle._id}/accept`, { token: a.token, json: {} }),
      server.request(`/api/deals/${proposed.body.deal._id}/accept`, { token: a.token, json: { version: 1 } }),
    ]);
    expect([circleAnswer.status, dealAnswer.status].filter((s) => s === 200)).toHaveLength(1);
    expect([circleAnswer.status, dealAnswer.status].filter((s) => s === 403)).toHaveLength(1);
    const accepted = await server.db
      .select()
      .from(deals)
      .where(and(isNotNull(deals.acceptedAt), inArray(deals.id, await dealIdsOf(a.user.id))));
    expect(accepted.length).toBeLessThanOrEqual(2);
  });

  it('trade desk: admins name brokers (audit-logged); brokers draft circles members answer; a broker never accepts', async () => {
    const admin = await createTestUser(server.db, { role: 'admin' });
    const staff = await createTestUser(server.db, { firstName: 'Tara', lastName: 'Broker' });
    const plain = await createTestUser(server.db);
    // A plain user cannot reach the desk, nor draft, nor name a broker.
    expect((await server.request('/api/admin/trade-desk', { token: plain.token })).status).toBe(403);
    expect(
      (await server.request('/api/admin/trade-desk/drafts', { token: plain.token, json: { listingIds: [] } }))
        .status,
    ).toBe(403);
    expect(
      (
        await server.request(`/api/admin/users/${plain.user.id}/broker`, {
          method: 'PUT',
          token: staff.token,
          json: { broker: true },
        })
      ).status,
    ).toBe(403);
    // An admin reads the desk but is no broker: it drafts nothing.
    expect((await server.request('/api/admin/trade-desk', { token: admin.token })).status).toBe(200);
    const made = await server.request(`/api/admin/users/${staff.user.id}/broker`, {
      method: 'PUT',
      token: admin.token,
      json: { broker: true },
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body.user.broker).toBe(true);
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, staff.user.id), eq(auditLog.action, 'set_broker')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.user.id, after: { broker: true } });

    // Three members who keep no accept list (the search never puts them in a circle): the broker assembles one.
    const city = newCity();
    const a = await member('Ira', city, 'outdoor', 50_000);
    const b = await member('Jai', city, 'digital', 51_000);
    const c = await member('Kavya', city, 'print', 49_000);
    const desk = await server.request(`/api/admin/trade-desk?city=${encodeURIComponent(city)}`, {
      token: staff.token,
    });
    expect(desk.status, desk.text).toBe(200);
    expect(Object.keys(desk.body).sort()).toEqual([
      'idleInventory',
      'nearCircles',
      'stalledOffers',
      'unmatchedNeeds',
    ]);
    expect(desk.body.idleInventory.map((m: { userId: string }) => m.userId)).toEqual(
      expect.arrayContaining([a.user.id, b.user.id, c.user.id]),
    );
    const listingIds = [a.listingId, b.listingId, c.listingId];
    expect(
      (await server.request('/api/admin/trade-desk/drafts', { token: admin.token, json: { listingIds } }))
        .status,
    ).toBe(403);
    const drafted = await server.request('/api/admin/trade-desk/drafts', {
      token: staff.token,
      json: { listingIds },
    });
    expect(drafted.status, drafted.text).toBe(201);
    const id = drafted.body.circle._id as string;
    expect(drafted.body.circle.preparedBy).toBe('Prepared by the BarterAds trade desk (Tara Broker)');
    // The members see it marked; the broker cannot answer for them.
    const seen = await server.request(`/api/circles/${id}`, { token: b.token });
    expect(seen.body.circle.preparedBy).toBe('Prepared by the BarterAds trade desk (Tara Broker)');
    expect(seen.body.circle.legs).toHaveLength(2);
    expect((await server.request(`/api/circles/${id}/accept`, { token: staff.token, json: {} })).status).toBe(
      404,
    );
    expect(
      (await server.request(`/api/circles/${id}/decline`, { token: staff.token, json: {} })).status,
    ).toBe(404);
    for (const m of [a, b, c])
      expect((await server.request(`/api/circles/${id}/accept`, { token: m.token, json: {} })).status).toBe(
        200,
      );
    const legDeals = await server.db.select().from(deals).where(eq(deals.circleId, id));
    expect(legDeals.map((d) => d.brokerId)).toEqual([staff.user.id, staff.user.id, staff.user.id]);
    const figures = await server.request('/api/admin/trade-desk/figures', { token: staff.token });
    expect(figures.status).toBe(200);
    expect(
      figures.body.figures.find((f: { brokerId: string }) => f.brokerId === staff.user.id),
    ).toMatchObject({
      drafts: 1,
      accepted: 1,
      valueClosedInr: 150_000,
    });
    // A second draft of the same listings is refused.
    expect(
      (await server.request('/api/admin/trade-desk/drafts', { token: staff.token, json: { listingIds } }))
        .status,
    ).toBe(409);
  });

  it("trade desk: a broker's deal for two is accepted by each member (neither at once); the broker never answers", async () => {
    const admin = await createTestUser(server.db, { role: 'admin' });
    const broker = await createTestUser(server.db, { firstName: 'Uma', lastName: 'Desk' });
    const named = await server.request(`/api/admin/users/${broker.user.id}/broker`, {
      method: 'PUT',
      token: admin.token,
      json: { broker: true },
    });
    expect(named.status, named.text).toBe(200);
    const city = newCity();
    const owner = await member('Lata', city, 'outdoor', 50_000);
    const brand = await member('Mohan', city, 'print', 45_000);
    const body = (from: Member, to: Member, brandValue = 45_000) => ({
      fromUserId: from.user.id,
      listingId: to.listingId,
      openDays: 7,
      message: 'You two fit: hoardings for print.',
      items: [
        {
          giverId: to.user.id,
          listingId: to.listingId,
          title: 'Hoarding',
          quantity: 1,
          unit: 'month',
          valueInr: 50_000,
        },
        { giverId: from.user.id, title: 'Print run', quantity: 1, unit: 'event', valueInr: brandValue },
      ],
    });
    const draft = (json: object, token = broker.token) =>
      server.request('/api/admin/trade-desk/drafts', { token, json });

    // Nothing outside a member's list: the brand takes print only, so the hoarding is refused; then outdoor.
    await accept(brand, city, 'print', 0, 100_000);
    const outside = await draft(body(brand, owner));
    expect(outside.status, outside.text).toBe(409);
    expect(outside.body.message ?? outside.text).toMatch(/outside the receiving member's "I'd accept" list/);
    await accept(brand, city, 'outdoor', 0, 100_000);
    // An admin who is no broker drafts nothing; a broker drafts no deal of its own.
    expect((await draft(body(brand, owner), admin.token)).status).toBe(403);
    const own = { ...body(brand, owner), fromUserId: broker.user.id };
    own.items[1]!.giverId = broker.user.id;
    expect((await draft(own)).status).toBe(409);

    const made = await draft(body(brand, owner));
    expect(made.status, made.text).toBe(201);
    const deal = made.body.deal;
    expect(deal).toMatchObject({
      status: 'proposed',
      version: 1,
      turnUserId: null,
      draftAcceptedBy: [],
      brokerId: broker.user.id,
      preparedBy: 'Prepared by the BarterAds trade desk (Uma Desk)',
      acceptedAt: null,
    });
    expect(deal.proposer._id).toBe(brand.user.id);
    expect(deal.counterparty._id).toBe(owner.user.id);
    // Each member may accept, counter or decline it; neither is taken to have accepted.
    for (const m of [brand, owner]) {
      const seen = await server.request(`/api/deals/${deal._id}`, { token: m.token });
      expect(seen.status).toBe(200);
      expect(seen.body.deal.actions.sort()).toEqual(['accept', 'counter', 'decline']);
      expect(seen.body.deal.preparedBy).toBe('Prepared by the BarterAds trade desk (Uma Desk)');
    }
    // Both are told in the bell that the trade desk prepared it.
    for (const m of [brand, owner])
      await expect
        .poll(
          async () =>
            (await server.request('/api/notifications', { token: m.token })).body.notifications
              .filter((n: { kind: string }) => n.kind === 'deal_proposed')
              .map((n: { body: string }) => n.body)
              .join(' '),
          soon,
        )
        .toContain('Prepared by the BarterAds trade desk (Uma Desk)');
    // The broker is no party: it cannot accept, decline or counter for a member.
    for (const action of ['accept', 'decline'])
      expect(
        (
          await server.request(`/api/deals/${deal._id}/${action}`, {
            token: broker.token,
            json: { version: 1 },
          })
        ).status,
      ).toBe(404);

    // The brand accepts: recorded, the deal still waits for the owner; the brand may not accept twice.
    const first = await server.request(`/api/deals/${deal._id}/accept`, {
      token: brand.token,
      json: { version: 1 },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body.deal).toMatchObject({ status: 'proposed', draftAcceptedBy: [brand.user.id] });
    expect(first.body.deal.actions).toEqual([]);
    expect(
      (await server.request(`/api/deals/${deal._id}/accept`, { token: brand.token, json: { version: 1 } }))
        .status,
    ).toBe(409);
    const [waiting] = await server.db.select().from(deals).where(eq(deals.id, deal._id));
    expect(waiting).toMatchObject({ status: 'proposed', acceptedAt: null, number: null });
    // The owner's accept makes the deal.
    const second = await server.request(`/api/deals/${deal._id}/accept`, {
      token: owner.token,
      json: { version: 1 },
    });
    expect(second.status, second.text).toBe(200);
    expect(second.body.deal).toMatchObject({
      status: 'accepted',
      acceptedBy: owner.user.id,
      draftAcceptedBy: null,
      brokerId: broker.user.id,
    });
    expect(second.body.deal.number).toMatch(/^BA-/);

    // Another draft, countered by its owner: now the owner's own offer, the brand's turn, answered as any deal.
    const city2 = newCity();
    const owner2 = await member('Neel', city2, 'outdoor', 50_000);
    const brand2 = await member('Ojas', city2, 'print', 45_000);
    const made2 = await draft(body(brand2, owner2));
    expect(made2.status, made2.text).toBe(201);
    const id2 = made2.body.deal._id as string;
    const countered = await server.request(`/api/deals/${id2}/counter`, {
      token: owner2.token,
      json: { items: body(brand2, owner2, 48_000).items, openDays: 7 },
    });
    expect(countered.status, countered.text).toBe(200);
    expect(countered.body.deal).toMatchObject({
      status: 'proposed',
      version: 2,
      turnUserId: brand2.user.id,
      draftAcceptedBy: null,
    });
    expect(countered.body.deal.actions).toEqual(['withdraw']);
    const answered = await server.request(`/api/deals/${id2}/accept`, {
      token: brand2.token,
      json: { version: 2 },
    });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body.deal.status).toBe('accepted');
  });

  async function dealIdsOf(userId: string): Promise<string[]> {
    const rows = await server.db
      .select({ id: deals.id, p: deals.proposerId, c: deals.counterpartyId })
      .from(deals);
    return rows.filter((r) => r.p === userId || r.c === userId).map((r) => r.id);
  }
});
