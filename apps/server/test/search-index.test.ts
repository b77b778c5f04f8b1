import { listings, users } from '@barterads/db';
import { createTestDatabase, type TestDatabase } from '@barterads/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondInstance } from './helpers/live';
import { createTestUser, insertTestListing, startTestServer, type TestServer } from './helpers/server';

interface IndexHealth {
  ready: boolean;
  listings: number;
  answered: number;
}

async function indexHealth(baseUrl: string): Promise<IndexHealth> {
  const body = (await (await fetch(`${baseUrl}/healthz`)).json()) as { searchIndex: IndexHealth | null };
  if (!body.searchIndex) throw new Error('no search index');
  return body.searchIndex;
}

interface Barter {
  _id: string;
  title: string;
  description: string;
  ownerName: string;
}
interface Answer {
  barters: Barter[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
  suggestion: string | null;
}

async function search(baseUrl: string, query: string): Promise<Answer> {
  const response = await fetch(`${baseUrl}/api/barters?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
}

/**
 * The in-memory search index (issue 34): each API instance answers searches from its own index, built at start and
 * kept fresh from the search change log, so a listing created, edited, paused or deleted on any instance (or by any
 * program writing the database) is found, or not, by the next search on every instance. And its answers are the
 * SQL search's (an instance with SEARCH_INDEX=off) for words, typos, filters, orders and pages.
 */
describe('in-memory search index', () => {
  let database: TestDatabase;
  let first: TestServer;
  let sqlOnly: TestServer;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;
  let owner: Awaited<ReturnType<typeof createTestUser>>;
  let other: Awaited<ReturnType<typeof createTestUser>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The listings are there before the servers start: the index is built from them.
    const setup = await startTestServer({ SEARCH_INDEX: 'off' }, { database });
    owner = await createTestUser(setup.db, { userType: 'media_owner' });
    other = await createTestUser(setup.db, { userType: 'advertiser' });
    const cities = ['Pune', 'Mumbai', 'Delhi'];
    for (let i = 0; i < 40; i++) {
      await insertTestListing(setup.db, (i % 3 === 0 ? other : owner).user, {
        title: `${i % 2 === 0 ? 'Hoarding' : 'Radio spot'} ${i} ${i % 5 === 0 ? 'होर्डिंग' : ''}`.trim(),
        description: i % 4 === 0 ? 'Front-lit hoarding near the station' : 'Prime time jingle',
        location: `${cities[i % 3]} east`,
        city: cities[i % 3],
        category: i % 2 === 0 ? 'outdoor' : 'audio',
        rateInr: i % 7 === 0 ? null : 1000 + ((i * 37) % 11) * 500,
        createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 20), 10, 0, i)),
      });
    }
    await setup.db.update(users).set({ gstVerification: 'verified' }).where(eq(users.id, owner.user.id));
    await setup.close();
    first = await startTestServer({ SEARCH_CACHE: 'off' }, { database });
    sqlOnly = await startTestServer({ SEARCH_CACHE: 'off', SEARCH_INDEX: 'off' }, { database });
    second = await startSecondInstance(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await sqlOnly?.close();
    await database?.destroy();
  });

  const ids = (answer: Answer) => answer.barters.map((b) => b._id);

  it('answers as the SQL search does: words, typos, Devanagari, filters, orders, pages and "Did you mean"', async () => {
    await expect.poll(async () => (await indexHealth(first.baseUrl)).ready).toBe(true);
    await expect.poll(async () => (await indexHealth(second.baseUrl)).ready).toBe(true);
    expect((await indexHealth(first.baseUrl)).listings).toBe(40);
    const queries = [
      'q=hoarding',
      'q=hording',
      'q=hoardnig&sort=relevance',
      'q=radio&sort=relevance',
      'q=radio%20pune&sort=relevance',
      'q=radoi',
      'q=होर्डिंग',
      'q=station&city=Pune',
      'q=hoarding&sort=rate_asc',
      'q=hoarding&sort=rate_desc',
      'sort=rate_asc&limit=5',
      'q=jingle&rateMin=2000&rateMax=4000',
      'q=hoarding&verifiedOnly=true',
      'ownerRole=advertiser',
      'category=audio&limit=3',
      'q=nothingmatchesthis',
      'q=hoarding&limit=4',
      'q=hoarding&sort=relevance&limit=4',
    ];
    const before = (await indexHealth(first.baseUrl)).answered;
    for (const query of queries) {
      const [indexed, plain] = await Promise.all([
        search(first.baseUrl, query),
        search(sqlOnly.baseUrl, query),
      ]);
      expect({ query, answer: indexed }).toEqual({ query, answer: plain });
      // Every page after the first too.
      let cursor = indexed.nextCursor;
      let pages = 0;
      while (cursor && pages < 10) {
        const next = `${query}&cursor=${encodeURIComponent(cursor)}`;
        const [a, b] = await Promise.all([search(first.baseUrl, next), search(sqlOnly.baseUrl, next)]);
        expect({ next, answer: a }).toEqual({ next, answer: b });
        cursor = a.nextCursor;
        pages += 1;
      }
    }
    // The index answered them (not the SQL fallback).
    expect((await indexHealth(first.baseUrl)).answered).toBeGreaterThanOrEqual(before + queries.length);
  });

  it('finds a listing created, edited, archived (paused), re-activated and deleted at the next search, on both instances', async () => {
    const db = first.db;
    const found = async (baseUrl: string, q: string) => ids(await search(baseUrl, `q=${q}`));
    const created = await insertTestListing(db, owner.user, {
      title: 'Zeppelinbanner over Nashik',
      description: 'Airship',
      location: 'Nashik',
    });
    expect(await found(first.baseUrl, 'zeppelinbanner')).toEqual([created.id]);
    expect(await found(second.baseUrl, 'zeppelinbanner')).toEqual([created.id]);
    // A typo of the new word is corrected to it.
    expect(await found(second.baseUrl, 'zepelinbanner')).toEqual([created.id]);

    await db.update(listings).set({ title: 'Blimpbanner over Nashik' }).where(eq(listings.id, created.id));
    expect(await found(second.baseUrl, 'zeppelinbanner')).toEqual([]);
    expect(await found(first.baseUrl, 'blimpbanner')).toEqual([created.id]);
    expect(await found(second.baseUrl, 'blimpbanner')).toEqual([created.id]);
    // The page's rows are read again after a change (the second instance held this one from its searches above).
    const shown = async (baseUrl: string) =>
      (await search(baseUrl, 'q=nashik')).barters.map((b) => [b.title, b.ownerName]);
    expect(await shown(second.baseUrl)).toEqual([
      ['Blimpbanner over Nashik', `${owner.user.firstName} User`],
    ]);
    await db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, owner.user.id));
    expect(await shown(second.baseUrl)).toEqual([['Blimpbanner over Nashik', 'Renamed User']]);
    await db
      .update(listings)
      .set({ description: 'Airship, now over Nashik road' })
      .where(eq(listings.id, created.id));
    expect((await search(second.baseUrl, 'q=nashik')).barters.map((b) => b.description)).toEqual([
      'Airship, now over Nashik road',
    ]);

    await db.update(listings).set({ status: 'archived' }).where(eq(listings.id, created.id));
    expect(await found(first.baseUrl, 'blimpbanner')).toEqual([]);
    expect(await found(second.baseUrl, 'blimpbanner')).toEqual([]);

    await db.update(listings).set({ status: 'active' }).where(eq(listings.id, created.id));
    expect(await found(second.baseUrl, 'blimpbanner')).toEqual([created.id]);

    // An owner change: no longer verified, out of "verified businesses only".
    const verified = async (baseUrl: string) => ids(await search(baseUrl, 'q=blimpbanner&verifiedOnly=true'));
    expect(await verified(second.baseUrl)).toEqual([created.id]);
    await db.update(users).set({ gstVerification: 'unverified' }).where(eq(users.id, owner.user.id));
    expect(await verified(first.baseUrl)).toEqual([]);
    expect(await verified(second.baseUrl)).toEqual([]);

    await db.delete(listings).where(eq(listings.id, created.id));
    expect(await found(first.baseUrl, 'blimpbanner')).toEqual([]);
    expect(await found(second.baseUrl, 'blimpbanner')).toEqual([]);
    expect((await indexHealth(second.baseUrl)).listings).toBe(40);
  });

  it('rebuilds after a change it cannot follow (a bulk write logs "everything"), answering in SQL meanwhile', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      ownerId: other.user.id,
      ownerType: other.user.userType,
      title: `Kiosk wrap ${i}`,
      description: 'Mall kiosk',
      location: 'Thane',
    }));
    await first.db.insert(listings).values(many);
    // The next search is answered with them at once (by SQL while the index rebuilds)...
    expect((await search(second.baseUrl, 'q=kiosk')).total).toBe(120);
    // ...and the rebuilt index holds them.
    await expect.poll(async () => (await indexHealth(second.baseUrl)).listings).toBe(160);
    const before = (await indexHealth(second.baseUrl)).answered;
    expect((await search(second.baseUrl, 'q=kiosk')).total).toBe(120);
    expect((await indexHealth(second.baseUrl)).answered).toBe(before + 1);
  });
});
