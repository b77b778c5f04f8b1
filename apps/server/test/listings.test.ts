import { FREE_PLAN } from '@barterads/core';
import { listingEvents, listings, subscriptions, users } from '@barterads/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, giveTestPlan, startTestServer, type TestServer } from './helpers/server';

const VALID = {
  title: 'Hoarding near Bandra flyover',
  location: 'Mumbai, Maharashtra',
  description: 'Front-lit 40x20 hoarding facing two-way traffic.',
  category: 'outdoor',
  seeking: 'Furniture for our office',
  image: 'https://example.com/hoarding.jpg',
  contactPhone: '98200 12345',
};

describe('listings over real HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  async function post(token: string, body: Record<string, unknown>) {
    return server.request('/api/barters', { token, json: body });
  }

  describe('posting', () => {
    it('publishes a listing with the owner type of the account and ignores rating and verified', async () => {
      const { user, token } = await createTestUser(server.db, {
        userType: 'media_owner',
        firstName: 'Meera',
        lastName: 'Nair',
      });
      const res = await post(token, { ...VALID, rating: 1, verified: true, ownerRole: 'advertiser' });
      expect(res.status).toBe(201);
      expect(res.body.barter).toMatchObject({
        title: VALID.title,
        location: VALID.location,
        description: VALID.description,
        category: 'outdoor',
        image: VALID.image,
        seeking: VALID.seeking,
        contactPhone: '+919820012345',
        rating: null,
        reviewCount: 0,
        verified: false,
        ownerRole: 'media_owner',
        ownerType: 'media_owner',
        status: 'active',
        ownerId: user.id,
        ownerName: 'Meera Nair',
      });
      expect(res.body.barter._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(res.body.barter.createdAt).toString()).not.toBe('Invalid Date');
    });

    it("accepts the spec's phone aliases and optional fields left out", async () => {
      const { token } = await createTestUser(server.db);
      const res = await post(token, {
        title: 'Need radio',
        location: 'Pune',
        description: 'FM spots',
        contact: '+44 20 7946 0958',
      });
      expect(res.status).toBe(201);
      expect(res.body.barter).toMatchObject({
        contactPhone: '+442079460958',
        image: null,
        category: null,
        seeking: null,
        ownerRole: 'advertiser',
      });
      const alias = await post(token, {
        title: 'T',
        location: 'L',
        description: 'D',
        phoneNumber: '9876543210',
      });
      expect(alias.body.barter.contactPhone).toBe('+919876543210');
    });

    it("requires title, location and description with the spec's message", async () => {
      const { token } = await createTestUser(server.db);
      for (const missing of ['title', 'location', 'description']) {
        const body: Record<string, unknown> = { ...VALID };
        delete body[missing];
        const res = await post(token, body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Please fill Title, Location and Description.');
        expect(res.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: missing })]));
      }
      const blank = await post(token, { ...VALID, title: '   ' });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe('Please fill Title, Location and Description.');
    });

    it('refuses non-http image URLs, bad phones, unknown categories and overlong text', async () => {
      const { token } = await createTestUser(server.db);
      for (const image of ['javascript:alert(1)', 'ftp://example.com/a.jpg', 'not a url']) {
        const res = await post(token, { ...VALID, image });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Image URL must start with http:// or https://.');
      }
      const phone = await post(token, { ...VALID, contactPhone: '12345' });
      expect(phone.status).toBe(400);
      expect(phone.body.message).toBe('Please enter a valid phone number (with correct country).');
      const category = await post(token, { ...VALID, category: 'space' });
      expect(category.status).toBe(400);
      const long = await post(token, { ...VALID, title: 'x'.repeat(121) });
      expect(long.status).toBe(400);
      const notJson = await post(token, ['a'] as unknown as Record<string, unknown>);
      expect(notJson.status).toBe(400);
    });

    it('matches the category without regard to case, as the contract says (posting, editing, searching)', async () => {
      const { token } = await createTestUser(server.db, { userType: 'media_owner' });
      const posted = await post(token, {
        ...VALID,
        title: 'Mixed-case category hoarding',
        category: 'Outdoor',
      });
      expect(posted.status, posted.text).toBe(201);
      expect(posted.body.barter.category).toBe('outdoor');
      const spaced = await post(token, { ...VALID, title: 'Upper-case category paper', category: ' PRINT ' });
      expect(spaced.status, spaced.text).toBe(201);
      expect(spaced.body.barter.category).toBe('print');
      const edited = await server.request(`/api/barters/${posted.body.barter._id}`, {
        method: 'PATCH',
        token,
        json: { category: 'Digital' },
      });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.body.barter.category).toBe('digital');
      const found = await server.request(`/api/barters?category=PRINT&q=${encodeURIComponent('Upper-case')}`);
      expect(found.status, found.text).toBe(200);
      expect(found.body.barters.map((b: { _id: string }) => b._id)).toEqual([spaced.body.barter._id]);
    });

    it('needs a live session and an active account', async () => {
      const anonymous = await server.request('/api/barters', { json: VALID });
      expect(anonymous.status).toBe(401);
      const dead = await post('not-a-token', VALID);
      expect(dead.status).toBe(401);
      const { token } = await createTestUser(server.db, { status: 'suspended' });
      const suspended = await post(token, VALID);
      expect(suspended.status).toBe(403);
      expect(suspended.body.message).toBe('Your account has been suspended. Please contact support.');
      expect((await server.request('/api/barters/me', { token })).status).toBe(403);
      // An owner suspended after posting can no longer edit or archive.
      const owner = await createTestUser(server.db);
      const listing = (await post(owner.token, VALID)).body.barter;
      await server.db.update(users).set({ status: 'suspended' }).where(eq(users.id, owner.user.id));
      const edit = await server.request(`/api/barters/${listing._id}`, {
        method: 'PATCH',
        token: owner.token,
        json: { title: 'Changed' },
      });
      expect(edit.status).toBe(403);
      const archive = await server.request(`/api/barters/${listing._id}/archive`, {
        method: 'POST',
        token: owner.token,
      });
      expect(archive.status).toBe(403);
    });

    it("enforces the plan's active-listing allowance; archiving frees a slot; a bigger plan allows more", async () => {
      const { user, token } = await createTestUser(server.db);
      const ids: string[] = [];
      // The free tier's allowance, from the catalogue.
      expect(FREE_PLAN.activeListingLimit).toBe(2);
      for (let i = 0; i < 2; i++) {
        const res = await post(token, { ...VALID, title: `Listing ${i}` });
        expect(res.status).toBe(201);
        ids.push(res.body.barter._id);
      }
      const third = await post(token, VALID);
      expect(third.status).toBe(403);
      expect(third.body.message).toMatch(/active listing limit of your plan/);
      const archived = await server.request(`/api/barters/${ids[0]}/archive`, { method: 'POST', token });
      expect(archived.status).toBe(200);
      expect((await post(token, VALID)).status).toBe(201);
      expect((await post(token, VALID)).status).toBe(403);
      const now = Date.now();
      await server.db.insert(subscriptions).values({
        userId: user.id,
        planId: 'growth',
        period: 'monthly',
        status: 'active',
        currentPeriodStart: new Date(now - 1000),
        currentPeriodEnd: new Date(now + 30 * 24 * 3600 * 1000),
      });
      expect((await post(token, VALID)).status).toBe(201);
    });
  });

  describe('my listings, edit and archive', () => {
    it('lists only my listings, newest first, with click counts; others cannot edit or archive them', async () => {
      const owner = await createTestUser(server.db, { userType: 'media_owner' });
      const other = await createTestUser(server.db);
      const first = (await post(owner.token, { ...VALID, title: 'Mine first' })).body.barter;
      const second = (await post(owner.token, { ...VALID, title: 'Mine second' })).body.barter;
      await post(other.token, { ...VALID, title: 'Not mine' });

      const mine = await server.request('/api/barters/me', { token: owner.token });
      expect(mine.status).toBe(200);
      expect(mine.body.barters.map((b: { title: string }) => b.title)).toEqual(['Mine second', 'Mine first']);
      expect(mine.body.barters[0]).toMatchObject({ totalClicks: 0, clicks7d: 0, views: 0 });
      expect((await server.request('/api/barters/me')).status).toBe(401);

      const edit = await server.request(`/api/barters/${first._id}`, {
        method: 'PATCH',
        token: owner.token,
        json: { title: 'Edited title', category: 'digital', rating: 0, verified: true },
      });
      expect(edit.status).toBe(200);
      expect(edit.body.barter).toMatchObject({
        title: 'Edited title',
        category: 'digital',
        location: VALID.location,
        rating: null,
        verified: false,
      });
      const blank = await server.request(`/api/barters/${first._id}`, {
        method: 'PATCH',
        token: owner.token,
        json: { title: '' },
      });
      expect(blank.status).toBe(400);

      const foreignEdit = await server.request(`/api/barters/${first._id}`, {
        method: 'PATCH',
        token: other.token,
        json: { title: 'Hijacked' },
      });
      expect(foreignEdit.status).toBe(403);
      const foreignArchive = await server.request(`/api/barters/${second._id}/archive`, {
        method: 'POST',
        token: other.token,
      });
      expect(foreignArchive.status).toBe(403);
      const unknown = await server.request('/api/barters/00000000-0000-4000-8000-000000000000/archive', {
        method: 'POST',
        token: owner.token,
      });
      expect(unknown.status).toBe(404);
      const badId = await server.request('/api/barters/nope/archive', { method: 'POST', token: owner.token });
      expect(badId.status).toBe(400);

      const archive = await server.request(`/api/barters/${second._id}/archive`, {
        method: 'POST',
        token: owner.token,
      });
      expect(archive.body.barter.status).toBe('archived');
      const [row] = await server.db.select().from(listings).where(eq(listings.id, first._id));
      expect(row?.title).toBe('Edited title');

      // An archived listing leaves the marketplace.
      const search = await server.request(`/api/barters?q=${encodeURIComponent('Mine second')}`);
      expect(search.body.barters.map((b: { _id: string }) => b._id)).not.toContain(second._id);
    });
  });

  describe('search', () => {
    let server2: TestServer;
    let ids: Record<string, string>;
    beforeAll(async () => {
      server2 = await startTestServer();
      const owner = await createTestUser(server2.db, { userType: 'media_owner' });
      const advertiser = await createTestUser(server2.db, { userType: 'advertiser' });
      const base = Date.now() - 100_000;
      const rows = [
        {
          key: 'mumbaiBillboard',
          ownerId: owner.user.id,
          ownerType: 'media_owner' as const,
          title: 'Billboard on Western Express Highway',
          location: 'Mumbai, Maharashtra',
          description: 'Large hoarding',
          category: 'outdoor',
          seeking: 'Laptops',
        },
        {
          key: 'delhiRadio',
          ownerId: owner.user.id,
          ownerType: 'media_owner' as const,
          title: 'FM radio spots',
          location: 'Delhi, NCR',
          description: 'Morning drive show',
          category: 'audio',
          seeking: 'Hotel stays',
        },
        {
          key: 'needReels',
          ownerId: advertiser.user.id,
          ownerType: 'advertiser' as const,
          title: 'Skincare brand needs reels',
          location: 'Bengaluru, Karnataka',
          description: 'Instagram creators wanted 100% organic_reach',
          category: 'influencer',
          seeking: 'Creators in exchange for hampers',
        },
        {
          key: 'needBillboard',
          ownerId: advertiser.user.id,
          ownerType: 'advertiser' as const,
          title: 'Developer seeks hoardings',
          location: 'Pune, Maharashtra',
          description: 'Near the metro line',
          category: 'outdoor',
          seeking: 'Billboards in MUMBAI too',
        },
      ];
      ids = {};
      for (const [i, { key, ...row }] of rows.entries()) {
        const [inserted] = await server2.db
          .insert(listings)
          .values({ ...row, createdAt: new Date(base + i * 1000) })
          .returning({ id: listings.id });
        ids[key] = inserted!.id;
      }
      await server2.db.insert(listings).values({
        ownerId: owner.user.id,
        ownerType: 'media_owner',
        title: 'Archived Mumbai hoarding',
        location: 'Mumbai',
        description: 'Gone',
        status: 'archived',
      });
    });
    afterAll(async () => server2.close());

    async function search(query: string) {
      const res = await server2.request(`/api/barters${query}`);
      expect(res.status).toBe(200);
      return res.body as {
        barters: Array<{ _id: string; title: string }>;
        nextCursor: string | null;
        total: number;
      };
    }
    const idsOf = (body: { barters: Array<{ _id: string }> }) => body.barters.map((b) => b._id);

    it('answers every active listing newest first, with total, when nothing is asked', async () => {
      const body = await search('');
      expect(idsOf(body)).toEqual([ids.needBillboard, ids.needReels, ids.delhiRadio, ids.mumbaiBillboard]);
      expect(body.total).toBe(4);
      expect(body.nextCursor).toBeNull();
    });

    it('matches substrings of title, location, description and seeking, case-insensitively', async () => {
      expect(idsOf(await search('?q=BILLBOARD'))).toEqual([ids.needBillboard, ids.mumbaiBillboard]);
      expect(idsOf(await search('?q=ncr'))).toEqual([ids.delhiRadio]);
      expect(idsOf(await search('?q=drive%20show'))).toEqual([ids.delhiRadio]);
      expect(idsOf(await search('?q=hamper'))).toEqual([ids.needReels]);
      expect(idsOf(await search('?q=xyzzy-nothing'))).toEqual([]);
      expect((await search('?q=xyzzy-nothing')).total).toBe(0);
    });

    it('treats LIKE wildcards literally', async () => {
      expect(idsOf(await search(`?q=${encodeURIComponent('100%')}`))).toEqual([ids.needReels]);
      expect(idsOf(await search(`?q=${encodeURIComponent('h_')}`))).toEqual([]);
      expect(idsOf(await search(`?q=${encodeURIComponent('%')}`))).toEqual([ids.needReels]);
    });

    it("tolerates typos: 'mumbay' finds Mumbai", async () => {
      const body = await search('?q=mumbay');
      expect(idsOf(body)).toEqual([ids.needBillboard, ids.mumbaiBillboard]);
      expect(idsOf(await search('?q=hoardng'))).toEqual(expect.arrayContaining([ids.mumbaiBillboard]));
    });

    it('filters by owner role (and the view alias) and category, combined with text', async () => {
      expect(idsOf(await search('?ownerRole=media_owner'))).toEqual([ids.delhiRadio, ids.mumbaiBillboard]);
      expect(idsOf(await search('?ownerRole=advertisers'))).toEqual([ids.needBillboard, ids.needReels]);
      expect(idsOf(await search('?view=media_owner&category=outdoor'))).toEqual([ids.mumbaiBillboard]);
      expect(idsOf(await search('?category=outdoor'))).toEqual([ids.needBillboard, ids.mumbaiBillboard]);
      expect(idsOf(await search('?category=outdoor&q=pune'))).toEqual([ids.needBillboard]);
      expect((await search('?ownerRole=all&category=')).total).toBe(4);
      expect((await server2.request('/api/barters?ownerRole=martian')).status).toBe(400);
      expect((await server2.request('/api/barters?category=space')).status).toBe(400);
    });

    it('includes the owner id and display name on every listing', async () => {
      const body = await search('?q=radio');
      expect(body.barters[0]).toMatchObject({
        ownerId: expect.any(String),
        ownerName: expect.stringMatching(/User$/),
      });
    });

    it('pages with a cursor, without gaps or duplicates while new listings arrive', async () => {
      const first = await search('?limit=2');
      expect(idsOf(first)).toEqual([ids.needBillboard, ids.needReels]);
      expect(first.total).toBe(4);
      expect(first.nextCursor).toEqual(expect.any(String));
      // A new listing arrives between two pages: it is newer, so it cannot shift the next page.
      const owner = await createTestUser(server2.db);
      const created = await server2.request('/api/barters', {
        token: owner.token,
        json: { title: 'Brand new', location: 'Goa', description: 'Fresh' },
      });
      expect(created.status).toBe(201);
      const second = await search(`?limit=2&cursor=${first.nextCursor}`);
      expect(idsOf(second)).toEqual([ids.delhiRadio, ids.mumbaiBillboard]);
      expect(second.nextCursor).toBeNull();
      expect(second.total).toBe(5);
      const fresh = await search('?limit=1');
      expect(fresh.barters[0]?.title).toBe('Brand new');
    });

    it('pages through listings created in the same millisecond batch without losing any', async () => {
      const owner = await createTestUser(server2.db);
      const at = new Date('2020-01-01T00:00:00.000Z');
      await server2.db.insert(listings).values(
        Array.from({ length: 7 }, (_, i) => ({
          ownerId: owner.user.id,
          ownerType: 'advertiser' as const,
          title: `Same time ${i}`,
          location: 'Kochi',
          description: 'tie-break zz',
          createdAt: at,
        })),
      );
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof search>> = await search(
          `?q=tie-break&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...idsOf(page));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toHaveLength(7);
      expect(new Set(seen).size).toBe(7);
    });

    it('validates limit and cursor', async () => {
      expect((await search('?limit=100')).barters.length).toBeGreaterThan(0);
      expect((await server2.request('/api/barters?limit=101')).status).toBe(400);
      expect((await server2.request('/api/barters?limit=0')).status).toBe(400);
      expect((await server2.request('/api/barters?limit=abc')).status).toBe(400);
      const bad = await server2.request('/api/barters?cursor=garbage');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Invalid cursor.');
    });

    it('serves the featured listings: the newest verified active ones', async () => {
      await server2.db.update(listings).set({ verified: true }).where(eq(listings.id, ids.delhiRadio!));
      await server2.db.update(listings).set({ verified: true }).where(eq(listings.id, ids.needReels!));
      const res = await server2.request('/api/barters/featured');
      expect(res.status).toBe(200);
      expect(idsOf(res.body)).toEqual([ids.needReels, ids.delhiRadio]);
    });
  });

  describe('search totals past the cap', () => {
    // LIMITS.searchTotalCap is 1,000: 1,000 outdoor listings and 5 audio ones match "capword", 3 do not.
    let server3: TestServer;
    beforeAll(async () => {
      server3 = await startTestServer();
      const owner = await createTestUser(server3.db, { userType: 'media_owner' });
      const base = Date.now() - 10_000_000;
      const row = (i: number, category: string, title: string) => ({
        ownerId: owner.user.id,
        ownerType: 'media_owner' as const,
        title,
        location: 'Nagpur, Maharashtra',
        description: 'Seeded for the cap',
        category,
        createdAt: new Date(base + i * 1000),
      });
      const rows = [
        ...Array.from({ length: 1000 }, (_, i) => row(i, 'outdoor', `Capword hoarding ${i}`)),
        ...Array.from({ length: 5 }, (_, i) => row(1000 + i, 'audio', `Capword jingle ${i}`)),
        ...Array.from({ length: 3 }, (_, i) => row(1005 + i, 'digital', `Unrelated screen ${i}`)),
      ];
      for (let i = 0; i < rows.length; i += 250)
        await server3.db.insert(listings).values(rows.slice(i, i + 250));
    });
    afterAll(async () => server3.close());

    async function search(query: string) {
      const res = await server3.request(`/api/barters${query}`);
      expect(res.status).toBe(200);
      return res.body as {
        barters: unknown[];
        nextCursor: string | null;
        total: number;
        totalCapped: boolean;
      };
    }

    it('counts up to 1,000 and says when more match, on the first page and on later ones', async () => {
      const first = await search('?q=capword');
      expect(first.barters).toHaveLength(24);
      expect(first).toMatchObject({ total: 1000, totalCapped: true });
      const second = await search(`?q=capword&cursor=${first.nextCursor}`);
      expect(second).toMatchObject({ total: 1000, totalCapped: true });
      expect(await search('')).toMatchObject({ total: 1000, totalCapped: true });
      // tRPC answers the same procedure.
      const input = encodeURIComponent(JSON.stringify({ q: 'capword', limit: 1 }));
      const trpc = await server3.request(`/trpc/listings.search?input=${input}`);
      expect(trpc.status).toBe(200);
      expect(trpc.body.result.data).toMatchObject({ total: 1000, totalCapped: true });
      // A JSON answer goes out in one piece with its length; a JSON-lines batch is still streamed.
      expect(Number(trpc.headers.get('content-length'))).toBe(Buffer.byteLength(trpc.text));
      const batch = encodeURIComponent(JSON.stringify({ 0: { q: 'capword', limit: 1 } }));
      const streamed = await server3.request(`/trpc/listings.search?batch=1&input=${batch}`, {
        headers: { 'trpc-accept': 'application/jsonl' },
      });
      expect(streamed.status).toBe(200);
      expect(streamed.headers.get('content-length')).toBeNull();
      expect(streamed.headers.get('transfer-encoding')).toBe('chunked');
      expect(streamed.text).toContain('"totalCapped":true');
    });

    it('answers exact totals up to the cap', async () => {
      // Exactly the cap: exact, not capped.
      expect(await search('?q=capword&category=outdoor')).toMatchObject({ total: 1000, totalCapped: false });
      // A first page holding every match (no count statement) and a page that needs the count.
      const all = await search('?q=capword&category=audio');
      expect(all).toMatchObject({ total: 5, totalCapped: false, nextCursor: null });
      expect(all.barters).toHaveLength(5);
      const paged = await search('?q=capword&category=audio&limit=2');
      expect(paged).toMatchObject({ total: 5, totalCapped: false });
      expect(await search(`?q=capword&category=audio&limit=2&cursor=${paged.nextCursor}`)).toMatchObject({
        total: 5,
        totalCapped: false,
      });
      expect(await search('?q=unrelated&limit=1')).toMatchObject({ total: 3, totalCapped: false });
      expect(await search('?q=xyzzy-nothing')).toMatchObject({ total: 0, totalCapped: false });
    });

    it('documents totalCapped in the OpenAPI document', async () => {
      const doc = (await server3.request('/api/openapi.json')).body;
      const schema = doc.paths['/api/barters'].get.responses['200'].content['application/json'].schema;
      expect(schema.properties.totalCapped).toMatchObject({ type: 'boolean' });
      expect(schema.required).toEqual(expect.arrayContaining(['total', 'totalCapped']));
    });
  });

  describe('events and the dashboard', () => {
    it('counts contact clicks and views for the owner, not the owner’s own', async () => {
      const owner = await createTestUser(server.db, { userType: 'media_owner' });
      await giveTestPlan(server.db, owner.user.id);
      const visitor = await createTestUser(server.db);
      const members = [visitor, await createTestUser(server.db), await createTestUser(server.db)];
      const a = (await post(owner.token, { ...VALID, category: 'outdoor' })).body.barter;
      const b = (await post(owner.token, { ...VALID, category: 'outdoor' })).body.barter;
      const c = (await post(owner.token, { ...VALID, category: null })).body.barter;
      await server.request(`/api/barters/${c._id}/archive`, { method: 'POST', token: owner.token });

      // Three members click; a member's repeat and anonymous clicks do not count.
      for (const member of [...members, visitor]) {
        const res = await server.request(`/api/barters/${a._id}/contact-click`, {
          method: 'POST',
          token: member.token,
        });
        expect(res.status).toBe(204);
      }
      const anonymousClick = await server.request(`/api/barters/${a._id}/contact-click`, { method: 'POST' });
      expect(anonymousClick.status).toBe(204);
      await server.request(`/api/barters/${b._id}/contact-click`, { method: 'POST', token: visitor.token });
      // The owner's own click is not counted.
      await server.request(`/api/barters/${b._id}/contact-click`, { method: 'POST', token: owner.token });
      // One click from last month counts in the total, not in the last 7 days.
      await server.db.insert(listingEvents).values({
        listingId: b._id,
        kind: 'contact_click',
        createdAt: new Date(Date.now() - 30 * 86400_000),
      });
      expect(
        (
          await server.request('/api/barters/00000000-0000-4000-8000-000000000000/contact-click', {
            method: 'POST',
          })
        ).status,
      ).toBe(404);

      const views = await fetch(`${server.baseUrl}/trpc/listings.recordViews`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids: [a._id, b._id, a._id] }),
      });
      expect(views.status).toBe(200);

      const mine = await server.request('/api/barters/me', { token: owner.token });
      const byId = new Map(mine.body.barters.map((row: { _id: string }) => [row._id, row]));
      expect(byId.get(a._id)).toMatchObject({ totalClicks: 3, clicks7d: 3, views: 1 });
      expect(byId.get(b._id)).toMatchObject({ totalClicks: 2, clicks7d: 1, views: 1 });

      const stats = await fetch(`${server.baseUrl}/trpc/listings.stats`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      const json = (await stats.json()) as { result: { data: Record<string, unknown> } };
      expect(json.result.data).toEqual({
        totalListings: 3,
        activeListings: 2,
        archivedListings: 1,
        totalClicks: 5,
        clicks7d: 4,
        totalViews: 2,
        // Everything was posted just now; only last month's click stood 7 days ago.
        previous: { totalListings: 0, activeListings: 0, archivedListings: 0, totalClicks: 1 },
        topCategories: [
          { category: 'outdoor', label: 'Outdoor & Billboards', count: 2 },
          { category: null, label: 'Uncategorized', count: 1 },
        ],
      });
      const anonymous = await fetch(`${server.baseUrl}/trpc/listings.stats`);
      expect(anonymous.status).toBe(401);
    });
  });
});
