import { randomBytes } from 'node:crypto';
import { hashPassword } from '@barterads/api';
import { type DatabaseHandle, DEMO_USER_PASSWORD, openDatabase, seedDemo } from '@barterads/db';
import postgres from 'postgres';
import { DEFAULT_DATABASE_URL } from './paths';

export interface BenchDatabase {
  url: string;
  name: string;
  handle: DatabaseHandle;
  /** A plain postgres.js client of the same database, for counts and EXPLAIN. */
  sql: postgres.Sql;
  /** Waits until no other session of this database runs a statement (the last load run has drained). */
  waitIdle(timeoutMs?: number): Promise<void>;
  /** Seeds demo listings up to `total` (deterministic ids: existing ones are kept), then ANALYZE. */
  seedListings(total: number): Promise<number>;
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated PostgreSQL database on the server of DATABASE_URL (or the local default), dropped by
 * destroy(). Benchmarks never run on the embedded database: the figures are PostgreSQL's.
 */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const serverUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const name = `barterads_bench_${randomBytes(5).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), max: 4 });
  await handle.migrate();
  const sql = postgres(url.toString(), { max: 2, onnotice: () => {} });
  const passwordHash = await hashPassword(DEMO_USER_PASSWORD);
  return {
    url: url.toString(),
    name,
    handle,
    sql,
    async seedListings(total) {
      const started = performance.now();
      let last = 0;
      await seedDemo(handle.db, {
        passwordHash,
        listings: total,
        // A fixed clock: the 10,000 and the 100,000 listings of one run share their dates.
        now: new Date('2026-01-01T00:00:00Z'),
        onProgress: (inserted) => {
          if (inserted - last >= 20_000 || inserted === total) {
            last = inserted;
            process.stdout.write(`  seeded ${inserted.toLocaleString('en-US')} listings\r`);
          }
        },
      });
      await sql`vacuum analyze listings`;
      await sql`analyze users`;
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from listings`;
      console.log(
        `  seeded ${row!.n.toLocaleString('en-US')} listings in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      return row!.n;
    },
    async waitIdle(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`;
        if (row!.n === 0 || Date.now() > deadline) return;
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    async destroy() {
      await sql.end({ timeout: 5 }).catch(() => {});
      await handle.close().catch(() => {});
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
