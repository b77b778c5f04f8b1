import { randomUUID } from 'node:crypto';
import { getDealPage, notifyDeps, runDealExpiry } from '@barterads/api';
import type { PlanId } from '@barterads/core';
import {
  auditLog,
  businessVerifications,
  conversations,
  type Database,
  dealItems,
  deals,
  dealVersions,
  invoices,
  listings,
  notifications,
  subscriptions,
  type UserRow,
  users,
} from '@barterads/db';
import { type FakeRazorpay, startFakeRazorpay } from '@barterads/testing';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, EVENTUALLY, gate, startTestServer, type TestServer } from './helpers/server';

type TestUser = { user: UserRow; token: string; password: string };

async function createListing(db: Database, owner: UserRow, title = 'Hoarding near the flyover') {
  const [row] = await db
    .insert(listings)
    .values({
      ownerId: owner.id,
      ownerType: owner.userType,
      title,
      description: 'Front-lit hoarding facing two-way traffic.',
      location: 'Pune, Maharashtra',
      category: 'outdoor',
      unit: 'month',
      rateInr: 50000,
    })
    .returning();
  return row!;
}

async function subscribe(db: Database, userId: string, planId: PlanId) {
  const now = Date.now();
  await db.insert(subscriptions).values({
    userId,
    planId,
    period: 'monthly',
    status: 'active',
    currentPeriodStart: new Date(now - 86_400_000),
    currentPeriodEnd: new Date(now + 30 * 86_400_000),
  });
}

describe('deals over real HTTP', () => {
  let server: TestServer;
  let admin: TestUser;
  let stranger: TestUser;

  /** A media owner with a listing, and an advertiser who proposes on it. */
  async function pair() {
    const owner = await createTestUser(server.db, {
      userType: 'media_owner',
      firstName: 'Meera',
      lastName: 'Owner',
    });
    await server.db.update(users).set({ companyName: 'Meera Outdoor' }).where(eq(users.id, owner.user.id));
    const brand = await createTestUser(server.db, { firstName: 'Kabir', lastName: 'Brand' });
    await server.db.update(users).set({ companyName: 'Kabir Foods' }).where(eq(users.id, brand.user.id));
    const listing = await createListing(server.db, owner.user);
    return { owner, brand, listing };
  }

  function items(owner: UserRow, brand: UserRow, listingId?: string, ownerValue = 50000, brandValue = 45000) {
    return [
      {
        giverId: owner.id,
        listingId,
        title: 'Hoarding near the flyover',
        quantity: 1,
        unit: 'month',
        startDate: '2026-12-01',
        endDate: '2026-12-31',
        valueInr: ownerValue,
      },
      {
        giverId: brand.id,
        title: 'Sampling boxes at 20 stores',
        quantity: 20,
        unit: 'event',
        valueInr: brandValue,
      },
    ];
  }

  async function propose(from: TestUser, listingId: string, body: Record<string, unknown>) {
    return server.request('/api/deals', { token: from.token, json: { listingId, openDays: 7, ...body } });
  }

  async function proposed(owner: TestUser, brand: TestUser, listingId: string): Promise<string> {
    const made = await propose(brand, listingId, { items: items(owner.user, brand.user, listingId) });
    expect(made.status).toBe(201);
    return made.body.deal._id as string;
  }

  const act = (token: string, id: string, action: string, json: unknown = {}) =>
    server.request(`/api/deals/${id}/${action}`, { token, json });

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server.db, { role: 'admin' });
    stranger = await createTestUser(server.db, { firstName: 'Third', lastName: 'Person' });
  });
  afterAll(async () => server.close());

  it('counts open offers and accepted deals in the admin overview', async () => {
    const metrics = async () => (await server.request('/api/admin/metrics', { token: admin.token })).body;
    const before = await metrics();
    const open = await pair();
    await proposed(open.owner, open.brand, open.listing.id);
    const done = await pair();
    const id = await proposed(done.owner, done.brand, done.listing.id);
    expect((await act(done.owner.token, id, 'accept', { version: 1 })).status).toBe(200);
    const after = await metrics();
    expect(after.openDeals - before.openDeals).toBe(1);
    expect(after.acceptedDeals - before.acceptedDeals).toBe(1);
    expect(after.series.deals.at(-1) - before.series.deals.at(-1)).toBe(1);
  });

  it('goes from a listing to an accepted deal with a number, commission and a letter', async () => {
    const { owner, brand, listing } = await pair();
    // The owner is GST verified: the letter carries the GSTIN and legal name.
    await server.db.update(users).set({ gstVerification: 'verified' }).where(eq(users.id, owner.user.id));
    await server.db.insert(businessVerifications).values({
      businessId: owner.user.id,
      gstin: '27AAPFU0939F1ZV',
      legalName: 'Meera Outdoor LLP',
      certificateKey: 'private/verifications/x.pdf',
      certificateType: 'application/pdf',
      certificateName: 'gst.pdf',
      certificateBytes: 100,
      status: 'verified',
      decidedAt: new Date(),
    });

    const made = await propose(brand, listing.id, {
      items: items(owner.user, brand.user, listing.id),
      message: 'Your hoarding for our sampling?',
    });
    expect(made.status).toBe(201);
    const id = made.body.deal._id as string;
    expect(made.body.deal).toMatchObject({
      number: null,
      status: 'proposed',
      version: 1,
      turnUserId: owner.user.id,
      listingId: listing.id,
      proposer: { _id: brand.user.id, companyName: 'Kabir Foods', verified: false },
      counterparty: { _id: owner.user.id, companyName: 'Meera Outdoor', verified: true },
      totals: { [brand.user.id]: 50000, [owner.user.id]: 45000 },
      commission: {},
      // The proposer's own actions (the deal table in packages/core): it waits for the owner's answer.
      actions: ['withdraw'],
    });
    expect(made.body.deal.items).toHaveLength(2);
    const ownerView = await server.request(`/api/deals/${id}`, { token: owner.token });
    expect(ownerView.body.deal.actions).toEqual(['counter', 'accept', 'decline']);
    // The party whose turn it is hears of it by e-mail, with a link to the deal itself (issue 35).
    const proposedMail = await server.mail.waitFor(owner.user.email);
    expect(proposedMail.text).toContain('Kabir Foods proposed a deal');
    expect(proposedMail.text).toContain(`/dashboard/deals/${made.body.deal._id}`);

    // What awaits whom.
    const ownerList = await server.request('/api/deals?status=awaiting', { token: owner.token });
    expect(ownerList.status).toBe(200);
    expect(ownerList.body.deals.map((d: { _id: string }) => d._id)).toEqual([id]);
    expect(ownerList.body.awaitingMe).toBe(1);
    const brandList = await server.request('/api/deals?status=awaiting', { token: brand.token });
    expect(brandList.body.deals).toEqual([]);
    expect(brandList.body.counts).toEqual({ proposed: 1 });

    // The owner counters: version 2, the turn passes.
    const countered = await act(owner.token, id, 'counter', {
      items: items(owner.user, brand.user, listing.id, 50000, 48000),
      message: 'A little more sampling, please.',
      openDays: 14,
    });
    expect(countered.status).toBe(200);
    expect(countered.body.deal).toMatchObject({ version: 2, turnUserId: brand.user.id });
    expect((await server.mail.waitFor(brand.user.email)).text).toContain(
      'Meera Outdoor countered your offer',
    );

    // Accepting an old version, or out of turn: 409, nothing changes.
    const stale = await act(brand.token, id, 'accept', { version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('The terms changed. Review the latest version.');
    const outOfTurn = await act(owner.token, id, 'accept', { version: 2 });
    expect(outOfTurn.status).toBe(409);
    expect(outOfTurn.body.message).toMatch(/not your turn/);
    const counterOutOfTurn = await act(owner.token, id, 'counter', {
      items: items(owner.user, brand.user, listing.id),
    });
    expect(counterOutOfTurn.status).toBe(409);

    // Before acceptance there is no letter.
    const early = await server.request(`/api/deals/${id}/letter.pdf`, { token: brand.token });
    expect(early.status).toBe(409);

    const accepted = await act(brand.token, id, 'accept', { version: 2 });
    expect(accepted.status).toBe(200);
    const deal = accepted.body.deal;
    expect(deal.status).toBe('accepted');
    expect(deal.number).toMatch(/^BA-\d{4}-\d{6}$/);
    expect(deal.turnUserId).toBeNull();
    // Accepted: each party may pay its commission and deliver what it gives.
    expect(deal.actions).toEqual(['pay_commission', 'deliver']);
    expect(deal.items[0].deliverable.actions).toEqual(
      deal.items[0].giverId === brand.user.id ? ['deliver'] : [],
    );
    expect((await server.mail.waitFor(owner.user.email)).text).toContain(
      `Kabir Foods accepted the deal ${deal.number}`,
    );
    // Free plans: 5% of the value each side receives, rounded to the rupee.
    expect(deal.commission).toEqual({
      [brand.user.id]: { rate: 0.05, amountInr: 2500, paid: false },
      [owner.user.id]: { rate: 0.05, amountInr: 2400, paid: false },
    });
    expect(deal.items[0].deliverable).toMatchObject({ status: 'pending', deliveredAt: null, proof: [] });

    // The deal's thread in Messages: the parties' conversation about the listing, one line per event.
    expect(deal.conversationId).toEqual(made.body.deal.conversationId);
    const thread = await server.request(`/api/conversations/${deal.conversationId}/messages`, {
      token: owner.token,
    });
    expect(thread.status).toBe(200);
    expect(thread.body.messages.map((m: { text: string }) => m.text)).toEqual([
      'Proposed a deal (version 1): Your hoarding for our sampling?',
      'Countered with version 2: A little more sampling, please.',
      `Accepted version 2: deal ${deal.number}. The deal letter is on the deal's page.`,
    ]);

    // Accepting again, or declining an accepted deal: 409.
    expect((await act(brand.token, id, 'accept', { version: 2 })).status).toBe(409);
    expect((await act(owner.token, id, 'decline')).status).toBe(409);

    // The deal page: both versions with their items.
    const page = await server.request(`/api/deals/${id}`, { token: owner.token });
    expect(page.status).toBe(200);
    expect(page.body.versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    expect(page.body.versions[0]).toMatchObject({
      authorId: brand.user.id,
      message: 'Your hoarding for our sampling?',
      openDays: 7,
    });
    expect(page.body.versions[1].totals[owner.user.id]).toBe(48000);
    expect((await server.request(`/api/deals/${id}`, { token: admin.token })).status).toBe(200);
    expect((await server.request(`/api/deals/${id}`, { token: stranger.token })).status).toBe(404);

    // The letter: parties and admins only.
    expect((await server.request(`/api/deals/${id}/letter.pdf`)).status).toBe(401);
    expect((await server.request(`/api/deals/${id}/letter.pdf`, { token: stranger.token })).status).toBe(404);
    const adminLetter = await fetch(`${server.baseUrl}/api/deals/${id}/letter.pdf`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(adminLetter.status).toBe(200);
    const response = await fetch(`${server.baseUrl}/api/deals/${id}/letter.pdf`, {
      headers: { authorization: `Bearer ${brand.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain(deal.number);
    expect(text).toContain('Kabir Foods');
    expect(text).toContain('Meera Outdoor');
    expect(text).toContain('27AAPFU0939F1ZV');
    expect(text).toContain('Meera Outdoor LLP');
    expect(text).toContain('Sampling boxes at 20 stores');
    expect(text).toContain('INR 48,000');
    expect(text).toContain('INR 2,400');
    expect(text).toContain('Version accepted: 2');
    expect(text).toMatch(/Offered by Meera Outdoor on .+IST/);
    expect(text).toMatch(/Accepted by Kabir Foods on .+IST/);
  });

  it('declines with a reason, and withdraws only the latest offer of its author', async () => {
    const { owner, brand, listing } = await pair();
    const first = await proposed(owner, brand, listing.id);
    // The proposer cannot decline their own offer (not their turn), and the owner cannot withdraw it.
    expect((await act(brand.token, first, 'decline')).status).toBe(409);
    const wrongWithdraw = await act(owner.token, first, 'withdraw');
    expect(wrongWithdraw.status).toBe(409);
    expect(wrongWithdraw.body.message).toMatch(/Only the party who made the latest offer/);
    const declined = await act(owner.token, first, 'decline', { reason: 'Booked that month' });
    expect(declined.status).toBe(200);
    expect(declined.body.deal).toMatchObject({ status: 'declined', declineReason: 'Booked that month' });
    const declinedMail = await server.mail.waitFor(brand.user.email);
    expect(declinedMail.text).toContain('Meera Outdoor declined the deal: Booked that month');
    expect((await act(brand.token, first, 'accept', { version: 1 })).status).toBe(409);

    const second = await proposed(owner, brand, listing.id);
    const withdrawn = await act(brand.token, second, 'withdraw');
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.deal.status).toBe('withdrawn');
    expect((await act(owner.token, second, 'accept', { version: 1 })).status).toBe(409);
    // A stranger learns nothing about a deal.
    expect((await act(stranger.token, second, 'withdraw')).status).toBe(404);
  });

  it('refuses a deal with yourself, an archived listing, a suspended owner, an unverified e-mail, bad items', async () => {
    const { owner, brand, listing } = await pair();
    const self = await propose(owner, listing.id, { items: items(owner.user, brand.user, listing.id) });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot make a deal with yourself.');

    const oneSided = await propose(brand, listing.id, {
      items: [items(owner.user, brand.user)[0]!, items(owner.user, brand.user)[0]!],
    });
    expect(oneSided.status).toBe(400);
    expect(oneSided.body.message).toBe('Each side needs at least one item.');
    const outsider = await propose(brand, listing.id, {
      items: [
        items(owner.user, brand.user)[0],
        { ...items(owner.user, brand.user)[1], giverId: stranger.user.id },
      ],
    });
    expect(outsider.status).toBe(400);
    const tooBig = await propose(brand, listing.id, {
      items: [
        items(owner.user, brand.user)[0],
        { ...items(owner.user, brand.user)[1], valueInr: 100_000_001 },
      ],
    });
    expect(tooBig.status).toBe(400);
    // An item naming a listing that is not its giver's.
    const notGivers = await propose(brand, listing.id, {
      items: [
        items(owner.user, brand.user)[0],
        { ...items(owner.user, brand.user)[1], listingId: listing.id },
      ],
    });
    expect(notGivers.status).toBe(400);

    const archived = await createListing(server.db, owner.user, 'Old hoarding');
    await server.db.update(listings).set({ status: 'archived' }).where(eq(listings.id, archived.id));
    const toArchived = await propose(brand, archived.id, { items: items(owner.user, brand.user) });
    expect(toArchived.status).toBe(409);
    expect(toArchived.body.message).toMatch(/archived/);

    const unverified = await createTestUser(server.db);
    await server.db.update(users).set({ emailVerified: false }).where(eq(users.id, unverified.user.id));
    const fromUnverified = await propose(unverified, listing.id, {
      items: items(owner.user, unverified.user),
    });
    expect(fromUnverified.status).toBe(403);

    // An open deal whose proposer is then suspended: the owner cannot accept it, and the proposer cannot act.
    const id = await proposed(owner, brand, listing.id);
    await server.db.update(users).set({ status: 'suspended' }).where(eq(users.id, brand.user.id));
    const acceptSuspended = await act(owner.token, id, 'accept', { version: 1 });
    expect(acceptSuspended.status).toBe(409);
    expect(acceptSuspended.body.message).toMatch(/other party/);
    expect((await act(brand.token, id, 'withdraw')).status).toBe(403);
    await server.db.update(users).set({ status: 'active' }).where(eq(users.id, brand.user.id));

    // A suspended owner's listing takes no offers.
    await server.db.update(users).set({ status: 'suspended' }).where(eq(users.id, owner.user.id));
    const toSuspended = await propose(brand, listing.id, {
      items: items(owner.user, brand.user, listing.id),
    });
    expect(toSuspended.status).toBe(409);
    await server.db.update(users).set({ status: 'active' }).where(eq(users.id, owner.user.id));
  });

  it("pages a user's deals from both sides in one order, each deal once", async () => {
    const { owner, brand, listing } = await pair();
    // The owner proposes on three other owners' listings and receives three offers: on both sides.
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      made.push(await proposed(owner, brand, listing.id));
      const other = await createTestUser(server.db, { userType: 'media_owner', firstName: `Other${i}` });
      const theirs = await createListing(server.db, other.user, `Wall ${i}`);
      const out = await propose(owner, theirs.id, { items: items(other.user, owner.user, theirs.id) });
      expect(out.status).toBe(201);
      made.push(out.body.deal._id as string);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const page = await server.request(`/api/deals${query}`, { token: owner.token });
      expect(page.status).toBe(200);
      expect(page.body.deals.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.deals.map((d: { _id: string }) => d._id));
      cursor = page.body.nextCursor;
    } while (cursor);
    // Newest activity first: the reverse of the order they were made in.
    expect(seen).toEqual([...made].reverse());
  });

  it('expires an offer not answered in its open period, and keeps it expired', async () => {
    const { owner, brand, listing } = await pair();
    const id = await proposed(owner, brand, listing.id);
    await server.db
      .update(deals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deals.id, id));
    // Read: expired at once, whose turn it was no longer matters.
    const page = await server.request(`/api/deals/${id}`, { token: owner.token });
    expect(page.body.deal).toMatchObject({ status: 'expired', turnUserId: null });
    const list = await server.request('/api/deals?status=expired', { token: owner.token });
    expect(list.body.deals.map((d: { _id: string }) => d._id)).toEqual([id]);
    const accept = await act(owner.token, id, 'accept', { version: 1 });
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe('This offer expired.');
    const [row] = await server.db.select().from(deals).where(eq(deals.id, id));
    expect(row).toMatchObject({ status: 'expired', turnUserId: null });
  });

  it('the expiry job writes expired offers and reminds once, however many instances run it', async () => {
    const { owner, brand, listing } = await pair();
    const closing = await proposed(owner, brand, listing.id);
    const gone = await proposed(owner, brand, listing.id);
    // Mails so far (the proposals) are read, so the waits below see only the job's.
    await server.mail.waitFor(owner.user.email);
    await server.db
      .update(deals)
      .set({ expiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(deals.id, closing));
    await server.db
      .update(deals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deals.id, gone));
    const deps = notifyDeps(server.services);
    // Two instances at once: each deal is expired or reminded by exactly one of them.
    // (The server's own minute job may run too: the rows and the mails below must still be once.)
    await Promise.all([runDealExpiry(deps), runDealExpiry(deps)]);
    const [goneRow] = await server.db.select().from(deals).where(eq(deals.id, gone));
    expect(goneRow).toMatchObject({ status: 'expired', turnUserId: null });
    const [closingRow] = await server.db.select().from(deals).where(eq(deals.id, closing));
    expect(closingRow).toMatchObject({ status: 'proposed', expiryRemindedVersion: 1 });
    // A third run finds nothing left to do for these deals.
    await runDealExpiry(deps);
    const mailsTo = (email: string, subject: string) =>
      server.mail.mails.filter((m) => m.to.includes(email.toLowerCase()) && m.text.includes(subject)).length;
    await expect.poll(() => mailsTo(brand.user.email, 'A deal offer expired'), EVENTUALLY).toBe(1);
    await expect.poll(() => mailsTo(owner.user.email, 'closes within 24 hours'), EVENTUALLY).toBe(1);
    // Both parties hear of it, each by a delivery of its own (the outbox): wait for the owner's too.
    await expect.poll(() => mailsTo(owner.user.email, 'A deal offer expired'), EVENTUALLY).toBe(1);
    const page = await server.request(`/api/deals/${gone}`, { token: owner.token });
    expect(page.body.deal.status).toBe('expired');
  });

  it('keeps at most 10 versions: the 10th can only be accepted or declined', async () => {
    const { owner, brand, listing } = await pair();
    const id = await proposed(owner, brand, listing.id);
    for (let version = 2; version <= 10; version += 1) {
      const actor = version % 2 === 0 ? owner : brand;
      const countered = await act(actor.token, id, 'counter', {
        items: items(owner.user, brand.user, listing.id, 50000, 40000 + version),
      });
      expect(countered.status).toBe(200);
      expect(countered.body.deal.version).toBe(version);
    }
    // Version 10 is the brand's answer... made by the owner (even): the brand's turn.
    const eleventh = await act(brand.token, id, 'counter', {
      items: items(owner.user, brand.user, listing.id),
    });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toMatch(/10 versions/);
    const tenth = await server.request(`/api/deals/${id}`, { token: brand.token });
    expect(tenth.body.deal.actions).toEqual(['accept', 'decline']);
    const accepted = await act(brand.token, id, 'accept', { version: 10 });
    expect(accepted.status).toBe(200);
    const page = await server.request(`/api/deals/${id}`, { token: brand.token });
    expect(page.body.versions).toHaveLength(10);
    // The deal page is three queries, however many versions: the deal with both parties, versions, items.
    let queries = 0;
    const counting = new Proxy(server.db, {
      get(target, property, receiver) {
        if (
          ['select', 'selectDistinct', 'execute', 'insert', 'update', 'delete', 'with'].includes(
            String(property),
          )
        )
          queries += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    const direct = await getDealPage(counting, brand.user, id);
    expect(direct.versions).toHaveLength(10);
    expect(queries).toBe(3);
    // The versions are the record: the database refuses to change one or its items.
    await expect(
      server.db.update(dealVersions).set({ message: 'rewritten' }).where(eq(dealVersions.dealId, id)),
    ).rejects.toThrow();
    await expect(
      server.db.update(dealItems).set({ valueInr: 1 }).where(eq(dealItems.dealId, id)),
    ).rejects.toThrow();
    // Deleting a listing an item names only unlinks it; the item's terms stay. (Its conversation, the deal's
    // thread, would keep the listing: it goes first, and the deal forgets its thread.)
    await server.db.delete(conversations).where(eq(conversations.listingId, listing.id));
    await server.db.delete(listings).where(eq(listings.id, listing.id));
    const after = await server.request(`/api/deals/${id}`, { token: brand.token });
    expect(after.body.deal.items[0]).toMatchObject({ listingId: null, title: 'Hoarding near the flyover' });
    expect(page.body.deal.totals[owner.user.id]).toBe(40010);
  });

  it('refuses proposing, countering and accepting at the plan limit, naming plan, limit and reset date', async () => {
    const { owner, brand, listing } = await pair();
    await subscribe(server.db, owner.user.id, 'enterprise');
    // Two accepted deals use the free allowance of the brand.
    for (let i = 0; i < 2; i += 1) {
      const id = await proposed(owner, brand, listing.id);
      expect((await act(owner.token, id, 'accept', { version: 1 })).status).toBe(200);
    }
    const allowance = await server.request('/trpc/deals.allowance', { token: brand.token });
    expect(allowance.body.result.data).toMatchObject({ plan: 'Free', dealsThisMonth: 2, dealLimit: 2 });
    const refused = await propose(brand, listing.id, { items: items(owner.user, brand.user, listing.id) });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('Free plan allows 2 accepted deals a month');
    expect(refused.body.message).toContain(`resets on ${allowance.body.result.data.resetsOn}`);
    expect(refused.body.message).toContain('/pricing');
    expect(allowance.body.result.data.resetsOn).toMatch(/^\d{4}-\d{2}-01$/);

    // The owner (unlimited) proposes to the brand's listing: the brand can neither counter nor accept it.
    const brandListing = await createListing(server.db, brand.user, 'Shelf space');
    const made = await propose(owner, brandListing.id, {
      items: items(owner.user, brand.user).map((item) => ({ ...item, listingId: undefined })),
    });
    expect(made.status).toBe(201);
    const id = made.body.deal._id as string;
    expect((await act(brand.token, id, 'counter', { items: items(owner.user, brand.user) })).status).toBe(
      403,
    );
    const accept = await act(brand.token, id, 'accept', { version: 1 });
    expect(accept.status).toBe(403);
    expect(accept.body.message).toContain('Free plan');
  });

  it('accepts exactly 5 of 20 simultaneous acceptances for a party with 5 deals left', async () => {
    const { owner, brand, listing } = await pair();
    await subscribe(server.db, owner.user.id, 'starter');
    await subscribe(server.db, brand.user.id, 'enterprise');
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) ids.push(await proposed(owner, brand, listing.id));
    const answers = await Promise.all(ids.map((id) => act(owner.token, id, 'accept', { version: 1 })));
    const statuses = answers.map((a) => a.status).sort();
    // Every answer is an acceptance or the plan's refusal (anything else shown whole).
    expect(
      answers.filter((a) => a.status !== 200 && a.status !== 403).map((a) => [a.status, a.body]),
    ).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(15);
    for (const refused of answers.filter((a) => a.status === 403)) {
      expect(refused.body.message).toContain('Starter plan allows 5 accepted deals a month');
    }
    const accepted = await server.db
      .select({ number: deals.number })
      .from(deals)
      .where(and(eq(deals.counterpartyId, owner.user.id), isNotNull(deals.acceptedAt)));
    expect(accepted).toHaveLength(5);
    expect(new Set(accepted.map((a) => a.number)).size).toBe(5);
  });

  it("accepts while a batch of notifications to both parties is half written (locking the parties' rows FOR UPDATE deadlocked with it)", async () => {
    // PostgreSQL only: the batch's transaction stays open while the acceptance runs.
    if (!server.databaseUrl) return;
    const { owner, brand, listing } = await pair();
    const id = await proposed(owner, brand, listing.id);
    // The bell writes a batch's rows in the events' order; the acceptance locks the parties in id order. The batch
    // has written the higher id's notification (its foreign key's lock on that member) and is about to write the
    // lower's: with FOR UPDATE the acceptance held the lower and waited for the higher, and PostgreSQL killed one.
    const [higher, lower] = [owner.user.id, brand.user.id].sort().reverse() as [string, string];
    const note = (userId: string) => ({
      userId,
      kind: 'deal_proposed' as const,
      title: 'A deal',
      body: 'Proposed',
      link: '/dashboard/deals',
      dedupeKey: `batch:${randomUUID()}`,
    });
    const proceed = gate();
    const higherWritten = gate();
    const batch = server.db.transaction(async (tx) => {
      await tx.insert(notifications).values(note(higher));
      higherWritten.open();
      await proceed.opened;
      await tx.insert(notifications).values(note(lower));
    });
    await higherWritten.opened;
    let settled = false;
    const accepting = act(owner.token, id, 'accept', { version: 1 }).finally(() => {
      settled = true;
    });
    // The acceptance answers, or waits for a lock (it did, for the batch's: then the batch's second row closed the cycle).
    const lockWaits = async () => {
      const rows = (await server.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as Array<{ n: number }>;
      return rows[0]?.n ?? 0;
    };
    await expect.poll(async () => settled || (await lockWaits()) > 0, EVENTUALLY).toBe(true);
    proceed.open();
    await batch;
    const accepted = await accepting;
    expect(accepted.status, accepted.text).toBe(200);
  });

  it('lets an admin list every deal and cancel one with a reason, audit-logged', async () => {
    const { owner, brand, listing } = await pair();
    const id = await proposed(owner, brand, listing.id);
    expect((await server.request('/api/admin/deals', { token: owner.token })).status).toBe(403);
    const list = await server.request('/api/admin/deals?status=proposed&limit=100', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.deals.find((d: { _id: string }) => d._id === id)?.actions).toEqual(['cancel']);
    const noReason = await server.request(`/api/admin/deals/${id}/cancel`, { token: admin.token, json: {} });
    expect(noReason.status).toBe(400);
    const cancelled = await server.request(`/api/admin/deals/${id}/cancel`, {
      token: admin.token,
      json: { reason: 'Reported as spam' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.deal).toMatchObject({ status: 'cancelled', turnUserId: null });
    expect((await act(owner.token, id, 'accept', { version: 1 })).status).toBe(409);
    const again = await server.request(`/api/admin/deals/${id}/cancel`, {
      token: admin.token,
      json: { reason: 'Twice' },
    });
    expect(again.status).toBe(409);
    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'cancel_deal')));
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: 'deal', reason: 'Reported as spam' });
  });

  it('limits proposals to 30 an hour per user (429 with Retry-After)', async () => {
    const { owner, brand, listing } = await pair();
    await subscribe(server.db, brand.user.id, 'enterprise');
    for (let i = 0; i < 30; i += 1) await proposed(owner, brand, listing.id);
    const limited = await propose(brand, listing.id, { items: items(owner.user, brand.user, listing.id) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('gives one outcome when both parties act on the same deal at once', async () => {
    const { owner, brand, listing } = await pair();
    const id = await proposed(owner, brand, listing.id);
    const [accept, withdraw] = await Promise.all([
      act(owner.token, id, 'accept', { version: 1 }),
      act(brand.token, id, 'withdraw'),
    ]);
    expect([accept.status, withdraw.status].sort()).toEqual([200, 409]);
    const page = await server.request(`/api/deals/${id}`, { token: owner.token });
    expect(page.body.deal.status).toBe(accept.status === 200 ? 'accepted' : 'withdrawn');
  });

  it('gives each deal its own thread: two deals of one pair on one listing never share one (issue 35)', async () => {
    const { owner, brand, listing } = await pair();
    // The pair's own conversation about the listing, before any deal.
    const chat = await server.request('/api/conversations', {
      token: brand.token,
      json: { barterId: listing.id, text: 'Is December free?' },
    });
    expect(chat.status).toBe(201);
    const chatId = chat.body.conversation._id as string;
    const first = await propose(brand, listing.id, {
      items: items(owner.user, brand.user, listing.id),
      message: 'First deal',
    });
    const second = await propose(brand, listing.id, {
      items: items(owner.user, brand.user, listing.id, 30000, 28000),
      message: 'Second deal',
    });
    const firstThread = first.body.deal.conversationId as string;
    const secondThread = second.body.deal.conversationId as string;
    expect(firstThread).toBeTruthy();
    expect(secondThread).toBeTruthy();
    expect(new Set([firstThread, secondThread, chatId]).size).toBe(3);
    // Each thread carries its own deal's lines only.
    const lines = async (conversationId: string) =>
      (
        await server.request(`/api/conversations/${conversationId}/messages`, { token: owner.token })
      ).body.messages.map((m: { text: string }) => m.text);
    expect(await lines(firstThread)).toEqual(['Proposed a deal (version 1): First deal']);
    expect(await lines(secondThread)).toEqual(['Proposed a deal (version 1): Second deal']);
    expect(await lines(chatId)).toEqual(['Is December free?']);
    // A later event of the first deal goes to the first deal's thread.
    expect((await act(owner.token, first.body.deal._id, 'decline', { reason: 'Booked' })).status).toBe(200);
    expect(await lines(firstThread)).toEqual([
      'Proposed a deal (version 1): First deal',
      'Declined the deal: Booked',
    ]);
    expect(await lines(secondThread)).toHaveLength(1);
    // The conversation list names the deal of each thread; "Message" on the listing still opens the pair's chat.
    const list = await server.request('/api/conversations', { token: owner.token });
    const byId = new Map(
      list.body.conversations.map((c: { _id: string; deal: unknown }) => [c._id, c.deal] as const),
    );
    expect(byId.get(firstThread)).toEqual({ _id: first.body.deal._id, number: null });
    expect(byId.get(secondThread)).toEqual({ _id: second.body.deal._id, number: null });
    expect(byId.get(chatId)).toBeNull();
    const reopened = await server.request('/api/conversations', {
      token: brand.token,
      json: { barterId: listing.id },
    });
    expect(reopened.body.conversation._id).toBe(chatId);
    expect(reopened.body.created).toBe(false);
  });

  it('refuses a counter identical to the current version and suggests accepting it (issue 35)', async () => {
    const { owner, brand, listing } = await pair();
    const id = await proposed(owner, brand, listing.id);
    // The same items in another order, with a message and another open period: the terms did not change.
    const same = items(owner.user, brand.user, listing.id).reverse();
    const refused = await act(owner.token, id, 'counter', {
      items: same,
      message: 'Fine by me',
      openDays: 14,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Nothing changed from the current version. Accept it, or change an item before sending a counter.',
    );
    const page = await server.request(`/api/deals/${id}`, { token: owner.token });
    expect(page.body.deal).toMatchObject({ version: 1, turnUserId: owner.user.id });
    // One changed value is a counter.
    const changed = await act(owner.token, id, 'counter', {
      items: items(owner.user, brand.user, listing.id, 50000, 46000),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.deal.version).toBe(2);
    // Accepting the current version stays the answer to terms one agrees with.
    expect((await act(brand.token, id, 'accept', { version: 2 })).status).toBe(200);
  });

  it("words a free item's quantity by its unit in the letter: 200 items, not 200 months (issue 35)", async () => {
    const { owner, brand, listing } = await pair();
    const made = await propose(brand, listing.id, {
      items: [
        items(owner.user, brand.user, listing.id)[0],
        { giverId: brand.user.id, title: 'Gift vouchers', quantity: 200, unit: 'item', valueInr: 45000 },
      ],
    });
    expect(made.status).toBe(201);
    const id = made.body.deal._id as string;
    expect((await act(owner.token, id, 'accept', { version: 1 })).status).toBe(200);
    const letter = await fetch(`${server.baseUrl}/api/deals/${id}/letter.pdf`, {
      headers: { authorization: `Bearer ${brand.token}` },
    });
    expect(letter.status).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(await letter.arrayBuffer()));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('Gift vouchers: 200 items');
    expect(text).toContain('Hoarding near the flyover: 1 month');
  });
});

describe('deal commission through Razorpay (the fake)', () => {
  let server: TestServer;
  let razorpay: FakeRazorpay;

  beforeAll(async () => {
    razorpay = await startFakeRazorpay();
    server = await startTestServer({
      RAZORPAY_KEY_ID: razorpay.keyId,
      RAZORPAY_KEY_SECRET: razorpay.keySecret,
      RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
      RAZORPAY_API_URL: razorpay.url,
    });
  });
  afterAll(async () => {
    await server.close();
    await razorpay.close();
  });

  async function acceptedDeal() {
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    const brand = await createTestUser(server.db);
    await subscribe(server.db, owner.user.id, 'growth');
    const listing = await createListing(server.db, owner.user);
    const made = await server.request('/api/deals', {
      token: brand.token,
      json: {
        listingId: listing.id,
        items: [
          {
            giverId: owner.user.id,
            listingId: listing.id,
            title: 'Hoarding',
            quantity: 1,
            unit: 'month',
            valueInr: 50_010,
          },
          { giverId: brand.user.id, title: 'Sampling', quantity: 1, unit: 'event', valueInr: 40_000 },
        ],
      },
    });
    expect(made.status).toBe(201);
    const id = made.body.deal._id as string;
    const before = await server.request(`/api/deals/${id}/commission/order`, {
      token: brand.token,
      json: {},
    });
    expect(before.status).toBe(409);
    const accepted = await server.request(`/api/deals/${id}/accept`, {
      token: owner.token,
      json: { version: 1 },
    });
    expect(accepted.status).toBe(200);
    return { owner, brand, id, deal: accepted.body.deal };
  }

  it('charges each party its plan rate of the value it receives, paid by checkout or webhook, once', async () => {
    const { owner, brand, id, deal } = await acceptedDeal();
    // Free: 5% of 50,010 = 2,500.5, rounded to 2,501. Growth: 3% of 40,000 = 1,200.
    expect(deal.commission[brand.user.id]).toEqual({ rate: 0.05, amountInr: 2501, paid: false });
    expect(deal.commission[owner.user.id]).toEqual({ rate: 0.03, amountInr: 1200, paid: false });

    const stranger = await createTestUser(server.db);
    expect(
      (await server.request(`/api/deals/${id}/commission/order`, { token: stranger.token, json: {} })).status,
    ).toBe(404);

    // The brand pays through checkout: the order's amount is the server's, in paise.
    const order = await server.request(`/api/deals/${id}/commission/order`, { token: brand.token, json: {} });
    expect(order.status).toBe(200);
    expect(order.body.order).toMatchObject({ amount: 250_100, currency: 'INR' });
    const payment = razorpay.signPayment(order.body.order.id);
    const forged = await server.request(`/api/deals/${id}/commission/verify`, {
      token: brand.token,
      json: { ...payment, razorpay_signature: 'f'.repeat(64) },
    });
    expect(forged.status).toBe(400);
    const verified = await server.request(`/api/deals/${id}/commission/verify`, {
      token: brand.token,
      json: payment,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.deal.commission[brand.user.id].paid).toBe(true);
    expect(verified.body.deal.commission[owner.user.id].paid).toBe(false);
    expect(
      (await server.request(`/api/deals/${id}/commission/order`, { token: brand.token, json: {} })).status,
    ).toBe(409);

    // The owner's payment arrives by webhook; a replay changes nothing.
    const ownerOrder = await server.request(`/api/deals/${id}/commission/order`, {
      token: owner.token,
      json: {},
    });
    expect(ownerOrder.body.order.amount).toBe(120_000);
    const hook = razorpay.webhook('order.paid', ownerOrder.body.order.id);
    const send = () => server.request('/api/payments/webhook', { body: hook.body, headers: hook.headers });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const page = await server.request(`/api/deals/${id}`, { token: owner.token });
    expect(page.body.deal.commission[owner.user.id].paid).toBe(true);
    const [row] = await server.db.select().from(deals).where(eq(deals.id, id));
    expect(row).toMatchObject({ proposerCommissionPaid: true, counterpartyCommissionPaid: true });

    // Every payment has its GST invoice: one per commission (the webhook's replay issued none more), listed with
    // the member's invoices and downloadable by that member only.
    for (const [member, amount] of [
      [brand, 250_100],
      [owner, 120_000],
    ] as const) {
      const listed = await server.request('/api/payments/invoices', { token: member.token });
      expect(listed.status).toBe(200);
      const commissionInvoices = (
        listed.body.invoices as Array<{ _id: string; amount: number; kind: string }>
      ).filter((invoice) => invoice.amount === amount);
      expect(commissionInvoices).toHaveLength(1);
      expect(commissionInvoices[0]!.kind).toBe('invoice');
      const pdf = await fetch(`${server.baseUrl}/api/payments/invoices/${commissionInvoices[0]!._id}.pdf`, {
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
        mergePages: true,
      });
      expect(text).toContain('Tax invoice');
      expect(text).toContain(`commission on barter deal ${page.body.deal.number}`);
      const stranger = member === brand ? owner : brand;
      const refused = await fetch(
        `${server.baseUrl}/api/payments/invoices/${commissionInvoices[0]!._id}.pdf`,
        {
          headers: { authorization: `Bearer ${stranger.token}` },
        },
      );
      expect(refused.status).toBe(404);
    }
    const issued = await server.db.select().from(invoices).where(isNotNull(invoices.commissionOrderId));
    const mine = issued.filter(
      (invoice) => invoice.userId === brand.user.id || invoice.userId === owner.user.id,
    );
    expect(mine.map((invoice) => invoice.description).sort()).toEqual([
      `BarterAds commission on barter deal ${page.body.deal.number} (SAC 998599)`,
      `BarterAds commission on barter deal ${page.body.deal.number} (SAC 998599)`,
    ]);
  });

  it('blocks new deals of a party whose commission is unpaid 7 days after acceptance', async () => {
    const { owner, brand, id, deal } = await acceptedDeal();
    await server.db
      .update(deals)
      .set({ acceptedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(deals.id, id));
    const listing = await createListing(server.db, owner.user, 'Another hoarding');
    const body = {
      listingId: listing.id,
      items: [
        { giverId: owner.user.id, title: 'Hoarding', quantity: 1, unit: 'month', valueInr: 1000 },
        { giverId: brand.user.id, title: 'Sampling', quantity: 1, unit: 'event', valueInr: 1000 },
      ],
    };
    const refused = await server.request('/api/deals', { token: brand.token, json: body });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(`commission on deal ${deal.number} is unpaid`);
    // Paying lifts the block.
    const order = await server.request(`/api/deals/${id}/commission/order`, { token: brand.token, json: {} });
    const paid = await server.request(`/api/deals/${id}/commission/verify`, {
      token: brand.token,
      json: razorpay.signPayment(order.body.order.id),
    });
    expect(paid.status).toBe(200);
    expect((await server.request('/api/deals', { token: brand.token, json: body })).status).toBe(201);
  });
});
