import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDeliveryTimers } from '@barterads/api';
import {
  auditLog,
  type Database,
  dealDeliverables,
  deals,
  deliverableProofs,
  events,
  listings,
  notifications,
  type UserRow,
} from '@barterads/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, EVENTUALLY, startTestServer, type TestServer } from './helpers/server';

type TestUser = { user: UserRow; token: string };

async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'LeakyCam', Model: 'SecretModel X' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '19/1 4/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '72/1 52/1 0/1',
      },
    })
    .toBuffer();
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

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

describe('deliverables, disputes and their jobs over real HTTP', () => {
  let server: TestServer;
  let dataDir: string;
  let admin: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'barterads-deliveries-'));
    server = await startTestServer({ DATA_DIR: dataDir });
    admin = await createTestUser(server.db, { role: 'admin' });
    stranger = await createTestUser(server.db, { firstName: 'Third', lastName: 'Person' });
  });
  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** An accepted deal: the owner gives the hoarding (item 0), the brand gives sampling boxes (item 1). */
  async function acceptedDeal() {
    const owner = await createTestUser(server.db, { userType: 'media_owner', firstName: 'Meera' });
    const brand = await createTestUser(server.db, { firstName: 'Kabir' });
    const listing = await createListing(server.db, owner.user);
    const made = await server.request('/api/deals', {
      token: brand.token,
      json: {
        listingId: listing.id,
        openDays: 7,
        items: [
          {
            giverId: owner.user.id,
            listingId: listing.id,
            title: 'Hoarding',
            quantity: 1,
            unit: 'month',
            valueInr: 50000,
          },
          { giverId: brand.user.id, title: 'Sampling boxes', quantity: 20, unit: 'event', valueInr: 45000 },
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
    const [ownerItem, brandItem] = accepted.body.deal.items as { _id: string; giverId: string }[];
    return { id, owner, brand, ownerItem: ownerItem!._id, brandItem: brandItem!._id };
  }

  async function deliver(
    token: string | undefined,
    dealId: string,
    itemId: string,
    files: { bytes: Buffer; name: string; type: string }[],
    fields: Record<string, string> = {},
  ) {
    const form = new FormData();
    for (const f of files)
      form.append('files', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${server.baseUrl}/api/deals/${dealId}/items/${itemId}/deliver`, {
      method: 'POST',
      body: form,
      headers,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  const act = (token: string, dealId: string, itemId: string, action: string, json: unknown = {}) =>
    server.request(`/api/deals/${dealId}/items/${itemId}/${action}`, { token, json });
  const resolve = (token: string, dealId: string, json: unknown) =>
    server.request(`/api/admin/deals/${dealId}/resolve`, { token, json });
  const itemOf = (deal: { items: { _id: string; deliverable: unknown }[] }, itemId: string) =>
    deal.items.find((i) => i._id === itemId)!.deliverable as {
      status: string;
      proof: { url: string; kind: string }[];
      note: string | null;
      link: string | null;
    };
  const kinds = async (userId: string) =>
    (
      await server.db
        .select({ kind: notifications.kind })
        .from(notifications)
        .where(eq(notifications.userId, userId))
    )
      .map((r) => r.kind)
      .sort();

  it('makes every accepted item a pending deliverable, shown to the parties only', async () => {
    const d = await acceptedDeal();
    const page = await server.request(`/api/deals/${d.id}`, { token: d.brand.token });
    expect(page.status).toBe(200);
    expect(
      page.body.deal.items.map((i: { deliverable: { status: string } }) => i.deliverable.status),
    ).toEqual(['pending', 'pending']);
    expect((await server.request(`/api/deals/${d.id}`, { token: stranger.token })).status).toBe(404);
  });

  it('delivers with photos and a PDF: EXIF stripped, private files for parties and admins only', async () => {
    const d = await acceptedDeal();
    const photo = await phoneJpeg();
    const files = [
      { bytes: photo, name: 'site.jpg', type: 'image/jpeg' },
      { bytes: PDF, name: 'report.pdf', type: 'application/pdf' },
    ];
    // The receiver cannot deliver the owner's item; a stranger is told nothing.
    expect((await deliver(d.brand.token, d.id, d.ownerItem, files)).status).toBe(403);
    expect((await deliver(stranger.token, d.id, d.ownerItem, files)).status).toBe(404);
    expect((await deliver(undefined, d.id, d.ownerItem, files)).status).toBe(401);
    // Proof is required, typed by content, at most 10 files.
    expect((await deliver(d.owner.token, d.id, d.ownerItem, [], { note: 'done' })).status).toBe(400);
    const fake = { bytes: Buffer.from('MZ not really an image at all'), name: 'x.jpg', type: 'image/jpeg' };
    expect((await deliver(d.owner.token, d.id, d.ownerItem, [fake])).status).toBe(415);
    const eleven = Array.from({ length: 11 }, () => ({ bytes: PDF, name: 'r.pdf', type: 'application/pdf' }));
    expect((await deliver(d.owner.token, d.id, d.ownerItem, eleven)).status).toBe(413);
    expect(await listFiles(join(dataDir, 'files'))).toEqual([]);

    const done = await deliver(d.owner.token, d.id, d.ownerItem, files, {
      note: 'Flex mounted on 1 December',
      link: 'https://example.com/site',
    });
    expect(done.status).toBe(200);
    const deliverable = itemOf(done.body.deal, d.ownerItem);
    expect(deliverable).toMatchObject({
      status: 'delivered',
      note: 'Flex mounted on 1 December',
      link: 'https://example.com/site',
    });
    expect(deliverable.proof.map((p) => p.kind)).toEqual(['photo', 'document']);
    for (const p of deliverable.proof)
      expect(p.url).toMatch(new RegExp(`^/api/deals/${d.id}/proofs/[0-9a-f-]{36}$`));
    const keys = await server.db
      .select({ key: deliverableProofs.key, bytes: deliverableProofs.bytes, kind: deliverableProofs.kind })
      .from(deliverableProofs)
      .where(eq(deliverableProofs.dealId, d.id))
      .orderBy(deliverableProofs.position);
    expect(keys).toHaveLength(2);
    for (const { key } of keys) expect(key.startsWith('public/')).toBe(false);
    // Each row records the size actually stored: the re-encoded photo's, the PDF's own.
    const storedSize = async (key: string) => (await stat(join(dataDir, 'files', key))).size;
    expect(keys[0]!.kind).toBe('photo');
    expect(keys[0]!.bytes).toBeGreaterThan(0);
    expect(keys[0]!.bytes).toBe(await storedSize(keys[0]!.key));
    expect(keys[1]!.bytes).toBe(PDF.length);
    expect(keys[1]!.bytes).toBe(await storedSize(keys[1]!.key));

    const [photoUrl, pdfUrl] = deliverable.proof.map((p) => p.url);
    for (const viewer of [d.owner, d.brand, admin]) {
      const served = await fetch(server.baseUrl + photoUrl, {
        headers: { authorization: `Bearer ${viewer.token}` },
      });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('private, no-store');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.includes(Buffer.from('LeakyCam'))).toBe(false);
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }
    const pdf = await fetch(server.baseUrl + pdfUrl, {
      headers: { authorization: `Bearer ${d.brand.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).equals(PDF)).toBe(true);
    expect(
      (await fetch(server.baseUrl + photoUrl, { headers: { authorization: `Bearer ${stranger.token}` } }))
        .status,
    ).toBe(404);
    expect((await fetch(server.baseUrl + photoUrl)).status).toBe(401);
    // The proof id under another deal's path is not found.
    const other = await acceptedDeal();
    const elsewhere = photoUrl!.replace(d.id, other.id);
    expect(
      (await fetch(server.baseUrl + elsewhere, { headers: { authorization: `Bearer ${other.owner.token}` } }))
        .status,
    ).toBe(404);

    // Delivering again is refused, and the refused upload leaves no file behind.
    const before = (await listFiles(join(dataDir, 'files'))).length;
    expect((await deliver(d.owner.token, d.id, d.ownerItem, files)).status).toBe(409);
    expect((await listFiles(join(dataDir, 'files'))).length).toBe(before);
    await expect.poll(() => kinds(d.brand.user.id), EVENTUALLY).toContain('deliverable_delivered');
  });

  it('accepts by the receiver only and completes the deal when every item is accepted', async () => {
    const d = await acceptedDeal();
    expect((await act(d.brand.token, d.id, d.ownerItem, 'accept')).status).toBe(409); // not delivered yet
    expect(
      (await deliver(d.owner.token, d.id, d.ownerItem, [], { link: 'https://example.com/a' })).status,
    ).toBe(200);
    expect((await act(d.owner.token, d.id, d.ownerItem, 'accept')).status).toBe(403);
    expect((await act(stranger.token, d.id, d.ownerItem, 'accept')).status).toBe(404);
    const accepted = await act(d.brand.token, d.id, d.ownerItem, 'accept');
    expect(accepted.status).toBe(200);
    expect(itemOf(accepted.body.deal, d.ownerItem).status).toBe('accepted');
    expect(accepted.body.deal.status).toBe('accepted');
    expect((await act(d.brand.token, d.id, d.ownerItem, 'accept')).status).toBe(409);
    await expect.poll(() => kinds(d.owner.user.id), EVENTUALLY).toContain('deliverable_accepted');

    expect(
      (await deliver(d.brand.token, d.id, d.brandItem, [], { link: 'https://example.com/b' })).status,
    ).toBe(200);
    const last = await act(d.owner.token, d.id, d.brandItem, 'accept');
    expect(last.status).toBe(200);
    expect(last.body.deal.status).toBe('completed');
    expect(last.body.deal.completedAt).not.toBeNull();
    // Each delivery change wrote its event in its own transaction (the outbox), the last with the completed deal.
    const written = await server.db
      .select({ type: events.type, data: events.data })
      .from(events)
      .where(eq(events.resourceId, d.id))
      .orderBy(asc(events.sequence));
    expect(written.map((e) => e.type).filter((t) => t.startsWith('deliverable.'))).toEqual([
      'deliverable.delivered',
      'deliverable.accepted',
      'deliverable.delivered',
      'deliverable.accepted',
    ]);
    expect(written.at(-1)!.data).toMatchObject({
      deal: { status: 'completed' },
      deliverable: { itemId: d.brandItem, status: 'accepted' },
    });
    // A completed deal takes no more deliveries.
    expect(
      (await act(d.owner.token, d.id, d.brandItem, 'dispute', { reason: 'not_delivered', details: 'x' }))
        .status,
    ).toBe(409);
  });

  it('disputes within 7 days, refuses after, and only an admin resolves (audit-logged, both told)', async () => {
    const d = await acceptedDeal();
    expect(
      (await deliver(d.owner.token, d.id, d.ownerItem, [], { link: 'https://example.com/a' })).status,
    ).toBe(200);
    expect(
      (await act(d.brand.token, d.id, d.ownerItem, 'dispute', { reason: 'lost', details: 'x' })).status,
    ).toBe(400);
    expect(
      (await act(d.owner.token, d.id, d.ownerItem, 'dispute', { reason: 'not_delivered', details: 'x' }))
        .status,
    ).toBe(403);
    const disputed = await act(d.brand.token, d.id, d.ownerItem, 'dispute', {
      reason: 'not_as_agreed',
      details: 'The flex faces the wrong road.',
    });
    expect(disputed.status).toBe(200);
    expect(disputed.body.deal.status).toBe('disputed');
    expect(itemOf(disputed.body.deal, d.ownerItem).status).toBe('disputed');
    await expect.poll(() => kinds(d.owner.user.id), EVENTUALLY).toContain('deliverable_disputed');

    const body = { itemId: d.ownerItem, outcome: 'redeliver', note: 'Move the flex to face the main road.' };
    expect((await resolve(d.owner.token, d.id, body)).status).toBe(403);
    expect((await resolve(d.brand.token, d.id, body)).status).toBe(403);
    expect((await resolve(admin.token, d.id, { ...body, note: '' })).status).toBe(400);
    expect((await resolve(admin.token, d.id, { ...body, itemId: d.brandItem })).status).toBe(409);
    const record = await server.request(`/api/admin/deals/${d.id}/record`, { token: admin.token });
    expect(record.status).toBe(200);
    expect(record.body.timeline.map((e: { kind: string }) => e.kind)).toEqual(['delivered', 'disputed']);
    expect(record.body.versions).toHaveLength(1);

    const redeliver = await resolve(admin.token, d.id, body);
    expect(redeliver.status).toBe(200);
    expect(redeliver.body.deal.status).toBe('accepted');
    expect(itemOf(redeliver.body.deal, d.ownerItem).status).toBe('pending');
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, d.id), eq(auditLog.action, 'resolve_dispute')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.reason).toBe(body.note);
    await expect.poll(() => kinds(d.owner.user.id), EVENTUALLY).toContain('dispute_resolved');
    await expect.poll(() => kinds(d.brand.user.id), EVENTUALLY).toContain('dispute_resolved');
    expect((await resolve(admin.token, d.id, body)).status).toBe(409);

    // Redelivered, disputed again: the admin accepts it this time.
    expect(
      (await deliver(d.owner.token, d.id, d.ownerItem, [], { link: 'https://example.com/again' })).status,
    ).toBe(200);
    expect(
      (
        await act(d.brand.token, d.id, d.ownerItem, 'dispute', {
          reason: 'partly_delivered',
          details: 'Half.',
        })
      ).status,
    ).toBe(200);
    const accept = await resolve(admin.token, d.id, {
      itemId: d.ownerItem,
      outcome: 'accept',
      note: 'Photos show it.',
    });
    expect(accept.status).toBe(200);
    expect(itemOf(accept.body.deal, d.ownerItem).status).toBe('accepted');
    expect(accept.body.deal.status).toBe('accepted');

    // After the 7 days, a dispute is refused.
    expect(
      (await deliver(d.brand.token, d.id, d.brandItem, [], { link: 'https://example.com/b' })).status,
    ).toBe(200);
    await server.db
      .update(dealDeliverables)
      .set({ deliveredAt: sql`now() - interval '7 days 1 minute'` })
      .where(eq(dealDeliverables.itemId, d.brandItem));
    expect(
      (await act(d.owner.token, d.id, d.brandItem, 'dispute', { reason: 'not_delivered', details: 'x' }))
        .status,
    ).toBe(409);
  });

  it('carries evidence on a dispute: the receiver adds photos and PDFs, parties and admins see them (issue 35)', async () => {
    const d = await acceptedDeal();
    const evidence = async (
      token: string | undefined,
      files: { bytes: Buffer; name: string; type: string }[],
    ) => {
      const form = new FormData();
      for (const f of files)
        form.append('files', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const response = await fetch(
        `${server.baseUrl}/api/deals/${d.id}/items/${d.ownerItem}/dispute-evidence`,
        { method: 'POST', body: form, headers },
      );
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    const photo = { bytes: await phoneJpeg(), name: 'unlit-hoarding.jpg', type: 'image/jpeg' };
    const pdf = { bytes: PDF, name: 'complaint.pdf', type: 'application/pdf' };
    expect(
      (await deliver(d.owner.token, d.id, d.ownerItem, [], { link: 'https://example.com/site' })).status,
    ).toBe(200);
    // Not in dispute yet: nothing to add evidence to.
    expect((await evidence(d.brand.token, [photo])).status).toBe(409);
    expect(
      (
        await act(d.brand.token, d.id, d.ownerItem, 'dispute', {
          reason: 'not_as_agreed',
          details: 'The hoarding was never lit.',
        })
      ).status,
    ).toBe(200);
    // Only the receiver adds evidence; a stranger learns nothing; files are checked like proof.
    expect((await evidence(d.owner.token, [photo])).status).toBe(403);
    expect((await evidence(stranger.token, [photo])).status).toBe(404);
    expect((await evidence(undefined, [photo])).status).toBe(401);
    expect((await evidence(d.brand.token, [])).status).toBe(400);
    const eleven = Array.from({ length: 11 }, () => pdf);
    expect((await evidence(d.brand.token, eleven)).status).toBe(413);
    const added = await evidence(d.brand.token, [photo, pdf]);
    expect(added.status).toBe(200);
    const disputed = added.body.deal.items.find((i: { _id: string }) => i._id === d.ownerItem).deliverable;
    expect(disputed.status).toBe('disputed');
    expect(disputed.proof).toEqual([]);
    expect(disputed.evidence.map((e: { kind: string; filename: string }) => [e.kind, e.filename])).toEqual([
      ['photo', 'unlit-hoarding.jpg'],
      ['document', 'complaint.pdf'],
    ]);
    // The parties and admins open the files; anyone else gets 404. The admin's record carries them.
    for (const e of disputed.evidence as { url: string }[]) {
      for (const [token, status] of [
        [d.owner.token, 200],
        [admin.token, 200],
        [stranger.token, 404],
      ] as const) {
        const res = await fetch(`${server.baseUrl}${e.url}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status).toBe(status);
      }
    }
    const record = await server.request(`/api/admin/deals/${d.id}/record`, { token: admin.token });
    const recorded = record.body.deal.items.find((i: { _id: string }) => i._id === d.ownerItem).deliverable;
    expect(recorded.evidence).toHaveLength(2);
    // At most 10 a dispute, counted over every addition.
    const nine = Array.from({ length: 9 }, () => pdf);
    expect((await evidence(d.brand.token, nine)).status).toBe(413);
    // Delivered again after the admin's decision: the new round starts without the old dispute's evidence.
    expect(
      (await resolve(admin.token, d.id, { itemId: d.ownerItem, outcome: 'redeliver', note: 'Light it' }))
        .status,
    ).toBe(200);
    const again = await deliver(d.owner.token, d.id, d.ownerItem, [], { link: 'https://example.com/lit' });
    const redelivered = again.body.deal.items.find((i: { _id: string }) => i._id === d.ownerItem).deliverable;
    expect(redelivered.evidence).toEqual([]);
  });

  it('cancels a disputed deal by an admin decision', async () => {
    const d = await acceptedDeal();
    expect(
      (await deliver(d.owner.token, d.id, d.ownerItem, [], { link: 'https://example.com/a' })).status,
    ).toBe(200);
    expect(
      (
        await act(d.brand.token, d.id, d.ownerItem, 'dispute', {
          reason: 'not_delivered',
          details: 'Nothing.',
        })
      ).status,
    ).toBe(200);
    const cancelled = await resolve(admin.token, d.id, {
      itemId: d.ownerItem,
      outcome: 'cancel_deal',
      note: 'No proof of the site.',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.deal.status).toBe('cancelled');
    expect(
      (await deliver(d.brand.token, d.id, d.brandItem, [], { link: 'https://example.com/b' })).status,
    ).toBe(409);
  });

  it('reminds at days 3 and 6 and accepts automatically after 7 days (clock moved, job run)', async () => {
    const d = await acceptedDeal();
    expect(
      (await deliver(d.owner.token, d.id, d.ownerItem, [], { link: 'https://example.com/a' })).status,
    ).toBe(200);
    expect(
      (await deliver(d.brand.token, d.id, d.brandItem, [], { link: 'https://example.com/b' })).status,
    ).toBe(200);
    const age = (interval: string) =>
      server.db
        .update(dealDeliverables)
        .set({ deliveredAt: sql`now() - ${interval}::interval` })
        .where(eq(dealDeliverables.dealId, d.id));
    // The reminders only: the delivery's own notice (same kind) arrives through the event dispatcher, at its own
    // moment, and must not shift the count.
    const reminders = async () =>
      (
        await server.db
          .select({ title: notifications.title })
          .from(notifications)
          .where(
            and(eq(notifications.userId, d.brand.user.id), eq(notifications.kind, 'deliverable_delivered')),
          )
      ).filter((n) => n.title.startsWith('A delivery awaits your answer')).length;
    const { EVENT_DISPATCH_JOB } = await import('@barterads/api');
    const run = async () => {
      const done = await runDeliveryTimers(server.db);
      // As the job does: the reminders' and automatic acceptances' events go out through the dispatcher.
      server.services.jobs?.wake(EVENT_DISPATCH_JOB);
      return done;
    };
    // The server's own scheduled job may run the same work at any moment: the assertions read the rows and the
    // notifications, which are the same whichever run did it.
    const remindedDays = async () =>
      (
        await server.db
          .select({ day: dealDeliverables.remindedDay })
          .from(dealDeliverables)
          .where(eq(dealDeliverables.dealId, d.id))
      ).map((r) => r.day);
    await run();
    expect(await remindedDays()).toEqual([0, 0]);
    const first = await reminders();
    await age('3 days 1 minute');
    await run();
    expect(await remindedDays()).toEqual([3, 3]);
    await run();
    // The reminder is an event written with the mark: the dispatcher puts it in the bell, once.
    await expect.poll(reminders, EVENTUALLY).toBe(first + 1);
    expect(
      (await server.db.select().from(events).where(eq(events.resourceId, d.id))).filter(
        (e) => e.type === 'deliverable.reminder',
      ),
    ).toHaveLength(2);
    await age('6 days 1 minute');
    await run();
    expect(await remindedDays()).toEqual([6, 6]);
    await expect.poll(reminders, EVENTUALLY).toBe(first + 2);
    // Not yet 7 days: still delivered.
    const [still] = await server.db.select({ status: deals.status }).from(deals).where(eq(deals.id, d.id));
    expect(still!.status).toBe('accepted');
    await age('7 days 1 minute');
    await run();
    const [after] = await server.db.select().from(deals).where(eq(deals.id, d.id));
    expect(after!.status).toBe('completed');
    expect(after!.completedAt).not.toBeNull();
    const rows = await server.db.select().from(dealDeliverables).where(eq(dealDeliverables.dealId, d.id));
    expect(rows.every((r) => r.status === 'accepted' && r.autoAccepted)).toBe(true);
    expect((await run()).autoAccepted.filter((o) => o.dealId === d.id)).toHaveLength(0);
    await expect.poll(() => kinds(d.owner.user.id), EVENTUALLY).toContain('deliverable_accepted');
    // The automatic acceptances are events of the deal's timeline, without an actor.
    const page = await server.request(`/api/deals/${d.id}`, { token: d.owner.token });
    const auto = page.body.timeline.filter((e: { kind: string }) => e.kind === 'auto_accepted');
    expect(auto).toHaveLength(2);
    expect(auto.every((e: { actorId: string | null }) => e.actorId === null)).toBe(true);
  });

  it("shows every delivery event in the deal's timeline and the parties' own ones in its thread", async () => {
    const d = await acceptedDeal();
    expect(
      (await deliver(d.owner.token, d.id, d.ownerItem, [], { link: 'https://example.com/a', note: 'Up' }))
        .status,
    ).toBe(200);
    expect(
      (
        await act(d.brand.token, d.id, d.ownerItem, 'dispute', {
          reason: 'partly_delivered',
          details: 'Half the flex is missing.',
        })
      ).status,
    ).toBe(200);
    expect(
      (await resolve(admin.token, d.id, { itemId: d.ownerItem, outcome: 'redeliver', note: 'Mount it all.' }))
        .status,
    ).toBe(200);
    expect(
      (await deliver(d.owner.token, d.id, d.ownerItem, [], { link: 'https://example.com/b' })).status,
    ).toBe(200);
    const accepted = await act(d.brand.token, d.id, d.ownerItem, 'accept');
    expect(accepted.status).toBe(200);

    const page = await server.request(`/api/deals/${d.id}`, { token: d.brand.token });
    expect(page.status).toBe(200);
    const timeline = page.body.timeline as {
      kind: string;
      itemId: string;
      actorId: string | null;
      note: string;
    }[];
    expect(timeline.map((e) => e.kind)).toEqual([
      'delivered',
      'disputed',
      'resolved_redeliver',
      'delivered',
      'accepted',
    ]);
    expect(timeline.every((e) => e.itemId === d.ownerItem)).toBe(true);
    expect(timeline[0]).toMatchObject({ actorId: d.owner.user.id, note: 'Up' });
    expect(timeline[2]).toMatchObject({ actorId: admin.user.id, note: 'Mount it all.' });

    // The thread in Messages: each party's event written by that party, after the deal's own lines.
    const conversationId = accepted.body.deal.conversationId as string;
    expect(conversationId).toBeTruthy();
    const thread = await server.request(`/api/conversations/${conversationId}/messages`, {
      token: d.owner.token,
    });
    expect(thread.status).toBe(200);
    const lines = (thread.body.messages as { senderId: string; text: string }[]).map(
      (m) => [m.senderId === d.owner.user.id ? 'owner' : 'brand', m.text] as const,
    );
    const delivery = lines.filter(([, body]) => /"Hoarding"/.test(body));
    expect(delivery).toEqual([
      ['owner', `Marked "Hoarding" delivered; the proof is on the deal's page. Note: Up`],
      ['brand', 'Disputed the delivery of "Hoarding" (Partly delivered): Half the flex is missing.'],
      ['owner', `Marked "Hoarding" delivered; the proof is on the deal's page.`],
      ['brand', 'Accepted the delivery of "Hoarding".'],
    ]);
    // A stranger still sees neither.
    expect((await server.request(`/api/deals/${d.id}`, { token: stranger.token })).status).toBe(404);
  });

  it("lists deals awaiting the receiver's confirmation", async () => {
    const d = await acceptedDeal();
    expect(
      (await deliver(d.owner.token, d.id, d.ownerItem, [], { link: 'https://example.com/a' })).status,
    ).toBe(200);
    const list = await server.request('/api/deals?status=confirm', { token: d.brand.token });
    expect(list.status).toBe(200);
    expect(list.body.deals.map((x: { _id: string }) => x._id)).toEqual([d.id]);
    expect(list.body.awaitingConfirmation).toBe(1);
    const theirs = await server.request('/api/deals?status=confirm', { token: d.owner.token });
    expect(theirs.body.deals).toEqual([]);
    expect(theirs.body.awaitingConfirmation).toBe(0);
  });
});
