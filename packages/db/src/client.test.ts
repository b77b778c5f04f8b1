import { connect as connectTcp, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows, reconnectBackoff } from './client';
import { listings, users } from './schema';

/** Starts `proxy` on a free local port and answers `databaseUrl` with that port in place of the server's. */
async function listenAsDatabase(proxy: Server, databaseUrl: string): Promise<string> {
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  const address = proxy.address();
  const viaProxy = new URL(databaseUrl);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(typeof address === 'object' && address ? address.port : 0);
  return viaProxy.toString();
}

/** One query's outcome: `answered`, or `failed: ` and the connection error's code. */
function answerOf(handle: DatabaseHandle): Promise<string> {
  return queryRows<{ n: number }>(handle.db, sql`select 1 as n`).then(
    () => 'answered',
    (error: unknown) => `failed: ${(error as { cause?: { code?: string } }).cause?.code ?? String(error)}`,
  );
}

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
    // Every text lower-cased in one column, joined by spaces (the empty Hindi/Marathi parts leave trailing ones,
    // which make no trigram of their own).
    expect(row?.searchText?.trimEnd()).toBe('t l d radio');
    const [local] = await handle.db
      .insert(listings)
      .values({ ...base, localLanguage: 'hi', localTitle: 'होर्डिंग', localDescription: 'चौक पर' })
      .returning();
    expect(local?.searchText).toBe('t l d  होर्डिंग चौक पर');
    expect(row?.rating).toBe(4.5);
  });

  it('delivers NOTIFY to listeners', async () => {
    const received: string[] = [];
    const unlisten = await handle.listen('test_channel', (p) => received.push(p));
    await handle.notify('test_channel', 'hello');
    await expect.poll(() => received).toEqual(['hello']);
    await unlisten();
  });
});

describe('migrations on a database whose role does not own the extensions (managed PostgreSQL)', () => {
  it('wraps only statements that re-cost a function', async () => {
    const { tolerateOwnerOnlyStatements } = await import('./client');
    const wrapped = tolerateOwnerOnlyStatements(
      '-- a comment\nALTER FUNCTION word_similarity_op(text, text) COST 200;',
    );
    expect(wrapped).toMatch(
      /^DO \$migration\$ BEGIN ALTER FUNCTION word_similarity_op\(text, text\) COST 200;/,
    );
    expect(wrapped).toContain('EXCEPTION WHEN insufficient_privilege');
    const other = 'CREATE INDEX "x" ON "listings" ("title");';
    expect(tolerateOwnerOnlyStatements(other)).toBe(other);
  });

  // PGlite has one user, a superuser: the refusal happens only on a real server with a role of the app's own.
  const url = process.env.DATABASE_URL;
  it.skipIf(!url)('applies every migration as a role that owns its database and nothing else', async () => {
    const admin = await openDatabase({ url: url! });
    const suffix = `${process.pid}_${Date.now()}`;
    const role = `barterads_app_${suffix}`;
    const name = `barterads_managed_${suffix}`;
    await admin.db.execute(sql.raw(`create role "${role}" login nosuperuser nocreatedb nocreaterole`));
    await admin.db.execute(sql.raw(`create database "${name}" owner "${role}"`));
    const target = new URL(url!);
    target.username = role;
    target.pathname = `/${name}`;
    const app = await openDatabase({ url: target.toString() });
    try {
      await app.migrate();
      const [cost] = await queryRows<{ procost: number }>(
        app.db,
        sql`select procost from pg_proc where proname = 'word_similarity_op'`,
      );
      // Not this role's to change: left at the default, and the migrations went on.
      expect(cost?.procost).toBe(1);
      const [table] = await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from information_schema.tables where table_name = 'listings'`,
      );
      expect(table?.n).toBe(1);
      await app.migrate();
    } finally {
      await app.close();
      await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      await admin.db.execute(sql.raw(`drop role if exists "${role}"`));
      await admin.close();
    }
  });
  it.skipIf(!url)('lets processes on one database take turns under a named lock', async () => {
    // Two handles are two processes' pools: the second waits until the first's work is done.
    const first = await openDatabase({ url: url! });
    const second = await openDatabase({ url: url! });
    const key = `barterads-test:${process.pid}:${Date.now()}`;
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const firstIn = new Promise<void>((resolve) => {
      entered = resolve;
    });
    try {
      const a = first.exclusively(key, async () => {
        events.push('a in');
        entered();
        await held;
        events.push('a out');
      });
      await firstIn;
      const b = second.exclusively(key, async () => {
        events.push('b in');
        return 'b';
      });
      // The second is waiting on PostgreSQL's lock, visible in pg_locks, while the first holds it.
      await expect
        .poll(async () => {
          const [row] = await queryRows<{ n: number }>(
            first.db,
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
          );
          return row?.n ?? 0;
        })
        .toBeGreaterThan(0);
      expect(events).toEqual(['a in']);
      release();
      await a;
      await expect(b).resolves.toBe('b');
      expect(events).toEqual(['a in', 'a out', 'b in']);
    } finally {
      release();
      await first.close();
      await second.close();
    }
  });

  // postgres.js 3.4.9 (patched in patches/, porsager/postgres#1154 and #1208): when the server ended a reserved
  // connection's session, the next query on it waited for ever, and releasing it put the dead connection back among
  // the open ones, where a query wrote to a null socket from a setImmediate and crashed the process (the faults
  // suite's database outage met it). Reserved connections carry pg-boss's locked commands and the named lock.
  it.skipIf(!url)(
    "settles a reserved connection's queries when its session is ended, and the pool goes on",
    { timeout: 60_000 },
    async () => {
      const handle = await openDatabase({ url: url!, max: 2 });
      const killer = await openDatabase({ url: url!, max: 1 });
      const key = `barterads-test:ended:${process.pid}:${Date.now()}`;
      try {
        // The named lock's own connection is ended while the work runs: its unlock must fail, not hang.
        const locked = handle.exclusively(key, async () => {
          await killer.db.execute(sql`select pg_terminate_backend(pid) from pg_locks
            where locktype = 'advisory' and granted and objid = (hashtextextended(${key}, 0) & 4294967295)::oid`);
          return 'done';
        });
        await expect(locked).rejects.toThrow();
        // A locked command whose statement ends its own session: an error (and its rollback settles too).
        await expect(handle.executeSql('select pg_terminate_backend(pg_backend_pid())')).rejects.toThrow();
        // The pool goes on: a query may meet the closed session once, then each answers.
        await expect
          .poll(
            async () =>
              handle.db.execute(sql`select 1 as one`).then(
                () => 'answered',
                () => 'failed',
              ),
            {
              timeout: 30_000,
            },
          )
          .toBe('answered');
        const answers = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            queryRows<{ n: number }>(handle.db, sql`select ${i}::int as n`),
          ),
        );
        expect(answers.map((rows) => rows[0]?.n)).toEqual([0, 1, 2, 3, 4, 5]);
      } finally {
        await killer.close();
        await handle.close();
      }
    },
  );

  it('tries a failed connection again within a second, however many tries have failed', () => {
    // postgres.js's own backoff reaches 20 s after seven failures: a request waited that long for its 503.
    for (let retries = 0; retries <= 30; retries++) {
      const seconds = reconnectBackoff(retries);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(1);
    }
    expect(reconnectBackoff(0)).toBeLessThan(0.02);
  });

  // postgres.js 3.4.9 (patched in patches/, porsager/postgres#1193): a server that accepted the connection and closed
  // it cleanly before the session started (a proxy or load balancer while the database is down) left the query
  // waiting for ever while the pool reconnected in a loop; the faults suite's requests took 25-35 s to fail.
  it.skipIf(!url)(
    'fails a query at once when the server closes the connection before the session starts, and recovers',
    { timeout: 60_000 },
    async () => {
      const target = new URL(url!);
      let down = false;
      const open = new Set<Socket>();
      const proxy = createServer((client) => {
        // Down: accept, then close cleanly (a FIN, no reset), before a byte of the startup is answered.
        // (Read to its end, so that the peer's own close ends the socket.)
        if (down) return void client.resume().end();
        const upstream = connectTcp(Number(target.port || 5432), target.hostname);
        open.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      const viaProxy = await listenAsDatabase(proxy, url!);
      const handle = await openDatabase({ url: viaProxy, max: 2 });
      const one = () => answerOf(handle);
      const heard: string[] = [];
      try {
        expect(await one()).toBe('answered');
        // A listener on its own session, closed with the others: it is listening again once the database is back.
        await handle.listen('outage_channel', (payload) => heard.push(payload));
        down = true;
        for (const socket of open) socket.destroy();
        open.clear();
        // Each query fails (before the patch the first one never settled and this test ran into its time-out),
        // more of them than the pool has connections, at once.
        const during = await Promise.all(Array.from({ length: 5 }, one));
        for (const answer of during) expect(answer).toMatch(/^failed: (CONNECTION_CLOSED|ECONNRESET)$/);
        expect(during).toContain('failed: CONNECTION_CLOSED');
        down = false;
        await expect.poll(one, { timeout: 30_000 }).toBe('answered');
        let sent = 0;
        await expect
          .poll(
            async () => {
              sent += 1;
              await handle.notify('outage_channel', `after ${sent}`);
              return heard.length;
            },
            { timeout: 30_000 },
          )
          .toBeGreaterThan(0);
      } finally {
        await handle.close();
        await new Promise<void>((done) => proxy.close(() => done()));
      }
    },
  );

  // postgres.js 3.4.9: a session that closed while it read the server's array types (its first query, sent by the
  // library itself before the caller's) rejected that internal query with no one to catch it: an unhandled rejection
  // that ended the process (the faults suite's database outage met it in CI, once the patch above failed the
  // caller's query on such a close instead of reconnecting).
  it.skipIf(!url)(
    "fails the caller's query, and ends nothing else, when the session closes while it reads the array types",
    { timeout: 60_000 },
    async () => {
      const target = new URL(url!);
      let closeAtFirstQuery = true;
      const proxy = createServer((client) => {
        const upstream = connectTcp(Number(target.port || 5432), target.hostname);
        let messages = 0;
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        upstream.pipe(client);
        client.on('data', (chunk) => {
          messages += 1;
          // The first message is the startup; the next is the library's array-type query: closed cleanly there.
          if (closeAtFirstQuery && messages === 2) {
            upstream.destroy();
            client.resume().end();
            return;
          }
          upstream.write(chunk);
        });
      });
      const viaProxy = await listenAsDatabase(proxy, url!);
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      const handle = await openDatabase({ url: viaProxy, max: 1 });
      const one = () => answerOf(handle);
      try {
        expect(await one()).toBe('failed: CONNECTION_CLOSED');
        closeAtFirstQuery = false;
        await expect.poll(one, { timeout: 30_000 }).toBe('answered');
        // A rejection nobody handled is reported on a later turn of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', onUnhandled);
        await handle.close();
        await new Promise<void>((done) => proxy.close(() => done()));
      }
    },
  );

  it.skipIf(!url)(
    'gives back no connection in an aborted transaction after a failed statement batch',
    async () => {
      // One connection, so the next query lands where the failed batch ran (pg-boss sends BEGIN … COMMIT batches).
      const one = await openDatabase({ url: url!, max: 1 });
      try {
        await expect(one.executeSql('begin; select 1/0; commit;')).rejects.toThrow(/division by zero/);
        await expect(one.executeSql('select 1 as n', [])).resolves.toEqual({ rows: [{ n: 1 }] });
      } finally {
        await one.close();
      }
    },
  );
});
