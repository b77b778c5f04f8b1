import { createMemorySearchCache, type SearchCacheStore } from '@barterads/api';
import { listings } from '@barterads/db';
import { createTestDatabase, type TestDatabase } from '@barterads/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from './helpers/server';

/**
 * The search results cache (issue 18): answers are kept per search generation, which triggers bump in every
 * transaction that changes listings. With SEARCH_FRESHNESS_MS=0 a search is never older than a committed write
 * on any instance; by default an older answer may serve for up to a second after it was computed (every write is
 * in every search within a second), and the member who wrote sees it at once.
 */
describe('search results cache over two API instances', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;
  let windowed: TestServer;
  beforeAll(async () => {
    database = await createTestDatabase();
    first = await startTestServer({}, { database });
    second = await startTestServer({}, { database });
    windowed = await startTestServer({ SEARCH_FRESHNESS_MS: '1000' }, { database });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await windowed?.close();
    await database?.destroy();
  });

  const titles = async (server: TestServer, q: string, token?: string) => {
    const res = await server.request(`/api/barters?q=${encodeURIComponent(q)}`, token ? { token } : {});
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

  it('with the default window, the writer sees a new listing at once and everyone else soon after', async () => {
    const owner = await createTestUser(first.db, { userType: 'media_owner' });
    const visitor = await createTestUser(first.db, { userType: 'advertiser' });
    expect(await titles(windowed, 'windowcheck')).toEqual([]);
    const res = await windowed.request('/api/barters', {
      token: owner.token,
      json: { title: 'Windowcheck hoarding', description: 'Posted on another instance', city: 'Pune' },
    });
    expect(res.status).toBe(201);
    // The writer: at once, though an answer without it was computed a moment ago.
    expect(await titles(windowed, 'windowcheck', owner.token)).toEqual(['Windowcheck hoarding']);
    // Anyone else: within the freshness window (a second after the answer they were given was computed).
    await expect
      .poll(() => titles(windowed, 'windowcheck', visitor.token), { timeout: 5_000 })
      .toEqual(['Windowcheck hoarding']);
    await expect
      .poll(() => titles(windowed, 'windowcheck'), { timeout: 5_000 })
      .toEqual(['Windowcheck hoarding']);
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

  it('keeps answers of the current generation only when the window is 0, and the most recently used', async () => {
    const cache: SearchCacheStore = createMemorySearchCache(2, { freshnessMs: 0 });
    await cache.set(1, 'a', result(1));
    expect(await cache.get(1, 'a')).toEqual(result(1));
    // A newer generation is not answered from an older one; an older one never replaces a newer.
    expect(await cache.get(2, 'a')).toBeUndefined();
    await cache.set(2, 'a', result(2));
    await cache.set(1, 'a', result(1));
    expect(await cache.get(2, 'a')).toEqual(result(2));
    expect(await cache.get(1, 'a')).toBeUndefined();
    await cache.set(2, 'b', result(3));
    expect(await cache.get(2, 'a')).toEqual(result(2));
    await cache.set(2, 'c', result(4));
    expect(await cache.get(2, 'b')).toBeUndefined();
    expect(await cache.get(2, 'a')).toEqual(result(2));
  });

  it('serves the answer of an older generation for less than the window after it was computed, never after', async () => {
    let now = 10_000;
    const cache = createMemorySearchCache(10, { freshnessMs: 1_000, now: () => now });
    await cache.set(1, 'a', result(1));
    now += 999;
    expect(await cache.get(2, 'a')).toEqual(result(1));
    // Asked exactly (the searcher wrote just now): only the current generation.
    expect(await cache.get(2, 'a', true)).toBeUndefined();
    now += 1;
    expect(await cache.get(2, 'a')).toBeUndefined();
    expect(await cache.get(1, 'a')).toEqual(result(1));
  });

  it('remembers who wrote for the window', async () => {
    let now = 0;
    const cache = createMemorySearchCache(10, { freshnessMs: 1_000, now: () => now });
    expect(await cache.wroteRecently('u1')).toBe(false);
    await cache.noteWriter('u1');
    now += 999;
    expect(await cache.wroteRecently('u1')).toBe(true);
    expect(await cache.wroteRecently('u2')).toBe(false);
    now += 1;
    expect(await cache.wroteRecently('u1')).toBe(false);
  });
});
