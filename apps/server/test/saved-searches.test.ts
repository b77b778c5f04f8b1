import { SAVED_SEARCH_MESSAGES, SAVED_SEARCHES } from '@barterads/core/saved-searches';
import { savedSearches } from '@barterads/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from './helpers/server';

describe('saved searches over real HTTP', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  const save = (token: string, body: unknown) =>
    server.request('/api/saved-searches', { method: 'POST', json: body, token });

  it('saves, lists, renames, re-filters, changes frequency and deletes', async () => {
    const { token } = await createTestUser(server.db);
    const created = await save(token, {
      name: '  Pune hoardings ',
      query: {
        q: 'hoarding',
        category: 'outdoor',
        view: 'media_owner',
        city: 'poona',
        cursor: 'x',
        limit: 5,
      },
      frequency: 'instant',
    });
    expect(created.status).toBe(201);
    const saved = created.body.savedSearch;
    expect(saved).toMatchObject({
      name: 'Pune hoardings',
      frequency: 'instant',
      // The marketplace's own normalization: `view` is the owner role, the city is canonical; paging is dropped.
      query: { q: 'hoarding', category: 'outdoor', ownerRole: 'media_owner', city: 'Pune' },
    });
    expect(saved.query).not.toHaveProperty('cursor');
    expect(saved.query).not.toHaveProperty('limit');

    const defaulted = await save(token, { name: 'Everything', query: {} });
    expect(defaulted.status).toBe(201);
    expect(defaulted.body.savedSearch.frequency).toBe('daily');

    const listed = await server.request('/api/saved-searches', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.savedSearches.map((s: { name: string }) => s.name)).toEqual([
      'Pune hoardings',
      'Everything',
    ]);

    const patched = await server.request(`/api/saved-searches/${saved.id}`, {
      method: 'PATCH',
      json: { name: 'Renamed', frequency: 'weekly', query: { category: 'print' } },
      token,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.savedSearch).toMatchObject({
      name: 'Renamed',
      frequency: 'weekly',
      query: { category: 'print' },
    });

    const deleted = await server.request(`/api/saved-searches/${saved.id}`, { method: 'DELETE', token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.savedSearch.id).toBe(saved.id);
    const after = await server.request('/api/saved-searches', { token });
    expect(after.body.savedSearches).toHaveLength(1);
    const again = await server.request(`/api/saved-searches/${saved.id}`, { method: 'DELETE', token });
    expect(again.status).toBe(404);
  });

  it('validates the query with the marketplace search rules and the name and frequency', async () => {
    const { token } = await createTestUser(server.db);
    const badCity = await save(token, { name: 'X', query: { city: 'Atlantis' } });
    expect(badCity.status).toBe(400);
    const badCategory = await save(token, { name: 'X', query: { category: 'rockets' } });
    expect(badCategory.status).toBe(400);
    expect(badCategory.text).toContain('valid category');
    const badRates = await save(token, { name: 'X', query: { rateMin: 500, rateMax: 100 } });
    expect(badRates.status).toBe(400);
    const noName = await save(token, { name: '   ', query: {} });
    expect(noName.status).toBe(400);
    const badFrequency = await save(token, { name: 'X', query: {}, frequency: 'hourly' });
    expect(badFrequency.status).toBe(400);
    const notObject = await save(token, { name: 'X', query: 'hoardings' });
    expect(notObject.status).toBe(400);
    const listed = await server.request('/api/saved-searches', { token });
    expect(listed.body.savedSearches).toEqual([]);
  });

  it("answers 404 for another member's saved search and never shows it", async () => {
    const owner = await createTestUser(server.db);
    const stranger = await createTestUser(server.db);
    const made = await save(owner.token, { name: 'Mine', query: { q: 'radio' } });
    const id = made.body.savedSearch.id as string;
    const patch = await server.request(`/api/saved-searches/${id}`, {
      method: 'PATCH',
      json: { frequency: 'never' },
      token: stranger.token,
    });
    expect(patch.status).toBe(404);
    const del = await server.request(`/api/saved-searches/${id}`, {
      method: 'DELETE',
      token: stranger.token,
    });
    expect(del.status).toBe(404);
    const theirs = await server.request('/api/saved-searches', { token: stranger.token });
    expect(theirs.body.savedSearches).toEqual([]);
    const [row] = await server.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    expect(row?.frequency).toBe('daily');
    const malformed = await server.request('/api/saved-searches/not-a-uuid', {
      method: 'DELETE',
      token: owner.token,
    });
    expect([400, 404]).toContain(malformed.status);
    const anonymous = await server.request('/api/saved-searches');
    expect(anonymous.status).toBe(401);
  });

  it(`keeps at most ${SAVED_SEARCHES.maxPerUser} per member, also when saved concurrently`, async () => {
    const { user, token } = await createTestUser(server.db);
    const attempts = await Promise.all(
      Array.from({ length: SAVED_SEARCHES.maxPerUser + 6 }, (_, i) =>
        save(token, { name: `S${i}`, query: {} }),
      ),
    );
    const statuses = attempts.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(SAVED_SEARCHES.maxPerUser);
    expect(statuses.filter((s) => s === 409)).toHaveLength(6);
    const refused = attempts.find((a) => a.status === 409);
    expect(refused?.text).toContain(SAVED_SEARCH_MESSAGES.limit);
    const rows = await server.db.select().from(savedSearches).where(eq(savedSearches.userId, user.id));
    expect(rows).toHaveLength(SAVED_SEARCHES.maxPerUser);
    // Deleting one makes room for one.
    const del = await server.request(`/api/saved-searches/${rows[0]!.id}`, { method: 'DELETE', token });
    expect(del.status).toBe(200);
    expect((await save(token, { name: 'One more', query: {} })).status).toBe(201);
    expect((await save(token, { name: 'Too many', query: {} })).status).toBe(409);
  });
});
