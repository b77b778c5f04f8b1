import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { copySeededDatabase, type SeededCopy } from './database';

const serverUrl = process.env.DATABASE_URL;

async function exists(admin: postgres.Sql, name: string): Promise<boolean> {
  const rows = await admin`select 1 from pg_database where datname = ${name}`;
  return rows.length > 0;
}

// A PostgreSQL server's feature (template databases): CI and `.ci/run` set DATABASE_URL.
describe.skipIf(!serverUrl)('a run’s seeded database', () => {
  const admin = postgres(serverUrl ?? '', { max: 1, onnotice: () => {} });
  afterAll(() => admin.end());

  it('is seeded once for all its servers, each gets a copy of its own, and the last stop leaves nothing behind', async () => {
    const run = `${Math.floor(Date.now() / 1000)}_${Math.random().toString(36).slice(2, 8)}`;
    const seededName = `barterads_seeded_${run}`;
    const fills: string[] = [];
    const fill = async (url: string) => {
      fills.push(url);
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await sql`create table seeded_marker (filled_by int)`;
        await sql`insert into seeded_marker values (${fills.length})`;
      } finally {
        await sql.end();
      }
    };
    const copies: SeededCopy[] = await Promise.all([1, 2, 3].map(() => copySeededDatabase({ run, fill })));
    expect(fills).toHaveLength(1);
    expect(new Set(copies.map((copy) => copy.url)).size).toBe(3);
    expect(await exists(admin, seededName)).toBe(true);
    for (const copy of copies) {
      const sql = postgres(copy.url, { max: 1, onnotice: () => {} });
      // Each copy has the seed and is its own: a change in one is not in another.
      expect(await sql`select filled_by from seeded_marker`).toEqual([{ filled_by: 1 }]);
      await sql`insert into seeded_marker values (99)`;
      await sql.end();
    }
    const [first] = copies;
    const sql = postgres(first?.url ?? '', { max: 1, onnotice: () => {} });
    expect((await sql`select count(*)::int as n from seeded_marker`)[0]?.n).toBe(2);
    await sql.end();

    await Promise.all(copies.map((copy) => copy.destroy()));
    expect(await exists(admin, seededName)).toBe(false);
    for (const copy of copies) expect(await exists(admin, new URL(copy.url).pathname.slice(1))).toBe(false);
  });

  it('drops a seeded database a killed run left behind once it is six hours old, and keeps a younger one', async () => {
    const hoursAgo = (hours: number) => Math.floor(Date.now() / 1000 - hours * 3600);
    const old = `barterads_seeded_${hoursAgo(7)}_left`;
    const young = `barterads_seeded_${hoursAgo(1)}_running`;
    for (const name of [old, young]) {
      await admin.unsafe(`create database "${name}"`);
      await admin.unsafe(`alter database "${name}" is_template true`);
    }
    try {
      const copy = await copySeededDatabase({
        run: `${hoursAgo(0)}_${Math.random().toString(36).slice(2, 8)}`,
        fill: async () => {},
      });
      await copy.destroy();
      expect(await exists(admin, old)).toBe(false);
      expect(await exists(admin, young)).toBe(true);
    } finally {
      for (const name of [old, young]) {
        await admin.unsafe(`alter database "${name}" is_template false`).catch(() => {});
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
      }
    }
  });

  it('refuses a run name that could reach outside its own databases', async () => {
    await expect(
      copySeededDatabase({ run: 'x"; drop database postgres; --', fill: async () => {} }),
    ).rejects.toThrow(/not a run's name/);
  });
});
