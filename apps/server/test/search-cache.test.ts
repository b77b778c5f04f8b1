import { createMemorySearchCache, type SearchCacheStore } from '@barterads/api';
import { listings } from '@barterads/db';
import { createTestDatabase, type TestDatabase } from '@barterads/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from './helpers/server';

/**
 * The search results cache (issue 18): answers are kept per search generation, which triggers bump in every
 * transaction that changes listings, so a search is never older than a committed write on any instance.
 */
describe('search results cache over two API instances', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    database = await createTestDatabase();
    first = await startTestServer({}, { database });
    second = await startTestServer({}, { database });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.destroy();
  });

  const titles = async (server: TestServer, q: string) => {
    const res = await server.request(`/api/barters?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return (res.body.barters as Array<{ title: string }>).map((b) => b.title);
  };

  it('answers a repeated search from the cache, and a write on another instance is seen at once', async () => {
    const owner = await createTestUser(first.db, { userType: 'media_owner' });
    const post = (server: TestServer, title: string) =>
      server.request('/api/barters', {
        token: owner.token,
        json: { title, description: 'Cachecheck listing', city: 'Pune' },
      });
    expect((await post(first, 'Cachecheck hoarding one')).status).toBe(201);
    expect(await titles(first, 'cachecheck')).toEqual(['Cachecheck hoarding one']);

    // A change that does not bump the generation (the trigger off) is not seen: the answer came from the cache.
    await first.db.execute(sql`alter table listings disable trigger listings_search_generation`);
    try {
      await first.db
        .update(listings)
        .set({ title: 'Cachecheck renamed quietly' })
        .where(eq(listings.title, 'Cachecheck hoarding one'));
    } finally {
      await first.db.execute(sql`alter table listings enable trigger listings_search_generation`);
    }
    expect(await titles(first, 'cachecheck')).toEqual(['Cachecheck hoarding one']);

    // A listing posted through the other instance is in the next answer of the first.
    expect((await post(second, 'Cachecheck hoarding two')).status).toBe(201);
    expect(await titles(first, 'cachecheck')).toEqual([
      'Cachecheck hoarding two',
      'Cachecheck renamed quietly',
    ]);

    // A write straight to the database (another program) is seen too, on both.
    await first.db
      .update(listings)
      .set({ status: 'archived' })
      .where(eq(listings.title, 'Cachecheck hoarding two'));
    expect(await titles(first, 'cachecheck')).toEqual(['Cachecheck renamed quietly']);
    expect(await titles(second, 'cachecheck')).toEqual(['Cachecheck renamed quietly']);
  });
});

describe('memory search cache', () => {
  const result = (total: number) => ({
    barters: [],
    nextCursor: null,
    total,
    totalCapped: false,
    suggestion: null,
  });

  it('keeps answers of the current generation only, and the most recently used within its capacity', async () => {
    const cache: SearchCacheStore = createMemorySearchCache(2);
    await cache.set(1, 'a', result(1));
    expect(await cache.get(1, 'a')).toEqual(result(1));
    // A newer generation empties it; an older one is never answered or stored.
    expect(await cache.get(2, 'a')).toBeUndefined();
    await cache.set(1, 'a', result(1));
    expect(await cache.get(2, 'a')).toBeUndefined();
    await cache.set(2, 'a', result(2));
    await cache.set(2, 'b', result(3));
    expect(await cache.get(2, 'a')).toEqual(result(2));
    await cache.set(2, 'c', result(4));
    expect(await cache.get(2, 'b')).toBeUndefined();
    expect(await cache.get(2, 'a')).toEqual(result(2));
  });
});
