import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GSTIN_MESSAGES, gstinCheckCharacter, VERIFICATION_MESSAGES } from '@barterads/core';
import { auditLog, businessVerifications, listings, type UserRow, users } from '@barterads/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, EVENTUALLY, startTestServer, type TestServer } from './helpers/server';
import { certificatePdf, certificatePng, submitVerification } from './helpers/verification';

const GSTIN = '27AAPFU0939F1ZV';
const OTHER_GSTIN = '29AAGCB7383J1Z4';

describe('business verification over real HTTP', () => {
  let server: TestServer;
  let admin: { user: UserRow; token: string };
  let owner: { user: UserRow; token: string };
  let other: { user: UserRow; token: string };

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server.db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
    owner = await createTestUser(server.db, {
      firstName: 'Meera',
      lastName: 'Owner',
      userType: 'media_owner',
    });
    other = await createTestUser(server.db, { firstName: 'Omar', lastName: 'Other' });
  });

  afterAll(async () => {
    await server?.close();
  });

  const mine = (token: string) => server.request('/api/auth/me/verification', { token });
  const queue = (query = '') => server.request(`/api/admin/verifications${query}`, { token: admin.token });
  const decide = (id: string, json: unknown, token = admin.token) =>
    server.request(`/api/admin/verifications/${id}/decide`, { json, token });

  it('starts unverified', async () => {
    const res = await mine(owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'unverified', latest: null, history: [] });
    expect((await server.request('/api/auth/me/verification')).status).toBe(401);
  });

  describe('submitting', () => {
    it.each([
      ['27AAPFU0939F1ZW', GSTIN_MESSAGES.checksum],
      ['27AAPFU0939F1Z', GSTIN_MESSAGES.length],
      ['40AAPFU0939F1ZV', GSTIN_MESSAGES.stateCode],
      ['27AAPF10939F1ZV', GSTIN_MESSAGES.pan],
      ['27AAPFU0939F1XV', GSTIN_MESSAGES.defaultZ],
      ['', GSTIN_MESSAGES.required],
    ])('refuses the GSTIN %j with its own message', async (gstin, message) => {
      const res = await submitVerification(server, owner.token, {
        gstin,
        legalName: 'Meera Media LLP',
        certificate: certificatePdf(),
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.issues).toContainEqual({ path: 'gstin', message });
    });

    it('refuses a PAN that is not the GSTIN characters 3-12, and a malformed Udyam number', async () => {
      const res = await submitVerification(server, owner.token, {
        gstin: GSTIN,
        legalName: 'Meera Media LLP',
        pan: 'AAGCB7383J',
        udyam: 'UDYAM-27-01-1',
        certificate: certificatePdf(),
      });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual(
        expect.arrayContaining([
          { path: 'pan', message: GSTIN_MESSAGES.panMismatch },
          { path: 'udyam', message: GSTIN_MESSAGES.udyamFormat },
        ]),
      );
    });

    it('refuses a missing legal name and a missing certificate', async () => {
      const res = await submitVerification(server, owner.token, { gstin: GSTIN, legalName: ' ' });
      expect(res.status).toBe(400);
      const paths = (res.body.issues as { path: string }[]).map((i) => i.path);
      expect(paths).toEqual(expect.arrayContaining(['legalName']));
      expect(res.text).toContain(VERIFICATION_MESSAGES.legalNameRequired);
    });

    it('refuses a certificate that is not a PDF or an image by its content (415), whatever its name', async () => {
      const res = await submitVerification(server, owner.token, {
        gstin: GSTIN,
        legalName: 'Meera Media LLP',
        certificate: {
          name: 'certificate.pdf',
          type: 'application/pdf',
          bytes: Buffer.from('MZ not a pdf at all'),
        },
      });
      expect(res.status).toBe(415);
      expect((await mine(owner.token)).body.status).toBe('unverified');
    });

    it('needs a session', async () => {
      const res = await submitVerification(server, undefined, {
        gstin: GSTIN,
        legalName: 'Meera Media LLP',
        certificate: certificatePdf(),
      });
      expect(res.status).toBe(401);
    });

    it('stores a valid submission as pending (the GSTIN normalized)', async () => {
      const res = await submitVerification(server, owner.token, {
        gstin: '27aapfu0939f1zv',
        legalName: 'Meera Media LLP',
        pan: 'AAPFU0939F',
        udyam: 'UDYAM-MH-01-0012345',
        certificate: certificatePdf(),
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        verification: {
          status: 'pending',
          gstin: GSTIN,
          legalName: 'Meera Media LLP',
          submittedAt: expect.any(String),
        },
      });
      const status = await mine(owner.token);
      expect(status.body.status).toBe('pending');
      expect(status.body.latest).toMatchObject({
        gstin: GSTIN,
        pan: 'AAPFU0939F',
        udyam: 'UDYAM-MH-01-0012345',
      });
      expect(status.body.latest.certificate).toMatchObject({
        type: 'application/pdf',
        name: 'certificate.pdf',
      });
    });
  });

  describe('the certificate', () => {
    it('is served to its owner and to admins only, never at a public path', async () => {
      const { latest } = (await mine(owner.token)).body;
      const url: string = latest.certificate.url;
      expect(url).not.toMatch(/^\/files\//);
      const asOwner = await fetch(server.baseUrl + url, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(asOwner.status).toBe(200);
      expect(asOwner.headers.get('content-type')).toBe('application/pdf');
      expect(asOwner.headers.get('cache-control')).toContain('private');
      expect(asOwner.headers.get('x-content-type-options')).toBe('nosniff');
      expect(
        Buffer.from(await asOwner.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      const asAdmin = await fetch(server.baseUrl + url, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(asAdmin.status).toBe(200);
      await asAdmin.arrayBuffer();
      const asOther = await fetch(server.baseUrl + url, {
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(asOther.status).toBe(404);
      expect((await fetch(server.baseUrl + url)).status).toBe(401);
    });
  });

  describe('the admin queue', () => {
    it('is admin-only', async () => {
      expect((await server.request('/api/admin/verifications')).status).toBe(401);
      expect((await server.request('/api/admin/verifications', { token: owner.token })).status).toBe(403);
      const { latest } = (await mine(owner.token)).body;
      const res = await decide(latest._id, { decision: 'approve' }, owner.token);
      expect(res.status).toBe(403);
      expect((await mine(owner.token)).body.status).toBe('pending');
    });

    it('lists pending submissions first, with the fields and the document', async () => {
      // A decided submission of another business, newer than the pending one.
      const submitted = await submitVerification(server, other.token, {
        gstin: OTHER_GSTIN,
        legalName: 'Omar Outdoor Pvt Ltd',
        certificate: certificatePng(),
      });
      expect(submitted.status).toBe(201);
      const otherId = (await mine(other.token)).body.latest._id;
      expect((await decide(otherId, { decision: 'approve' })).status).toBe(200);

      const res = await queue();
      expect(res.status).toBe(200);
      const [first, second] = res.body.verifications;
      expect(first).toMatchObject({
        status: 'pending',
        gstin: GSTIN,
        legalName: 'Meera Media LLP',
        business: { _id: owner.user.id, name: 'Meera Owner', status: 'pending' },
        certificate: { type: 'application/pdf', url: expect.stringMatching(/^\/api\/verifications\//) },
      });
      expect(second).toMatchObject({ status: 'verified', business: { _id: other.user.id } });
      expect(res.body.pending).toBe(1);

      const pendingOnly = await queue('?status=pending');
      expect(pendingOnly.body.verifications).toHaveLength(1);
      expect((await queue('?status=nonsense')).status).toBe(400);
    });

    it('refuses a rejection without a reason, and an unknown or malformed id', async () => {
      const { latest } = (await mine(owner.token)).body;
      const res = await decide(latest._id, { decision: 'reject', reason: '  ' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(VERIFICATION_MESSAGES.reasonRequired);
      expect((await decide(latest._id, { decision: 'maybe' })).status).toBe(400);
      expect((await decide('00000000-0000-4000-8000-000000000000', { decision: 'approve' })).status).toBe(
        404,
      );
      expect((await decide('not-an-id', { decision: 'approve' })).status).toBe(400);
      expect((await mine(owner.token)).body.status).toBe('pending');
    });

    it('rejects with a reason the user reads, audit-logged, and mails the user', async () => {
      const { latest } = (await mine(owner.token)).body;
      const reason = 'The certificate shows a different legal name.';
      const res = await decide(latest._id, { decision: 'reject', reason });
      expect(res.status).toBe(200);
      expect(res.body.verification).toMatchObject({
        status: 'rejected',
        reason,
        decidedBy: { _id: admin.user.id },
        business: { status: 'rejected' },
      });
      const status = await mine(owner.token);
      expect(status.body).toMatchObject({ status: 'rejected', latest: { status: 'rejected', reason } });
      const [audit] = await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'business'), eq(auditLog.targetId, owner.user.id)))
        .orderBy(desc(auditLog.id));
      expect(audit).toMatchObject({ action: 'reject_verification', actorId: admin.user.id, reason });
      // Through the outbox: the decision's event, mailed by the dispatcher.
      const mail = await server.mail.waitFor(owner.user.email, EVENTUALLY.timeout);
      expect(mail.text).toContain(reason);
      // Deciding it again is a conflict and changes nothing.
      const again = await decide(latest._id, { decision: 'approve' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(VERIFICATION_MESSAGES.notPending);
      expect((await mine(owner.token)).body.status).toBe('rejected');
    });

    it('takes a resubmission after a rejection, and approves it', async () => {
      const res = await submitVerification(server, owner.token, {
        gstin: GSTIN,
        legalName: 'Meera Media Private Limited',
        certificate: certificatePng(),
      });
      expect(res.status).toBe(201);
      const status = await mine(owner.token);
      expect(status.body.status).toBe('pending');
      expect(status.body.history.map((s: { status: string }) => s.status)).toEqual(['pending', 'rejected']);
      const approved = await decide(status.body.latest._id, { decision: 'approve' });
      expect(approved.status).toBe(200);
      expect((await mine(owner.token)).body.status).toBe('verified');
      const mail = await server.mail.waitFor(owner.user.email, EVENTUALLY.timeout);
      expect(mail.text).toContain('Subject: Your business is GST verified');
      const [audit] = await server.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, owner.user.id))
        .orderBy(desc(auditLog.id));
      expect(audit?.action).toBe('approve_verification');
    });
  });

  describe('events', () => {
    it('writes verification.decided with each decision: the business and admins see it, no one else, none for a refused one', async () => {
      type Seen = {
        actor: { kind: string; id: string | null };
        data: { verification: { _id: string; businessId: string; status: string; reason: string | null } };
      };
      const decided = async (token: string) =>
        (
          (await server.request('/api/events?types=verification.decided', { token })).body.events as Seen[]
        ).filter((e) => e.data.verification.businessId === owner.user.id);
      const { history } = (await mine(owner.token)).body as { history: { _id: string; status: string }[] };
      // Listed once every transaction older than the decision's has ended (a moment).
      await expect.poll(async () => (await decided(admin.token)).length).toBe(2);
      // The rejection and the approval above, oldest first, as the business's own view of its submission.
      for (const token of [owner.token, admin.token]) {
        const seen = await decided(token);
        expect(seen.map((e) => e.data.verification.status)).toEqual(['rejected', 'verified']);
        expect(seen.map((e) => e.data.verification._id)).toEqual(history.map((h) => h._id).reverse());
        expect(seen.every((e) => e.actor.kind === 'admin' && e.actor.id === admin.user.id)).toBe(true);
        expect(seen[0]!.data.verification.reason).toBe('The certificate shows a different legal name.');
        // Not the admin's view: no other businesses named.
        expect(seen[1]!.data.verification).not.toHaveProperty('gstinElsewhere');
      }
      expect(await decided(other.token)).toEqual([]);
      // Deciding again is refused (409): no event.
      expect((await decide(history[0]!._id, { decision: 'reject', reason: 'Again' })).status).toBe(409);
      expect(await decided(admin.token)).toHaveLength(2);
    });
  });

  describe('badges and the filter', () => {
    let listingId: string;

    it('marks the listings of a verified business ownerVerified, and the filter keeps only those', async () => {
      const created = await server.request('/api/barters', {
        token: owner.token,
        json: { title: 'Verified hoarding at Andheri', description: 'Big board', location: 'Mumbai' },
      });
      expect(created.status).toBe(201);
      listingId = created.body.barter._id;
      expect(created.body.barter.ownerVerified).toBe(true);
      const plain = await server.request('/api/barters', {
        token: admin.token,
        json: { title: 'Unverified radio spots', description: 'Spots', location: 'Pune' },
      });
      expect(plain.body.barter.ownerVerified).toBe(false);

      const all = await server.request('/api/barters');
      expect(all.body.barters.map((b: { _id: string }) => b._id)).toEqual(
        expect.arrayContaining([listingId, plain.body.barter._id]),
      );
      const verifiedOnly = await server.request('/api/barters?verifiedOnly=true');
      expect(verifiedOnly.body.barters.map((b: { _id: string }) => b._id)).toEqual([listingId]);
      expect(verifiedOnly.body.total).toBe(1);
      const worded = await server.request('/api/barters?verifiedOnly=true&q=hoarding');
      expect(worded.body.barters.map((b: { _id: string }) => b._id)).toEqual([listingId]);
      expect((await server.request('/api/barters?verifiedOnly=perhaps')).status).toBe(400);
    });

    it('sends a verified business that changes its GSTIN back to pending, badge gone', async () => {
      const res = await submitVerification(server, owner.token, {
        gstin: '24AAACC1206D1ZM',
        legalName: 'Meera Media Private Limited',
        certificate: certificatePdf(),
      });
      expect(res.status).toBe(201);
      expect(res.body.verification.status).toBe('pending');
      expect((await mine(owner.token)).body.status).toBe('pending');
      const listing = await server.request('/api/barters?verifiedOnly=true');
      expect(listing.body.barters).toEqual([]);
      const { latest } = (await mine(owner.token)).body;
      expect((await decide(latest._id, { decision: 'approve' })).status).toBe(200);
      expect((await server.request('/api/barters?verifiedOnly=true')).body.barters).toHaveLength(1);
    });

    it("clears a listing's own verified flag when its owner edits title, description, photos or contact", async () => {
      const verify = () =>
        server.request(`/api/admin/barters/${listingId}/verify`, {
          method: 'PATCH',
          token: admin.token,
          json: { verified: true },
        });
      const edit = (json: unknown) =>
        server.request(`/api/barters/${listingId}`, { method: 'PATCH', token: owner.token, json });
      const adminView = async () => {
        const res = await server.request('/api/admin/barters?limit=50', { token: admin.token });
        return res.body.listings.find((l: { _id: string }) => l._id === listingId);
      };

      expect((await verify()).status).toBe(200);
      // A field the admin's check does not cover keeps the flag; so does an unchanged value.
      expect((await edit({ seeking: 'Radio spots' })).body.barter.verified).toBe(true);
      expect((await edit({ title: 'Verified hoarding at Andheri' })).body.barter.verified).toBe(true);

      for (const change of [
        { title: 'Hoarding at Andheri East' },
        { description: 'A bigger board' },
        { image: 'https://example.com/board.jpg' },
        { contactPhone: '+91 98765 43210' },
      ]) {
        expect((await verify()).status).toBe(200);
        expect(await adminView()).toMatchObject({ verified: true, needsReview: false });
        const res = await edit(change);
        expect(res.status).toBe(200);
        expect(res.body.barter.verified).toBe(false);
        expect(await adminView()).toMatchObject({ verified: false, needsReview: true });
      }
      // Photos: adding one and removing one each clear the flag.
      const addPhoto = () => {
        const form = new FormData();
        const png = certificatePng();
        form.append('file', new Blob([new Uint8Array(png.bytes)], { type: png.type }), 'board.png');
        return fetch(`${server.baseUrl}/api/barters/${listingId}/photos`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.token}` },
          body: form,
        });
      };
      expect((await verify()).status).toBe(200);
      const added = await addPhoto();
      expect(added.status).toBe(201);
      expect(await adminView()).toMatchObject({ verified: false, needsReview: true });
      expect((await verify()).status).toBe(200);
      const removed = await server.request(`/api/barters/${listingId}/photos/0`, {
        method: 'DELETE',
        token: owner.token,
      });
      expect(removed.status).toBe(200);
      expect(await adminView()).toMatchObject({ verified: false, needsReview: true });

      const needing = await server.request('/api/admin/barters?needsReview=true', { token: admin.token });
      expect(needing.body.listings.map((l: { _id: string }) => l._id)).toEqual([listingId]);
      expect((await verify()).body.listing).toMatchObject({ verified: true, needsReview: false });
      const [row] = await server.db.select().from(listings).where(eq(listings.id, listingId));
      expect(row?.needsReview).toBe(false);
    });
  });

  describe('the badge and the name shown', () => {
    /** A valid GSTIN of its own for each business (Maharashtra, a made-up PAN). */
    let serial = 1000;
    const freshGstin = () => {
      serial += 1;
      const first14 = `27AAACM${serial}A1Z`;
      return first14 + gstinCheckCharacter(first14);
    };

    /** A business with a company name, verified by the admin under `legalName`; one listing of it. */
    async function verifiedBusiness(companyName: string, legalName: string, gstin = freshGstin()) {
      const member = await createTestUser(server.db, { userType: 'media_owner', firstName: 'Kavya' });
      const named = await server.request('/api/auth/me', {
        method: 'PATCH',
        token: member.token,
        json: { companyName },
      });
      expect(named.status, named.text).toBe(200);
      const submitted = await submitVerification(server, member.token, {
        gstin,
        legalName,
        certificate: certificatePdf(),
      });
      expect(submitted.status, submitted.text).toBe(201);
      const id = (await mine(member.token)).body.latest._id;
      expect((await decide(id, { decision: 'approve' })).status).toBe(200);
      const listing = await server.request('/api/barters', {
        token: member.token,
        json: { title: `${companyName} hoarding`, description: 'Front-lit', location: 'Pune' },
      });
      expect(listing.status).toBe(201);
      return { ...member, gstin, listingId: listing.body.barter._id as string };
    }

    /** What members see of the business: the listing's owner card, the business page, the filter. */
    async function shown(business: { user: UserRow; listingId: string }) {
      const listing = await server.request(`/api/barters/${business.listingId}`);
      const page = await server.request(`/api/businesses/${business.user.id}`);
      const filtered = await server.request('/api/barters?verifiedOnly=true&limit=100');
      return {
        name: listing.body.barter.ownerCompany,
        listing: listing.body.barter.ownerVerified,
        page: page.body.business.verified,
        pageName: page.body.business.companyName,
        filter: filtered.body.barters.some((b: { _id: string }) => b._id === business.listingId),
      };
    }
    const rename = (token: string, companyName: string) =>
      server.request('/api/auth/me', { method: 'PATCH', token, json: { companyName } });

    it('says "verified" on the business page of a verified business, as on its listings', async () => {
      const business = await verifiedBusiness('Kavya Prints', 'Kavya Prints Private Limited');
      expect(await shown(business)).toEqual({
        name: 'Kavya Prints',
        listing: true,
        page: true,
        pageName: 'Kavya Prints',
        filter: true,
      });
    });

    it('sends a rename to review: the badge leaves every card and page at once, and returns when approved', async () => {
      const business = await verifiedBusiness('Kavya Prints', 'Kavya Prints Private Limited');
      const renamed = await rename(business.token, 'Tata Motors Limited');
      expect(renamed.status).toBe(200);
      expect(renamed.body.message).toBe(VERIFICATION_MESSAGES.renameInReview);
      expect(await shown(business)).toEqual({
        name: 'Tata Motors Limited',
        listing: false,
        page: false,
        pageName: 'Tata Motors Limited',
        filter: false,
      });
      const status = (await mine(business.token)).body;
      expect(status.status).toBe('pending');
      expect(status.latest).toMatchObject({
        status: 'pending',
        gstin: business.gstin,
        legalName: 'Kavya Prints Private Limited',
        tradeName: 'Tata Motors Limited',
        renamedFrom: 'Kavya Prints',
      });
      // The admin reads the new name beside the verified legal name and the same certificate.
      const queued = (await queue(`?businessId=${business.user.id}&status=pending`)).body.verifications[0];
      expect(queued).toMatchObject({ tradeName: 'Tata Motors Limited', renamedFrom: 'Kavya Prints' });
      const certificate = await server.request(queued.certificate.url, { token: admin.token });
      expect(certificate.status).toBe(200);
      expect((await decide(queued._id, { decision: 'approve' })).status).toBe(200);
      expect(await shown(business)).toMatchObject({ listing: true, page: true, filter: true });
    });

    it('restores the badge at once when the name goes back, and keeps it for the same name written differently', async () => {
      const business = await verifiedBusiness('Kavya Prints', 'Kavya Prints Private Limited');
      const same = await rename(business.token, 'KAVYA PRINTS PVT. LTD.');
      expect(same.body.message).toBe('Profile updated successfully.');
      expect(await shown(business)).toMatchObject({ listing: true, page: true, filter: true });
      expect((await rename(business.token, 'Someone Else Media')).body.message).toBe(
        VERIFICATION_MESSAGES.renameInReview,
      );
      expect(await shown(business)).toMatchObject({ listing: false, page: false, filter: false });
      const back = await rename(business.token, 'Kavya Prints');
      expect(back.body.message).toBe(VERIFICATION_MESSAGES.renameRestored);
      expect(await shown(business)).toMatchObject({
        name: 'Kavya Prints',
        listing: true,
        page: true,
        filter: true,
      });
      expect((await mine(business.token)).body.history.map((h: { status: string }) => h.status)).toEqual([
        'superseded',
        'verified',
      ]);
      expect((await queue(`?businessId=${business.user.id}&status=pending`)).body.verifications).toEqual([]);
    });

    it('approves the name shown at submission with the legal name: a pending submission follows a rename', async () => {
      const member = await createTestUser(server.db, { userType: 'media_owner' });
      await rename(member.token, 'Anvi Outdoor');
      const submitted = await submitVerification(server, member.token, {
        gstin: freshGstin(),
        legalName: 'Anvi Outdoor Media LLP',
        certificate: certificatePdf(),
      });
      expect(submitted.status).toBe(201);
      expect((await mine(member.token)).body.latest.tradeName).toBe('Anvi Outdoor');
      await rename(member.token, 'Anvi Hoardings');
      const pending = (await mine(member.token)).body.latest;
      expect(pending).toMatchObject({ status: 'pending', tradeName: 'Anvi Hoardings', renamedFrom: null });
    });

    it('flags in the admin queue a GSTIN verified or pending for another business', async () => {
      const first = await verifiedBusiness('Rohan Signs', 'Rohan Signs LLP');
      const copycat = await createTestUser(server.db, { firstName: 'Copy', lastName: 'Cat' });
      const copied = await submitVerification(server, copycat.token, {
        gstin: first.gstin,
        legalName: 'Rohan Signs LLP',
        certificate: certificatePng(),
      });
      expect(copied.status).toBe(201);
      const third = await createTestUser(server.db, { firstName: 'Third', lastName: 'Party' });
      await submitVerification(server, third.token, {
        gstin: first.gstin,
        legalName: 'Rohan Signs LLP',
        certificate: certificatePng(),
      });
      const pending = (await queue('?status=pending&limit=100')).body.verifications as {
        business: { _id: string };
        gstinElsewhere: { _id: string; status: string }[];
      }[];
      const flagged = pending.find((v) => v.business._id === copycat.user.id);
      expect(flagged?.gstinElsewhere).toEqual(
        expect.arrayContaining([
          { _id: first.user.id, name: 'Kavya User', companyName: 'Rohan Signs', status: 'verified' },
          expect.objectContaining({ _id: third.user.id, status: 'pending' }),
        ]),
      );
      expect(flagged?.gstinElsewhere).toHaveLength(2);
      // A GSTIN nobody else holds is not flagged.
      const alone = await createTestUser(server.db);
      await submitVerification(server, alone.token, {
        gstin: freshGstin(),
        legalName: 'Alone Media',
        certificate: certificatePng(),
      });
      const again = (await queue('?status=pending&limit=100')).body.verifications as typeof pending;
      expect(again.find((v) => v.business._id === alone.user.id)?.gstinElsewhere).toEqual([]);
    });

    it('sends verified businesses whose name is not their legal name back to review when deployed (migration 0031)', async () => {
      const plain = await verifiedBusiness('Kavya Prints Private Limited', 'Kavya Prints Private Limited');
      const spelled = await verifiedBusiness('KAVYA BOOKS PVT. LTD.', 'Kavya Books Private Limited');
      const short = await verifiedBusiness('Kavya Inks', 'Kavya Inks LLP');
      const drifted = await verifiedBusiness('Kavya Paper', 'Kavya Paper LLP');
      // As before 0030: no trade name approved, and a name changed after the approval without review.
      await server.db.update(businessVerifications).set({ tradeName: null });
      await server.db
        .update(users)
        .set({ companyName: 'Tata Motors Limited' })
        .where(eq(users.id, drifted.user.id));
      const dir = join(import.meta.dirname, '../../../packages/db/migrations');
      const file = readdirSync(dir).find((name) => name.endsWith('_verification_names_review.sql'))!;
      await server.db.transaction(async (tx) => {
        for (const statement of readFileSync(join(dir, file), 'utf8').split('--> statement-breakpoint'))
          await tx.execute(sql.raw(statement));
      });
      expect(await shown(plain)).toMatchObject({ listing: true, page: true });
      expect(await shown(spelled)).toMatchObject({ listing: true, page: true });
      expect(await shown(drifted)).toMatchObject({
        name: 'Tata Motors Limited',
        listing: false,
        page: false,
      });
      expect((await mine(drifted.token)).body.latest).toMatchObject({
        status: 'pending',
        legalName: 'Kavya Paper LLP',
        tradeName: 'Tata Motors Limited',
      });
      expect((await mine(plain.token)).body.latest).toMatchObject({
        status: 'verified',
        tradeName: 'Kavya Prints Private Limited',
      });
      // A shorter name than the legal one was never approved either: the admin approves it as the trade name.
      expect(await shown(short)).toMatchObject({ name: 'Kavya Inks', listing: false, page: false });
    });
  });
});
