import { join } from 'node:path';
import {
  type ApiServices,
  createLocalStorage,
  createMailer,
  createMemoryRateLimiter,
  createMemorySearchCache,
  createPubSub,
  createRedisRateLimiter,
  createRedisSearchCache,
  createS3Storage,
  ensureAdmin,
  type FileStorage,
  hashPassword,
  type Logger,
  PUBSUB_CHANNEL,
  type PubSubTransport,
  redisPubSubTransport,
  seedDemoPhotos,
  startSearchIndex,
  stopSearchIndex,
} from '@barterads/api';
import { COMPANY } from '@barterads/core';
import {
  type DatabaseHandle,
  DEMO_USER_PASSWORD,
  hasDemoData,
  openDatabase,
  STARTUP_LOCK,
  seedDemo,
} from '@barterads/db';
import { Redis } from 'ioredis';
import type { Settings } from './settings';

/** The demo admin of development (printed at start); production uses ADMIN_EMAIL / ADMIN_PASSWORD only. */
export const DEMO_ADMIN = { email: 'admin@barterads.local', password: 'admin-demo-2025' } as const;

export interface ServerServices extends ApiServices {
  redis: Redis | undefined;
  close(): Promise<void>;
}

/** The file storage: an S3-compatible bucket when configured, else local files under the data folder. */
export function fileStorage(settings: Settings): FileStorage {
  return settings.s3 ? createS3Storage(settings.s3) : createLocalStorage(join(settings.dataDir, 'files'));
}

/** Opens the database (migrated, and seeded on first start when embedded), the mailer and the rate-limit store. */
export async function createServices(
  settings: Settings,
  logger: Logger,
  options: { database?: DatabaseHandle } = {},
): Promise<ServerServices> {
  const database =
    options.database ??
    (await openDatabase({
      url: settings.databaseUrl,
      dataDir: settings.databaseUrl ? undefined : join(settings.dataDir, 'pglite'),
    }));
  // Processes starting at once on one database take turns: migrations (and the admin account) once each.
  await database.exclusively(STARTUP_LOCK, async () => {
    await database.migrate();

    // The embedded database is a demo: seed it on first start. A given database (tests, PostgreSQL) is not seeded.
    if (!options.database && !settings.databaseUrl && !(await hasDemoData(database.db))) {
      const result = await seedDemo(database.db, { passwordHash: await hashPassword(DEMO_USER_PASSWORD) });
      const photos = await seedDemoPhotos(database.db, fileStorage(settings));
      logger.info({ ...result, photos }, 'seeded demo data into the embedded database');
    }
    if (settings.admin) {
      const result = await ensureAdmin(database.db, settings.admin);
      if (result === 'created') logger.info({}, 'created the admin account of ADMIN_EMAIL');
      if (result === 'held-by-non-admin')
        logger.warn({}, 'ADMIN_EMAIL belongs to an account that is not an admin: it was not promoted');
    } else if (settings.env === 'development') {
      await ensureAdmin(database.db, DEMO_ADMIN);
      logger.info(
        { email: DEMO_ADMIN.email },
        `demo admin: ${DEMO_ADMIN.email} / password: ${DEMO_ADMIN.password}`,
      );
    }
  });

  const redis = settings.redisUrl
    ? new Redis(settings.redisUrl, {
        maxRetriesPerRequest: 2,
        lazyConnect: false,
        // Every key (rate limits, the global limit) gets the prefix; the pub/sub channel takes it below.
        ...(settings.redisPrefix ? { keyPrefix: settings.redisPrefix } : {}),
      })
    : undefined;
  // ioredis reconnects by itself; without a listener it would print each connection error as unhandled.
  redis?.on('error', (error: Error) => logger.warn({ err: error }, 'Redis connection error'));
  const mailer = createMailer({
    smtpUrl: settings.smtpUrl,
    from: settings.mailFrom,
    outboxDir: join(settings.dataDir, 'outbox'),
    logger,
    // One-time codes are printed only in development; never in production, outbox or not.
    logHints: !settings.isProduction,
  });

  // Live events fan out through Redis when it is there, through the database's LISTEN/NOTIFY otherwise.
  const transport: PubSubTransport = redis
    ? redisPubSubTransport(redis, (error) => logger.warn({ err: error }, 'Redis subscriber connection error'))
    : {
        publish: (channel, payload) => database.notify(channel, payload),
        listen: (channel, onPayload) => database.listen(channel, onPayload),
      };
  const closing = new AbortController();
  const pubsub = createPubSub(transport, {
    channel: redis ? `${settings.redisPrefix}${PUBSUB_CHANNEL}` : PUBSUB_CHANNEL,
    onError: (error) => logger.warn({ err: error }, 'event handler failed'),
  });

  if (settings.searchIndex) startSearchIndex(database.db, logger);

  return {
    database,
    mailer,
    redis,
    pubsub,
    storage: fileStorage(settings),
    rateLimiter: redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter(),
    searchCache: settings.searchCache
      ? redis
        ? createRedisSearchCache(redis, 60, {
            freshnessMs: settings.searchFreshnessMs,
            admitOnSecondAsk: true,
          })
        : createMemorySearchCache(2_000, { freshnessMs: settings.searchFreshnessMs, admitOnSecondAsk: true })
      : undefined,
    logger,
    config: {
      isProduction: settings.isProduction,
      appUrl: settings.appUrl,
      adminAppUrl: settings.adminAppUrl,
      allowedOrigins: settings.allowedOrigins,
      supportEmail: COMPANY.supportEmail,
      razorpay: settings.razorpay,
      seller: settings.seller,
      unsubscribeSecret: settings.unsubscribeSecret,
      webhooks: { allowLoopback: settings.webhookAllowLoopback },
      whatsapp: settings.whatsapp,
      whatsappLinkSecret: settings.whatsappLinkSecret,
    },
    closing: closing.signal,
    async close() {
      closing.abort();
      stopSearchIndex(database.db);
      await pubsub.close().catch(() => {});
      redis?.disconnect();
      await database.close();
    },
  };
}
