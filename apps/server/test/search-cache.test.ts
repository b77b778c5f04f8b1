import {
  cachedSearch,
  createMemorySearchCache,
  createRedisSearchCache,
  defaultRefreshAfterMs,
  type Logger,
  type SearchCacheStore,
  SearchListingsInput,
} from '@barterads/api';
import { type Database, listings, users } from '@barterads/db';
import { createTestDatabase, type TestDatabase } from '@barterads/testing';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from './helpers/server';

/**
 * Locks the listings table from a transaction of its own until `unlock()`: a search's statements then wait on it,
 * and `waiting()` counts them.
 */
async function lockListings(db: Database) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holding = db.transaction(async (tx) => {
    await tx.execute(sql`lock table listings in access exclusive mode`);
    locked();
    await released;
  });
  await isLocked;
  return {
    waiting: async () => {
      const rows = (await db.execute(
        sql`select count(*)::int as n from pg_locks where not granted and relation = 'listings'::regclass`,
      )) as unknown as Array<{ n: number }>;
      return rows[0]?.n;
    },
    unlock: async () => {
      release();
      await holding;
    },
  };
}

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
    // Without the in-memory search index (search-index.test.ts tests it over two instances): the first test
    // plants a write with the change log's trigger off, which the index (built from the log) cannot see either.
    first = await startTestServer({ SEARCH_INDEX: 'off' }, { database });
    second = await startTestServer({ SEARCH_INDEX: 'off' }, { database });
    windowed = await startTestServer({ SEARCH_FRESHNESS_MS: '1000', SEARCH_INDEX: 'off' }, { database });
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
    // Asked twice: the server's cache keeps a search from its second ask on (a first one is not stored).
    expect(await titles(first, 'cachecheck')).toEqual(['Cachecheck hoarding one']);
    expect(await titles(first, 'cachecheck')).toEqual(['Cachecheck hoarding one']);

    // A change that does not bump the generation (the trigger off) is not seen: the answer came from the cache.
    await first.db.execute(sql`alter table listings disable trigger listings_search_changes_update`);
    try {
      await first.db
        .update(listings)
        .set({ title: 'Cachecheck renamed quietly' })
        .where(eq(listings.title, 'Cachecheck hoarding one'));
    } finally {
      await first.db.execute(sql`alter table listings enable trigger listings_search_changes_update`);
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
    expect((await cache.get(1, 'a'))?.result).toEqual(result(1));
    // A newer generation is not answered from an older one; an older one never replaces a newer.
    expect((await cache.get(2, 'a'))?.result).toBeUndefined();
    await cache.set(2, 'a', result(2));
    await cache.set(1, 'a', result(1));
    expect((await cache.get(2, 'a'))?.result).toEqual(result(2));
    expect((await cache.get(1, 'a'))?.result).toBeUndefined();
    await cache.set(2, 'b', result(3));
    expect((await cache.get(2, 'a'))?.result).toEqual(result(2));
    await cache.set(2, 'c', result(4));
    expect((await cache.get(2, 'b'))?.result).toBeUndefined();
    expect((await cache.get(2, 'a'))?.result).toEqual(result(2));
  });

  it('serves the answer of an older generation for less than the window after it was computed, never after', async () => {
    let now = 10_000;
    const cache = createMemorySearchCache(10, { freshnessMs: 1_000, now: () => now });
    await cache.set(1, 'a', result(1));
    now += 999;
    expect((await cache.get(2, 'a'))?.result).toEqual(result(1));
    // Asked exactly (the searcher wrote just now): only the current generation.
    expect((await cache.get(2, 'a', true))?.result).toBeUndefined();
    now += 1;
    expect((await cache.get(2, 'a'))?.result).toBeUndefined();
    expect((await cache.get(1, 'a'))?.result).toEqual(result(1));
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

describe('stale-while-revalidate', () => {
  const result = (total: number) => ({
    barters: [],
    nextCursor: null,
    total,
    totalCapped: false,
    suggestion: null,
  });

  it('derives the soft window from the freshness window', () => {
    expect(defaultRefreshAfterMs(1_000)).toBe(800);
    expect(defaultRefreshAfterMs(10_000)).toBe(9_800);
    expect(defaultRefreshAfterMs(200)).toBe(100);
    expect(createMemorySearchCache(10, { freshnessMs: 1_000 }).refreshAfterMs).toBe(800);
    expect(createMemorySearchCache(10, { freshnessMs: 1_000, refreshAfterMs: 500 }).refreshAfterMs).toBe(500);
  });

  it('in memory, asks for a refresh of an older answer from the soft window on, and never serves it past the hard one', async () => {
    let now = 10_000;
    const cache = createMemorySearchCache(10, { freshnessMs: 1_000, now: () => now });
    await cache.set(1, 'a', result(1));
    now += 799;
    expect(await cache.get(2, 'a')).toEqual({ result: result(1), refresh: false });
    now += 1;
    expect(await cache.get(2, 'a')).toEqual({ result: result(1), refresh: true });
    // An answer of the current generation is never refreshed.
    expect(await cache.get(1, 'a')).toEqual({ result: result(1), refresh: false });
    now += 200;
    expect(await cache.get(2, 'a')).toBeUndefined();
    // An answer stored as computed 900 ms ago is already in its soft-to-hard part.
    await cache.set(1, 'b', result(2), 900);
    expect(await cache.get(2, 'b')).toEqual({ result: result(2), refresh: true });
    now += 100;
    expect(await cache.get(2, 'b')).toBeUndefined();
  });

  describe('cachedSearch over a database, with a clock the test moves', () => {
    let database: TestDatabase;
    let ownerId: string;
    beforeAll(async () => {
      database = await createTestDatabase();
      ownerId = (await createTestUser(database.handle.db, { userType: 'media_owner' })).user.id;
    });
    afterAll(async () => database?.destroy());

    const logger = () => {
      const warn = vi.fn();
      const log: Logger = { info: vi.fn(), warn, error: vi.fn() };
      return { log, warn };
    };

    /** A memory store that counts its writes and refresh claims, and keeps the age each answer was stored with. */
    const counting = (store: SearchCacheStore) => {
      const counts = { sets: 0, claims: 0 };
      const ages: number[] = [];
      const wrapped: SearchCacheStore = {
        freshnessMs: store.freshnessMs,
        refreshAfterMs: store.refreshAfterMs,
        get: (...args) => store.get(...args),
        base: (key) => store.base(key),
        set: async (...args) => {
          counts.sets += 1;
          ages.push(args[3] ?? 0);
          await store.set(...args);
        },
        claimRefresh: async (key) => {
          counts.claims += 1;
          return store.claimRefresh(key);
        },
        noteWriter: (userId) => store.noteWriter(userId),
        wroteRecently: (userId) => store.wroteRecently(userId),
      };
      return { cache: wrapped, counts, ages };
    };

    it('serves an answer past the soft window at once and refreshes it once; past the hard limit it waits for a fresh one', async () => {
      const db = database.handle.db;
      const [row] = await db
        .insert(listings)
        .values({
          ownerId,
          ownerType: 'media_owner',
          title: 'Swrcheck first',
          description: 'Swrcheck listing',
          location: 'Pune, Maharashtra',
          category: 'outdoor',
        })
        .returning({ id: listings.id });
      const rename = (title: string) => db.update(listings).set({ title }).where(eq(listings.id, row!.id));
      let now = 100_000;
      const { cache, counts, ages } = counting(
        createMemorySearchCache(10, { freshnessMs: 1_000, now: () => now }),
      );
      const { log, warn } = logger();
      const input = SearchListingsInput.parse({ q: 'swrcheck' });
      const search = async () => (await cachedSearch(db, cache, log, input)).barters.map((b) => b.title);

      expect(await search()).toEqual(['Swrcheck first']);
      expect(counts.sets).toBe(1);
      // The answer's age starts with its computation's real time (at most the 200 ms between the soft window,
      // 800 ms, and the hard limit, 1,000 ms): the steps below land in each window however long that took.
      const computing = ages[0] ?? 0;

      // A write: within the soft window the older answer is served as it is, with no recompute.
      await rename('Swrcheck second');
      now += 500;
      expect(await search()).toEqual(['Swrcheck first']);
      expect(counts).toEqual({ sets: 1, claims: 0 });

      // Between soft and hard: the older answer at once, and one refresh in the background, which the searches
      // asked while it runs do not start again (they get the older answer or, once it is stored, the new one).
      now += 350 - computing;
      expect(await search()).toEqual(['Swrcheck first']);
      for (const titles of await Promise.all([search(), search(), search(), search()]))
        expect([['Swrcheck first'], ['Swrcheck second']]).toContainEqual(titles);
      await expect.poll(() => counts.sets).toBe(2);
      expect(counts.claims).toBe(1);
      expect(await search()).toEqual(['Swrcheck second']);
      expect(counts).toEqual({ sets: 2, claims: 1 });

      // Another write, and no request until past the hard limit: the request computes and waits.
      await rename('Swrcheck third');
      now += 1_000;
      expect(await search()).toEqual(['Swrcheck third']);
      expect(counts).toEqual({ sets: 3, claims: 1 });
      expect(warn).not.toHaveBeenCalled();
    });

    it.skipIf(!process.env.DATABASE_URL)(
      'past the hard limit, a search joins the background recompute already running instead of starting another',
      async () => {
        const db = database.handle.db;
        await db.insert(listings).values({
          ownerId,
          ownerType: 'media_owner',
          title: 'Swrjoin listing',
          description: 'Swrjoin listing',
          location: 'Pune, Maharashtra',
          category: 'outdoor',
        });
        let now = 300_000;
        const store = createMemorySearchCache(10, { freshnessMs: 1_000, now: () => now });
        const stored: unknown[] = [];
        let reads = 0;
        const cache: SearchCacheStore = {
          ...store,
          freshnessMs: store.freshnessMs,
          refreshAfterMs: store.refreshAfterMs,
          get: async (...args) => {
            const hit = await store.get(...args);
            reads += 1;
            return hit;
          },
          set: async (generation, key, answer, ageMs) => {
            stored.push(answer);
            await store.set(generation, key, answer, ageMs);
          },
        };
        const { log, warn } = logger();
        const input = SearchListingsInput.parse({ q: 'swrjoin' });
        await cachedSearch(db, cache, log, input);
        await db.execute(sql`update search_generation set n = n + 1 where id = 1`);
        // Listings locked: the background recompute waits in its first statement on listings.
        const { waiting, unlock } = await lockListings(db);
        try {
          now += 900;
          expect((await cachedSearch(db, cache, log, input)).total).toBe(1);
          await expect.poll(waiting).toBe(1);
          // Another write, and past the hard limit: this search waits, for the recompute already running.
          await db.execute(sql`update search_generation set n = n + 1 where id = 1`);
          now += 200;
          const joined = cachedSearch(db, cache, log, input);
          // It found no answer to serve (and went on to the computation) before the recompute can finish.
          await expect.poll(() => reads).toBe(3);
          await unlock();
          const answer = await joined;
          await expect.poll(() => stored.length).toBe(3);
          // One computation: the answer the recompute stored is the very one this search got.
          expect(stored[2]).toBe(stored[1]);
          expect(answer).toBe(stored[1]);
        } finally {
          await unlock();
        }
        expect(warn).not.toHaveBeenCalled();
      },
    );

    it.skipIf(!process.env.DATABASE_URL)(
      'serves an answer that took longer to compute than hard − soft for the soft window after it arrived, not never',
      async () => {
        const db = database.handle.db;
        let now = 700_000;
        // The computation's duration is measured with performance.now(): the test's clock too.
        const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
        try {
          const { cache, counts } = counting(
            createMemorySearchCache(10, { freshnessMs: 1_000, now: () => now }),
          );
          const { log } = logger();
          const input = SearchListingsInput.parse({ q: 'swrslow' });
          const { waiting, unlock } = await lockListings(db);
          let slow: Promise<unknown>;
          try {
            slow = cachedSearch(db, cache, log, input);
            await expect.poll(waiting).toBe(1);
            // The database takes 1.5 s (of the test's clock) to answer.
            now += 1_500;
          } finally {
            await unlock();
          }
          await slow;
          expect(counts.sets).toBe(1);
          await db.execute(sql`update search_generation set n = n + 1 where id = 1`);
          // Counted 200 ms old when it arrived: served without a refresh for 600 ms, then refreshed.
          now += 599;
          await cachedSearch(db, cache, log, input);
          expect(counts).toEqual({ sets: 1, claims: 0 });
          now += 1;
          await cachedSearch(db, cache, log, input);
          await expect.poll(() => counts.sets).toBe(2);
          expect(counts.claims).toBe(1);
        } finally {
          clock.mockRestore();
        }
      },
    );

    it('logs a failing background refresh and still serves the older answer', async () => {
      const db = database.handle.db;
      let now = 500_000;
      const store = createMemorySearchCache(10, { freshnessMs: 1_000, now: () => now });
      const failing: SearchCacheStore = {
        ...store,
        freshnessMs: store.freshnessMs,
        refreshAfterMs: store.refreshAfterMs,
        claimRefresh: async () => {
          throw new Error('claim failed');
        },
      };
      const { log, warn } = logger();
      const input = SearchListingsInput.parse({ q: 'swrfailing' });
      expect((await cachedSearch(db, failing, log, input)).total).toBe(0);
      await db.execute(sql`update search_generation set n = n + 1 where id = 1`);
      now += 900;
      expect((await cachedSearch(db, failing, log, input)).total).toBe(0);
      await expect
        .poll(() => warn.mock.calls.map((call) => call[1]))
        .toContain('search cache refresh failed');
    });
  });

  describe.skipIf(!process.env.REDIS_URL)('in Redis', () => {
    let redis: Redis;
    beforeAll(() => {
      redis = new Redis(process.env.REDIS_URL!, { keyPrefix: `barterads-test:swr:${crypto.randomUUID()}:` });
    });
    afterAll(() => redis?.disconnect());

    it('serves an older answer within the soft window as it is, asks for a refresh after it, and drops it at the hard limit', async () => {
      const cache = createRedisSearchCache(redis, 60, { freshnessMs: 1_000 });
      await cache.set(1, 'young', result(1));
      expect(await cache.get(1, 'young')).toEqual({ result: result(1), refresh: false });
      expect(await cache.get(2, 'young')).toEqual({ result: result(1), refresh: false });
      // Its computation started 850 ms ago: past the soft window, 150 ms left until the hard limit.
      await cache.set(1, 'stale', result(2), 850);
      expect(await cache.get(2, 'stale')).toEqual({ result: result(2), refresh: true });
      expect(await cache.get(1, 'stale')).toEqual({ result: result(2), refresh: false });
      await expect.poll(() => cache.get(2, 'stale'), { interval: 20 }).toBeUndefined();
      expect(await cache.get(1, 'stale')).toEqual({ result: result(2), refresh: false });
      // Already past the hard limit when stored: only its own generation has it.
      await cache.set(1, 'old', result(3), 1_000);
      expect(await cache.get(2, 'old')).toBeUndefined();
      expect(await cache.get(1, 'old')).toEqual({ result: result(3), refresh: false });
    });

    it('lets one instance of those sharing Redis claim a refresh, until the window for it has passed', async () => {
      const one = createRedisSearchCache(redis, 60, { freshnessMs: 1_000 });
      const other = createRedisSearchCache(redis, 60, { freshnessMs: 1_000 });
      expect(await one.claimRefresh('k')).toBe(true);
      expect(await other.claimRefresh('k')).toBe(false);
      expect(await one.claimRefresh('k')).toBe(false);
      expect(await other.claimRefresh('other key')).toBe(true);
      await expect.poll(() => other.claimRefresh('k'), { interval: 20 }).toBe(true);
    });
  });
});

/**
 * Revalidation (issue 18, throughput with writes): a recompute first checks the key's latest answer against the
 * change log (search_changes), and keeps it when nothing changed since touches it. A kept answer is the very
 * object the store held; a computed one is new.
 */
describe.skipIf(!process.env.DATABASE_URL)('revalidating an older answer against the change log', () => {
  let database: TestDatabase;
  let db: Database;
  let ownerId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    ownerId = (await createTestUser(db, { userType: 'media_owner' })).user.id;
  });
  afterAll(async () => database?.destroy());

  const log: Logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const post = async (title: string, values: Partial<typeof listings.$inferInsert> = {}) => {
    const [row] = await db
      .insert(listings)
      .values({
        ownerId,
        ownerType: 'media_owner',
        title,
        description: 'A listing for the revalidation tests',
        location: 'Pune, Maharashtra',
        category: 'outdoor',
        ...values,
      })
      .returning({ id: listings.id });
    return row!.id;
  };
  // The window 0: every new generation asks for a recompute, so each search below says what a recompute did.
  const searcher = () => {
    const cache = createMemorySearchCache(100, { freshnessMs: 0 });
    return (q: string, options: { verifiedOnly?: boolean } = {}) =>
      cachedSearch(db, cache, log, SearchListingsInput.parse({ q, ...options }));
  };
  const titlesOf = (answer: { barters: Array<{ title: string }> }) => answer.barters.map((b) => b.title);

  it('keeps the answers a write cannot change, and recomputes the one it does', async () => {
    const search = searcher();
    await post('Revalalpha hoarding');
    const beta = await post('Revalbeta hoarding');
    const alpha = await search('revalalpha');
    const before = await search('revalbeta');
    await db.update(listings).set({ title: 'Revalbeta hoarding renamed' }).where(eq(listings.id, beta));
    expect(await search('revalalpha')).toBe(alpha);
    const after = await search('revalbeta');
    expect(after).not.toBe(before);
    expect(titlesOf(after)).toEqual(['Revalbeta hoarding renamed']);
  });

  it('sees a listing leave a search (its row before the write matched) and one enter it', async () => {
    const search = searcher();
    const leaving = await post('Revalgamma hoarding');
    expect(titlesOf(await search('revalgamma'))).toEqual(['Revalgamma hoarding']);
    await db.update(listings).set({ title: 'Something else entirely' }).where(eq(listings.id, leaving));
    expect(titlesOf(await search('revalgamma'))).toEqual([]);
    await db.update(listings).set({ status: 'archived' }).where(eq(listings.id, leaving));
    await post('Revalgamma billboard');
    expect(titlesOf(await search('revalgamma'))).toEqual(['Revalgamma billboard']);
    await db.delete(listings).where(eq(listings.title, 'Revalgamma billboard'));
    expect(titlesOf(await search('revalgamma'))).toEqual([]);
  });

  it('recomputes for an owner whose listing it shows, and for any owner under "verified businesses only"', async () => {
    const search = searcher();
    await post('Revaldelta hoarding');
    const shown = await search('revaldelta');
    const other = await createTestUser(db, { userType: 'media_owner' });
    // Another owner renamed: not shown in this answer, so it stands.
    await db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, other.user.id));
    expect(await search('revaldelta')).toBe(shown);
    // The listing's own owner renamed: the cards show the new name.
    await db.update(users).set({ firstName: 'Kavya' }).where(eq(users.id, ownerId));
    const renamed = await search('revaldelta');
    expect(renamed).not.toBe(shown);
    expect(renamed.barters[0]?.ownerName).toMatch(/^Kavya /);
    // "Verified businesses only": another owner's verification may bring all their listings in.
    const verified = await search('revaldelta', { verifiedOnly: true });
    await db.update(users).set({ gstVerification: 'verified' }).where(eq(users.id, other.user.id));
    expect(await search('revaldelta', { verifiedOnly: true })).not.toBe(verified);
  });

  it('recomputes when the vocabulary changes its spelling corrections, even for a listing no search finds', async () => {
    const search = searcher();
    await post('Vandrelo hoarding');
    const first = await search('vandrilox');
    expect(first.suggestion).toBe('vandrelo');
    expect(titlesOf(first)).toEqual(['Vandrelo hoarding']);
    // An archived listing is found by no search, but its word "vandrilo" is one edit from the search's word
    // where "vandrelo" is two: the search's correction becomes it, and the listing above no longer matches.
    await post('Vandrilo hoarding', { status: 'archived' });
    const second = await search('vandrilox');
    expect(second.suggestion).toBe('vandrilo');
    expect(titlesOf(second)).toEqual([]);
  });

  it('recomputes after a generation bumped without its changes logged (by hand)', async () => {
    const search = searcher();
    await post('Revalepsilon hoarding');
    const answer = await search('revalepsilon');
    await db.execute(sql`update search_generation set n = n + 1 where id = 1`);
    expect(await search('revalepsilon')).not.toBe(answer);
  });
});
