import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
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
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… of a PostgreSQL 15+ server; when unset, embedded PGlite is used. */
  url?: string | undefined;
  /** Where PGlite keeps its files; in memory when unset. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  max?: number;
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
  return options.url ? openPostgres(options.url, options.max ?? 10) : openPglite(options.dataDir);
}

function openPostgres(url: string, max: number): DatabaseHandle {
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connect_timeout: 10,
    idle_timeout: 60,
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
    async ping() {
      await client`select 1`;
    },
    async migrate() {
      await migratePostgres(drizzlePostgres({ client, casing: 'snake_case' }), {
        migrationsFolder: migrationsFolder(),
      });
    },
    close: once(() => client.end({ timeout: 5 })),
  };
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
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
    async ping() {
      await client.query('select 1');
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client, casing: 'snake_case' }), {
        migrationsFolder: migrationsFolder(),
      });
    },
    close: once(() => client.close()),
  };
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

export { sql };
