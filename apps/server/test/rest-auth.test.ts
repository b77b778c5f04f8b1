import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_OF_AUTH, checkRouteAuth, procedureAccess, registerRestRoutes } from '../src/rest/adapter';
import type { RestRoute } from '../src/rest/route';
import { restRoutes } from '../src/rest/routes';
import { createTestUser, startTestServer, type TestServer } from './helpers/server';

/** Rows stricter than their (public or signed-in) procedures: only the adapter can refuse these calls. */
const stricterRows: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/test-only/featured-for-members',
    procedure: 'listings.featured',
    summary: 'test row',
    tag: 'Test',
    auth: 'bearer',
  },
  {
    method: 'GET',
    path: '/api/test-only/me-for-admins',
    procedure: 'accounts.me',
    summary: 'test row',
    tag: 'Test',
    auth: 'admin',
  },
];

describe("the REST table's auth column", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      {},
      {
        beforeListen: (app, services, settings) => registerRestRoutes(app, stricterRows, services, settings),
      },
    );
  }, 180_000);
  afterAll(async () => server?.close());

  it('is never looser than the procedure behind the row (checked for every row at start-up)', () => {
    for (const route of restRoutes) expect(() => checkRouteAuth(route)).not.toThrow();
    // The real table says exactly each procedure's rule (sign-up's proof token is no session: it said 'bearer').
    for (const route of restRoutes) {
      expect(ACCESS_OF_AUTH[route.auth], `${route.method} ${route.path}`).toBe(
        procedureAccess(route.procedure),
      );
    }
    const looser = (auth: RestRoute['auth'], procedure: RestRoute['procedure']): RestRoute => ({
      method: 'GET',
      path: '/api/test-only/looser',
      procedure,
      summary: 'test row',
      tag: 'Test',
      auth,
    });
    expect(() => checkRouteAuth(looser('none', 'accounts.me'))).toThrow(/needs signed-in/);
    expect(() => checkRouteAuth(looser('bearer', 'admin.metrics'))).toThrow(/needs admin/);
    expect(() => checkRouteAuth(looser('signature', 'admin.metrics'))).toThrow(/needs admin/);
  });

  it('is enforced by the adapter before the procedure runs', async () => {
    const anonymous = await server.request('/api/test-only/featured-for-members');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Not authenticated');
    const member = await createTestUser(server.db);
    expect(
      (await server.request('/api/test-only/featured-for-members', { token: member.token })).status,
    ).toBe(200);

    expect((await server.request('/api/test-only/me-for-admins', { token: member.token })).status).toBe(403);
    const admin = await createTestUser(server.db, { role: 'admin' });
    const answer = await server.request('/api/test-only/me-for-admins', { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.user.email).toBe(admin.user.email);
  });

  it('refuses a suspended member on a member row whose procedure is public', async () => {
    const member = await createTestUser(server.db, { status: 'suspended' });
    const answer = await server.request('/api/test-only/featured-for-members', { token: member.token });
    expect(answer.status).toBe(403);
  });
});
