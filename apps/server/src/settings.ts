import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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
    /** Trust X-Forwarded-* from a reverse proxy (client IPs for rate limits). */
    TRUST_PROXY: z
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

export interface Settings {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  adminAppUrl: string;
  allowedOrigins: string[];
  admin: { email: string; password: string } | undefined;
  razorpay:
    | { keyId: string; keySecret: string; webhookSecret: string | undefined; apiUrl: string }
    | undefined;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  /** Uploaded files: an S3-compatible bucket, or undefined for local files under `dataDir/files`. */
  s3:
    | { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string }
    | undefined;
  /** Where uploads wait on disk while a request is processed (deleted when it is done). */
  uploadTmpDir: string;
  webDist: string;
  adminDist: string;
  trustProxy: boolean;
}

export class SettingsError extends Error {}

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

/** Parses the environment once; a bad setting throws one line naming it. */
export function loadSettings(source: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SettingsError(`Invalid setting ${issue.path.join('.')}: ${issue.message}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
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
          }
        : undefined,
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
    webDist: resolve(env.WEB_DIST ?? join(root, 'apps/web/dist')),
    adminDist: resolve(env.ADMIN_DIST ?? join(root, 'apps/admin/dist')),
    trustProxy: env.TRUST_PROXY,
  };
}
