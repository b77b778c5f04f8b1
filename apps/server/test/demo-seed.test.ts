import { seedDemoPhotos } from '@barterads/api';
import { seedDemo } from '@barterads/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server';

/** The demo seed ships its own generated photos (issue 18): stored like uploads, served by the app, no remote hosts. */
describe('demo seed photos', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await seedDemo(server.db, { passwordHash: 'not-a-real-hash' });
    // Generous: beside other suites on a busy 2-core machine, starting and seeding took over 10 s.
  });
  afterAll(async () => server?.close());

  it('gives every demo listing its category photo as responsive WebP, and is safe to run again', async () => {
    expect(await seedDemoPhotos(server.db, server.services.storage)).toBe(60);
    expect(await seedDemoPhotos(server.db, server.services.storage)).toBe(0);
    const res = await server.request('/api/barters?limit=100');
    expect(res.status).toBe(200);
    const barters = res.body.barters as Array<{
      category: string;
      image: string | null;
      photos: Array<{ url: string; width: number; variants: Array<{ url: string; width: number }> }>;
      city: string | null;
      rateInr: number | null;
    }>;
    expect(barters.length).toBeGreaterThan(50);
    for (const barter of barters) {
      expect(barter.photos).toHaveLength(1);
      expect(barter.image).toBe(barter.photos[0]!.url);
      expect(barter.image).toMatch(new RegExp(`^/files/public/demo/${barter.category}-`));
      expect(barter.photos[0]!.variants.map((v) => v.width)).toEqual([320, 640, 1280]);
      // Structured inventory too: a rate card, and a listed city where the place names one.
      expect(barter.rateInr).toBeGreaterThan(0);
    }
    expect(barters.filter((b) => b.city !== null).length).toBeGreaterThan(40);
    const cover = await fetch(`${server.baseUrl}${barters[0]!.image}`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/webp');
    const bytes = (await cover.arrayBuffer()).byteLength;
    expect(bytes).toBeGreaterThan(1000);
    expect(bytes).toBeLessThan(200 * 1024);
    // Drawing and encoding 9 × 3 images takes seconds on a busy 2-core machine.
  });
});
