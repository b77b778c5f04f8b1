import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listings } from '@barterads/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestUser, giveTestPlan, startTestServer, type TestServer } from './helpers/server';

const BASE = {
  title: 'Unipole on FC Road',
  description: 'Front-lit unipole facing evening traffic.',
  category: 'outdoor',
};

describe('structured inventory over real HTTP', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  // A new owner per test (posting is limited to 30 listings an hour per user), on a plan: some tests post more
  // than the free tier's 2 active listings.
  beforeEach(async () => {
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    token = owner.token;
    await giveTestPlan(server.db, owner.user.id);
  });
  const post = (body: Record<string, unknown>) => server.request('/api/barters', { token, json: body });

  it('stores unit, rate, dates, a listed city with its state and coordinates, reach and category attributes', async () => {
    const res = await post({
      ...BASE,
      city: 'pune',
      unit: 'month',
      rateInr: '85000',
      minUnits: 2,
      availableFrom: '2026-12-01',
      availableTo: '2027-02-28',
      monthlyReach: 1200000,
      attributes: { widthFt: '40', heightFt: 20, illuminated: true, facing: 'Towards Deccan' },
    });
    expect(res.status).toBe(201);
    expect(res.body.barter).toMatchObject({
      city: 'Pune',
      state: 'Maharashtra',
      location: 'Pune, Maharashtra',
      unit: 'month',
      rateInr: 85000,
      minUnits: 2,
      availableFrom: '2026-12-01',
      availableTo: '2027-02-28',
      monthlyReach: 1200000,
      attributes: { widthFt: 40, heightFt: 20, illuminated: true, facing: 'Towards Deccan' },
      rating: null,
      reviewCount: 0,
    });
    expect(res.body.barter.lat).toBeCloseTo(18.52, 1);
    expect(res.body.barter.lng).toBeCloseTo(73.86, 1);
    // Another name of a listed city is that city.
    const alias = await post({ ...BASE, city: 'Bangalore' });
    expect(alias.body.barter).toMatchObject({ city: 'Bengaluru', state: 'Karnataka' });
    // Coordinates given are kept.
    const pinned = await post({ ...BASE, city: 'Mumbai', lat: 19.06, lng: 72.83 });
    expect(pinned.body.barter).toMatchObject({ lat: 19.06, lng: 72.83 });
  });

  it('refuses a free-text city, a shared name without its state, and accepts it with the state', async () => {
    const free = await post({ ...BASE, city: 'Atlantis' });
    expect(free.status).toBe(400);
    expect(free.body.issues).toEqual([{ path: 'city', message: 'Please choose a city from the list.' }]);
    const ambiguous = await post({ ...BASE, city: 'Aurangabad' });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.issues[0].path).toBe('state');
    const bihar = await post({ ...BASE, city: 'Aurangabad', state: 'Bihar' });
    expect(bihar.status).toBe(201);
    expect(bihar.body.barter).toMatchObject({ city: 'Aurangabad', state: 'Bihar' });
  });

  it('maps a part-one free-text location onto a listed city where it names one, else keeps the text', async () => {
    const mapped = await post({ ...BASE, location: 'Andheri East, Mumbai' });
    expect(mapped.status).toBe(201);
    expect(mapped.body.barter).toMatchObject({
      location: 'Andheri East, Mumbai',
      city: 'Mumbai',
      state: 'Maharashtra',
    });
    const kept = await post({ ...BASE, location: 'Pan-India network' });
    expect(kept.body.barter).toMatchObject({
      location: 'Pan-India network',
      city: null,
      state: null,
      lat: null,
    });
  });

  it('refuses rate without unit, a zero rate, dates out of order, attributes of another category', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ rateInr: 5000 }, 'unit'],
      [{ unit: 'day' }, 'rateInr'],
      [{ rateInr: 0, unit: 'day' }, 'rateInr'],
      [{ rateInr: 12.5, unit: 'day' }, 'rateInr'],
      [{ unit: 'fortnight', rateInr: 10 }, 'unit'],
      [{ availableFrom: '2027-01-10', availableTo: '2027-01-01' }, 'availableTo'],
      [{ availableFrom: '2027-02-30' }, 'availableFrom'],
      [{ attributes: { followers: 10000 } }, 'attributes'],
      [{ attributes: { widthFt: -4 } }, 'attributes.widthFt'],
      [{ category: null, attributes: { widthFt: 4 } }, 'attributes'],
      [{ lat: 18.5 }, 'lng'],
      [{ minUnits: 0 }, 'minUnits'],
    ];
    for (const [fields, path] of cases) {
      const res = await post({ ...BASE, city: 'Pune', ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(
        res.body.issues.map((i: { path: string }) => i.path),
        JSON.stringify(fields),
      ).toContain(path);
    }
  });

  it('checks the listing as it will be on edit: a new category must fit the stored attributes', async () => {
    const created = await post({ ...BASE, city: 'Pune', attributes: { widthFt: 30 } });
    const id = created.body.barter._id;
    const clash = await server.request(`/api/barters/${id}`, {
      method: 'PATCH',
      token,
      json: { category: 'audio' },
    });
    expect(clash.status).toBe(400);
    const fits = await server.request(`/api/barters/${id}`, {
      method: 'PATCH',
      token,
      json: {
        category: 'audio',
        attributes: { station: 'Radio City 91.1', spotSeconds: 30 },
        city: 'Nagpur',
      },
    });
    expect(fits.status).toBe(200);
    expect(fits.body.barter).toMatchObject({
      category: 'audio',
      attributes: { station: 'Radio City 91.1', spotSeconds: 30 },
      city: 'Nagpur',
      state: 'Maharashtra',
    });
  });

  it("the migration maps existing listings' free-text locations onto listed cities and keeps the rest", async () => {
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    const texts = [
      'Bandra West, Mumbai',
      'near Bangalore airport',
      'Aurangabad, Bihar',
      'Somewhere rural',
      'Pune',
    ];
    const ids: string[] = [];
    for (const location of texts) {
      const [row] = await server.db
        .insert(listings)
        .values({ ownerId: owner.user.id, ownerType: 'media_owner', title: 't', description: 'd', location })
        .returning({ id: listings.id });
      ids.push(row!.id);
    }
    const dir = join(import.meta.dirname, '../../../packages/db/migrations');
    const file = readdirSync(dir).find((name) => name.endsWith('_city_mapping_sql.sql'))!;
    // In one transaction, as the migrator runs it: one connection, so its temporary table is there for every
    // statement (the pool hands statements run one by one to any connection, the job queue's too).
    await server.db.transaction(async (tx) => {
      for (const statement of readFileSync(join(dir, file), 'utf8').split('--> statement-breakpoint'))
        await tx.execute(sql.raw(statement));
    });
    const rows = await Promise.all(
      ids.map(async (id) => (await server.db.select().from(listings).where(eq(listings.id, id)))[0]!),
    );
    expect(rows.map((r) => [r.location, r.city, r.state])).toEqual([
      ['Bandra West, Mumbai', 'Mumbai', 'Maharashtra'],
      ['near Bangalore airport', 'Bengaluru', 'Karnataka'],
      ['Aurangabad, Bihar', 'Aurangabad', 'Bihar'],
      ['Somewhere rural', null, null],
      ['Pune', 'Pune', 'Maharashtra'],
    ]);
    expect(rows[0]!.lat).toBeCloseTo(19.07, 1);
  });
});
