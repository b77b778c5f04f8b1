import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { SESSION_COOKIE, setUserStatus } from '@barterads/api';
import { LISTING_COVER_SIZES } from '@barterads/core';
import { users } from '@barterads/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from './helpers/server';

describe('listing and business pages over real HTTP', () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof createTestUser>>;
  let listingId: string;
  // The web app's shell, as the build writes it: the suite runs before (and without) a build.
  const webDist = mkdtempSync(join(tmpdir(), 'barterads-listing-pages-'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>BarterAds</title><meta name="description" content="BarterAds" /></head><body><div id="root"></div></body></html>',
  );
  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST: webDist });
    owner = await createTestUser(server.db, { userType: 'media_owner', firstName: 'Asha', lastName: 'Rao' });
    await server.db
      .update(users)
      .set({ companyName: 'Rao Outdoor', description: 'Hoardings across Pune.' })
      .where(eq(users.id, owner.user.id));
    const created = await server.request('/api/barters', {
      token: owner.token,
      json: {
        title: 'Baner Road hoarding',
        description: 'Front-lit.',
        city: 'Pune',
        category: 'outdoor',
        unit: 'month',
        rateInr: 60000,
      },
    });
    listingId = created.body.barter._id;
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('GET /api/barters/:id answers the barter, 404 for an unknown id, 400 for a malformed one', async () => {
    const res = await server.request(`/api/barters/${listingId}`);
    expect(res.status).toBe(200);
    expect(res.body.barter).toMatchObject({
      _id: listingId,
      title: 'Baner Road hoarding',
      city: 'Pune',
      state: 'Maharashtra',
      rateInr: 60000,
      unit: 'month',
      rating: null,
      reviewCount: 0,
      ownerId: owner.user.id,
      ownerCompany: 'Rao Outdoor',
      photos: [],
    });
    expect((await server.request('/api/barters/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await server.request('/api/barters/not-an-id')).status).toBe(400);
    // The static paths beside it still answer.
    expect((await server.request('/api/barters/featured')).status).toBe(200);
  });

  it('serves the listing and business pages with their own head (title, description, canonical, Open Graph), 404 for unknown, and a sitemap', async () => {
    const page = await fetch(`${server.baseUrl}/listings/${listingId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Baner Road hoarding | BarterAds</title>');
    expect(html).toContain('<meta name="description" content="Front-lit." />');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:5173/listings/${listingId}" />`);
    expect(html).toContain('<meta property="og:title" content="Baner Road hoarding | BarterAds" />');
    expect((await fetch(`${server.baseUrl}/listings/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/listings/nonsense`)).status).toBe(404);
    const business = await fetch(`${server.baseUrl}/b/${owner.user.id}`);
    expect(business.status).toBe(200);
    expect(await business.text()).toContain('<title>Rao Outdoor | BarterAds</title>');
    const sitemap = await fetch(`${server.baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain(`/listings/${listingId}</loc>`);
    expect(xml).toContain(`/b/${owner.user.id}</loc>`);
  });

  it("preloads a listing page's cover photo in its head with the same URLs and sizes as the page's <img>", async () => {
    const created = await server.request('/api/barters', {
      token: owner.token,
      json: { title: 'Lit hoarding at Aundh', description: 'Photo.', city: 'Pune' },
    });
    const id = created.body.barter._id as string;
    // No photo: nothing to preload.
    expect(await (await fetch(`${server.baseUrl}/listings/${id}`)).text()).not.toContain(
      'rel="preload" as="image"',
    );
    const jpeg = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#c87828' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'cover.jpg');
    const uploaded = await fetch(`${server.baseUrl}/api/barters/${id}/photos`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(uploaded.status).toBe(201);
    const { barter } = (await server.request(`/api/barters/${id}`)).body as {
      barter: { photos: Array<{ url: string; variants: Array<{ url: string; width: number }> }> };
    };
    const cover = barter.photos[0]!;
    const srcset = cover.variants.map((v) => `${v.url} ${v.width}w`).join(', ');
    const html = await (await fetch(`${server.baseUrl}/listings/${id}`)).text();
    expect(html).toContain(
      `<link rel="preload" as="image" href="${cover.url}" imagesrcset="${srcset}" imagesizes="${LISTING_COVER_SIZES}" fetchpriority="high" />`,
    );
    // Out of the owner's free tier again (two active listings) for the tests after this one.
    await server.request(`/api/barters/${id}/archive`, { method: 'POST', token: owner.token });
  });

  it('answers an archived listing with its status', async () => {
    const created = await server.request('/api/barters', {
      token: owner.token,
      json: { title: 'Old unipole', description: 'Gone.', city: 'Pune' },
    });
    await server.request(`/api/barters/${created.body.barter._id}/archive`, {
      method: 'POST',
      token: owner.token,
    });
    const res = await server.request(`/api/barters/${created.body.barter._id}`);
    expect(res.status).toBe(200);
    expect(res.body.barter.status).toBe('archived');
  });

  it('GET /api/businesses/:id answers the public card and active listings; 404 when hidden, unknown or malformed', async () => {
    const res = await server.request(`/api/businesses/${owner.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.business).toMatchObject({
      _id: owner.user.id,
      companyName: 'Rao Outdoor',
      description: 'Hoardings across Pune.',
      city: 'Pune',
      verified: false,
      rating: null,
      reviewCount: 0,
    });
    expect(new Date(res.body.business.memberSince).toString()).not.toBe('Invalid Date');
    expect(res.body.listings.map((l: { _id: string }) => l._id)).toContain(listingId);
    expect(res.body.reviews).toEqual([]);
    expect(JSON.stringify(res.body)).not.toContain(owner.user.email);

    expect((await server.request('/api/businesses/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await server.request('/api/businesses/x')).status).toBe(400);
  });

  it('showBusinessPage: on by default, PATCH /api/auth/me turns it off, which hides the page and the company on cards', async () => {
    const me = await server.request('/api/auth/me', { token: owner.token });
    expect(me.body.user?.showBusinessPage ?? me.body.showBusinessPage).toBe(true);
    const off = await server.request('/api/auth/me', {
      method: 'PATCH',
      token: owner.token,
      json: { showBusinessPage: false },
    });
    expect(off.status).toBe(200);
    expect((await server.request(`/api/businesses/${owner.user.id}`)).status).toBe(404);
    const card = await server.request(`/api/barters/${listingId}`);
    expect(card.body.barter.ownerCompany).toBeNull();
    const search = await server.request(`/api/barters?q=${encodeURIComponent('Baner Road')}`);
    expect(search.body.barters[0].ownerCompany).toBeNull();
    await server.request('/api/auth/me', {
      method: 'PATCH',
      token: owner.token,
      json: { showBusinessPage: true },
    });
    expect((await server.request(`/api/businesses/${owner.user.id}`)).status).toBe(200);
  });

  it("hides a suspended owner's listings from the marketplace and their pages, and restores them on activation", async () => {
    const find = async () =>
      (await server.request(`/api/barters?q=${encodeURIComponent('Baner Road')}`)).body.barters.map(
        (b: { _id: string }) => b._id,
      );
    expect(await find()).toContain(listingId);
    // The one way a status changes (the admin's suspend and activate call it).
    await setUserStatus(server.db, owner.user.id, 'suspended');
    expect(await find()).not.toContain(listingId);
    expect(
      (await server.request('/api/barters')).body.barters.map((b: { _id: string }) => b._id),
    ).not.toContain(listingId);
    expect((await server.request(`/api/barters/${listingId}`)).status).toBe(404);
    expect((await server.request(`/api/businesses/${owner.user.id}`)).status).toBe(404);
    await setUserStatus(server.db, owner.user.id, 'active');
    expect(await find()).toContain(listingId);
  });
});

describe('listing and business pages rendered by the web app on request', () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof createTestUser>>;
  // A build with a renderer (what apps/web/scripts/prerender.mjs writes), whose render shows what it was given.
  const webDist = mkdtempSync(join(tmpdir(), 'barterads-rendered-pages-'));
  const head =
    '<!doctype html><html><head><title>BarterAds</title><meta name="description" content="BarterAds" /></head>';
  writeFileSync(join(webDist, 'index.html'), `${head}<body><div id="root"></div></body></html>`);
  mkdirSync(join(webDist, 'prerendered'));
  mkdirSync(join(webDist, '..', `${basename(webDist)}-ssr`));
  writeFileSync(
    join(webDist, 'prerendered', 'page.html'),
    `${head}<body><div id="root"></div><script>/* loader */</script></body></html>`,
  );
  writeFileSync(
    join(webDist, 'prerendered', 'manifest.json'),
    JSON.stringify({
      pages: {},
      template: 'page.html',
      renderer: `../${basename(webDist)}-ssr/renderer.mjs`,
    }),
  );
  writeFileSync(
    join(webDist, '..', `${basename(webDist)}-ssr`, 'renderer.mjs'),
    `let renders = 0;
    export async function renderPageWithData(path, session, data) {
      const title = data.listing?.answer.barter.title ?? data.business?.answer.business.companyName;
      if (title.includes('Unrenderable')) throw new Error('render failed');
      renders += 1;
      return { html: '<main><h1>' + title.replaceAll('<', '&lt;') + '</h1><p>' + session + '</p><p>render ' + renders + '</p></main>', state: { path, data } };
    }`,
  );
  const pageData = (html: string) => {
    const match = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html);
    return match ? (JSON.parse(match[1]!) as { path: string; data: Record<string, unknown> }) : undefined;
  };

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST: webDist });
    owner = await createTestUser(server.db, {
      userType: 'media_owner',
      firstName: 'Ravi',
      lastName: 'Menon',
    });
    await server.db.update(users).set({ companyName: 'Menon Media' }).where(eq(users.id, owner.user.id));
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(join(webDist, '..', `${basename(webDist)}-ssr`), { recursive: true, force: true });
  });

  it('renders the listing page with the answers the browser would get, and hands them to the page as JSON', async () => {
    // A title that would end the data block if it went in as it is.
    const title = 'Bus shelter </script><script>alert(1)</script> Kochi';
    const created = await server.request('/api/barters', {
      token: owner.token,
      json: { title, description: 'Backlit panels.', city: 'Kochi' },
    });
    expect(created.status).toBe(201);
    const id = created.body.barter._id as string;
    const page = await fetch(`${server.baseUrl}/listings/${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root" data-session="out"><main><h1>Bus shelter &lt;/script>');
    expect(html).toContain('<script>/* loader */</script>');
    expect(html).not.toContain('<script>alert(1)');
    const data = pageData(html);
    expect(data?.path).toBe(`/listings/${id}`);
    // Exactly what the procedures answer (the REST rows call the same ones).
    expect(data?.data.listing).toEqual({ id, answer: (await server.request(`/api/barters/${id}`)).body });
    expect(data?.data.business).toEqual({
      id: owner.user.id,
      answer: (await server.request(`/api/businesses/${owner.user.id}`)).body,
    });
    // The head is the listing's own, on the rendered page too.
    expect(html).toContain(
      `<title>${title.replaceAll('<', '&lt;').replaceAll('>', '&gt;')} | BarterAds</title>`,
    );
    // A request with a session cookie gets the signed-in parts as placeholders.
    const withCookie = await fetch(`${server.baseUrl}/listings/${id}`, {
      headers: { cookie: `${SESSION_COOKIE}=${owner.token}` },
    });
    expect(await withCookie.text()).toContain('<div id="root" data-session="pending">');
  });

  it('renders a page once for the same data, and again once its data changes', async () => {
    const created = await server.request('/api/barters', {
      token: owner.token,
      json: { title: 'Metro pillar wrap', description: 'Twelve pillars.', city: 'Kochi' },
    });
    const id = created.body.barter._id as string;
    const renderOf = async () =>
      /render (\d+)/.exec(await (await fetch(`${server.baseUrl}/listings/${id}`)).text())?.[1];
    const first = await renderOf();
    expect(first).toBeDefined();
    expect(await renderOf()).toBe(first);
    const edited = await server.request(`/api/barters/${id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { title: 'Metro pillar wrap, twelve pillars' },
    });
    expect(edited.status).toBe(200);
    const second = await renderOf();
    expect(second).not.toBe(first);
    expect(await (await fetch(`${server.baseUrl}/listings/${id}`)).text()).toContain(
      '<h1>Metro pillar wrap, twelve pillars</h1>',
    );
    // Within the free plan's two active listings for the tests after this one.
    await server.request(`/api/barters/${id}/archive`, { method: 'POST', token: owner.token });
  });

  it('renders the business page with its answer', async () => {
    const html = await (await fetch(`${server.baseUrl}/b/${owner.user.id}`)).text();
    expect(html).toContain('<h1>Menon Media</h1>');
    expect(pageData(html)?.data).toEqual({
      business: {
        id: owner.user.id,
        answer: (await server.request(`/api/businesses/${owner.user.id}`)).body,
      },
      // No REST row for reviews: as the browser asks tRPC.
      reviews: {
        id: owner.user.id,
        answer: (
          (await (
            await fetch(
              `${server.baseUrl}/trpc/reviews.business?input=${encodeURIComponent(JSON.stringify({ id: owner.user.id, page: 1 }))}`,
            )
          ).json()) as { result: { data: unknown } }
        ).result.data,
      },
    });
  });

  it('sends the app shell with the head when the render fails, and 404 for an unknown listing', async () => {
    const created = await server.request('/api/barters', {
      token: owner.token,
      json: { title: 'Unrenderable hoarding', description: 'Render fails.', city: 'Kochi' },
    });
    const page = await fetch(`${server.baseUrl}/listings/${created.body.barter._id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Unrenderable hoarding | BarterAds</title>');
    expect(html).toContain('<div id="root"></div>');
    expect(pageData(html)).toBeUndefined();
    expect((await fetch(`${server.baseUrl}/listings/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });
});

describe('the marketplace rendered with its first page of results (issue 35)', () => {
  let server: TestServer;
  const webDist = mkdtempSync(join(tmpdir(), 'barterads-marketplace-page-'));
  const ssrDir = join(webDist, '..', `${basename(webDist)}-ssr`);
  const head =
    '<!doctype html><html lang="en-IN"><head><title>BarterAds</title><meta name="description" content="BarterAds" /></head>';
  writeFileSync(join(webDist, 'index.html'), `${head}<body><div id="root"></div></body></html>`);
  mkdirSync(join(webDist, 'prerendered'));
  mkdirSync(ssrDir);
  writeFileSync(
    join(webDist, 'prerendered', 'page.html'),
    `${head}<body><div id="root"></div></body></html>`,
  );
  writeFileSync(
    join(webDist, 'prerendered', 'marketplace.html'),
    `${head}<body><div id="root" data-session="out"><p>built without results</p></div></body></html>`,
  );
  writeFileSync(
    join(webDist, 'prerendered', 'manifest.json'),
    JSON.stringify({
      pages: { '/marketplace': 'marketplace.html', '/hi/marketplace': 'marketplace.html' },
      template: 'page.html',
      renderer: `../${basename(webDist)}-ssr/renderer.mjs`,
    }),
  );
  writeFileSync(
    join(ssrDir, 'renderer.mjs'),
    `export async function renderPageWithData(path, session, data) {
      const titles = data.marketplace.answer.barters.map((b) => '<li>' + b.title + '</li>').join('');
      const hindi = path.startsWith('/hi/');
      return {
        html: '<ul>' + titles + '</ul><p>' + session + '</p>',
        state: { path, data },
        title: hindi ? 'मार्केटप्लेस | BarterAds' : 'Marketplace | BarterAds',
        description: hindi ? 'बार्टर पर विज्ञापन की जगह' : 'Advertising space by barter',
      };
    }`,
  );
  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST: webDist });
    const owner = await createTestUser(server.db, { userType: 'media_owner', firstName: 'Ravi' });
    for (const title of ['Older hoarding', 'Newer hoarding']) {
      const created = await server.request('/api/barters', {
        token: owner.token,
        json: { title, description: 'Front-lit.', city: 'Pune' },
      });
      expect(created.status).toBe(201);
    }
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(ssrDir, { recursive: true, force: true });
  });

  it('sends /marketplace with the results the page would ask for, newest first; a filtered one as the app shell', async () => {
    const page = await fetch(`${server.baseUrl}/marketplace`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<ul><li>Newer hoarding</li><li>Older hoarding</li></ul><p>out</p>');
    expect(html).toContain('<title>Marketplace | BarterAds</title>');
    const state = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
    const search = await server.request('/api/barters?sort=newest&limit=24');
    expect(JSON.parse(state!).data.marketplace.answer.barters.map((b: { _id: string }) => b._id)).toEqual(
      search.body.barters.map((b: { _id: string }) => b._id),
    );
    const filtered = await (await fetch(`${server.baseUrl}/marketplace?q=hoarding`)).text();
    expect(filtered).toContain('<div id="root"></div>');
  });

  it('sends /hi/marketplace with the same results, in Hindi: its lang, title, description and alternates (issue 35: its LCP waited for a search after the script)', async () => {
    const page = await fetch(`${server.baseUrl}/hi/marketplace`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<ul><li>Newer hoarding</li><li>Older hoarding</li></ul><p>out</p>');
    expect(html).toContain('<html lang="hi-IN">');
    expect(html).toContain('<title>मार्केटप्लेस | BarterAds</title>');
    expect(html).toContain('<meta name="description" content="बार्टर पर विज्ञापन की जगह" />');
    expect(html).toContain('<meta property="og:title" content="मार्केटप्लेस | BarterAds" />');
    expect(html).toContain('<link rel="canonical" href="http://localhost:5173/hi/marketplace" />');
    expect(html).toContain('hreflang="mr-IN"');
    const state = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(state!).path).toBe('/hi/marketplace');
  });
});
