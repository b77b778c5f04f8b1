/**
 * The servers a browser suite runs against, one per Playwright worker, all started at once by this one process:
 * each the production build of apps/server on a database of its own seeded with the demo data, with a real SMTP
 * server catching its mail into `<dataDir>/mail/`, a fake Razorpay (its URL in `<dataDir>/razorpay.json`) and a
 * fake WhatsApp Cloud API (`<dataDir>/whatsapp.json`), so that the suites never touch the internet.
 *
 * `http://localhost:<E2E_READY_PORT>/` answers 200 once every server answers its /readyz (Playwright waits for
 * it), and 503 before. SIGTERM stops every server and drops its database.
 *
 *   tsx packages/testing/src/e2e/launch-servers.ts
 *   env: E2E_SERVERS ([{ "port": 4310, "dataDir": "/tmp/…" }, …]), E2E_READY_PORT; DATABASE_URL optional
 *   (without it each server keeps a PGlite database in its data folder, unseeded); E2E_FAKE_RAZORPAY=off and
 *   E2E_FAKE_WHATSAPP=off leave either unconfigured.
 *
 * One process instead of one per server (Playwright starts its `webServer` entries one after another): a suite's
 * three servers took 23-28 s to start on a quiet 2-core machine and 34-38 s on a busy one, each launcher also
 * seeding its own database (1 Dec).
 */
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { copySeededDatabase, type SeededCopy } from '../database';
import { startFakeRazorpay } from '../fake-razorpay';
import { startFakeWhatsapp } from '../fake-whatsapp';
import { startTestMailServer } from '../mail-server';
import { E2E_ADMIN } from './constants';

interface ServerPlace {
  port: number;
  dataDir: string;
}

const places = JSON.parse(process.env.E2E_SERVERS ?? '[{"port":4310}]') as Partial<ServerPlace>[];
const readyPort = Number(process.env.E2E_READY_PORT ?? 4319);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const run = `${Math.floor(Date.now() / 1000)}_${process.pid.toString(36)}`;
// The run's demo data (users, listings, each category's photo), seeded once by the server's own built seed command
// (`pnpm db:seed`) into a template database and a files folder; each server gets a copy of both (a seed costs
// 2.4 CPU-s, which each server used to spend beside the others' seeds). Seeded dates are relative to the seeding,
// so the template lives only as long as its run.
const seedDir = join(tmpdir(), `barterads-e2e-seed-${run}`);
const runCommand = promisify(execFile);

/** Starts one server with its fakes; resolves once they all listen (not yet once the server is ready). */
async function startServer(place: ServerPlace) {
  const { port, dataDir } = place;
  const origin = `http://localhost:${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(join(dataDir, 'mail'), { recursive: true });
  const copying: Promise<SeededCopy> | undefined = process.env.DATABASE_URL
    ? copySeededDatabase({
        run,
        async fill(url) {
          rmSync(seedDir, { recursive: true, force: true });
          await runCommand(process.execPath, [join(repoRoot, 'apps/server/dist/seed.js')], {
            env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: url, DATA_DIR: seedDir },
          });
        },
      }).then((database) => {
        cpSync(join(seedDir, 'files'), join(dataDir, 'files'), { recursive: true });
        return database;
      })
    : undefined;

  const mail = await startTestMailServer();
  let written = 0;
  setInterval(() => {
    for (; written < mail.mails.length; written++) {
      const m = mail.mails[written]!;
      writeFileSync(join(dataDir, 'mail', `${String(written).padStart(5, '0')}-${m.to[0]}.eml`), m.text);
    }
  }, 50).unref();
  const razorpay = process.env.E2E_FAKE_RAZORPAY === 'off' ? undefined : await startFakeRazorpay();
  if (razorpay) {
    writeFileSync(
      join(dataDir, 'razorpay.json'),
      JSON.stringify({
        url: razorpay.url,
        keyId: razorpay.keyId,
        keySecret: razorpay.keySecret,
        webhookSecret: razorpay.webhookSecret,
      }),
    );
  }
  // WhatsApp goes to a local fake Cloud API, which sends its signed status callbacks back.
  const whatsapp =
    process.env.E2E_FAKE_WHATSAPP === 'off'
      ? undefined
      : await startFakeWhatsapp({ webhookUrl: `${origin}/api/whatsapp/webhook` });
  if (whatsapp) writeFileSync(join(dataDir, 'whatsapp.json'), JSON.stringify({ url: whatsapp.url }));
  const database = await copying;

  const child = spawn(
    process.execPath,
    ['--enable-source-maps', join(repoRoot, 'apps/server/dist/main.js')],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        SMTP_URL: mail.url,
        APP_URL: origin,
        ADMIN_APP_URL: `${origin}/admin/`,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        // One proxy hop, as production behind its load balancer: a request without X-Forwarded-For is its socket's
        // address (127.0.0.1); signUpThroughApi gives each member an address of its own.
        TRUST_PROXY: '1',
        // The seller on GST invoices (production requires it).
        SELLER_LEGAL_NAME: 'BarterAds Test Seller Private Limited',
        SELLER_GSTIN: '27AABCB1234F1Z8',
        SELLER_ADDRESS: '1 Test Street, Mumbai, Maharashtra 400001',
        // Signs the saved-search alerts' unsubscribe links (production requires it).
        UNSUBSCRIBE_SECRET: 'e2e-unsubscribe-secret-of-32-characters-or-more',
        // Signs WhatsApp's one-tap links (production requires it with WhatsApp on).
        WHATSAPP_LINK_SECRET: 'e2e-whatsapp-link-secret-of-32-characters-or-more',
        // With REDIS_URL (CI) the server keeps rate limits and live events in Redis, under a prefix of its own.
        ...(process.env.REDIS_URL ? { REDIS_PREFIX: `barterads-e2e:${crypto.randomUUID()}:` } : {}),
        ...(razorpay
          ? {
              RAZORPAY_KEY_ID: razorpay.keyId,
              RAZORPAY_KEY_SECRET: razorpay.keySecret,
              RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
              RAZORPAY_API_URL: razorpay.url,
            }
          : {}),
        ...(whatsapp ? whatsapp.env() : {}),
      },
    },
  );
  const exited = new Promise<number>((done) => child.on('exit', (code) => done(code ?? 0)));
  return {
    origin,
    child,
    exited,
    /** Stops the server (if it still runs), its fakes, and drops its database. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await mail.close();
      await razorpay?.close();
      await whatsapp?.close();
      await database?.destroy().catch(() => {});
    },
  };
}

type Started = Awaited<ReturnType<typeof startServer>>;

/** Resolves once the server answers its /readyz with 200; rejects if it exits first. */
async function untilReady(server: Started): Promise<void> {
  let exitCode: number | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(`the server on ${server.origin} exited (${exitCode}) before it was ready`);
    const ok = await fetch(`${server.origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((wake) => setTimeout(wake, 100));
  }
}

let allReady = false;
const readiness = createServer((_request, response) => {
  response.writeHead(allReady ? 200 : 503).end(allReady ? 'ready' : 'starting');
});
await new Promise<void>((listening) => readiness.listen(readyPort, '127.0.0.1', listening));

const servers: Started[] = [];
let stopping: Promise<void> | undefined;
const stopAll = (code: number) => {
  stopping ??= (async () => {
    readiness.close();
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(seedDir, { recursive: true, force: true });
    process.exit(code);
  })();
  return stopping;
};
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGINT', () => void stopAll(0));

try {
  const filled = places.map((place, index) => ({
    port: place.port ?? 4310 + index,
    dataDir: resolve(place.dataDir ?? `/tmp/barterads-e2e-${place.port ?? 4310 + index}`),
  }));
  servers.push(...(await Promise.all(filled.map(startServer))));
  // A server that stops while the suite runs fails the suite's tests on it; the others run on.
  for (const server of servers) {
    void server.exited.then((code) => {
      if (!stopping && code !== 0) console.error(`the server on ${server.origin} exited with ${code}`);
    });
  }
  await Promise.all(servers.map(untilReady));
  allReady = true;
} catch (error) {
  console.error(error);
  await stopAll(1);
}
