import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, TEST_APP_ORIGIN, type TestServer } from '../helpers/server';
import { isContractError, isRecord, isTrpcError, type RawResponse, reportCounts, send } from './harness';

/** Built-app stand-ins, so static files and the SPA fallback are served as in production. */
function fakeDist(): { web: string; admin: string; root: string } {
  const root = mkdtempSync(join(tmpdir(), 'barterads-dist-'));
  const web = join(root, 'web');
  const admin = join(root, 'admin');
  for (const dir of [web, admin]) {
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><script type="module" src="/assets/app.js"></script>',
    );
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  }
  writeFileSync(join(web, 'robots.txt'), 'User-agent: *');
  return { web, admin, root };
}

/** What every response carries, error or not. */
function expectSecurityHeaders(res: RawResponse, where: string, production = false): void {
  const csp = res.headers.get('content-security-policy') ?? '';
  const problems: string[] = [];
  if (!csp.includes("default-src 'self'")) problems.push('CSP default-src');
  // Razorpay checkout: its script, its API frame and its calls.
  if (!/script-src[^;]*https:\/\/checkout\.razorpay\.com/.test(csp)) problems.push('CSP script-src razorpay');
  if (!/frame-src[^;]*https:\/\/api\.razorpay\.com/.test(csp)) problems.push('CSP frame-src razorpay');
  if (!/connect-src[^;]*'self'/.test(csp)) problems.push('CSP connect-src self');
  if (!csp.includes("object-src 'none'")) problems.push('CSP object-src');
  if (!csp.includes("frame-ancestors 'none'")) problems.push('CSP frame-ancestors');
  if (res.headers.get('x-content-type-options') !== 'nosniff') problems.push('nosniff');
  if (!res.headers.get('x-frame-options')) problems.push('x-frame-options');
  if (!res.headers.get('referrer-policy')) problems.push('referrer-policy');
  if (res.headers.get('x-powered-by')) problems.push('x-powered-by present');
  if (production && !res.headers.get('strict-transport-security')) problems.push('HSTS in production');
  expect({ where, status: res.status, problems }).toEqual({ where, status: res.status, problems: [] });
}

describe('secrets and headers', () => {
  let server: TestServer;
  let production: TestServer;
  let dist: ReturnType<typeof fakeDist>;
  /** Every secret and personal datum the tests used: none may reach a log line. */
  const secrets = new Set<string>();

  beforeAll(async () => {
    dist = fakeDist();
    const env = { WEB_DIST: dist.web, ADMIN_DIST: dist.admin };
    server = await startTestServer(env);
    production = await startTestServer({
      ...env,
      NODE_ENV: 'production',
      APP_URL: 'https://barterads.example',
      ADMIN_APP_URL: 'https://barterads.example/admin/',
      ADMIN_EMAIL: 'root-admin@barterads.example',
      ADMIN_PASSWORD: 'prod-admin-secret-1',
    });
    secrets.add('root-admin@barterads.example').add('prod-admin-secret-1');
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await production?.close();
    rmSync(dist.root, { recursive: true, force: true });
    reportCounts('security');
  });

  const get = (s: TestServer, path: string, headers: Record<string, string> = {}) =>
    send(s.baseUrl, 'headers', { method: 'GET', path, headers });

  it('puts the security headers on successes, errors and static files alike', async () => {
    const { token } = await createTestUser(server.db);
    secrets.add(token);
    const cases: Array<[string, Promise<RawResponse>]> = [
      ['healthz', get(server, '/healthz')],
      ['readyz', get(server, '/readyz')],
      ['REST 200', get(server, '/api/auth/me', { authorization: `Bearer ${token}` })],
      ['REST 401', get(server, '/api/auth/me')],
      ['REST 404', get(server, '/api/no-such-path')],
      ['tRPC 200', get(server, '/trpc/accounts.session')],
      ['tRPC 401', get(server, '/trpc/accounts.me')],
      ['tRPC 404', get(server, '/trpc/no.such.procedure')],
      ['openapi', get(server, '/api/openapi.json')],
      ['docs', get(server, '/api/docs')],
      ['web index', get(server, '/')],
      ['web SPA fallback', get(server, '/marketplace')],
      ['web asset', get(server, '/assets/app.js')],
      ['robots', get(server, '/robots.txt')],
      ['missing asset', get(server, '/assets/missing.js')],
      ['admin index', get(server, '/admin/')],
      ['admin asset', get(server, '/admin/assets/app.js')],
      [
        'REST 400 malformed',
        send(server.baseUrl, 'headers', {
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          body: '{',
        }),
      ],
      [
        'REST 413',
        send(server.baseUrl, 'headers', {
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'x'.repeat(1_100_000) }),
        }),
      ],
      [
        'REST 415',
        send(server.baseUrl, 'headers', {
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'text/plain' },
          body: 'x',
        }),
      ],
    ];
    for (const [where, pending] of cases) {
      const res = await pending;
      expectSecurityHeaders(res, where);
      if (res.status >= 400 && res.status !== 404) {
        const shaped = where.startsWith('tRPC') ? isTrpcError(res.json) : isContractError(res.json);
        expect(shaped, where).toBe(true);
      }
    }
    const asset = await get(server, '/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    for (const path of ['/', '/api/auth/me', '/admin/'])
      expectSecurityHeaders(await get(production, path), `production ${path}`, true);
  });

  it('puts the headers on rate-limited answers too, with Retry-After', async () => {
    const { user } = await createTestUser(server.db);
    secrets.add(user.email);
    let limited: RawResponse | undefined;
    for (let i = 0; i < 15 && !limited; i++) {
      const res = await send(server.baseUrl, 'headers', {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: `wrong-password-${i}` }),
      });
      secrets.add(`wrong-password-${i}`);
      if (res.status === 429) limited = res;
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(isContractError(limited?.json)).toBe(true);
    if (limited) expectSecurityHeaders(limited, '429');
  });

  it('refuses unknown CORS origins and allows the two apps with credentials', async () => {
    const preflight = (origin: string) =>
      send(server.baseUrl, 'cors', {
        method: 'OPTIONS',
        path: '/api/auth/me',
        headers: {
          origin,
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'content-type',
        },
      });
    for (const origin of [
      'https://evil.example',
      'http://localhost:5173.evil.example',
      'null',
      'http://localhost:9999',
    ]) {
      const res = await preflight(origin);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(res.headers.get('access-control-allow-credentials'), origin).toBeNull();
      const simple = await get(server, '/api/auth/me', { origin });
      expect(simple.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    for (const origin of [TEST_APP_ORIGIN, 'http://localhost:5174']) {
      const res = await preflight(origin);
      expect(res.status).toBeLessThan(300);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    }
  });

  it('flags the session cookie HttpOnly and SameSite=Lax, and Secure in production', async () => {
    for (const [s, secure] of [
      [server, false],
      [production, true],
    ] as const) {
      const { user, password } = await createTestUser(s.db);
      secrets.add(user.email).add(password);
      const res = await send(s.baseUrl, 'cookies', {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password }),
      });
      expect(res.status).toBe(200);
      const token = isRecord(res.json) ? String(res.json.token) : '';
      secrets.add(token);
      const cookie = res.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^barterads_session=/);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\//i);
      expect(/;\s*Secure/i.test(cookie)).toBe(secure);
      // Logging out clears it with the same flags.
      const out = await send(s.baseUrl, 'cookies', {
        method: 'POST',
        path: '/api/auth/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(out.status).toBe(204);
    }
  });

  it('never shows a stack trace or internals in production errors, even when the database fails', async () => {
    const { token, user } = await createTestUser(production.db);
    secrets.add(token).add(user.email);
    const before = await get(production, '/api/auth/me', { authorization: `Bearer ${token}` });
    expect(before.status).toBe(200);
    const getFault = (path: string, headers: Record<string, string> = {}) =>
      send(production.baseUrl, 'faults:database-closed', { method: 'GET', path, headers });
    // Break the database under the running server.
    await production.services.database.close();
    const broken = [
      await getFault('/api/auth/me', { authorization: `Bearer ${token}` }),
      await getFault('/trpc/accounts.me', { authorization: `Bearer ${token}` }),
      await send(production.baseUrl, 'faults:database-closed', {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: 'whatever-1' }),
      }),
      await getFault('/readyz'),
    ];
    for (const res of broken) {
      // Dependency down: 503 with the contract's message, never a 500 with the driver's text.
      expect(res.status).toBe(503);
      expect(res.text).not.toMatch(/\bat .+:\d+:\d+/);
      expect(res.text).not.toMatch(/node_modules|\.ts:|\.js:|select |insert |postgres|pglite/i);
      expect(res.text).not.toContain(user.email);
    }
  });

  it('writes none of the e-mails, passwords, tokens or codes the tests used to the logs', () => {
    const logs = [...server.logs, ...production.logs].join('\n');
    expect(logs.length).toBeGreaterThan(0);
    const leaked = [...secrets].filter((s) => s.length >= 6 && logs.includes(s));
    const lines = logs.split('\n').filter((line) => leaked.some((s) => line.includes(s)));
    expect({ leaked, lines: lines.map((l) => l.slice(0, 600)) }).toEqual({ leaked: [], lines: [] });
  });
});
