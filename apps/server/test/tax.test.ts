import { gstinCheckCharacter } from '@barterads/core';
import { businessVerifications, dealLegs, type UserRow, users } from '@barterads/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, insertTestListing, startTestServer, type TestServer } from './helpers/server';

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
});
