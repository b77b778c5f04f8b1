import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { searchWords } from '@barterads/db';
import { createTestDatabase, type TestDatabase } from '@barterads/testing';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, giveTestPlan, startTestServer, type TestServer } from './helpers/server';

interface IndexHealth {
  ready: boolean;
  answered: number;
}

async function indexHealth(server: TestServer): Promise<IndexHealth> {
  const body = (await server.request('/healthz')).body as { searchIndex: IndexHealth | null };
  if (!body.searchIndex) throw new Error('no search index');
  return body.searchIndex;
}

interface Answer {
  barters: Array<{ _id: string; title: string; localTitle: string | null }>;
  suggestion: string | null;
}

/**
 * Issue 33: a listing may carry a Hindi or Marathi title and description beside the English (spec 3, section 5).
 * They travel in the barter object (`localLanguage`, `localTitle`, `localDescription`), are shown on the pages of
 * that language, and a search in either script finds the listing, its typos too, on the in-memory index and on
 * the SQL search alike.
 */
describe('listings in two languages over real HTTP', () => {
  let database: TestDatabase;
  let indexed: TestServer;
  let sqlOnly: TestServer;
  let owner: Awaited<ReturnType<typeof createTestUser>>;
  const webDist = mkdtempSync(join(tmpdir(), 'barterads-listing-languages-'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html lang="en-IN"><head><title>BarterAds</title><meta name="description" content="BarterAds" /></head><body><div id="root"></div></body></html>',
  );

  beforeAll(async () => {
    database = await createTestDatabase();
    indexed = await startTestServer({ SEARCH_CACHE: 'off', WEB_DIST: webDist }, { database });
    sqlOnly = await startTestServer({ SEARCH_CACHE: 'off', SEARCH_INDEX: 'off' }, { database });
    owner = await createTestUser(indexed.db, { userType: 'media_owner' });
    await giveTestPlan(indexed.db, owner.user.id, 'enterprise');
  });
  afterAll(async () => {
    await indexed?.close();
    await sqlOnly?.close();
    await database?.destroy();
    rmSync(webDist, { recursive: true, force: true });
  });

  const search = async (server: TestServer, q: string): Promise<Answer> => {
    const res = await server.request(`/api/barters?q=${encodeURIComponent(q)}`);
    expect(res.status, res.text).toBe(200);
    return res.body as Answer;
  };

  it('POST /api/barters keeps a Hindi title and description; a Hindi word and a one-edit typo of it find it on both search paths', async () => {
    await expect.poll(async () => (await indexHealth(indexed)).ready).toBe(true);
    const created = await indexed.request('/api/barters', {
      token: owner.token,
      json: {
        title: 'Lit hoarding near Dadar station',
        description: 'A front-lit hoarding facing the station exit, for a month.',
        city: 'Mumbai',
        category: 'outdoor',
        localLanguage: 'hi',
        localTitle: 'दादर स्टेशन के पास रोशन होर्डिंग',
        localDescription: 'स्टेशन से निकलते ही सामने दिखने वाला होर्डिंग, महीने भर के लिए।',
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.barter).toMatchObject({
      title: 'Lit hoarding near Dadar station',
      localLanguage: 'hi',
      localTitle: 'दादर स्टेशन के पास रोशन होर्डिंग',
      localDescription: 'स्टेशन से निकलते ही सामने दिखने वाला होर्डिंग, महीने भर के लिए।',
    });
    const id = created.body.barter._id as string;
    const english = await indexed.request('/api/barters', {
      token: owner.token,
      json: { title: 'Radio jingle slots', description: 'Prime time.', city: 'Pune', category: 'audio' },
    });
    expect(english.body.barter).toMatchObject({
      localLanguage: null,
      localTitle: null,
      localDescription: null,
    });

    // The vocabulary holds the Hindi words whole (the vowel signs, virama and nasal sign do not cut them).
    const words = await indexed.db
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(inArray(searchWords.word, ['होर्डिंग', 'रोशन', 'निकलते', 'होर', 'डिंग']));
    expect(words.map((w) => w.word).sort()).toEqual(['निकलते', 'रोशन', 'होर्डिंग'].sort());

    const answeredBefore = (await indexHealth(indexed)).answered;
    for (const server of [indexed, sqlOnly]) {
      // A word of the Hindi title, one of the Hindi description, and the English still.
      expect((await search(server, 'होर्डिंग')).barters.map((b) => b._id)).toEqual([id]);
      expect((await search(server, 'निकलते')).barters.map((b) => b._id)).toEqual([id]);
      expect((await search(server, 'dadar')).barters.map((b) => b._id)).toEqual([id]);
      // One edit away (the nasal sign left out): corrected, found, and suggested.
      const typo = await search(server, 'होर्डिग');
      expect(typo.barters.map((b) => b._id)).toEqual([id]);
      expect(typo.suggestion).toBe('होर्डिंग');
      // A substitution in a short word: रोशन written रौशन.
      const vowel = await search(server, 'रौशन');
      expect(vowel.barters.map((b) => b._id)).toEqual([id]);
      expect(vowel.barters[0]?.localTitle).toBe('दादर स्टेशन के पास रोशन होर्डिंग');
    }
    // Whole answers agree between the two paths, ranked by relevance too.
    for (const q of ['होर्डिंग', 'होर्डिग', 'स्टेशन hoarding']) {
      for (const sort of ['newest', 'relevance']) {
        const path = `/api/barters?q=${encodeURIComponent(q)}&sort=${sort}`;
        const [a, b] = await Promise.all([indexed.request(path), sqlOnly.request(path)]);
        expect({ path, answer: a.body }).toEqual({ path, answer: b.body });
      }
    }
    // The index answered its searches (not the SQL fallback), the same as SQL.
    expect((await indexHealth(indexed)).answered).toBeGreaterThanOrEqual(answeredBefore + 5);
  });

  it('refuses a second version without its language or title, and PATCH changes or removes it', async () => {
    const noLanguage = await indexed.request('/api/barters', {
      token: owner.token,
      json: { title: 'Bus shelter panel', description: 'Backlit.', city: 'Pune', localTitle: 'बस स्टॉप पैनल' },
    });
    expect(noLanguage.status).toBe(400);
    expect(noLanguage.body.issues).toContainEqual(expect.objectContaining({ path: 'localLanguage' }));
    const noTitle = await indexed.request('/api/barters', {
      token: owner.token,
      json: {
        title: 'Bus shelter panel',
        description: 'Backlit.',
        city: 'Pune',
        localLanguage: 'mr',
        localDescription: 'बस थांब्यावरील प्रकाशित फलक.',
      },
    });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.issues).toContainEqual(expect.objectContaining({ path: 'localTitle' }));
    const badLanguage = await indexed.request('/api/barters', {
      token: owner.token,
      json: {
        title: 'Bus shelter panel',
        description: 'x',
        city: 'Pune',
        localLanguage: 'ta',
        localTitle: 'x',
      },
    });
    expect(badLanguage.status).toBe(400);

    // A language chosen without a title (the form's default choice) is no version.
    const bare = await indexed.request('/api/barters', {
      token: owner.token,
      json: {
        title: 'Bus shelter panel',
        description: 'Backlit.',
        city: 'Pune',
        localLanguage: 'mr',
        localTitle: '',
      },
    });
    expect(bare.status, bare.text).toBe(201);
    expect(bare.body.barter).toMatchObject({ localLanguage: null, localTitle: null });
    const id = bare.body.barter._id as string;

    const added = await indexed.request(`/api/barters/${id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { localLanguage: 'mr', localTitle: 'बस थांब्यावरील फलक' },
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.barter).toMatchObject({ localLanguage: 'mr', localTitle: 'बस थांब्यावरील फलक' });
    for (const server of [indexed, sqlOnly])
      expect((await search(server, 'थांब्यावरील')).barters.map((b) => b._id)).toEqual([id]);

    // A description without a title is refused on the listing as it would be.
    const orphan = await indexed.request(`/api/barters/${id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { localTitle: null, localDescription: 'फक्त वर्णन' },
    });
    expect(orphan.status).toBe(400);

    const removed = await indexed.request(`/api/barters/${id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { localTitle: '' },
    });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.barter).toMatchObject({
      localLanguage: null,
      localTitle: null,
      localDescription: null,
    });
    for (const server of [indexed, sqlOnly]) expect((await search(server, 'थांब्यावरील')).barters).toEqual([]);
  });

  it("the server-rendered listing page's <title> and description are the Hindi ones on /hi/, the English elsewhere", async () => {
    const created = await indexed.request('/api/barters', {
      token: owner.token,
      json: {
        title: 'Autorickshaw back panels',
        description: 'Fifty autos across Thane.',
        city: 'Thane',
        category: 'transit',
        localLanguage: 'hi',
        localTitle: 'ऑटो रिक्शा के पीछे विज्ञापन',
        localDescription: 'ठाणे के पचास ऑटो पर।',
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.barter._id as string;
    const hindi = await indexed.request(`/hi/listings/${id}`);
    expect(hindi.status).toBe(200);
    expect(hindi.text).toContain('<html lang="hi-IN">');
    expect(hindi.text).toContain('<title>ऑटो रिक्शा के पीछे विज्ञापन | BarterAds</title>');
    expect(hindi.text).toContain('<meta name="description" content="ठाणे के पचास ऑटो पर।" />');
    expect(hindi.text).toContain(
      '<meta property="og:title" content="ऑटो रिक्शा के पीछे विज्ञापन | BarterAds" />',
    );
    // Marathi and English pages: the English (the listing has no Marathi version).
    for (const path of [`/mr/listings/${id}`, `/listings/${id}`]) {
      const page = await indexed.request(path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<title>Autorickshaw back panels | BarterAds</title>');
      expect(page.text).toContain('<meta name="description" content="Fifty autos across Thane." />');
    }
  });

  it("the landing page's featured listings come in its language: the Marathi version and category on /mr/, the English elsewhere", async () => {
    const english = {
      title: 'Bus shelter panels in Andheri',
      description: 'Twelve lit panels on the SV Road stops.',
    };
    const marathi = {
      localTitle: 'अंधेरीतील बस थांब्यांवरील फलक',
      localDescription: 'एस. व्ही. रोडवरील थांब्यांवर बारा प्रकाशित फलक.',
    };
    const created = await indexed.request('/api/barters', {
      token: owner.token,
      json: { ...english, city: 'Mumbai', category: 'outdoor', localLanguage: 'mr', ...marathi },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.barter._id as string;
    // Featured by its owner: first on the landing page.
    const featuring = await indexed.request(`/api/barters/${id}/feature`, {
      token: owner.token,
      method: 'POST',
    });
    expect(featuring.status, featuring.text).toBe(200);

    const featured = async (query: string) => {
      const res = await indexed.request(`/api/barters/featured${query}`);
      expect(res.status, res.text).toBe(200);
      return (res.body.barters as Array<{ _id: string }>).find((b) => b._id === id);
    };
    expect(await featured('?language=mr')).toMatchObject({
      title: marathi.localTitle,
      description: marathi.localDescription,
      localLanguage: 'mr',
      categoryTitle: 'आउटडोर आणि होर्डिंग',
    });
    // Hindi pages have no Marathi version to show, but name the category in Hindi; English is the default.
    expect(await featured('?language=hi')).toMatchObject({ ...english, categoryTitle: 'आउटडोर और होर्डिंग' });
    const englishAnswer = { ...english, categoryTitle: 'Outdoor & Billboards' };
    expect(await featured('?language=en')).toMatchObject(englishAnswer);
    expect(await featured('')).toMatchObject(englishAnswer);
    expect((await indexed.request('/api/barters/featured?language=fr')).status).toBe(400);
  });
});
