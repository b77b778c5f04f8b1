import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsApiKey } from '../src/rest/route';
import { restRoutes } from '../src/rest/routes';
import {
  createTestUser,
  giveTestPlan,
  startTestServer,
  TEST_APP_ORIGIN,
  type TestServer,
} from './helpers/server';

describe('server foundation over real HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('compresses tRPC and REST JSON answers for clients that accept it, and only for them', async () => {
    const { token, user } = await createTestUser(server.db, { userType: 'media_owner' });
    await giveTestPlan(server.db, user.id); // more listings than the free tier's 2
    for (let i = 0; i < 4; i++) {
      const posted = await server.request('/api/barters', {
        token,
        json: {
          title: `Compression test hoarding ${i}`,
          location: 'Pune, Maharashtra',
          description: 'A lit hoarding on the ring road, facing two lanes of traffic. '.repeat(6),
          type: 'Outdoor',
        },
      });
      expect(posted.status).toBe(201);
    }
    const path = `/trpc/listings.search?input=${encodeURIComponent(JSON.stringify({ q: 'Compression test' }))}`;
    const raw = (acceptEncoding?: string, at = path) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
        httpGet(server.baseUrl + at, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const plain = await raw();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answer = JSON.parse(plain.body.toString('utf8'));
    expect(answer.result.data.barters).toHaveLength(4);
    expect(plain.body.length).toBeGreaterThan(1024);
    const compressed = await raw('gzip, br');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(compressed.body).toString('utf8'))).toEqual(answer);

    // The REST API's answers too: the same search through GET /api/barters.
    const restPath = `/api/barters?q=${encodeURIComponent('Compression test')}`;
    const restPlain = await raw(undefined, restPath);
    expect(restPlain.headers['content-encoding']).toBeUndefined();
    expect(restPlain.headers['content-type']).toBe('application/json; charset=utf-8');
    const restAnswer = JSON.parse(restPlain.body.toString('utf8'));
    expect(restAnswer.barters).toHaveLength(4);
    expect(restAnswer).toEqual({ ...answer.result.data, barters: restAnswer.barters });
    const restCompressed = await raw('gzip', restPath);
    expect(restCompressed.headers['content-encoding']).toBe('gzip');
    expect(Number(restCompressed.headers['content-length'])).toBe(restCompressed.body.length);
    expect(gunzipSync(restCompressed.body).toString('utf8')).toBe(restPlain.body.toString('utf8'));
  });

  it('sends a compressed tRPC answer over 8 KB in one piece with its length, as a small one', async () => {
    // Over @fastify/compress's streaming threshold (8 KB on two cores), where answers went out as a compressed
    // stream and a keep-alive connection was now and then closed under the next request (hardening suite).
    for (let owner = 0; owner < 3; owner++) {
      const { token, user } = await createTestUser(server.db, { userType: 'media_owner' });
      await giveTestPlan(server.db, user.id);
      for (let i = 0; i < 4; i++) {
        const posted = await server.request('/api/barters', {
          token,
          json: {
            title: `Largeanswer billboard ${owner}-${i}`,
            location: 'Nashik, Maharashtra',
            description: 'A lit billboard on the highway, facing two lanes of traffic. '.repeat(14),
            type: 'Outdoor',
          },
        });
        expect(posted.status).toBe(201);
      }
    }
    const path = `/trpc/listings.search?input=${encodeURIComponent(JSON.stringify({ q: 'Largeanswer' }))}`;
    const raw = (headers: Record<string, string>) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        httpGet(server.baseUrl + path, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const plain = await raw({});
    expect(plain.body.length).toBeGreaterThan(8 * 1024);
    const compressed = await raw({ 'accept-encoding': 'gzip' });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(Number(compressed.headers['content-length'])).toBe(compressed.body.length);
    expect(gunzipSync(compressed.body).toString('utf8')).toBe(plain.body.toString('utf8'));
  });

  it('answers /healthz and /readyz', async () => {
    expect((await server.request('/healthz')).status).toBe(200);
    const ready = await server.request('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });

  it('gives an unknown /api path a JSON 404 in the contract shape', async () => {
    const res = await server.request('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ message: expect.any(String), code: 'NOT_FOUND' });
  });

  /** A raw TCP connection to the server: what it received so far, and when the server closed it. */
  function rawConnection() {
    const socket = connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
    const state = { received: '' };
    socket.setEncoding('latin1').on('data', (chunk: string) => {
      state.received += chunk;
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    return { socket, state, closed };
  }

  /** The status line and headers (lowercased) and the parsed JSON body of one raw answer. */
  function rawAnswer(text: string): { head: string; json: unknown } {
    const [head = '', body = ''] = text.split('\r\n\r\n');
    return { head: head.toLowerCase(), json: JSON.parse(body) };
  }

  it('closes a kept-alive connection after a request its parser refuses, and says so in the answer', async () => {
    // Fastify's own handler answered 431 without "Connection: close" and then closed the socket, so a client
    // that kept the connection for its next request lost that request ("other side closed", hardening suite).
    const { socket, state, closed } = rawConnection();
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    for (let i = 0; i < 500 && !state.received.includes('\r\n\r\n{'); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(state.received).toMatch(/^HTTP\/1\.1 200/);
    state.received = '';
    socket.write(`GET /api/barters?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await closed;
    const { head, json } = rawAnswer(state.received);
    expect(head).toMatch(/^http\/1\.1 431/);
    expect(head).toContain('connection: close');
    expect(head).toContain('content-type: application/json');
    expect(json).toEqual({ message: expect.any(String), code: 'REQUEST_HEADER_FIELDS_TOO_LARGE' });
  });

  it('answers malformed HTTP with a 400 in the contract shape and closes the connection', async () => {
    const { socket, state, closed } = rawConnection();
    socket.write('NOT AN HTTP REQUEST\r\n\r\n');
    await closed;
    const { head, json } = rawAnswer(state.received);
    expect(head).toMatch(/^http\/1\.1 400/);
    expect(head).toContain('connection: close');
    expect(json).toEqual({ message: 'Malformed HTTP request.', code: 'BAD_REQUEST' });
  });

  it('refuses malformed JSON with 400 and a body over 1 MiB with 413', async () => {
    const bad = await server.request('/api/auth/login', {
      method: 'POST',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Malformed JSON body.' });
    const huge = await server.request('/api/auth/login', {
      json: { email: 'a@b.in', password: 'x'.repeat(1_100_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/too large/);
  });

  it('returns field issues for bad input, never a 500', async () => {
    const res = await server.request('/api/auth/login', { json: { email: 'not-an-email', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid email address (e.g., name@example.com).');
    expect(res.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'email' })]));
  });

  it('logs in, reads /me with the bearer token, and revokes the session at logout', async () => {
    const { user, password } = await createTestUser(server.db, { email: 'Login.Case@Test.in' });
    const login = await server.request('/api/auth/login', {
      json: { email: 'login.case@test.in', password },
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ _id: user.id, email: 'Login.Case@Test.in', role: 'user' });
    expect(login.body.user.passwordHash).toBeUndefined();
    expect(login.headers.get('set-cookie')).toMatch(/barterads_session=.*HttpOnly.*SameSite=Lax/i);
    const token: string = login.body.token;
    const me = await server.request('/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.user._id).toBe(user.id);
    expect((await server.request('/api/auth/logout', { method: 'POST', token })).status).toBe(204);
    const after = await server.request('/api/auth/me', { token });
    expect(after.status).toBe(401);
  });

  it('answers the same for an unknown e-mail and a wrong password', async () => {
    const { user } = await createTestUser(server.db);
    const wrong = await server.request('/api/auth/login', {
      json: { email: user.email, password: 'wrong-pass' },
    });
    const unknown = await server.request('/api/auth/login', {
      json: { email: 'nobody@test.in', password: 'wrong-pass' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('refuses a cookie-authenticated mutation from a foreign origin', async () => {
    const { token } = await createTestUser(server.db);
    const cookie = `barterads_session=${token}`;
    const foreign = await server.request('/trpc/accounts.logout', {
      method: 'POST',
      body: '{}',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
    });
    expect(foreign.status).toBe(403);
    const ours = await server.request('/trpc/accounts.logout', {
      method: 'POST',
      body: '{}',
      headers: { cookie, origin: TEST_APP_ORIGIN, 'content-type': 'application/json' },
    });
    expect(ours.status).toBe(200);
  });

  it('documents every row of the REST table in the OpenAPI document, with its auth', async () => {
    const res = await server.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const route of restRoutes) {
      const operation = res.body.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      const secured = route.auth === 'bearer' || route.auth === 'admin' || route.auth === 'proof-token';
      const keys = acceptsApiKey(route);
      expect(operation.security, `${route.method} ${route.path}`).toEqual(
        secured
          ? keys
            ? [{ bearer: [] }, { apiKey: [] }]
            : [{ bearer: [] }]
          : keys
            ? [{}, { apiKey: [] }]
            : undefined,
      );
    }
    expect(res.body.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(res.body.paths['/api/admin/users'].get.security).toEqual([{ bearer: [] }]);
    expect(res.body.paths['/api/auth/login'].post.requestBody).toBeDefined();
    expect(res.body.paths['/api/admin/users'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'q', 'role', 'status', 'userType']),
    );
    expect((await server.request('/api/docs')).text).toContain('BarterAds REST API');
  });

  it('sets security headers and refuses unknown CORS origins', async () => {
    const res = await server.request('/healthz', { headers: { origin: 'https://evil.example' } });
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const ours = await server.request('/healthz', { headers: { origin: TEST_APP_ORIGIN } });
    expect(ours.headers.get('access-control-allow-origin')).toBe(TEST_APP_ORIGIN);
  });
});
