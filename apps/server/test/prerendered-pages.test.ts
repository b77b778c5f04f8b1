import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server';

const THEME_SCRIPT = "document.documentElement.setAttribute('data-mantine-color-scheme', 'dark');";
const SHELL = `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;
const ABOUT = SHELL.replace('<div id="root"></div>', '<div id="root"><h1>About BarterAds</h1></div>');
const ABOUT_SESSION = SHELL.replace(
  '<div id="root"></div>',
  '<div id="root" data-session="pending"><h1>About BarterAds</h1></div>',
);

const CONTACT = SHELL.replace('<div id="root"></div>', '<div id="root"><h1>Contact BarterAds</h1></div>');

/** A built web app with two pre-rendered pages, as apps/web/scripts/prerender.mjs writes it. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'barterads-prerendered-'));
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, 'prerendered'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), SHELL);
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'prerendered', 'about.html'), ABOUT);
  writeFileSync(join(dir, 'prerendered', 'about.session.html'), ABOUT_SESSION);
  writeFileSync(join(dir, 'prerendered', 'contact.html'), CONTACT);
  writeFileSync(
    join(dir, 'prerendered', 'manifest.json'),
    JSON.stringify({
      pages: { '/about': 'about.html', '/contact': 'contact.html' },
      sessionPages: { '/about': 'about.session.html' },
      routes: ['/', '/about', '/contact', '/dashboard', '/dashboard/settings', '/listings/$id', '/files/$'],
    }),
  );
  return dir;
}

describe('pre-rendered pages of the web app', () => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = fakeWebDist();
    server = await startTestServer({ WEB_DIST: dist, ADMIN_DIST: join(dist, 'no-admin') });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (path: string, encoding: string) =>
    fetch(`${server.baseUrl}${path}`, { headers: { 'accept-encoding': encoding } });

  it('serves the session variant to a request with a session cookie (the shell when a page has none), the signed-out page to others', async () => {
    const signedOut = await get('/about', 'br');
    expect(await signedOut.text()).toBe(ABOUT);
    expect(signedOut.headers.get('vary')).toMatch(/cookie/i);
    const withSession = await fetch(`${server.baseUrl}/about`, {
      headers: { 'accept-encoding': 'br', cookie: 'theme=dark; barterads_session=abc.def' },
    });
    expect(await withSession.text()).toBe(ABOUT_SESSION);
    const otherCookie = await fetch(`${server.baseUrl}/about`, { headers: { cookie: 'theme=dark' } });
    expect(await otherCookie.text()).toBe(ABOUT);
    // A page pre-rendered only signed out (sign-in, sign-up: no session variant) goes to a request with a session
    // cookie as the app's shell, to be rendered in the browser, whose route sends a member on.
    const signedOutOnly = await fetch(`${server.baseUrl}/contact`, {
      headers: { cookie: 'barterads_session=abc.def' },
    });
    expect(signedOutOnly.status).toBe(200);
    expect(await signedOutOnly.text()).toBe(SHELL);
    expect(await (await get('/contact', 'identity')).text()).toBe(CONTACT);
  });

  it('serves a page its pre-rendered HTML, compressed as the client accepts', async () => {
    // The first request for a page does not wait for brotli at its best quality (a quarter to half a second): it
    // gets gzip while brotli is made beside it, and a later one gets brotli.
    const first = await get('/contact', 'gzip, br');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(await first.text()).toBe(CONTACT);
    await expect
      .poll(async () => (await get('/contact', 'gzip, br')).headers.get('content-encoding'))
      .toBe('br');

    const brotli = await get('/about', 'gzip, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotli.headers.get('cache-control')).toBe('no-cache');
    // fetch decodes the body by its Content-Encoding: a body not encoded as declared would fail here.
    expect(await brotli.text()).toBe(ABOUT);

    const gzip = await get('/about', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(ABOUT);

    const plain = await get('/about', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(ABOUT);
  });

  it('serves the app shell for a query string, and for pages that were not pre-rendered', async () => {
    const withQuery = await get('/about?ref=mail', 'identity');
    expect(withQuery.status).toBe(200);
    expect(await withQuery.text()).toBe(SHELL);
    const other = await get('/dashboard', 'identity');
    expect(other.status).toBe(200);
    expect(await other.text()).toBe(SHELL);
  });

  it('answers 404 (still with the app, which shows its not-found page) for a path no route matches', async () => {
    for (const path of ['/', '/dashboard', '/dashboard/settings', '/about/']) {
      const res = await get(path, 'identity');
      expect(res.status, path).toBe(200);
    }
    // /listings/42 is a listing page whose listing does not exist: 404 with the app, like an unknown route.
    for (const path of [
      '/nope',
      '/dashboard/nope',
      '/listings',
      '/listings/42',
      '/listings/42/edit',
      '/about/more',
    ]) {
      const res = await get(path, 'identity');
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(await res.text(), path).toBe(SHELL);
    }
    // Not a page: an API path or a missing asset stays a JSON 404.
    const api = await get('/api/nope', 'identity');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
  });

  it("admits the app's own inline script by its hash in the CSP, and no other inline script", async () => {
    const res = await get('/about', 'identity');
    const csp = res.headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src ')) ?? '';
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(1);
  });
});
