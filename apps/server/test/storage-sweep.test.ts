import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SWEEP_GRACE_MS } from '@barterads/api';
import { VERIFICATION_MESSAGES } from '@barterads/core';
import { queryRows, sql } from '@barterads/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStorageSweep, STORAGE_SWEEP_JOB } from '../src/jobs/storage-sweep';
import { filesIn } from './helpers/raw-http';
import { createTestUser, insertTestListing, startTestServer, type TestServer } from './helpers/server';
import { certificatePdf, certificatePng, submitVerification } from './helpers/verification';

const HOUR = 60 * 60 * 1000;
const GSTIN = '27AAPFU0939F1ZV';

describe('the storage sweeper (orphaned objects, certificates past their use)', () => {
  let server: TestServer;
  let dataDir: string;
  let admin: Awaited<ReturnType<typeof createTestUser>>;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'barterads-sweep-'));
    server = await startTestServer({ DATA_DIR: dataDir });
    admin = await createTestUser(server.db, { role: 'admin' });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const stored = async () =>
    (await filesIn(join(dataDir, 'files'))).map((path) => path.slice(join(dataDir, 'files').length + 1));
  /** The sweep as the hourly job runs it, at `now` (a controllable clock: nothing waits for real time). */
  const sweep = (now: Date) => runStorageSweep(server.services, now);

  it('is scheduled on the job queue', async () => {
    const rows = await queryRows<{ name: string; cron: string }>(
      server.db,
      sql`select name, cron from pgboss.schedule where name = ${STORAGE_SWEEP_JOB}`,
    );
    expect(rows).toEqual([{ name: STORAGE_SWEEP_JOB, cron: '23 * * * *' }]);
  });

  it('deletes objects no row references once past the grace period, and keeps every referenced one', async () => {
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    const listing = await insertTestListing(server.db, owner.user);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(certificatePng().bytes)], { type: 'image/png' }), 'p.png');
    const uploaded = await fetch(`${server.baseUrl}/api/barters/${listing.id}/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const kept = await stored();
    expect(kept.length).toBeGreaterThan(0);
    // A process that died between storing and committing: objects under each kind's prefix with no row.
    const storage = server.services.storage;
    const orphans = [
      `public/listings/${listing.id}/00000000-0000-4000-8000-000000000001-320.webp`,
      'public/listings/not-a-listing/x-320.webp',
      'proofs/00000000-0000-4000-8000-000000000002/00000000-0000-4000-8000-000000000003/y.pdf',
      `private/verifications/${owner.user.id}/00000000-0000-4000-8000-000000000004.pdf`,
    ];
    for (const key of orphans)
      await storage.put(key, Buffer.from('%PDF-orphan'), { contentType: 'application/pdf' });
    // Outside every registered prefix: never touched.
    await storage.put('public/demo/outdoor-1-320.webp', Buffer.from('demo'), { contentType: 'image/webp' });

    // Within the grace period nothing goes: the row may still be on its way.
    const early = await sweep(new Date(Date.now() + SWEEP_GRACE_MS / 2));
    expect(Object.values(early.swept).every((n) => n === 0)).toBe(true);
    expect(await stored()).toEqual(expect.arrayContaining(orphans));

    const later = await sweep(new Date(Date.now() + SWEEP_GRACE_MS + HOUR));
    expect(later.swept).toEqual({ 'listing photos': 2, 'delivery proofs': 1, 'GST certificates': 1 });
    expect((await stored()).sort()).toEqual([...kept, 'public/demo/outdoor-1-320.webp'].sort());
    // The photo still serves.
    const photo = (await server.request(`/api/barters/${listing.id}`)).body.barter.photos[0].url as string;
    expect((await fetch(server.baseUrl + photo)).status).toBe(200);
  });

  it('lets go of superseded certificates, and of a decided one once a later decision replaced it', async () => {
    const business = await createTestUser(server.db, { userType: 'media_owner' });
    const submit = async () => {
      const res = await submitVerification(server, business.token, {
        gstin: GSTIN,
        legalName: 'Sweep Media LLP',
        certificate: certificatePdf(),
      });
      expect(res.status).toBe(201);
      return (await server.request('/api/auth/me/verification', { token: business.token })).body.latest
        ._id as string;
    };
    const decide = async (id: string) =>
      expect(
        (
          await server.request(`/api/admin/verifications/${id}/decide`, {
            token: admin.token,
            json: { decision: 'approve' },
          })
        ).status,
      ).toBe(200);
    const certificateOf = (id: string) =>
      server.request(`/api/verifications/${id}/certificate`, { token: business.token });
    const certificates = async () =>
      (await stored()).filter((key) => key.startsWith(`private/verifications/${business.user.id}/`));

    const first = await submit();
    const second = await submit(); // supersedes the first, still pending
    const third = await submit(); // supersedes the second
    await decide(third);
    expect(await certificates()).toHaveLength(3);
    const afterFirstDecision = await sweep(new Date(Date.now() + SWEEP_GRACE_MS + HOUR));
    expect(afterFirstDecision.certificatesRetired).toBe(2);
    expect((await certificates()).map((key) => key.split('/').at(-1))).toEqual([`${third}.pdf`]);
    for (const id of [first, second]) {
      const gone = await certificateOf(id);
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe(VERIFICATION_MESSAGES.certificateRemoved);
    }
    expect((await certificateOf(third)).status).toBe(200);

    // New details, approved: the decision the third served is replaced, so its certificate goes too.
    const fourth = await submit();
    await decide(fourth);
    await sweep(new Date(Date.now() + SWEEP_GRACE_MS + HOUR));
    expect((await certificates()).map((key) => key.split('/').at(-1))).toEqual([`${fourth}.pdf`]);
    expect((await certificateOf(third)).status).toBe(404);
    const history = (await server.request('/api/auth/me/verification', { token: business.token })).body
      .history as { _id: string; certificate: { removedAt: string | null } }[];
    expect(history.map((h) => h.certificate.removedAt === null)).toEqual([true, false, false, false]);
  });

  it('keeps a certificate a rename review shares with the verified submission it copies', async () => {
    const business = await createTestUser(server.db, { userType: 'media_owner' });
    await server.request('/api/auth/me', {
      method: 'PATCH',
      token: business.token,
      json: { companyName: 'Shared Prints LLP' },
    });
    await submitVerification(server, business.token, {
      gstin: GSTIN,
      legalName: 'Shared Prints LLP',
      certificate: certificatePdf(),
    });
    const id = (await server.request('/api/auth/me/verification', { token: business.token })).body.latest._id;
    await server.request(`/api/admin/verifications/${id}/decide`, {
      token: admin.token,
      json: { decision: 'approve' },
    });
    await server.request('/api/auth/me', {
      method: 'PATCH',
      token: business.token,
      json: { companyName: 'Shared Posters' },
    });
    const review = (await server.request('/api/auth/me/verification', { token: business.token })).body.latest;
    await server.request(`/api/admin/verifications/${review._id}/decide`, {
      token: admin.token,
      json: { decision: 'approve' },
    });
    await sweep(new Date(Date.now() + SWEEP_GRACE_MS + HOUR));
    // The first decision is replaced (its row lets go), but the object is the review's too: it stays.
    const served = await server.request(`/api/verifications/${review._id}/certificate`, {
      token: business.token,
    });
    expect(served.status).toBe(200);
  });
});
