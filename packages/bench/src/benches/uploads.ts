import { readFileSync } from 'node:fs';
import { createSession, hashPassword } from '@barterads/api';
import { listings, users } from '@barterads/db';
import sharp from 'sharp';
import type { BenchDatabase } from '../lib/database';
import { clientAddress } from '../lib/load';
import { type BenchResult, fmt, heading, printCheck } from '../lib/report';
import type { RunningServer } from '../lib/server';

/** Photos uploaded at once, and the size of each (issue 18: twenty 8 MB photos, growth under 150 MB). */
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20);
const PHOTO_MB = Number(process.env.BENCH_UPLOAD_MB ?? 8);
const TARGET_MB = 150;

/** The resident memory of a process in bytes (Linux /proc), or undefined when it cannot be read. */
function residentBytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A camera-like JPEG of about `mb` megabytes: a 4:3 photo of noise (which JPEG cannot shrink), as large in pixels as
 * a phone's 12-24 megapixel photo of that size.
 */
async function photoOf(mb: number): Promise<Buffer> {
  let width = 3000;
  for (;;) {
    const height = Math.round((width * 3) / 4);
    const jpeg = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: { r: 128, g: 128, b: 128 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 92 })
      .toBuffer();
    if (jpeg.length >= mb * 0.95 * 1024 * 1024 || width > 8000) return jpeg;
    width = Math.round(width * Math.sqrt((mb * 1024 * 1024) / jpeg.length));
  }
}

/**
 * Twenty owners each upload one 8 MB photo to their listing at the same moment (POST /api/barters/{id}/photos,
 * multipart): every upload answers 201 and the API server's resident memory, sampled every 10 ms from /proc, grows
 * by less than 150 MB over its level after one warm-up upload (uploads stream to disk; images are decoded two at a
 * time).
 */
export async function runUploadsBench(db: BenchDatabase, api: RunningServer): Promise<BenchResult> {
  heading(`Uploads: ${UPLOADS} photos of ${PHOTO_MB} MB at once`);
  const result: BenchResult = { bench: 'Uploads', checks: [], notes: [] };
  const pid = api.pid;
  if (pid === undefined || residentBytes(pid) === undefined) {
    result.error = 'the API server memory cannot be read (/proc)';
    return result;
  }
  const photo = await photoOf(PHOTO_MB);
  const { width, height } = await sharp(photo).metadata();
  console.log(`  photo: ${fmt(photo.length / 1024 / 1024)} MB JPEG, ${width} × ${height} px`);

  const passwordHash = await hashPassword('bench-uploads-password');
  const owners = await db.handle.db
    .insert(users)
    .values(
      Array.from({ length: UPLOADS + 1 }, (_, i) => ({
        email: `uploader${i}@bench.barterads.in`,
        passwordHash,
        firstName: 'Bench',
        lastName: `Uploader ${i}`,
        role: 'user' as const,
        userType: 'media_owner' as const,
        status: 'active' as const,
        country: 'IN',
        emailVerified: true,
      })),
    )
    .returning({ id: users.id });
  const parties = await Promise.all(
    owners.map(async (owner, i) => {
      const [listing] = await db.handle.db
        .insert(listings)
        .values({
          ownerId: owner.id,
          ownerType: 'media_owner',
          title: `Bench hoarding ${i} for photos`,
          description: 'A hoarding whose owner uploads a photo taken on a phone.',
          location: 'Pune, Maharashtra',
          category: 'outdoor',
        })
        .returning({ id: listings.id });
      const { token } = await createSession(db.handle.db, owner.id);
      return { token, listingId: listing!.id, address: clientAddress() };
    }),
  );
  const upload = async (party: (typeof parties)[number]) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'site.jpg');
    const response = await fetch(`${api.url}/api/barters/${party.listingId}/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${party.token}`, 'x-forwarded-for': party.address },
      body: form,
    });
    await response.arrayBuffer();
    return response.status;
  };

  // One upload first: libvips, the image code and the buffers of a first request are not growth.
  const warm = await upload(parties[0]!);
  if (warm !== 201) {
    result.error = `the warm-up upload answered ${warm}`;
    return result;
  }
  const baseline = residentBytes(pid)!;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid) ?? 0);
  }, 10);
  const started = performance.now();
  const statuses = await Promise.all(parties.slice(1).map(upload));
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, residentBytes(pid) ?? 0);
  const ok = statuses.filter((status) => status === 201).length;
  const growth = (peak - baseline) / 1024 / 1024;
  console.log(
    `  ${ok} of ${UPLOADS} answered 201 in ${(elapsed / 1000).toFixed(1)} s; resident ${fmt(baseline / 1024 / 1024)} MB before, peak ${fmt(peak / 1024 / 1024)} MB`,
  );
  result.checks.push({
    name: `${UPLOADS} uploads of ${PHOTO_MB} MB at once answered 201`,
    value: `${ok} of ${UPLOADS}`,
    target: 'all',
    pass: ok === UPLOADS,
  });
  result.checks.push({
    name: `API server resident memory growth, ${UPLOADS} photos of ${PHOTO_MB} MB at once`,
    value: `${growth.toFixed(1)} MB (${fmt(baseline / 1024 / 1024)} -> peak ${fmt(peak / 1024 / 1024)} MB)`,
    target: `< ${TARGET_MB} MB`,
    pass: growth < TARGET_MB,
  });
  result.notes.push(
    `photo ${width} x ${height} px, ${(photo.length / 1024 / 1024).toFixed(1)} MB; ${(elapsed / 1000).toFixed(1)} s`,
  );
  for (const check of result.checks) printCheck(check);
  return result;
}
