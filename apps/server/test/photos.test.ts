import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from './helpers/server';

/** A JPEG with a camera name and GPS position in its EXIF, like a phone's photo. */
async function phoneJpeg(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'LeakyCam', Model: 'SecretModel X', Copyright: 'OwnerName' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '19/1 4/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '72/1 52/1 0/1',
      },
    })
    .toBuffer();
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe('listing photos over real HTTP (multipart upload, sniffing, sharp, storage)', () => {
  let server: TestServer;
  let dataDir: string;
  let owner: { token: string };
  let listingId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'barterads-photos-'));
    server = await startTestServer({ DATA_DIR: dataDir });
    owner = await createTestUser(server.db, { userType: 'media_owner' });
    const created = await server.request('/api/barters', {
      token: owner.token,
      json: {
        title: 'Hoarding at Hinjewadi',
        location: 'Pune',
        description: 'Front-lit, 40x20 ft.',
        category: 'outdoor',
      },
    });
    expect(created.status).toBe(201);
    listingId = created.body.barter._id;
  });
  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const uploadsTmp = () => join(dataDir, 'tmp', 'uploads');
  const storedFiles = () => listFiles(join(dataDir, 'files'));

  async function upload(
    id: string,
    bytes: Buffer | Uint8Array,
    options: { token?: string; name?: string; type?: string; field?: string } = {},
  ) {
    const form = new FormData();
    form.append(
      options.field ?? 'file',
      new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/jpeg' }),
      options.name ?? 'photo.jpg',
    );
    const headers: Record<string, string> = {};
    const token = options.token === undefined ? owner.token : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${server.baseUrl}/api/barters/${id}/photos`, {
      method: 'POST',
      body: form,
      headers,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  it('stores an uploaded JPEG as WebP variants without EXIF or GPS, served with long cache headers', async () => {
    const original = await phoneJpeg();
    expect(original.includes(Buffer.from('LeakyCam'))).toBe(true);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(listingId, original);
    expect(res.status).toBe(201);
    const barter = res.body.barter;
    expect(barter.photos).toHaveLength(1);
    const photo = barter.photos[0];
    expect(photo).toMatchObject({ width: 1280, height: 960 });
    expect(photo.url).toMatch(new RegExp(`^/files/public/listings/${listingId}/[0-9a-f-]+-1280\\.webp$`));
    expect(photo.variants.map((v: { width: number }) => v.width)).toEqual([320, 640, 1280]);
    expect(barter.image).toBe(photo.url);

    for (const variant of photo.variants) {
      const served = await fetch(server.baseUrl + variant.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(variant.width);
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('LeakyCam'))).toBe(false);
      expect(bytes.includes(Buffer.from('OwnerName'))).toBe(false);
    }
    // GET /api/barters sees it too; nothing is left in the upload folder.
    expect(await listFiles(uploadsTmp())).toEqual([]);
  });

  it('judges the type by the bytes: a text file named .jpg answers 415 and leaves nothing behind', async () => {
    const before = await storedFiles();
    const res = await upload(listingId, Buffer.from('not an image at all, just words '.repeat(100)), {
      name: 'holiday.jpg',
      type: 'image/jpeg',
    });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(res.body.message).toMatch(/JPEG, PNG or WebP/);
    // A PDF is a real type, but not one a photo may be.
    const pdf = await upload(listingId, Buffer.from('%PDF-1.7\n% a document\n'), {
      name: 'x.png',
      type: 'image/png',
    });
    expect(pdf.status).toBe(415);
    // Bytes that start like a JPEG but are not one.
    const fake = await upload(
      listingId,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]),
    );
    expect(fake.status).toBe(415);
    expect(await storedFiles()).toEqual(before);
    expect(await listFiles(uploadsTmp())).toEqual([]);
  });

  it('answers 413 for a file over the limit, streamed (never whole in memory) and removed', async () => {
    const before = await storedFiles();
    const big = Buffer.alloc(12 * 1024 * 1024, 1);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(big);
    const res = await upload(listingId, big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await storedFiles()).toEqual(before);
    expect(await listFiles(uploadsTmp())).toEqual([]);
  });

  it('answers 413 for two files where one is allowed, and 400 for an unexpected field', async () => {
    const jpeg = await phoneJpeg(400, 300);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)]), 'a.jpg');
    form.append('file', new Blob([new Uint8Array(jpeg)]), 'b.jpg');
    const res = await fetch(`${server.baseUrl}/api/barters/${listingId}/photos`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(413);
    const wrongField = await upload(listingId, jpeg, { field: 'photo' });
    expect(wrongField.status).toBe(400);
    expect(await listFiles(uploadsTmp())).toEqual([]);
  });

  it('refuses strangers (401), other owners (403), unknown listings (404) and JSON bodies (415)', async () => {
    const jpeg = await phoneJpeg(400, 300);
    expect((await upload(listingId, jpeg, { token: '' })).status).toBe(401);
    const other = await createTestUser(server.db, { userType: 'media_owner' });
    expect((await upload(listingId, jpeg, { token: other.token })).status).toBe(403);
    expect((await upload('00000000-0000-4000-8000-000000000000', jpeg)).status).toBe(404);
    const json = await server.request(`/api/barters/${listingId}/photos`, {
      token: owner.token,
      json: { file: 'x' },
    });
    expect(json.status).toBe(415);
    // The procedure behind the row cannot be reached with a made-up file over tRPC's JSON.
    const trpc = await fetch(`${server.baseUrl}/trpc/listings.addPhoto`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({
        id: listingId,
        file: { path: '/etc/passwd', size: 1, contentType: 'image/jpeg' },
      }),
    });
    expect(trpc.status).toBe(400);
    expect(await listFiles(uploadsTmp())).toEqual([]);
  });

  it('keeps at most 8 photos (413 for the ninth) and deletes a photo with its files', async () => {
    const jpeg = await phoneJpeg(500, 400);
    let count = 1;
    while (count < 8) {
      const res = await upload(listingId, jpeg);
      expect(res.status).toBe(201);
      count = res.body.barter.photos.length;
    }
    const before = await storedFiles();
    const ninth = await upload(listingId, jpeg);
    expect(ninth.status).toBe(413);
    expect(await storedFiles()).toEqual(before);

    const listing = await server.request(`/api/barters/me`, { token: owner.token });
    const mine = listing.body.barters.find((b: { _id: string }) => b._id === listingId);
    const cover = mine.photos[0];
    const removed = await server.request(`/api/barters/${listingId}/photos/0`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.barter.photos).toHaveLength(7);
    expect(removed.body.barter.image).toBe(removed.body.barter.photos[0].url);
    expect((await fetch(server.baseUrl + cover.url)).status).toBe(404);
    expect(
      (await server.request(`/api/barters/${listingId}/photos/7`, { method: 'DELETE', token: owner.token }))
        .status,
    ).toBe(404);
  });

  it('serves only public keys at /files', async () => {
    expect((await fetch(`${server.baseUrl}/files/private/x.pdf`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/files/public/../../etc/passwd`)).status).toBe(404);
  });
});
