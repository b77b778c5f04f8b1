import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import type { ApiConfig } from '@barterads/api';
import { checkGstin, DELAYS_MS, normalizeGstin } from '@barterads/core';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const url = (protocols: string[]) =>
  optionalText.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: optionalText,
    DATABASE_URL: url(['postgres:', 'postgresql:']),
    REDIS_URL: url(['redis:', 'rediss:']),
    /** Put before every Redis key and the pub/sub channel: instances sharing one Redis for different purposes
     * (parallel test runs, staging beside production) stay apart. */
    REDIS_PREFIX: optionalText.refine((v) => v === undefined || /^[\w:.-]{1,100}$/.test(v), {
      message: 'must be 1-100 letters, digits or _ : . -',
    }),
    SMTP_URL: url(['smtp:', 'smtps:']),
    MAIL_FROM: optionalText,
    APP_URL: url(['http:', 'https:']),
    ADMIN_APP_URL: url(['http:', 'https:']),
    ADMIN_EMAIL: optionalText.refine((v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
      message: 'must be an e-mail address',
    }),
    ADMIN_PASSWORD: optionalText.refine((v) => v === undefined || v.length >= 8, {
      message: 'must be at least 8 characters',
    }),
    RAZORPAY_KEY_ID: optionalText,
    RAZORPAY_KEY_SECRET: optionalText,
    RAZORPAY_WEBHOOK_SECRET: optionalText,
    RAZORPAY_API_URL: url(['http:', 'https:']),
    /** How long a call to Razorpay may take before it counts as unreachable (ms). */
    RAZORPAY_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int({ error: 'must be a whole number of milliseconds' })
      .min(1_000, { error: 'must be at least 1000 (a second)' })
      .max(120_000, { error: 'must be at most 120000 (two minutes)' })
      .default(DELAYS_MS.paymentGatewayTimeout),
    /** The seller on GST invoices: required in production; development has sample values. */
    SELLER_LEGAL_NAME: optionalText,
    SELLER_GSTIN: optionalText.refine((v) => v === undefined || checkGstin(v).ok, {
      message: 'must be a valid GSTIN',
    }),
    SELLER_ADDRESS: optionalText,
    /** Signs the one-click unsubscribe links of saved-search alerts (HMAC-SHA256): required in production. */
    UNSUBSCRIBE_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
      message: 'must be at least 32 characters',
    }),
    /**
     * Tests only: webhook endpoints may be http://127.0.0.1 or [::1] (loopback; never private or link-local
     * addresses). Refused with NODE_ENV=production.
     */
    WEBHOOK_ALLOW_LOOPBACK: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .optional()
      .transform((v) => v === 'true'),
    /** The WhatsApp Business Cloud API (product-spec-3 section 3): all four, or none (the channel is off). */
    WHATSAPP_TOKEN: optionalText,
    WHATSAPP_PHONE_NUMBER_ID: optionalText,
    WHATSAPP_APP_SECRET: optionalText,
    WHATSAPP_VERIFY_TOKEN: optionalText,
    /** The Graph API with its version (default Meta's; tests and `pnpm dev` may point it at the local fake). */
    WHATSAPP_API_URL: url(['http:', 'https:']),
    /** Signs WhatsApp's one-tap links to a deal (HMAC-SHA256): required in production when WhatsApp is on. */
    WHATSAPP_LINK_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
      message: 'must be at least 32 characters',
    }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where the embedded database and the development outbox live (default: .data at the repository root). */
    DATA_DIR: optionalText,
    /** Serve the built apps from these folders (default: the apps' dist folders in this repository). */
    WEB_DIST: optionalText,
    ADMIN_DIST: optionalText,
    /** An S3-compatible bucket for uploaded files (all four, or none: local files under DATA_DIR/files). */
    S3_ENDPOINT: url(['http:', 'https:']),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_REGION: optionalText,
    /**
     * The reverse proxies in front (client IPs for rate limits come from X-Forwarded-For): their number (hops),
     * or their addresses and CIDR ranges, comma-separated (Fastify's trustProxy). `true` (trust whoever sends
     * the header) is refused: any client could then choose its own address.
     */
    TRUST_PROXY: optionalText.transform((v, ctx): TrustProxy => {
      if (v === undefined || v === 'false' || v === '0') return false;
      if (/^\d+$/.test(v)) return Number(v);
      const list = v
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      if (v === 'true' || list.length === 0 || !list.every(isAddressOrRange)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be the number of proxies in front (1 behind one load balancer) or their addresses (10.0.0.1,10.1.0.0/16); true would trust any client',
        });
        return z.NEVER;
      }
      return list;
    }),
    /** `off`: no search results cache (the benchmarks measure the search itself with it). */
    SEARCH_CACHE: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
    /** `off`: no in-memory search index (every search runs in PostgreSQL). */
    SEARCH_INDEX: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
    /** How long after a write a cached search may still answer without it (ms; 0: never). */
    SEARCH_FRESHNESS_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int({ error: 'must be a whole number of milliseconds' })
      .min(0, { error: 'must be 0 or more' })
      .max(60_000, { error: 'must be at most 60000 (a minute)' })
      .default(1_000),
    /** An upload that sends no bytes for this long is answered 408 and closed (ms). */
    UPLOAD_IDLE_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int({ error: 'must be a whole number of milliseconds' })
      .min(100, { error: 'must be at least 100' })
      .max(600_000, { error: 'must be at most 600000 (10 minutes)' })
      .default(30_000),
    /** The slowest average rate an upload may arrive at: slower ones are answered 408 and closed (bytes/s). */
    UPLOAD_MIN_BYTES_PER_SECOND: z.coerce
      .number({ error: 'must be a number of bytes a second' })
      .int({ error: 'must be a whole number of bytes a second' })
      .min(1, { error: 'must be at least 1' })
      .default(4_096),
    /** Production without SMTP_URL: write mail to the outbox folder instead (explicitly; codes never logged). */
    MAIL_OUTBOX: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((v) => v === 'true' || v === '1'),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'is required when the other admin setting is given',
      });
    }
    if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID'],
        message: 'is required when the other Razorpay key is given',
      });
    }
    const whatsapp = [
      'WHATSAPP_TOKEN',
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_VERIFY_TOKEN',
    ] as const;
    const givenWhatsapp = whatsapp.filter((name) => env[name] !== undefined);
    if (givenWhatsapp.length > 0 && givenWhatsapp.length < whatsapp.length) {
      ctx.addIssue({
        code: 'custom',
        path: [whatsapp.find((name) => env[name] === undefined) as string],
        message: `is required when ${givenWhatsapp[0]} is given`,
      });
    }
    const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    const given = s3.filter((name) => env[name] !== undefined);
    if (given.length > 0 && given.length < s3.length) {
      ctx.addIssue({
        code: 'custom',
        path: [s3.find((name) => env[name] === undefined) as string],
        message: `is required when ${given[0]} is given`,
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** How a multipart upload must arrive: bytes at least every `idleMs`, on average at least `minBytesPerSecond`. */
export interface UploadPace {
  idleMs: number;
  minBytesPerSecond: number;
}

/** Fastify's trustProxy: off, a hop count, or the proxies' addresses and ranges. */
export type TrustProxy = false | number | string[];

function isAddressOrRange(value: string): boolean {
  const [address = '', bits, extra] = value.split('/');
  if (extra !== undefined) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

export interface Settings {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel ('' when unset). */
  redisPrefix: string;
  /** Keep search answers until a write (SEARCH_CACHE, on unless `off`). */
  searchCache: boolean;
  /** Answer searches from an index in this process's memory, kept fresh from the change log (SEARCH_INDEX). */
  searchIndex: boolean;
  /** How long after a write a cached search may still answer without it (SEARCH_FRESHNESS_MS, ms). */
  searchFreshnessMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  adminAppUrl: string;
  allowedOrigins: string[];
  admin: { email: string; password: string } | undefined;
  /** Razorpay, when its keys are set: the shape the payments domain takes. */
  razorpay: ApiConfig['razorpay'];
  /** The seller on GST invoices. */
  seller: ApiConfig['seller'];
  /** The key of the saved-search alerts' signed unsubscribe links. */
  unsubscribeSecret: string;
  /** WEBHOOK_ALLOW_LOOPBACK (tests only): webhook endpoints on loopback addresses. */
  webhookAllowLoopback: boolean;
  /** The WhatsApp Cloud API (WHATSAPP_*), or undefined: the channel is off. */
  whatsapp: ApiConfig['whatsapp'];
  /** The key of WhatsApp's one-tap links (WHATSAPP_LINK_SECRET). */
  whatsappLinkSecret: string;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  /** Uploaded files: an S3-compatible bucket, or undefined for local files under `dataDir/files`. */
  s3:
    | { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string }
    | undefined;
  /** Where uploads wait on disk while a request is processed (deleted when it is done). */
  uploadTmpDir: string;
  /** How a multipart body must arrive (UPLOAD_IDLE_TIMEOUT_MS, UPLOAD_MIN_BYTES_PER_SECOND). */
  uploadPace: UploadPace;
  webDist: string;
  adminDist: string;
  trustProxy: TrustProxy;
}

export class SettingsError extends Error {}

/** Meta's Graph API, the version the WhatsApp messages are sent with. */
export const GRAPH_API_URL = 'https://graph.facebook.com/v21.0';

/** Sample seller details outside production (a well-formed Maharashtra GSTIN that belongs to nobody). */
export const DEV_SELLER = {
  legalName: 'BarterAds Technologies Private Limited (development)',
  gstin: '27AABCB1234F1Z8',
  address: '101 Sample House, Andheri East, Mumbai, Maharashtra 400069',
} as const;

/** The one-tap links' key outside production (public, like the unsubscribe key: a link signed with it proves nothing in production). */
export const DEV_WHATSAPP_LINK_SECRET = 'barterads-development-whatsapp-link-secret';

/** The unsubscribe links' key outside production (public: links signed with it prove nothing in production). */
export const DEV_UNSUBSCRIBE_SECRET = 'barterads-development-unsubscribe-secret';

/** The repository root (where pnpm-workspace.yaml is), or the working directory outside a checkout. */
function repositoryRoot(start = process.cwd()): string {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(start);
    dir = parent;
  }
}

function originOf(value: string): string {
  return new URL(value).origin;
}

/**
 * What the server needs beyond well-formed settings: in production, mail must really go out (SMTP_URL) unless
 * MAIL_OUTBOX=true says that the outbox folder is meant, and GST invoices need the seller's details.
 */
export function assertServerSettings(source: NodeJS.ProcessEnv, settings: Settings): void {
  if (settings.isProduction && !settings.smtpUrl && !EnvSchema.shape.MAIL_OUTBOX.parse(source.MAIL_OUTBOX)) {
    throw new SettingsError(
      'Invalid setting SMTP_URL: is required in production (or set MAIL_OUTBOX=true to write mail to the outbox folder)',
    );
  }
  if (settings.isProduction) {
    // GST invoices name the seller: no sample values in production.
    for (const name of ['SELLER_LEGAL_NAME', 'SELLER_GSTIN', 'SELLER_ADDRESS'] as const) {
      if (!source[name]?.trim()) {
        throw new SettingsError(`Invalid setting ${name}: is required in production (GST invoices)`);
      }
    }
    // The unsubscribe links work signed out: with the public development key anyone could stop anyone's alerts.
    if (!source.UNSUBSCRIBE_SECRET?.trim()) {
      throw new SettingsError(
        "Invalid setting UNSUBSCRIBE_SECRET: is required in production (signs the alert e-mails' unsubscribe links)",
      );
    }
    // A one-tap link shows its deal signed out: with the public development key anyone could open anyone's deal.
    if (source.WHATSAPP_TOKEN?.trim() && !source.WHATSAPP_LINK_SECRET?.trim()) {
      throw new SettingsError(
        "Invalid setting WHATSAPP_LINK_SECRET: is required in production with WhatsApp on (signs the messages' one-tap links)",
      );
    }
  }
}

/** Parses the environment once; a bad setting throws one line naming it. */
export function loadSettings(source: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SettingsError(`Invalid setting ${issue.path.join('.')}: ${issue.message}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && env.WEBHOOK_ALLOW_LOOPBACK) {
    throw new SettingsError(
      'Invalid setting WEBHOOK_ALLOW_LOOPBACK: is for tests only and refused in production (webhooks never reach loopback addresses there)',
    );
  }
  const port = env.PORT;
  const root = repositoryRoot();
  const appUrl = env.APP_URL ?? (isProduction ? `http://localhost:${port}` : 'http://localhost:5173');
  const adminAppUrl =
    env.ADMIN_APP_URL ?? (isProduction ? `http://localhost:${port}/admin/` : 'http://localhost:5174/admin/');
  const allowedOrigins = new Set([originOf(appUrl), originOf(adminAppUrl)]);
  if (!isProduction) {
    for (const origin of [appUrl, adminAppUrl]) {
      const u = new URL(origin);
      if (u.hostname === 'localhost')
        allowedOrigins.add(`${u.protocol}//127.0.0.1${u.port ? `:${u.port}` : ''}`);
    }
    allowedOrigins.add(`http://localhost:${port}`);
    allowedOrigins.add(`http://127.0.0.1:${port}`);
  }
  return {
    env: env.NODE_ENV,
    isProduction,
    port,
    host: env.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX ?? '',
    searchCache: env.SEARCH_CACHE !== 'off',
    searchIndex: env.SEARCH_INDEX !== 'off',
    searchFreshnessMs: env.SEARCH_FRESHNESS_MS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'BarterAds <no-reply@localhost>',
    appUrl,
    adminAppUrl,
    allowedOrigins: [...allowedOrigins],
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    razorpay:
      env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET
        ? {
            keyId: env.RAZORPAY_KEY_ID,
            keySecret: env.RAZORPAY_KEY_SECRET,
            webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
            apiUrl: env.RAZORPAY_API_URL ?? 'https://api.razorpay.com',
            timeoutMs: env.RAZORPAY_TIMEOUT_MS,
          }
        : undefined,
    seller: {
      legalName: env.SELLER_LEGAL_NAME ?? DEV_SELLER.legalName,
      gstin: normalizeGstin(env.SELLER_GSTIN ?? DEV_SELLER.gstin),
      address: env.SELLER_ADDRESS ?? DEV_SELLER.address,
    },
    unsubscribeSecret: env.UNSUBSCRIBE_SECRET ?? DEV_UNSUBSCRIBE_SECRET,
    webhookAllowLoopback: env.WEBHOOK_ALLOW_LOOPBACK,
    whatsapp:
      env.WHATSAPP_TOKEN &&
      env.WHATSAPP_PHONE_NUMBER_ID &&
      env.WHATSAPP_APP_SECRET &&
      env.WHATSAPP_VERIFY_TOKEN
        ? {
            token: env.WHATSAPP_TOKEN,
            phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
            appSecret: env.WHATSAPP_APP_SECRET,
            verifyToken: env.WHATSAPP_VERIFY_TOKEN,
            apiUrl: env.WHATSAPP_API_URL ?? GRAPH_API_URL,
          }
        : undefined,
    whatsappLinkSecret: env.WHATSAPP_LINK_SECRET ?? DEV_WHATSAPP_LINK_SECRET,
    logLevel: env.LOG_LEVEL,
    dataDir: resolve(env.DATA_DIR ?? join(root, '.data')),
    s3:
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            region: env.S3_REGION ?? 'us-east-1',
          }
        : undefined,
    uploadTmpDir: join(resolve(env.DATA_DIR ?? join(root, '.data')), 'tmp', 'uploads'),
    uploadPace: { idleMs: env.UPLOAD_IDLE_TIMEOUT_MS, minBytesPerSecond: env.UPLOAD_MIN_BYTES_PER_SECOND },
    webDist: resolve(env.WEB_DIST ?? join(root, 'apps/web/dist')),
    adminDist: resolve(env.ADMIN_DIST ?? join(root, 'apps/admin/dist')),
    trustProxy: env.TRUST_PROXY,
  };
}
