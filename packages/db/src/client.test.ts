import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from './client';
import { listings, users } from './schema';

describe('database factory and migrations', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({});
    await handle.migrate();
  });
  afterAll(async () => handle.close());

  it('loads pg_trgm and enforces a case-insensitive unique e-mail', async () => {
    const [ext] = await queryRows<{ extname: string }>(
      handle.db,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(ext?.extname).toBe('pg_trgm');
    await handle.db
      .insert(users)
      .values({ email: 'A@x.in', passwordHash: 'h', firstName: 'A', lastName: 'B' });
    await expect(
      handle.db.insert(users).values({ email: 'a@X.in', passwordHash: 'h', firstName: 'A', lastName: 'B' }),
    ).rejects.toThrow();
  });

  it('checks enumerated values and categories in the database', async () => {
    const [owner] = await handle.db
      .insert(users)
      .values({ email: 'o@x.in', passwordHash: 'h', firstName: 'O', lastName: 'W' })
      .returning();
    const base = {
      ownerId: owner!.id,
      ownerType: 'advertiser' as const,
      title: 't',
      description: 'd',
      location: 'l',
    };
    await expect(handle.db.insert(listings).values({ ...base, category: 'nonsense' })).rejects.toThrow();
    const [row] = await handle.db
      .insert(listings)
      .values({ ...base, category: 'outdoor', seeking: 'Radio' })
      .returning();
    expect(row?.searchText).toBe('t l d radio');
    expect(row?.rating).toBe(4.5);
  });

  it('delivers NOTIFY to listeners', async () => {
    const received: string[] = [];
    const unlisten = await handle.listen('test_channel', (p) => received.push(p));
    await handle.notify('test_channel', 'hello');
    await new Promise((r) => setTimeout(r, 50));
    await unlisten();
    expect(received).toEqual(['hello']);
  });
});
