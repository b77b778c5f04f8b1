import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database both drivers give, typed the same way everywhere. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, or the database itself: what domain functions accept. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export type Unlisten = () => Promise<void>;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Subscribes to a PostgreSQL NOTIFY channel (works across API instances sharing the database). */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs raw SQL text with $1… parameters (or, without values, several statements at once) and answers its rows;
   * the job queue (pg-boss) runs its own SQL through this, on the same connection(s) as the app.
   */
  executeSql(text: string, values?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding a PostgreSQL session advisory lock named `key`, so that server processes starting at
   * once on one database take turns (migrations, the job queue's schema). PGlite has one process: it just runs.
   */
  exclusively<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /** PGlite only: the data folder as a tar, to open copies of this database from (`fromDataTar`). */
  dumpDataTar?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** The lock processes take in turn while they set a shared database up (migrations, the job queue's schema). */
export const STARTUP_LOCK = 'barterads:startup';

export interface OpenDatabaseOptions {
  /** postgres://… of a PostgreSQL 15+ server; when unset, embedded PGlite is used. */
  url?: string | undefined;
  /** Where PGlite keeps its files; in memory when unset. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  max?: number;
  /** PGlite only: starts from this copy of a data folder (`dumpDataTar`), such as an already migrated database. */
  fromDataTar?: Blob | undefined;
}

/**
 * The migrations folder: beside `src/` in the source tree, or copied next to the bundle by the
 * server's build (apps/server/dist/migrations).
 */
export function migrationsFolder(): string {
  const candidates = [new URL('../migrations/', import.meta.url), new URL('./migrations/', import.meta.url)];
  for (const candidate of candidates) {
    const path = fileURLToPath(candidate);
    if (existsSync(path)) return path;
  }
  throw new Error('Database migrations folder not found');
}

/** One factory gives the app its database: postgres.js when a URL is given, embedded PGlite otherwise. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  return options.url
    ? openPostgres(options.url, options.max ?? 10)
    : openPglite(options.dataDir, options.fromDataTar);
}

/**
 * Seconds between a failed connection and the next try: postgres.js's own backoff with jitter, capped at 1 s instead
 * of 20. A query waits for the next try, so with 20 s a request during a database outage took up to 20 s to be
 * answered 503, and the app stayed down that long after the database came back (the faults suite: 25-35 s). A try a
 * second per connection is nothing to a database or a proxy in front of it.
 */
export function reconnectBackoff(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, 1);
}

function openPostgres(url: string, max: number): DatabaseHandle {
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connect_timeout: 10,
    idle_timeout: 60,
    backoff: reconnectBackoff,
    connection: { application_name: 'barterads' },
  });
  const db = drizzlePostgres({ client, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      const { unlisten } = await client.listen(channel, onPayload);
      return unlisten;
    },
    async notify(channel, payload) {
      await client.notify(channel, payload);
    },
    async executeSql(text, values = []) {
      if (values.length === 0) {
        // Several statements, maybe BEGIN … COMMIT (pg-boss's locked commands): a simple query on one reserved
        // connection, as postgres.js refuses a BEGIN on a pooled one.
        const reserved = await client.reserve();
        try {
          const rows = await reserved.unsafe(text);
          return { rows: [...rows] as Record<string, unknown>[] };
        } catch (error) {
          // A statement failing after a BEGIN leaves the session in an aborted transaction: end it before the
          // connection goes back to the pool (a ROLLBACK outside a transaction only warns).
          await reserved.unsafe('rollback').catch(() => {});
          throw error;
        } finally {
          reserved.release();
        }
      }
      // As node-postgres sends them: undefined as NULL, objects as JSON text (postgres.js only takes typed JSON).
      const parameters = values.map((value) =>
        value === undefined
          ? null
          : value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
            ? JSON.stringify(value)
            : value,
      );
      const rows = await client.unsafe(text, parameters as postgres.ParameterOrJSON<never>[]);
      return { rows: [...rows] as Record<string, unknown>[] };
    },
    async ping() {
      await client`select 1`;
    },
    async migrate() {
      await applyMigrations(drizzlePostgres({ client, casing: 'snake_case' }) as unknown as Database);
    },
    async exclusively(key, fn) {
      // On a connection of its own, held until the end: the work itself runs on the pool's other connections.
      const reserved = await client.reserve();
      try {
        await reserved`select pg_advisory_lock(hashtextextended(${key}, 0))`;
        try {
          return await fn();
        } finally {
          await reserved`select pg_advisory_unlock(hashtextextended(${key}, 0))`;
        }
      } finally {
        reserved.release();
      }
    },
    close: once(() => client.end({ timeout: 5 })),
  };
}

async function openPglite(
  dataDir: string | undefined,
  fromDataTar: Blob | undefined,
): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(fromDataTar ? { loadDataDir: fromDataTar } : {}),
  });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return unsubscribe;
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async executeSql(text, values = []) {
      // PGlite's query() takes one statement; several (pg-boss's migrations, without values) go through exec().
      if (values.length === 0) {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const result = await client.query<Record<string, unknown>>(text, [...values]);
      return { rows: result.rows };
    },
    async ping() {
      await client.query('select 1');
    },
    async migrate() {
      await applyMigrations(drizzlePglite({ client, casing: 'snake_case' }) as unknown as Database);
    },
    exclusively: (_key, fn) => fn(),
    dumpDataTar: () => client.dumpDataDir('none'),
    close: once(() => client.close()),
  };
}

/** A statement that only re-costs a function (`ALTER FUNCTION … COST n`), comments aside. */
const ALTER_FUNCTION_COST = /^ALTER FUNCTION [\w.]+\([^)]*\) COST \d+;?$/i;

/**
 * `ALTER FUNCTION … COST` wrapped so that a database may refuse it. Only a function's owner may alter it: pg_trgm's
 * functions belong to whoever installed the extension, which on a managed PostgreSQL (and for any trusted
 * extension a non-superuser creates) is a superuser the app's role is not. 0002_perf.sql re-costs two of them (a
 * planner hint for search, see the file); there it is skipped with a NOTICE instead of failing every migration
 * after it. The migration files stay as they are, and so do their hashes (drizzle hashes the file, not these
 * statements), so databases that applied them before see no change.
 */
export function tolerateOwnerOnlyStatements(statement: string): string {
  const code = statement
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join(' ')
    .trim();
  if (!ALTER_FUNCTION_COST.test(code)) return statement;
  return `DO $migration$ BEGIN ${code.replace(/;$/, '')}; EXCEPTION WHEN insufficient_privilege THEN RAISE NOTICE 'skipped (needs the function''s owner): %', SQLERRM; END $migration$`;
}

/** drizzle's migrator (one transaction, its journal table) over the migration files, owner-only statements tolerated. */
async function applyMigrations(db: Database): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  const migrations: MigrationMeta[] = readMigrationFiles(config).map((migration) => ({
    ...migration,
    sql: migration.sql.map(tolerateOwnerOnlyStatements),
  }));
  // What drizzle's own `migrate()` does with the files it reads (drizzle-orm/postgres-js/migrator).
  const { dialect, session } = db as unknown as {
    dialect: PgDialect;
    session: Parameters<PgDialect['migrate']>[1];
  };
  await dialect.migrate(migrations, session, config);
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}

/** Runs raw SQL and returns its rows, whichever driver answered (postgres.js gives an array, PGlite `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Locks members' rows, in id order (two transactions locking the same members never deadlock between them): the
 * lock that serializes a member's allowances (listings, featuring, deals, circles) and plan changes. `FOR NO KEY
 * UPDATE`, not `FOR UPDATE`: it does not block the key-share lock a foreign key takes, so writers of rows that merely
 * reference the member (a bell notification, an event) never wait for it; with `FOR UPDATE` a batch of notifications
 * waiting on one member while holding another deadlocked against a deal's acceptance.
 */
export async function lockUsers(tx: Executor, ids: readonly string[]): Promise<void> {
  const sorted = [...new Set(ids)].sort();
  if (sorted.length === 0) return;
  await tx.execute(
    sql`select 1 from ${schema.users} where ${schema.users.id} in (${sql.join(
      sorted.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) order by ${schema.users.id} for no key update`,
  );
}

export { sql };
