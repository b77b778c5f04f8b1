import { notifyDeps, runLegReminders } from '@barterads/api';
import { gstinCheckCharacter } from '@barterads/core';
import {
  businessVerifications,
  dealDeliverables,
  dealLegs,
  events,
  notifications,
  type UserRow,
  users,
} from '@barterads/db';
import { and, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestUser,
  EVENTUALLY,
  insertTestListing,
  startTestServer,
  type TestServer,
} from './helpers/server';

type TestUser = { user: UserRow; token: string };

let panCounter = 0;
/** A valid GSTIN of the state code, with a PAN of its own. */
function gstinOf(stateCode: string): string {
  panCounter += 1;
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const n = Date.now() % 10_000;
  const pan = `AA${letters[panCounter % 26]}P${letters[(n >> 4) % 26]}${String(n).padStart(4, '0')}K`;
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

describe('GST legs over real HTTP (issue 30)', () => {
  let server: TestServer;
  let stranger: TestUser;
  let admin: TestUser;

  /** A verified GST registration in the state of the code, as the admin's approval leaves it. */
  async function verify(party: TestUser, stateCode: string): Promise<string> {
    const gstin = gstinOf(stateCode);
    await server.db.insert(businessVerifications).values({
      businessId: party.user.id,
      gstin,
      legalName: `${party.user.firstName} Private Limited`,
      certificateKey: `certificates/${party.user.id}.pdf`,
      certificateType: 'application/pdf',
      certificateName: 'certificate.pdf',
      certificateBytes: 1000,
      status: 'verified',
    });
    await server.db.update(users).set({ gstVerification: 'verified' }).where(eq(users.id, party.user.id));
    return gstin;
  }

  /**
   * A deal proposed by `brand` on `owner`'s listing (category, state), the brand giving sampling boxes; the
   * owner's turn.
   */
  async function deal(
    listing: { category: string; state: string; city: string },
    ownerState: string | null,
    brandState: string | null,
    values = { owner: 48_000, brand: 1_001 },
  ) {
    const owner = await createTestUser(server.db, { userType: 'media_owner', firstName: 'Owner' });
    const brand = await createTestUser(server.db, { firstName: 'Brand' });
    const ownerGstin = ownerState ? await verify(owner, ownerState) : null;
    const brandGstin = brandState ? await verify(brand, brandState) : null;
    const row = await insertTestListing(server.db, owner.user, { ...listing, location: listing.city });
    const made = await server.request('/api/deals', {
      token: brand.token,
      json: {
        listingId: row.id,
        openDays: 7,
        items: [
          {
            giverId: owner.user.id,
            listingId: row.id,
            title: 'The space',
            quantity: 1,
            unit: 'month',
            valueInr: values.owner,
          },
          {
            giverId: brand.user.id,
            title: 'Sampling boxes',
            quantity: 20,
            unit: 'item',
            valueInr: values.brand,
          },
        ],
      },
    });
    expect(made.status, made.text).toBe(201);
    return { id: made.body.deal._id as string, owner, brand, ownerGstin, brandGstin };
  }

  const preview = (id: string, token: string) => server.request(`/api/deals/${id}/tax-preview`, { token });
  const accept = async (id: string, owner: TestUser) => {
    const res = await server.request(`/api/deals/${id}/accept`, { token: owner.token, json: { version: 1 } });
    expect(res.status, res.text).toBe(200);
  };
  type LegBody = Record<string, unknown>;
  const legOf = (body: { legs: LegBody[] }, supplierId: string) =>
    body.legs.find((l) => l.supplierId === supplierId) as LegBody;

  beforeAll(async () => {
    server = await startTestServer();
    stranger = await createTestUser(server.db, { firstName: 'Stranger' });
    admin = await createTestUser(server.db, { role: 'admin' });
  });
  afterAll(async () => server.close());

  it('previews IGST across states, then stores the same legs at acceptance', async () => {
    const d = await deal({ category: 'print', state: 'Maharashtra', city: 'Pune' }, '27', '29');
    const before = await preview(d.id, d.owner.token);
    expect(before.status, before.text).toBe(200);
    expect(before.body.stored).toBe(false);
    expect(before.body.legs).toHaveLength(2);
    expect(legOf(before.body, d.owner.user.id)).toMatchObject({
      _id: null,
      supplierGstin: d.ownerGstin,
      recipientGstin: d.brandGstin,
      supplierState: 'Maharashtra',
      placeOfSupply: 'Karnataka',
      placeOfSupplyBasis: 'recipient',
      sac: '998363',
      ratePct: 5,
      taxableValue: 48_000,
      igst: 2_400,
      cgst: 0,
      sgst: 0,
      status: 'draft',
    });
    // The brand's free item: other advertising space at 18%, supplied into Maharashtra from Karnataka.
    expect(legOf(before.body, d.brand.user.id)).toMatchObject({
      sac: '998366',
      ratePct: 18,
      placeOfSupply: 'Maharashtra',
      taxableValue: 1_001,
      igst: 180.18,
    });
    expect(before.body.mine).toEqual({ owe: 2_400, mayClaim: 180.18 });
    const brandView = await preview(d.id, d.brand.token);
    expect(brandView.body.mine).toEqual({ owe: 180.18, mayClaim: 2_400 });

    await accept(d.id, d.owner);
    const after = await preview(d.id, d.brand.token);
    expect(after.body.stored).toBe(true);
    const stored = after.body.legs as LegBody[];
    expect(stored.every((l) => typeof l._id === 'string')).toBe(true);
    const strip = (legs: LegBody[]) => legs.map(({ _id, ...rest }) => rest);
    expect(strip(stored)).toEqual(strip(before.body.legs));
    expect(await server.db.select().from(dealLegs).where(eq(dealLegs.dealId, d.id))).toHaveLength(2);
  });

  it('splits CGST and SGST within one state, rounding each half to the paisa', async () => {
    const d = await deal({ category: 'print', state: 'Maharashtra', city: 'Pune' }, '27', '27', {
      owner: 1_001,
      brand: 1_001,
    });
    const res = await preview(d.id, d.owner.token);
    // ₹1,001 at 5%: 2.5% is ₹25.025 each, rounded to ₹25.03.
    expect(legOf(res.body, d.owner.user.id)).toMatchObject({ igst: 0, cgst: 25.03, sgst: 25.03 });
    expect(legOf(res.body, d.brand.user.id)).toMatchObject({ igst: 0, cgst: 90.09, sgst: 90.09 });
  });

  it("puts an outdoor site's supply in the property's state", async () => {
    // Both parties in Maharashtra; the hoarding is in Bengaluru: IGST, basis property.
    const d = await deal({ category: 'outdoor', state: 'Karnataka', city: 'Bengaluru' }, '27', '27', {
      owner: 100_000,
      brand: 1_000,
    });
    await accept(d.id, d.owner);
    const res = await preview(d.id, d.owner.token);
    expect(legOf(res.body, d.owner.user.id)).toMatchObject({
      placeOfSupply: 'Karnataka',
      placeOfSupplyBasis: 'property',
      sac: '998366',
      igst: 18_000,
      cgst: 0,
    });
    expect(legOf(res.body, d.brand.user.id)).toMatchObject({
      placeOfSupplyBasis: 'recipient',
      cgst: 90,
      sgst: 90,
    });
  });

  it('marks an unregistered supplier not required, and its draft appears once it verifies', async () => {
    const d = await deal({ category: 'digital', state: 'Maharashtra', city: 'Pune' }, '27', null);
    const res = await preview(d.id, d.owner.token);
    expect(legOf(res.body, d.brand.user.id)).toMatchObject({
      supplierGstin: null,
      status: 'not_required',
      igst: 0,
      cgst: 0,
      sgst: 0,
      taxableValue: 1_001,
    });
    // The owner supplies an unregistered brand with no address on record: the supplier's state, CGST + SGST.
    expect(legOf(res.body, d.owner.user.id)).toMatchObject({
      recipientGstin: null,
      cgst: 4_320,
      sgst: 4_320,
    });
    // Nothing to claim on either side: the brand issues no invoice, and is not registered to claim.
    expect(res.body.mine).toEqual({ owe: 8_640, mayClaim: 0 });
    expect((await preview(d.id, d.brand.token)).body.mine).toEqual({ owe: 0, mayClaim: 0 });

    await accept(d.id, d.owner);
    expect(legOf((await preview(d.id, d.brand.token)).body, d.brand.user.id).status).toBe('not_required');
    await verify(d.brand, '29');
    const later = legOf((await preview(d.id, d.brand.token)).body, d.brand.user.id);
    expect(later).toMatchObject({
      status: 'draft',
      supplierState: 'Karnataka',
      placeOfSupply: 'Maharashtra',
      igst: 180.18,
    });
  });

  it('computes and stores the legs of a deal accepted before legs existed, on first read', async () => {
    const d = await deal({ category: 'print', state: 'Maharashtra', city: 'Pune' }, '27', '29');
    await accept(d.id, d.owner);
    await server.db.delete(dealLegs).where(eq(dealLegs.dealId, d.id));
    const res = await preview(d.id, d.owner.token);
    expect(res.body.legs).toHaveLength(2);
    expect(legOf(res.body, d.owner.user.id)).toMatchObject({ igst: 2_400 });
    expect(await server.db.select().from(dealLegs).where(eq(dealLegs.dealId, d.id))).toHaveLength(2);
  });

  it('answers 404 to a stranger and an admin, and for an unknown deal', async () => {
    const d = await deal({ category: 'print', state: 'Maharashtra', city: 'Pune' }, '27', '29');
    expect((await preview(d.id, stranger.token)).status).toBe(404);
    expect((await preview(d.id, admin.token)).status).toBe(404);
    expect((await preview('00000000-0000-4000-8000-000000000000', d.owner.token)).status).toBe(404);
    expect((await server.request(`/api/deals/${d.id}/tax-preview`)).status).toBe(401);
  });

  describe('invoice series and issuing a leg', () => {
    const series = (party: TestUser, prefix: string) =>
      server.request('/api/auth/me/invoice-series', { method: 'PUT', token: party.token, json: { prefix } });
    const issue = (id: string, legId: string, token: string, json: Record<string, unknown> = {}) =>
      server.request(`/api/deals/${id}/legs/${legId}/issue`, { token, json });

    async function acceptedDeal() {
      const d = await deal({ category: 'print', state: 'Maharashtra', city: 'Pune' }, '27', '29');
      await accept(d.id, d.owner);
      const legs = (await preview(d.id, d.owner.token)).body;
      return {
        ...d,
        ownerLeg: legOf(legs, d.owner.user.id)._id as string,
        brandLeg: legOf(legs, d.brand.user.id)._id as string,
      };
    }

    it('sets a series, issues in it once, records a number used elsewhere, refuses repeats', async () => {
      const d = await acceptedDeal();
      expect((await series(d.owner, 'hs 25')).status).toBe(400);
      expect((await issue(d.id, d.ownerLeg, d.owner.token)).status).toBe(409); // no series yet
      const set = await series(d.owner, 'HS/25-26/');
      expect(set.status, set.text).toBe(200);
      expect(set.body).toEqual({ prefix: 'HS/25-26/', next: 'HS/25-26/001' });

      const issued = await issue(d.id, d.ownerLeg, d.owner.token);
      expect(issued.status, issued.text).toBe(200);
      expect(issued.body.leg).toMatchObject({ status: 'issued', invoiceNumber: 'HS/25-26/001' });
      expect(typeof issued.body.leg.issuedAt).toBe('string');
      expect((await issue(d.id, d.ownerLeg, d.owner.token)).status).toBe(409);
      expect((await series(d.owner, 'HS/25-26/')).body.next).toBe('HS/25-26/002');

      // The brand issued outside BarterAds: its number is recorded; the same number again is 409.
      const other = await acceptedDeal();
      const outside = await issue(d.id, d.brandLeg, d.brand.token, { invoiceNumber: 'KB/77' });
      expect(outside.status, outside.text).toBe(200);
      expect(outside.body.leg.invoiceNumber).toBe('KB/77');
      const [brandLeg2] = [other.brandLeg];
      // Another member may use the same text in its own series.
      expect((await issue(other.id, brandLeg2, other.brand.token, { invoiceNumber: 'KB/77' })).status).toBe(
        200,
      );

      // In the owner's own series, a number recorded from elsewhere is refused again, and skipped by the series.
      const third = await acceptedDeal();
      await series(third.owner, 'HS/25-26/');
      const recorded = await issue(third.id, third.ownerLeg, third.owner.token, {
        invoiceNumber: 'HS/25-26/001',
      });
      expect(recorded.status).toBe(200);
      const [row] = await server.db.select().from(dealLegs).where(eq(dealLegs.id, third.ownerLeg));
      const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = row!;
      const [clone] = await server.db
        .insert(dealLegs)
        .values({
          ...copy,
          key: `${copy.key}:second`,
          position: 9,
          status: 'draft',
          invoiceNumber: null,
          issuedAt: null,
        })
        .returning({ id: dealLegs.id });
      expect(
        (await issue(third.id, clone!.id, third.owner.token, { invoiceNumber: 'hs/25-26/001' })).status,
      ).toBe(409);
      const skipped = await issue(third.id, clone!.id, third.owner.token);
      expect(skipped.body.leg.invoiceNumber).toBe('HS/25-26/002');
    });

    it("reprices under a SAC from the list, refuses one outside it, and is the supplier's alone", async () => {
      const d = await acceptedDeal();
      await series(d.owner, 'RS/');
      expect((await issue(d.id, d.ownerLeg, d.owner.token, { sac: '999999' })).status).toBe(400);
      expect((await issue(d.id, d.ownerLeg, d.brand.token)).status).toBe(404);
      expect((await issue(d.id, d.ownerLeg, stranger.token)).status).toBe(404);
      expect((await issue(d.id, d.ownerLeg, admin.token)).status).toBe(404);
      expect((await issue(d.id, '00000000-0000-4000-8000-000000000000', d.owner.token)).status).toBe(404);
      const res = await issue(d.id, d.ownerLeg, d.owner.token, { sac: '998366' });
      expect(res.status, res.text).toBe(200);
      expect(res.body.leg).toMatchObject({
        sac: '998366',
        ratePct: 18,
        igst: 8_640,
        invoiceNumber: 'RS/001',
      });
    });

    it("refuses to issue an unregistered supplier's leg", async () => {
      const d = await deal({ category: 'print', state: 'Maharashtra', city: 'Pune' }, '27', null);
      await accept(d.id, d.owner);
      await series(d.brand, 'DB/');
      const leg = legOf((await preview(d.id, d.brand.token)).body, d.brand.user.id);
      expect(leg.status).toBe('not_required');
      expect((await issue(d.id, leg._id as string, d.brand.token)).status).toBe(409);
    });

    it('allots 20 parallel issues of one member without a gap or a repeat', async () => {
      const d = await acceptedDeal();
      await series(d.owner, 'PX/');
      const [row] = await server.db.select().from(dealLegs).where(eq(dealLegs.id, d.ownerLeg));
      const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = row!;
      const clones = await server.db
        .insert(dealLegs)
        .values(
          Array.from({ length: 19 }, (_, i) => ({ ...copy, key: `${copy.key}:copy${i}`, position: 10 + i })),
        )
        .returning({ id: dealLegs.id });
      const legIds = [d.ownerLeg, ...clones.map((c) => c.id)];
      const answers = await Promise.all(legIds.map((legId) => issue(d.id, legId, d.owner.token)));
      expect(answers.map((a) => a.status)).toEqual(legIds.map(() => 200));
      const numbers = answers.map((a) => a.body.leg.invoiceNumber as string).sort();
      expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `PX/${String(i + 1).padStart(3, '0')}`));
    });
  });

  describe('barter statement', () => {
    const statement = (token: string, from: string, to: string, format = 'json') =>
      server.request(`/api/statements/barter?from=${from}&to=${to}&format=${format}`, { token });
    const dayAfter = (day: string, days: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

    it('totals outward and inward legs for the period, as JSON and CSV; a stranger sees only its own', async () => {
      const d = await deal({ category: 'print', state: 'Maharashtra', city: 'Pune' }, '27', '29');
      await accept(d.id, d.owner);
      const [row] = await server.db.select().from(dealLegs).where(eq(dealLegs.dealId, d.id));
      const day = row!.rateDay;

      const res = await statement(d.owner.token, day, day);
      expect(res.status, res.text).toBe(200);
      expect(res.body.supplied).toHaveLength(1);
      expect(res.body.received).toHaveLength(1);
      expect(res.body.supplied[0]).toMatchObject({
        dealId: d.id,
        date: day,
        counterparty: expect.any(String),
      });
      expect(res.body.totals).toEqual({
        outward: { count: 1, taxableValue: 48_000, igst: 2_400, cgst: 0, sgst: 0, tax: 2_400 },
        inward: { count: 1, taxableValue: 1_001, igst: 180.18, cgst: 0, sgst: 0, tax: 180.18 },
      });
      // The brand's statement mirrors it.
      const brand = await statement(d.brand.token, day, day);
      expect(brand.body.totals.outward).toMatchObject({ taxableValue: 1_001, igst: 180.18 });
      expect(brand.body.totals.inward).toMatchObject({ taxableValue: 48_000, igst: 2_400 });
      // Outside the period: nothing.
      const later = await statement(d.owner.token, dayAfter(day, 1), dayAfter(day, 40));
      expect(later.body.totals.outward.count + later.body.totals.inward.count).toBe(0);
      // A stranger's statement never shows another's legs.
      const theirs = await statement(stranger.token, day, day);
      expect(theirs.status).toBe(200);
      expect([...theirs.body.supplied, ...theirs.body.received]).toEqual([]);

      const csv = await statement(d.owner.token, day, day, 'csv');
      expect(csv.status, csv.text).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      expect(csv.headers.get('content-disposition')).toContain(`barter-statement-${day}-to-${day}.csv`);
      const lines = csv.text.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'date,direction,invoice_number,counterparty,counterparty_gstin,place_of_supply,sac,rate_pct,taxable_value,igst,cgst,sgst,total,status,deal_id',
      );
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(`${day},outward,,`);
      expect(lines[1]).toContain(
        `,${d.brandGstin},Karnataka,998363,5.00,48000.00,2400.00,0.00,0.00,50400.00,draft,${d.id}`,
      );
      expect(lines[2]).toContain(`,inward,`);
      expect(lines[2]).toContain(
        `,${d.brandGstin},Maharashtra,998366,18.00,1001.00,180.18,0.00,0.00,1181.18,draft,`,
      );
    });

    it('refuses a period that ends before it starts, or an unknown format', async () => {
      expect((await statement(stranger.token, '2026-05-02', '2026-05-01')).status).toBe(400);
      expect((await statement(stranger.token, '2026-05-01', '2026-05-02', 'xml')).status).toBe(400);
      expect((await server.request('/api/statements/barter?from=2026-05-01&to=2026-05-02')).status).toBe(401);
    });

    it("reads a member's legs of a period through its index, not a scan of all legs", async () => {
      const plan = await server.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const explained = await tx.execute(
          sql`explain select * from deal_legs where supplier_id = ${stranger.user.id} and rate_day between '2026-04-01' and '2027-03-31'`,
        );
        return JSON.stringify(explained);
      });
      expect(plan).toContain('deal_legs_supplier_idx');
      expect(plan).not.toContain('Seq Scan');
    });
  });

  describe('the 30-day clock', () => {
    it('lists the legs a member has to issue, soonest due first, with the days left of each clock', async () => {
      const d = await deal({ category: 'print', state: 'Maharashtra', city: 'Pune' }, '27', '29');
      await accept(d.id, d.owner);
      await preview(d.id, d.owner.token);
      const supplied = new Date('2026-01-01T06:00:00Z');
      await server.db
        .update(dealDeliverables)
        .set({ status: 'accepted', deliveredAt: supplied, acceptedAt: supplied })
        .where(eq(dealDeliverables.dealId, d.id));
      const listed = await server.request('/api/legs/to-issue', { token: d.owner.token });
      expect(listed.status, listed.text).toBe(200);
      expect(listed.body.legs).toHaveLength(1);
      const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
      const expectedLeft = Math.round(
        (Date.parse('2026-01-31T00:00:00Z') - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
      );
      expect(listed.body.legs[0]).toMatchObject({
        supplierId: d.owner.user.id,
        status: 'draft',
        supplyDate: '2026-01-01',
        dueDate: '2026-01-31',
        daysLeft: expectedLeft,
        dealNumber: expect.stringMatching(/^BA-/),
      });
      // Issued: off the list. A stranger and an unregistered member have none.
      await server.db
        .update(dealLegs)
        .set({ status: 'issued', issuedAt: supplied, invoiceNumber: 'OW/9' })
        .where(and(eq(dealLegs.dealId, d.id), eq(dealLegs.supplierId, d.owner.user.id)));
      expect((await server.request('/api/legs/to-issue', { token: d.owner.token })).body.legs).toEqual([]);
      expect((await server.request('/api/legs/to-issue', { token: stranger.token })).body.legs).toEqual([]);
      // The brand's leg has no clock yet on a deal not supplied: listed with daysLeft null.
      const e = await deal({ category: 'print', state: 'Maharashtra', city: 'Pune' }, '27', '29');
      await accept(e.id, e.owner);
      await preview(e.id, e.owner.token);
      const brandList = await server.request('/api/legs/to-issue', { token: e.brand.token });
      expect(brandList.body.legs).toMatchObject([{ dealId: e.id, daysLeft: null, dueDate: null }]);
    });

    it('reminds the supplier of a draft leg on day 20 and day 28 after supply, once each, not an issued one', async () => {
      const d = await deal({ category: 'print', state: 'Maharashtra', city: 'Pune' }, '27', '29');
      await accept(d.id, d.owner);
      await preview(d.id, d.owner.token);
      // Both sides supplied on 1 January 2026 (India); the brand issues its leg, the owner does not.
      const supplied = new Date('2026-01-01T06:00:00Z');
      await server.db
        .update(dealDeliverables)
        .set({ status: 'accepted', deliveredAt: supplied, acceptedAt: supplied })
        .where(eq(dealDeliverables.dealId, d.id));
      await server.db
        .update(dealLegs)
        .set({ status: 'issued', issuedAt: supplied, invoiceNumber: 'BR/1' })
        .where(and(eq(dealLegs.dealId, d.id), eq(dealLegs.supplierId, d.brand.user.id)));
      const deps = notifyDeps(server.services);
      const on = (day: number) => new Date(supplied.getTime() + day * 86_400_000);
      const keysOf = async (user: TestUser) =>
        (await server.db.select().from(notifications).where(eq(notifications.userId, user.user.id)))
          .filter((n) => n.kind === 'leg_invoice_due')
          .map((n) => n.dedupeKey)
          .sort();
      const [ownerLeg] = await server.db
        .select()
        .from(dealLegs)
        .where(and(eq(dealLegs.dealId, d.id), eq(dealLegs.supplierId, d.owner.user.id)));

      await runLegReminders(deps, on(19));
      expect(await keysOf(d.owner)).toEqual([]);
      // Waits for the bell rows: a notice written through the outbox arrives with the dispatcher, after the commit.
      await runLegReminders(deps, on(20));
      await runLegReminders(deps, on(21));
      await expect.poll(() => keysOf(d.owner), EVENTUALLY).toEqual([`leg:${ownerLeg!.id}:due-20`]);
      await runLegReminders(deps, on(28));
      await runLegReminders(deps, on(28));
      await expect
        .poll(() => keysOf(d.owner), EVENTUALLY)
        .toEqual([`leg:${ownerLeg!.id}:due-20`, `leg:${ownerLeg!.id}:due-28`]);
      // Each reminder's `leg.due_soon` event (WhatsApp's invoice-leg-due message), once per mark.
      const dueEvents = await server.db
        .select()
        .from(events)
        .where(and(eq(events.resourceId, d.id), eq(events.type, 'leg.due_soon')));
      expect(
        dueEvents
          .map((e) => (e.data as { leg: { _id: string; daysLeft: number } }).leg)
          .sort((a, b) => a.daysLeft - b.daysLeft),
      ).toEqual([
        expect.objectContaining({ _id: ownerLeg!.id, daysLeft: 2 }),
        expect.objectContaining({ _id: ownerLeg!.id, daysLeft: 10 }),
      ]);
      const [latest] = await server.db
        .select()
        .from(notifications)
        .where(eq(notifications.dedupeKey, `leg:${ownerLeg!.id}:due-28`));
      expect(latest).toMatchObject({
        title: expect.stringContaining('2 days left'),
        link: `/dashboard/deals/${d.id}`,
      });
      // The issued leg's supplier hears nothing; after the due date nobody is reminded again.
      expect(await keysOf(d.brand)).toEqual([]);
      expect(await runLegReminders(deps, on(40))).toEqual({ reminded: 0 });
      expect(await keysOf(d.owner)).toHaveLength(2);
    });
  });

  describe('business address, invoice PDF, e-invoice JSON and statement PDF', () => {
    const patchMe = (party: TestUser, json: Record<string, unknown>) =>
      server.request('/api/auth/me', { method: 'PATCH', token: party.token, json });
    const pune = { line: 'Office 4, 12 FC Road', city: 'Pune', pin: '411004', state: 'Maharashtra' };
    const bengaluru = { line: '80 Residency Road', city: 'Bengaluru', pin: '560025', state: 'Karnataka' };
    async function pdfText(path: string, token: string) {
      const response = await fetch(`${server.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (response.status !== 200) return { status: response.status, type: null, text: '' };
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
      return { status: response.status, type: response.headers.get('content-type'), text };
    }
    async function acceptedWithAddresses(ownerState = '27', brandState: string | null = '29') {
      const d = await deal({ category: 'print', state: 'Maharashtra', city: 'Pune' }, ownerState, brandState);
      expect((await patchMe(d.owner, { businessAddress: pune })).status).toBe(200);
      if (brandState === '29')
        expect((await patchMe(d.brand, { businessAddress: bengaluru })).status).toBe(200);
      if (brandState === '27') {
        expect((await patchMe(d.brand, { businessAddress: { ...pune, line: '2 MG Road' } })).status).toBe(
          200,
        );
      }
      await accept(d.id, d.owner);
      const legs = (await preview(d.id, d.owner.token)).body;
      const [dealRow] = await server.db.select().from(dealLegs).where(eq(dealLegs.dealId, d.id));
      return {
        ...d,
        ownerLeg: legOf(legs, d.owner.user.id)._id as string,
        brandLeg: legOf(legs, d.brand.user.id)._id as string,
        day: dealRow!.rateDay,
      };
    }

    it('keeps a business address on the profile: 6-digit PIN, its postal circle, the GSTIN state', async () => {
      const member = await createTestUser(server.db, { firstName: 'Addressed' });
      const bad = await patchMe(member, { businessAddress: { ...pune, pin: '41100' } });
      expect(bad.status, bad.text).toBe(400);
      expect(bad.body.issues).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: 'businessAddress.pin' })]),
      );
      // A Pune PIN (postal circle 41: Maharashtra) given with Karnataka.
      const elsewhere = await patchMe(member, { businessAddress: { ...pune, state: 'Karnataka' } });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.text).toContain('not in the state you chose');
      expect((await patchMe(member, { businessAddress: { ...pune, state: 'Atlantis' } })).status).toBe(400);
      const ok = await patchMe(member, { businessAddress: pune });
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.user.businessAddress).toEqual(pune);
      expect(
        (await server.request('/api/auth/me', { token: member.token })).body.user.businessAddress,
      ).toEqual(pune);
      // Once GST verified in Maharashtra (27), a Karnataka address is refused; Maharashtra's is kept.
      await verify(member, '27');
      const other = await patchMe(member, { businessAddress: bengaluru });
      expect(other.status).toBe(400);
      expect(other.text).toContain('GSTIN is registered in another state');
      const cleared = await patchMe(member, { businessAddress: null });
      expect(cleared.body.user.businessAddress).toBeNull();
    });

    it('prints the rule-46 invoice of a leg for its supplier and recipient, draft then issued; 404 and 409 otherwise', async () => {
      const d = await acceptedWithAddresses();
      const path = `/api/deals/${d.id}/legs/${d.ownerLeg}/invoice.pdf`;
      const draft = await pdfText(path, d.owner.token);
      expect(draft.status).toBe(200);
      expect(draft.type).toBe('application/pdf');
      expect(draft.text).toContain('Tax invoice (draft)');
      expect(draft.text).toContain('allotted on issue');

      await server.request('/api/auth/me/invoice-series', {
        method: 'PUT',
        token: d.owner.token,
        json: { prefix: 'OW/26/' },
      });
      const issued = await server.request(`/api/deals/${d.id}/legs/${d.ownerLeg}/issue`, {
        token: d.owner.token,
        json: {},
      });
      expect(issued.status, issued.text).toBe(200);
      const number = issued.body.leg.invoiceNumber as string;
      const { text, status } = await pdfText(path, d.brand.token); // the recipient reads it too
      expect(status).toBe(200);
      const dealNumber = (await server.request(`/api/deals/${d.id}`, { token: d.owner.token })).body.deal
        .number;
      for (const expected of [
        'Tax invoice',
        `Invoice number: ${number}`,
        'Owner Private Limited', // the supplier's legal name from its GST registration
        'Office 4, 12 FC Road, Pune 411004, Maharashtra',
        `GSTIN: ${d.ownerGstin}`,
        'State: Maharashtra (state code 27)',
        'Brand Private Limited',
        '80 Residency Road, Bengaluru 560025, Karnataka',
        `GSTIN: ${d.brandGstin}`,
        'SAC: 998363',
        'The space: quantity 1, unit month, value INR 48,000.00',
        'Taxable value (open market value): INR 48,000.00',
        'IGST @ 5%: INR 2,400.00',
        'Total invoice value: INR 50,400.00',
        'Place of supply: Karnataka (state code 29)',
        'Tax payable on reverse charge: No',
        `Consideration: supply of services under barter deal ${dealNumber}, valued at open market value (rule 27)`,
        'Authorised signatory',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('(draft)');
      expect((await pdfText(path, admin.token)).status).toBe(200);
      expect((await pdfText(path, stranger.token)).status).toBe(404);
      expect((await pdfText(`/api/deals/${d.id}/legs/${d.id}/invoice.pdf`, d.owner.token)).status).toBe(404);
    });

    it('splits CGST and SGST on an invoice within one state, and answers 409 for a leg that needs none', async () => {
      const same = await acceptedWithAddresses('27', '27');
      const text = (
        await pdfText(`/api/deals/${same.id}/legs/${same.ownerLeg}/invoice.pdf`, same.owner.token)
      ).text;
      expect(text).toContain('CGST @ 2.5%: INR 1,200.00');
      expect(text).toContain('SGST @ 2.5%: INR 1,200.00');
      expect(text).not.toContain('IGST');
      const unregistered = await acceptedWithAddresses('27', null);
      const leg = `/api/deals/${unregistered.id}/legs/${unregistered.brandLeg}/invoice.pdf`;
      expect((await pdfText(leg, unregistered.brand.token)).status).toBe(409);
    });

    it('answers the e-invoice JSON (schema 1.1) of an issued leg of a supplier above the threshold', async () => {
      const d = await acceptedWithAddresses();
      const path = `/api/deals/${d.id}/legs/${d.ownerLeg}/einvoice.json`;
      // Not above the threshold (not said): no e-invoice.
      const notSaid = await server.request(path, { token: d.owner.token });
      expect(notSaid.status, notSaid.text).toBe(409);
      expect((await patchMe(d.owner, { einvoicing: true })).body.user.einvoicing).toBe(true);
      expect((await server.request(path, { token: d.owner.token })).status).toBe(409); // not issued yet
      await server.request(`/api/deals/${d.id}/legs/${d.ownerLeg}/issue`, {
        token: d.owner.token,
        json: { invoiceNumber: 'EXT/77' },
      });
      const res = await server.request(path, { token: d.owner.token });
      expect(res.status, res.text).toBe(200);
      const json = res.body;
      // The schema's required keys (NIC e-invoice schema, INV-01 version 1.1).
      const required: Record<string, string[]> = {
        '': ['Version', 'TranDtls', 'DocDtls', 'SellerDtls', 'BuyerDtls', 'ItemList', 'ValDtls'],
        TranDtls: ['TaxSch', 'SupTyp'],
        DocDtls: ['Typ', 'No', 'Dt'],
        SellerDtls: ['Gstin', 'LglNm', 'Addr1', 'Loc', 'Pin', 'Stcd'],
        BuyerDtls: ['Gstin', 'LglNm', 'Pos', 'Addr1', 'Loc', 'Stcd'],
        ValDtls: ['AssVal', 'TotInvVal'],
      };
      for (const [at, keys] of Object.entries(required)) {
        const object = at ? json[at] : json;
        for (const key of keys) expect(object, `${at}.${key}`).toHaveProperty(key);
      }
      for (const key of [
        'SlNo',
        'IsServc',
        'HsnCd',
        'UnitPrice',
        'TotAmt',
        'AssAmt',
        'GstRt',
        'TotItemVal',
      ]) {
        expect(json.ItemList[0]).toHaveProperty(key);
      }
      expect(json).toMatchObject({
        Version: '1.1',
        TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N' },
        DocDtls: { Typ: 'INV', No: 'EXT/77', Dt: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/) },
        SellerDtls: { Gstin: d.ownerGstin, Pin: 411004, Stcd: '27', Loc: 'Pune' },
        BuyerDtls: { Gstin: d.brandGstin, Pin: 560025, Stcd: '29', Pos: '29' },
        ItemList: [
          { IsServc: 'Y', HsnCd: '998363', AssAmt: 48_000, GstRt: 5, IgstAmt: 2_400, TotItemVal: 50_400 },
        ],
        ValDtls: { AssVal: 48_000, IgstVal: 2_400, CgstVal: 0, SgstVal: 0, TotInvVal: 50_400 },
      });
      // The supplier's (or an admin's) alone.
      expect((await server.request(path, { token: admin.token })).status).toBe(200);
      expect((await server.request(path, { token: d.brand.token })).status).toBe(404);
      expect((await server.request(path, { token: stranger.token })).status).toBe(404);
    });

    it('downloads the barter statement as a PDF with the legs and the totals', async () => {
      const d = await acceptedWithAddresses();
      const { status, type, text } = await pdfText(
        `/api/statements/barter?from=${d.day}&to=${d.day}&format=pdf`,
        d.owner.token,
      );
      expect(status).toBe(200);
      expect(type).toBe('application/pdf');
      expect(text).toContain('Barter statement');
      expect(text).toContain('Outward barter supplies');
      expect(text).toContain('Inward barter supplies');
      expect(text).toContain(d.brandGstin!);
      expect(text).toContain('Outward: 1 legs, taxable value 48,000.00, IGST 2,400.00');
      expect(text).toContain('Inward: 1 legs, taxable value 1,001.00, IGST 180.18');
    });
  });
});
