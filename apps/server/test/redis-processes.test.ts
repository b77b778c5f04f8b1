import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBSUB_CHANNEL } from '@barterads/api';
import { listings } from '@barterads/db';
import {
  createTestDatabase,
  startTestMailServer,
  type TestDatabase,
  type TestMailServer,
} from '@barterads/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribe } from './helpers/live';
import { createTestUser, EVENTUALLY } from './helpers/server';

const redisUrl = process.env.REDIS_URL;
const serverDir = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  output: string[];
  dataDir: string;
}

/** The server's own entry (src/main.ts) as a process of its own, ready when /readyz answers 200. */
async function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'barterads-proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Starting through tsx compiles the server first: seconds on a quiet machine, a minute or more on a busy one.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output.join('')}`);
    const ok = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(1000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server not ready: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, child, output, dataDir };
}

async function stopProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null && server.child.signalCode === null) {
    const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
    server.child.kill('SIGTERM');
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

/**
 * Production runs several server processes on one database and one Redis: two real processes (the server's own
 * entry, not two apps in the test's process), sharing REDIS_URL and its prefix. A notification written through
 * one reaches the member's bell stream on the other. Needs PostgreSQL (two processes cannot share PGlite) and
 * Redis (CI sets REDIS_URL).
 */
describe.skipIf(!redisUrl || !process.env.DATABASE_URL)('two server processes sharing Redis', () => {
  let database: TestDatabase;
  let mail: TestMailServer;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let prefix: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    mail = await startTestMailServer();
    prefix = `barterads-test:${crypto.randomUUID()}:`;
    const env = {
      DATABASE_URL: database.url!,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: prefix,
      SMTP_URL: mail.url,
      APP_URL: 'http://localhost:5173',
      ADMIN_APP_URL: 'http://localhost:5174/admin/',
    };
    [a, b] = await Promise.all([startProcess(env), startProcess(env)]);
  }, 330_000);
  afterAll(async () => {
    await Promise.all([stopProcess(a), stopProcess(b)]);
    await mail?.close();
    await database?.destroy();
  });

  it('delivers a notification made through instance B live to the bell stream on instance A', async () => {
    const owner = await createTestUser(database.handle.db, { userType: 'media_owner' });
    const buyer = await createTestUser(database.handle.db, { firstName: 'Process' });
    const [listing] = await database.handle.db
      .insert(listings)
      .values({
        ownerId: owner.user.id,
        ownerType: 'media_owner',
        title: 'Hoardings at the toll plaza',
        description: 'Four hoardings.',
        location: 'Nagpur',
      })
      .returning();
    // The event crosses on this run's Redis channel (not PostgreSQL's LISTEN/NOTIFY).
    const listener = new Redis(redisUrl!);
    const onChannel: string[] = [];
    listener.on('message', (_channel: string, message: string) => onChannel.push(message));
    await listener.subscribe(`${prefix}${PUBSUB_CHANNEL}`);
    const bell = subscribe(a!.baseUrl, owner.token, undefined, 'notifications.events');
    try {
      await bell.connected;
      await bell.waitFor((e) => (e.data as { type?: string }).type === 'unread');
      // A first message to the owner, through B: a new_message notification for the owner.
      const started = await fetch(`${b!.baseUrl}/api/conversations`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${buyer.token}`,
          'x-forwarded-for': '10.9.4.1',
        },
        body: JSON.stringify({ barterId: listing!.id, text: 'Free in April?' }),
      });
      expect(started.status).toBe(201);
      // Written by the event dispatcher (either process's), from the message's event.
      const event = await bell.waitFor(
        (e) => (e.data as { type?: string }).type === 'notification',
        EVENTUALLY.timeout,
      );
      expect(event.data).toMatchObject({
        unread: 1,
        notification: { kind: 'new_message', title: 'New message from Process User' },
      });
      expect(onChannel.some((m) => m.includes(`notifications:user:${owner.user.id}`))).toBe(true);
    } finally {
      bell.close();
      listener.disconnect();
    }
  });
});
