/**
 * The server every browser suite runs against: the production build of apps/server on a fresh,
 * seeded database, with a real SMTP server catching mail into `<dataDir>/mail/`.
 *
 * Payments go to a local fake Razorpay (its URL is written to `<dataDir>/razorpay.json`) so that browser
 * suites never touch the internet; E2E_FAKE_RAZORPAY=off leaves Razorpay unconfigured.
 *
 *   tsx packages/testing/src/e2e/launch-server.ts   (env: E2E_PORT, E2E_DATA_DIR; DATABASE_URL optional)
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestDatabase } from '../database';
import { startFakeRazorpay } from '../fake-razorpay';
import { startFakeWhatsapp } from '../fake-whatsapp';
import { startTestMailServer } from '../mail-server';
import { E2E_ADMIN } from './constants';

const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = resolve(process.env.E2E_DATA_DIR ?? `/tmp/barterads-e2e-${port}`);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(join(dataDir, 'mail'), { recursive: true });

const database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
// The demo data, seeded by the server's own built seed command (`pnpm db:seed`: users, listings, each category's
// photo stored under DATA_DIR/files) while the fakes below start. Importing the API's source here instead cost
// this launcher 3.8 s of compiling it on every start of a browser suite's server (29 Nov).
await database?.handle.close();
const seeded = database
  ? promisify(execFile)(process.execPath, [join(repoRoot, 'apps/server/dist/seed.js')], {
      env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: database.url ?? '', DATA_DIR: dataDir },
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

const origin = `http://localhost:${port}`;
// WhatsApp goes to a local fake Cloud API, which sends its signed status callbacks back (E2E_FAKE_WHATSAPP=off: none).
const whatsapp =
  process.env.E2E_FAKE_WHATSAPP === 'off'
    ? undefined
    : await startFakeWhatsapp({ webhookUrl: `${origin}/api/whatsapp/webhook` });
if (whatsapp) writeFileSync(join(dataDir, 'whatsapp.json'), JSON.stringify({ url: whatsapp.url }));
await seeded;
const child = spawn(process.execPath, ['--enable-source-maps', join(repoRoot, 'apps/server/dist/main.js')], {
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
    // With REDIS_URL (CI) the server keeps rate limits and live events in Redis, under a prefix of this run's own.
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
    ...(process.env.E2E_EXTRA_ENV ? (JSON.parse(process.env.E2E_EXTRA_ENV) as Record<string, string>) : {}),
  },
});

const stop = () => {
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', async (code) => {
  await mail.close();
  await razorpay?.close();
  await whatsapp?.close();
  await database?.destroy().catch(() => {});
  process.exit(code ?? 0);
});
