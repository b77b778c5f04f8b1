import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { SESSION_COOKIE } from '@barterads/api';
import { listings } from '@barterads/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from './helpers/server';

/**
 * A member's pages (issue 35): with a session cookie every /dashboard page is the member template, whose shell paints
 * from the HTML; a deal's page comes rendered with the member's session and deal.
 */
describe("a member's pages over real HTTP", () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof createTestUser>>;
  let brand: Awaited<ReturnType<typeof createTestUser>>;
  let stranger: Awaited<ReturnType<typeof createTestUser>>;
  let dealId: string;
  // A build as apps/web/scripts/prerender.mjs writes it, with a renderer that shows what it was given.
  const webDist = mkdtempSync(join(tmpdir(), 'barterads-member-pages-'));
  const ssrDir = join(webDist, '..', `${basename(webDist)}-ssr`);
  const head = '<!doctype html><html><head><title>BarterAds</title></head>';
  writeFileSync(join(webDist, 'index.html'), `${head}<body><div id="root"></div></body></html>`);
  mkdirSync(join(webDist, 'prerendered'));
  mkdirSync(ssrDir);
  writeFileSync(
    join(webDist, 'prerendered', 'page.html'),
    `${head}<body><div id="root"></div></body></html>`,
  );
  writeFileSync(
    join(webDist, 'prerendered', 'member.html'),
    `${head}<body><div id="boot-shell">shell</div><link rel="stylesheet" href="/assets/x.css"><div id="root"></div></body></html>`,
  );
  writeFileSync(
    join(webDist, 'prerendered', 'manifest.json'),
    JSON.stringify({
      pages: {},
      routes: ['/dashboard', '/dashboard/deals', '/dashboard/deals/$id', '/settings'],
      template: 'page.html',
      memberTemplate: 'member.html',
      renderer: `../${basename(webDist)}-ssr/renderer.mjs`,
    }),
  );
  writeFileSync(
    join(ssrDir, 'renderer.mjs'),
    `export async function renderPageWithData(path, session, data) {
      return { html: '<main><h1>Deal ' + data.deal.answer.deal._id + '</h1><p>' + session + '</p></main>', state: { path, data } };
    }`,
  );
  const pageData = (html: string) => {
    const match = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html);
    return match
      ? (JSON.parse(match[1]!) as { path: string; data: Record<string, { answer: unknown }> })
      : undefined;
  };
  const get = (path: string, token?: string) =>
    fetch(`${server.baseUrl}${path}`, token ? { headers: { cookie: `${SESSION_COOKIE}=${token}` } } : {});

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST: webDist });
    owner = await createTestUser(server.db, { userType: 'media_owner', firstName: 'Ravi' });
    brand = await createTestUser(server.db, { firstName: 'Kabir' });
    stranger = await createTestUser(server.db, { firstName: 'Third' });
    const [listing] = await server.db
      .insert(listings)
      .values({
        ownerId: owner.user.id,
        ownerType: 'media_owner',
        title: 'Hoarding',
        description: 'Front-lit.',
        location: 'Pune',
        category: 'outdoor',
      })
      .returning();
    const made = await server.request('/api/deals', {
      token: brand.token,
      json: {
        listingId: listing!.id,
        items: [
          { giverId: owner.user.id, title: 'Hoarding', quantity: 1, unit: 'month', valueInr: 50000 },
          { giverId: brand.user.id, title: 'Vouchers', quantity: 200, unit: 'item', valueInr: 45000 },
        ],
      },
    });
    expect(made.status).toBe(201);
    dealId = made.body.deal._id;
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(ssrDir, { recursive: true, force: true });
  });

  it("renders a party's deal page with their session and the deal, as the procedures answer them", async () => {
    const page = await get(`/dashboard/deals/${dealId}`, brand.token);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain(`<div id="boot-shell">shell</div>`);
    expect(html).toContain(`<div id="root" data-session="member"><main><h1>Deal ${dealId}</h1>`);
    const data = pageData(html);
    expect(data?.path).toBe(`/dashboard/deals/${dealId}`);
    expect(data?.data.deal?.answer).toEqual(
      (await server.request(`/api/deals/${dealId}`, { token: brand.token })).body,
    );
    expect((data?.data.session?.answer as { user: { _id: string } } | undefined)?.user._id).toBe(
      brand.user.id,
    );
    // The Tax section above the actions comes with it: arriving after the page, it pushed Accept down.
    expect(data?.data.taxPreview?.answer).toEqual(
      (await server.request(`/api/deals/${dealId}/tax-preview`, { token: brand.token })).body,
    );
    // And the payment settings: arriving after the page, they drew Pay commission above the deal letter's link and
    // pushed the link 40 px down under a finger tapping it (a press on the link, a release on the button: no letter).
    expect(data?.data.paymentsConfig?.answer).toEqual(
      (await server.request('/trpc/payments.config')).body.result.data,
    );
  });

  it('sends the shell alone for a deal that is not theirs, any other member page, and an ended session', async () => {
    for (const [path, token] of [
      [`/dashboard/deals/${dealId}`, stranger.token],
      ['/dashboard/deals?status=awaiting', brand.token],
      ['/dashboard', owner.token],
      ['/settings', owner.token],
      [`/dashboard/deals/${dealId}`, 'not-a-session'],
    ] as const) {
      const page = await get(path, token);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
      const html = await page.text();
      expect(html, path).toContain('<div id="boot-shell">shell</div>');
      expect(html, path).toContain('<div id="root"></div>');
      expect(pageData(html), path).toBeUndefined();
    }
    // A path no route matches: the shell with 404 (the app shows its not-found page).
    expect((await get('/dashboard/nowhere/at-all', brand.token)).status).toBe(404);
  });

  it('sends the app shell without a session cookie (the app sends the visitor to sign in)', async () => {
    const page = await get(`/dashboard/deals/${dealId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('boot-shell');
    expect(html).toContain('<div id="root"></div>');
  });
});
