import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, migrationsFolder, openDatabase } from '@barterads/db';
import postgres from 'postgres';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** postgres://… of the fresh database, or undefined on PGlite. */
  url: string | undefined;
  /** Closes the connections and drops the database. */
  destroy(): Promise<void>;
}

/** A name for the current migrations: their files' names and contents hashed, so a changed migration makes a new one. */
export function migrationsFingerprint(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  const files = (readdirSync(folder, { recursive: true }) as string[])
    .filter((file) => statSync(join(folder, file)).isFile())
    .sort();
  for (const file of files) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(join(folder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The migrated template of the current migrations on the PostgreSQL server, made once for all suites, processes and
 * runs (under an advisory lock named after it; built under another name and renamed, so a half-made template is never
 * seen). Called with the lock held.
 */
async function ensureTemplate(admin: postgres.Sql, serverUrl: string, template: string): Promise<void> {
  const [existing] = await admin`select 1 from pg_database where datname = ${template}`;
  if (existing) return;
  const building = `${template}_building_${randomBytes(4).toString('hex')}`;
  await admin.unsafe(`create database "${building}"`);
  const handle = await openDatabase({ url: databaseUrl(serverUrl, building), max: 2 });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  await admin.unsafe(`alter database "${building}" rename to "${template}"`);
  await admin.unsafe(`alter database "${template}" is_template true`);
}

/** The migrated PGlite data folder as a tar, kept in the temporary folder per migrations (made by the first suite). */
async function pgliteTemplate(): Promise<Blob> {
  const path = join(tmpdir(), `barterads-pglite-template-${migrationsFingerprint()}.tar`);
  if (existsSync(path)) return new Blob([readFileSync(path)]);
  const handle = await openDatabase({});
  try {
    await handle.migrate();
    const tar = await handle.dumpDataTar?.();
    if (!tar) throw new Error('PGlite gave no data folder');
    // Written beside and renamed: a suite reading at the same moment sees the whole file or none.
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await tar.arrayBuffer()));
    renameSync(partial, path);
    return tar;
  } finally {
    await handle.close();
  }
}

/**
 * A fresh, migrated database for one suite: on the PostgreSQL server of DATABASE_URL when it is set (a copy of a
 * migrated template database, `CREATE DATABASE … TEMPLATE`, tens of milliseconds where migrating takes seconds), an
 * in-memory PGlite otherwise (loaded from a migrated data folder kept in the temporary folder).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    let handle: DatabaseHandle;
    try {
      handle = await openDatabase({ fromDataTar: await pgliteTemplate() });
    } catch {
      // A template another PGlite version wrote: start from nothing.
      handle = await openDatabase({});
    }
    // Nothing to do on a copy of the template; migrates a database started from nothing.
    await handle.migrate();
    return { handle, url: undefined, destroy: () => handle.close() };
  }
  const name = `barterads_test_${randomBytes(6).toString('hex')}`;
  const template = `barterads_template_${migrationsFingerprint()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    // One connection, so the session lock and the statements share it; copies take turns (a copy fails while
    // another session is connected to its template).
    await admin`select pg_advisory_lock(hashtextextended(${template}, 0))`;
    try {
      await ensureTemplate(admin, serverUrl, template);
      await admin.unsafe(`create database "${name}" template "${template}"`);
    } finally {
      await admin`select pg_advisory_unlock(hashtextextended(${template}, 0))`;
    }
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ url, max: 10 });
  await handle.migrate();
  return {
    handle,
    url,
    async destroy() {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
