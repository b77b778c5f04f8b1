import { SearchListingsResult } from '@barterads/api';
import { listings, users } from '@barterads/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from './helpers/server';

/**
 * Search that forgives, filters and sorts (issue 18), over real HTTP. Every listing is a media owner's or an
 * advertiser's with the structured fields a filter reads.
 */
const LISTINGS = {
  hoarding: {
    title: 'Front-lit hoarding on Western Express Highway',
    description: 'A 40x20 hoarding facing two-way traffic near Andheri.',
    location: 'Mumbai, Maharashtra',
    city: 'Mumbai',
    state: 'Maharashtra',
    category: 'outdoor',
    unit: 'month',
    rateInr: 150_000,
    availableFrom: '2026-01-01',
    availableTo: '2026-03-31',
  },
  radio: {
    title: 'FM radio spots in the morning drive',
    description: 'Ten-second spots on a Delhi station between 8 and 11.',
    location: 'Delhi, Delhi',
    city: 'Delhi',
    state: 'Delhi',
    category: 'audio',
    unit: 'spot',
    rateInr: 2_500,
    availableFrom: '2026-02-01',
    availableTo: null,
  },
  billboard: {
    title: 'Billboard near Pune airport',
    description: 'Unipole billboard seen by every arriving passenger.',
    location: 'Pune, Maharashtra',
    city: 'Pune',
    state: 'Maharashtra',
    category: 'outdoor',
    unit: 'month',
    rateInr: 90_000,
    availableFrom: null,
    availableTo: '2026-01-15',
  },
  newspaper: {
    title: 'Newspaper front page advertisement',
    description: 'Half-page colour insertion in a Kolkata morning daily.',
    location: 'Kolkata, West Bengal',
    city: 'Kolkata',
    state: 'West Bengal',
    category: 'print',
    unit: 'insertion',
    rateInr: 40_000,
  },
  instagram: {
    title: 'Instagram influencer reels for skincare',
    description: 'A creator with 200K followers posts two reels.',
    location: 'Bengaluru, Karnataka',
    city: 'Bengaluru',
    state: 'Karnataka',
    category: 'influencer',
    unit: 'post',
    rateInr: 30_000,
  },
  magazine: {
    title: 'Magazine full page in a lifestyle monthly',
    description: 'Glossy back cover for brands in Chennai.',
    location: 'Chennai, Tamil Nadu',
    city: 'Chennai',
    state: 'Tamil Nadu',
    category: 'print',
    unit: 'insertion',
    rateInr: 60_000,
  },
  cinema: {
    title: 'Cinema screen slides before every show',
    description: 'Single-screen theatre with 600 seats in Hyderabad.',
    location: 'Hyderabad, Telangana',
    city: 'Hyderabad',
    state: 'Telangana',
    category: 'event',
    unit: 'week',
    rateInr: 12_000,
  },
  pamphlet: {
    title: 'Pamphlet distribution at housing societies',
    description: 'Door to door drops in Jaipur.',
    location: 'Jaipur, Rajasthan',
    city: 'Jaipur',
    state: 'Rajasthan',
    category: 'direct',
    unit: 'thousand_impressions',
    rateInr: 800,
  },
  podcast: {
    title: 'Podcast sponsorship on a business show',
    description: 'A mid-roll read by the host.',
    location: 'Ahmedabad, Gujarat',
    city: 'Ahmedabad',
    state: 'Gujarat',
    category: 'audio',
    unit: 'spot',
    rateInr: 5_000,
  },
  rickshaw: {
    title: 'Auto rickshaw back panels',
    description: 'Fifty autos around Lucknow railway station; vehicle branding.',
    location: 'Lucknow, Uttar Pradesh',
    city: 'Lucknow',
    state: 'Uttar Pradesh',
    category: 'transit',
    unit: 'month',
    rateInr: 20_000,
  },
} as const;
type Key = keyof typeof LISTINGS;

/** Twenty real misspellings, each with the listing it must find. */
const MISSPELLINGS: Array<[string, Key]> = [
  ['hording', 'hoarding'],
  ['hordings', 'hoarding'],
  ['hoardng', 'hoarding'],
  ['radoi', 'radio'],
  ['raido', 'radio'],
  ['redio', 'radio'],
  ['billbord', 'billboard'],
  ['bilboard', 'billboard'],
  ['newspapr', 'newspaper'],
  ['newpaper', 'newspaper'],
  ['instagarm', 'instagram'],
  ['influncer', 'instagram'],
  ['magzine', 'magazine'],
  ['cinama', 'cinema'],
  ['pamplet', 'pamphlet'],
  ['podcst', 'podcast'],
  ['vehical', 'rickshaw'],
  ['rikshaw', 'rickshaw'],
  ['dehli', 'radio'],
  ['hyderbad', 'cinema'],
];

interface SearchBody {
  barters: Array<{ _id: string; title: string; rateInr: number | null; ownerVerified: boolean }>;
  nextCursor: string | null;
  total: number;
  suggestion: string | null;
}

describe('search that forgives, filters and sorts', () => {
  let server: TestServer;
  const ids = {} as Record<Key, string>;

  beforeAll(async () => {
    server = await startTestServer();
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    const verified = await createTestUser(server.db, { userType: 'media_owner' });
    await server.db.update(users).set({ gstVerification: 'verified' }).where(eq(users.id, verified.user.id));
    const base = Date.now() - 1_000_000;
    for (const [i, [key, row]] of Object.entries(LISTINGS).entries()) {
      const [inserted] = await server.db
        .insert(listings)
        .values({
          ...row,
          // The radio and the billboard belong to the GST-verified business.
          ownerId: key === 'radio' || key === 'billboard' ? verified.user.id : owner.user.id,
          ownerType: 'media_owner',
          createdAt: new Date(base + i * 1000),
        })
        .returning({ id: listings.id });
      ids[key as Key] = inserted!.id;
    }
  });
  afterAll(async () => server?.close());

  async function search(query: string): Promise<SearchBody> {
    const res = await server.request(`/api/barters${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body as SearchBody;
  }
  const idsOf = (body: SearchBody) => body.barters.map((b) => b._id);

  describe('typos', () => {
    for (const [typo, key] of MISSPELLINGS) {
      it(`"${typo}" finds the ${key} listing`, async () => {
        const body = await search(`?q=${encodeURIComponent(typo)}`);
        expect(idsOf(body)).toContain(ids[key]);
      });
    }

    it('suggests the corrected words ("Did you mean") and keeps the other words as typed', async () => {
      expect((await search('?q=radoi')).suggestion).toBe('radio');
      expect((await search('?q=hording')).suggestion).toBe('hoarding');
      expect((await search('?q=billbord')).suggestion).toBe('billboard');
      expect((await search(`?q=${encodeURIComponent('FM radoi')}`)).suggestion).toBe('FM radio');
    });

    it('suggests nothing for known words, prefixes of them, codes and nonsense', async () => {
      for (const q of ['radio', 'hoard', 'pune', '40x20', 'xyzzyqwv']) {
        expect((await search(`?q=${q}`)).suggestion, q).toBeNull();
      }
      expect((await search('?q=xyzzyqwv')).total).toBe(0);
    });

    it('learns the words of a new listing at once: its misspelt words find it', async () => {
      const owner = await createTestUser(server.db, { userType: 'media_owner' });
      const res = await server.request('/api/barters', {
        token: owner.token,
        json: { title: 'Gantry hording', description: 'Zorblax gantry', city: 'Pune' },
      });
      expect(res.status, res.text).toBe(201);
      // "zorblax" is a listing word now (the vocabulary is kept by the database), so "zorblaks" finds it.
      expect(idsOf(await search('?q=zorblaks'))).toEqual([res.body.barter._id]);
      // "hording" is a listing word now: it still finds hoardings (its variant), and "hoarding" finds it, with no
      // "Did you mean" for either.
      const hording = await search('?q=hording');
      expect(idsOf(hording)).toEqual(expect.arrayContaining([res.body.barter._id, ids.hoarding]));
      expect(hording.suggestion).toBeNull();
      expect(idsOf(await search('?q=hoarding'))).toEqual(
        expect.arrayContaining([res.body.barter._id, ids.hoarding]),
      );
      await server.request(`/api/barters/${res.body.barter._id}/archive`, {
        method: 'POST',
        token: owner.token,
      });
    });
  });

  describe('filters', () => {
    it('filters by city, by its other name too, and refuses a city not on the list', async () => {
      expect(idsOf(await search('?city=Pune'))).toEqual([ids.billboard]);
      expect(idsOf(await search('?city=Bangalore'))).toEqual([ids.instagram]);
      const bad = await server.request('/api/barters?city=Atlantis');
      expect(bad.status).toBe(400);
      expect(bad.text).toContain('Please choose a city from the list.');
    });

    it('filters by category, verified businesses and a rate range, and combines them with words', async () => {
      expect(idsOf(await search('?category=outdoor'))).toEqual([ids.billboard, ids.hoarding]);
      expect(idsOf(await search('?verifiedOnly=true'))).toEqual([ids.billboard, ids.radio]);
      expect(idsOf(await search('?rateMin=20000&rateMax=60000&sort=rate_asc'))).toEqual([
        ids.rickshaw,
        ids.instagram,
        ids.newspaper,
        ids.magazine,
      ]);
      expect(idsOf(await search('?rateMax=1000'))).toEqual([ids.pamphlet]);
      expect(idsOf(await search('?q=hording&category=outdoor&city=Mumbai'))).toEqual([ids.hoarding]);
    });

    it('filters by availability: listings available at some time between the two dates', async () => {
      const inJanuary = idsOf(
        await search('?availableFrom=2026-01-05&availableTo=2026-01-20&category=outdoor'),
      );
      expect(inJanuary).toEqual([ids.billboard, ids.hoarding]);
      // The billboard is free only until 15 January; the radio only from 1 February.
      expect(idsOf(await search('?availableFrom=2026-01-16&category=outdoor'))).toEqual([ids.hoarding]);
      expect(idsOf(await search('?availableTo=2026-01-31&category=audio'))).toEqual([ids.podcast]);
    });

    it('answers 400 for bad filter values', async () => {
      for (const query of [
        '?rateMin=-1',
        '?rateMin=abc',
        '?rateMin=500&rateMax=100',
        '?availableFrom=2026-02-30',
        '?availableFrom=2026-03-01&availableTo=2026-02-01',
        '?sort=cheapest',
      ]) {
        const res = await server.request(`/api/barters${query}`);
        expect(res.status, query).toBe(400);
      }
    });
  });

  describe('sorts', () => {
    it('sorts by rate low to high and high to low, listings without a rate last', async () => {
      const asc = (await search('?sort=rate_asc&limit=100')).barters.map((b) => b.rateInr);
      expect(asc).toEqual([...asc].sort((a, b) => (a ?? Infinity) - (b ?? Infinity)));
      const desc = (await search('?sort=rate_desc&limit=100')).barters.map((b) => b.rateInr);
      expect(desc).toEqual([...asc].reverse());
    });

    it('pages a rate sort with its cursor, and refuses a cursor of another sort', async () => {
      const first = await search('?sort=rate_desc&limit=3');
      expect(first.barters.map((b) => b.rateInr)).toEqual([150_000, 90_000, 60_000]);
      expect(first.total).toBe(10);
      const second = await search(`?sort=rate_desc&limit=3&cursor=${first.nextCursor}`);
      expect(second.barters.map((b) => b.rateInr)).toEqual([40_000, 30_000, 20_000]);
      expect(second.total).toBe(10);
      const wrong = await server.request(`/api/barters?sort=rate_asc&limit=3&cursor=${first.nextCursor}`);
      expect(wrong.status).toBe(400);
      const keyset = await server.request(`/api/barters?limit=3&cursor=${first.nextCursor}`);
      expect(keyset.status).toBe(400);
    });

    it('ranks by relevance: a word in the title before the same word in the description', async () => {
      // "billboard" is in the billboard's title and description; "unipole" only in its description.
      const owner = await createTestUser(server.db, { userType: 'media_owner' });
      const [newer] = await server.db
        .insert(listings)
        .values({
          ownerId: owner.user.id,
          ownerType: 'media_owner',
          title: 'Bus shelter panels',
          description: 'Near a billboard on the ring road',
          location: 'Nagpur',
        })
        .returning({ id: listings.id });
      const newest = idsOf(await search('?q=billboard'));
      expect(newest).toEqual([newer!.id, ids.billboard]);
      const relevant = idsOf(await search('?q=billboard&sort=relevance'));
      expect(relevant).toEqual([ids.billboard, newer!.id]);
      // A typo ranks by its correction.
      expect(idsOf(await search('?q=billbord&sort=relevance'))).toEqual([ids.billboard, newer!.id]);
      await server.db.update(listings).set({ status: 'archived' }).where(eq(listings.id, newer!.id));
    });

    it('falls back to newest first for relevance without words', async () => {
      expect(idsOf(await search('?sort=relevance&limit=2'))).toEqual(idsOf(await search('?limit=2')));
    });
  });

  // The answer is not parsed by its output schema at run time (documentedOutput) and the REST route sends JSON
  // made from each listing's kept JSON (jsonOf): both must give the text that parsing and JSON.stringify gave.
  it('answers exactly what its output schema gives, field order included, over REST and tRPC', async () => {
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    // A featured listing (its badge and date) and one with attributes, among the others.
    await server.db.insert(listings).values([
      {
        title: 'Featured hoarding on the ring road',
        description: 'Lit hoarding',
        location: 'Pune, Maharashtra',
        city: 'Pune',
        category: 'outdoor',
        ownerId: owner.user.id,
        ownerType: 'media_owner',
        featuredUntil: new Date(Date.now() + 86_400_000),
      },
      {
        title: 'Radio jingle slots',
        description: 'Morning drive',
        location: 'Delhi, Delhi',
        attributes: { frequency: '98.3', live: true, slots: 4 },
        ownerId: owner.user.id,
        ownerType: 'media_owner',
      },
    ]);
    const queries = [
      '',
      '?q=hoarding',
      '?q=hording&sort=relevance',
      '?q=radoi',
      '?q=billbord%20pune',
      '?sort=rate_asc&limit=3',
      '?sort=rate_desc&category=outdoor',
      '?verifiedOnly=true',
      '?city=Pune',
      '?q=xyzzyqwv',
    ];
    for (const query of queries) {
      for (let i = 0; i < 2; i++) {
        // Twice: the second answer's listings come from the kept rows and their kept JSON.
        const res = await server.request(`/api/barters${query}`);
        expect(res.status, res.text).toBe(200);
        expect(res.text, query).toBe(JSON.stringify(SearchListingsResult.parse(JSON.parse(res.text))));
      }
      const input = Object.fromEntries(new URLSearchParams(query));
      const trpc = await server.request(
        `/trpc/listings.search?input=${encodeURIComponent(JSON.stringify(input))}`,
      );
      expect(trpc.status, trpc.text).toBe(200);
      const data = SearchListingsResult.parse(JSON.parse(trpc.text).result.data);
      expect(trpc.text, query).toBe(JSON.stringify({ result: { data } }));
    }
    expect(JSON.parse((await server.request('/api/barters?q=featured')).text).barters[0].featured).toBe(true);
  });
});
