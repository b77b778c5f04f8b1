import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from './helpers/server';

/** Issue 33: the member's language in the profile, and the site's pages in Hindi and Marathi. */
describe('languages over real HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('PATCH /api/auth/me saves the language (en, hi, mr) and refuses others with the one error format', async () => {
    const { token } = await createTestUser(server.db);
    const before = await server.request('/api/auth/me', { token });
    expect(before.body.user.language).toBe('en');

    const saved = await server.request('/api/auth/me', { method: 'PATCH', json: { language: 'hi' }, token });
    expect(saved.status).toBe(200);
    expect(saved.body.user.language).toBe('hi');
    expect((await server.request('/api/auth/me', { token })).body.user.language).toBe('hi');

    const marathi = await server.request('/trpc/accounts.updateProfile', { json: { language: 'mr' }, token });
    expect(marathi.status).toBe(200);
    expect((await server.request('/api/auth/me', { token })).body.user.language).toBe('mr');

    const refused = await server.request('/api/auth/me', {
      method: 'PATCH',
      json: { language: 'fr' },
      token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBeTruthy();
    expect(refused.body.message).toContain('language');
    expect((await server.request('/api/auth/me', { token })).body.user.language).toBe('mr');
  });

  it('the sitemap names every page in English, Hindi and Marathi, each with its alternates', async () => {
    const res = await server.request('/sitemap.xml');
    expect(res.status).toBe(200);
    const xml = res.text;
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toMatch(/<loc>[^<]*\/hi\/marketplace<\/loc>/);
    expect(xml).toMatch(/<loc>[^<]*\/mr\/how-it-works<\/loc>/);
    expect(xml).toMatch(/hreflang="hi-IN" href="[^"]*\/hi\/marketplace"/);
    expect(xml).toMatch(/hreflang="en-IN" href="[^"]*\/marketplace"/);
  });
});
