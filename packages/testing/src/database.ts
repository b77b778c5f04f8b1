import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, openDatabase } from '@barterads/db';
import postgres from 'postgres';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** postgres://… of the fresh database, or undefined on PGlite. */
  url: string | undefined;
  /** Closes the connections and drops the database. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one suite: a new database on the PostgreSQL server of DATABASE_URL
 * when it is set, an in-memory PGlite otherwise.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({});
    await handle.migrate();
    return { handle, url: undefined, destroy: () => handle.close() };
  }
  const name = `barterads_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), max: 10 });
  await handle.migrate();
  return {
    handle,
    url: url.toString(),
    async destroy() {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
