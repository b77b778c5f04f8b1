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
    await underLock(admin, template, async () => {
      await ensureTemplate(admin, serverUrl, template);
      await admin.unsafe(`create database "${name}" template "${template}"`);
    });
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

/**
 * Runs `work` holding the session's advisory lock named after `name`. One connection (`max: 1`), so the lock and
 * the statements share it; copies of one template take turns (a copy fails while another session is connected to
 * its template).
 */
async function underLock<T>(admin: postgres.Sql, name: string, work: () => Promise<T>): Promise<T> {
  await admin`select pg_advisory_lock(hashtextextended(${name}, 0))`;
  try {
    return await work();
  } finally {
    await admin`select pg_advisory_unlock(hashtextextended(${name}, 0))`;
  }
}

/** How long a seeded template may stay on the server before a later run drops it as left behind. */
const SEEDED_TEMPLATE_TTL_MS = 6 * 60 * 60 * 1000;

export interface SeededCopy {
  /** postgres://… of this caller's own copy. */
  url: string;
  /**
   * Drops this caller's copy and the run's seeded template (each server drops it when it stops, the first one
   * does; a server started later seeds it again).
   */
  destroy(): Promise<void>;
}

/**
 * A database of its own for one server of a run whose servers all start from the same seeded data (the browser
 * suites' servers): the first caller with a `run` copies the migrated template into `barterads_seeded_<run>`, lets
 * `fill` seed it (by its URL, nothing else connected) and marks it a template; every caller, the first included,
 * then gets a copy of it, 0.15 s where seeding takes seconds. Under an advisory lock, so the others wait for the
 * first one's seed. `run` is `<unix seconds>_<letters and digits>`: a seeded template left behind (a killed run) is
 * dropped by a later run once it is 6 hours old. Needs DATABASE_URL (a PostgreSQL server).
 */
export async function copySeededDatabase(options: {
  run: string;
  fill: (url: string) => Promise<void>;
}): Promise<SeededCopy> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('copySeededDatabase needs DATABASE_URL');
  if (!/^[0-9]+_[a-z0-9]+$/.test(options.run)) throw new Error(`not a run's name: ${options.run}`);
  const seeded = `barterads_seeded_${options.run}`;
  const name = `barterads_test_${randomBytes(6).toString('hex')}`;
  const template = `barterads_template_${migrationsFingerprint()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const dropSeeded = async (datname: string) => {
    const [existing] = await admin`select 1 from pg_database where datname = ${datname}`;
    if (!existing) return;
    await admin.unsafe(`alter database "${datname}" is_template false`);
    await admin.unsafe(`drop database "${datname}" with (force)`);
  };
  /** Makes the run's seeded template (called holding its lock), first dropping those runs left behind. */
  const seed = async () => {
    const stale = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like 'barterads_seeded_%' and datname <> ${seeded}`;
    for (const { datname } of stale) {
      const startedAt = Number(datname.split('_')[2]) * 1000;
      if (Date.now() - startedAt > SEEDED_TEMPLATE_TTL_MS) await dropSeeded(datname).catch(() => {});
    }
    const building = `${seeded}_building`;
    await admin.unsafe(`drop database if exists "${building}" with (force)`);
    await underLock(admin, template, async () => {
      await ensureTemplate(admin, serverUrl, template);
      await admin.unsafe(`create database "${building}" template "${template}"`);
    });
    await options.fill(databaseUrl(serverUrl, building));
    await admin.unsafe(`alter database "${building}" rename to "${seeded}"`);
    await admin.unsafe(`alter database "${seeded}" is_template true`);
  };
  try {
    await underLock(admin, seeded, async () => {
      const [existing] = await admin`select 1 from pg_database where datname = ${seeded}`;
      if (!existing) await seed();
      await admin.unsafe(`create database "${name}" template "${seeded}"`);
    });
  } catch (error) {
    await admin.end();
    throw error;
  }
  return {
    url: databaseUrl(serverUrl, name),
    async destroy() {
      try {
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
        await underLock(admin, seeded, () => dropSeeded(seeded));
      } finally {
        await admin.end();
      }
    },
  };
}
