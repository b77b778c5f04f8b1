import { Writable } from 'node:stream';
import { createSession, hashPassword } from '@barterads/api';
import type { AuthRole, PlanId, UserStatus, UserType } from '@barterads/core';
import { type Database, type ListingRow, listings, subscriptions, type UserRow, users } from '@barterads/db';
import {
  createTestDatabase,
  type FakeRazorpay,
  startTestMailServer,
  type TestDatabase,
  type TestMailServer,
} from '@barterads/testing';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/app';
import { createLogger } from '../../src/logger';
import { createServices, type ServerServices } from '../../src/services';
import { loadSettings, type Settings } from '../../src/settings';

export const TEST_APP_ORIGIN = 'http://localhost:5173';

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  settings: Settings;
  services: ServerServices;
  db: Database;
  /** postgres://… of the suite's database, or undefined on PGlite (share `services.database` then). */
  databaseUrl: string | undefined;
  mail: TestMailServer;
  /** Every log line the server wrote, for scanning for secrets. */
  logs: string[];
  /** fetch against the server; JSON bodies are encoded and `token` becomes a bearer header. */
  request(path: string, init?: TestRequestInit): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestRequestInit {
  method?: string;
  json?: unknown;
  body?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are asserted field by field
  body: any;
  text: string;
}

export interface TestServerOptions {
  /** Runs after the app is built and before it listens (to add routes a test needs). */
  beforeListen?: (app: FastifyInstance, services: ServerServices, settings: Settings) => void;
  /** Over this database instead of a fresh one; it outlives the server (restart tests start a second one on it). */
  database?: TestDatabase;
}

/**
 * With REDIS_URL set (CI sets it), every test server keeps its rate limits and live events in Redis, under a
 * prefix of its own: parallel suites and parallel runs on one Redis never see each other's keys.
 */
export function redisEnv(): Record<string, string> {
  const url = process.env.REDIS_URL;
  return url ? { REDIS_URL: url, REDIS_PREFIX: `barterads-test:${crypto.randomUUID()}:` } : {};
}

/** The real server on a random port, over a fresh database (or `options.database`), with a real SMTP server. */
export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const shared = options.database;
  const database: TestDatabase = shared
    ? { ...shared, handle: { ...shared.handle, close: async () => {} }, destroy: async () => {} }
    : await createTestDatabase();
  const mail = await startTestMailServer();
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    PORT: '0',
    SMTP_URL: mail.url,
    APP_URL: TEST_APP_ORIGIN,
    ADMIN_APP_URL: 'http://localhost:5174/admin/',
    // Every search sees every committed write (tests search right after writing as another member); the
    // search-cache test runs the production window.
    SEARCH_FRESHNESS_MS: '0',
    // The fake Razorpay answers from this process: on a busy machine late, never not at all. A minute before a call
    // counts as unreachable (the gateway time-out's own test sets the production 8 s).
    RAZORPAY_TIMEOUT_MS: '60000',
    ...redisEnv(),
    ...env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString('utf8'));
      callback();
    },
  });
  const logger = createLogger(settings, sink);
  const services = await createServices(settings, logger, { database: database.handle });
  const app = await buildApp(settings, services, logger);
  options.beforeListen?.(app, services, settings);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;

  async function request(path: string, init: TestRequestInit = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const response = await fetch(baseUrl + path, {
      method: init.method ?? (init.json !== undefined || init.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, body, text };
  }

  return {
    app,
    baseUrl,
    settings,
    services,
    db: database.handle.db,
    databaseUrl: database.url,
    mail,
    logs,
    request,
    async close() {
      await app.close();
      await mail.close();
      await database.destroy();
    },
  };
}

let counter = 0;
let cachedHash: Promise<string> | undefined;
/**
 * The ceiling of an `expect.poll` for a state the server reaches on its own (a job's run, a dispatched event, a
 * mail): never a time a passing test waits, only how long a busy 2-core machine may take before the test gives up.
 */
export const EVENTUALLY = { timeout: 120_000 } as const;

/** A promise and the function that settles it (Promise.withResolvers, which Node 20 lacks): a test's gate. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

export const TEST_PASSWORD = 'test-password-1';

export interface TestUserOptions {
  email?: string;
  firstName?: string;
  lastName?: string;
  role?: AuthRole;
  userType?: UserType;
  status?: UserStatus;
  country?: string;
}

/** Inserts a user (password TEST_PASSWORD) and opens a session for it. */
export async function createTestUser(
  db: Database,
  options: TestUserOptions = {},
): Promise<{ user: UserRow; token: string; password: string }> {
  counter += 1;
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      email: options.email ?? `user${counter}-${Date.now()}@test.barterads.in`,
      passwordHash: await cachedHash,
      firstName: options.firstName ?? `Test${counter}`,
      lastName: options.lastName ?? 'User',
      role: options.role ?? 'user',
      userType: options.userType ?? 'advertiser',
      status: options.status ?? 'active',
      country: options.country ?? 'IN',
      emailVerified: true,
    })
    .returning();
  const { token } = await createSession(db, user!.id);
  return { user: user!, token, password: TEST_PASSWORD };
}

/** Inserts an active listing of `owner` (a hoarding in Pune unless told otherwise), past the plan's allowance. */
export async function insertTestListing(
  db: Database,
  owner: Pick<UserRow, 'id' | 'userType'>,
  values: Partial<typeof listings.$inferInsert> = {},
): Promise<ListingRow> {
  const [row] = await db
    .insert(listings)
    .values({
      ownerId: owner.id,
      ownerType: owner.userType,
      title: 'Hoarding',
      description: 'Front-lit',
      location: 'Pune',
      ...values,
    })
    .returning();
  return row!;
}

/**
 * A deal proposed over HTTP by `proposer` on a new hoarding of `owner` (Pune, ₹50,000 a month, or `listing`'s
 * values) against 20 sampling boxes worth ₹45,000: the offer a member makes from a listing page. Returns the
 * listing and the deal's id; fails the test unless the server answers 201.
 */
export async function proposeTestDeal(
  server: TestServer,
  owner: Pick<UserRow, 'id' | 'userType'>,
  proposer: { user: Pick<UserRow, 'id'>; token: string },
  listing: Partial<typeof listings.$inferInsert> = {},
): Promise<{ listing: ListingRow; dealId: string }> {
  const row = await insertTestListing(server.db, owner, {
    title: 'Hoarding at the ring road',
    description: 'Front-lit hoarding facing two-way traffic.',
    location: 'Pune, Maharashtra',
    category: 'outdoor',
    unit: 'month',
    rateInr: 50000,
    ...listing,
  });
  const made = await server.request('/api/deals', {
    token: proposer.token,
    json: {
      listingId: row.id,
      openDays: 7,
      items: [
        {
          giverId: owner.id,
          listingId: row.id,
          title: 'Hoarding',
          quantity: 1,
          unit: 'month',
          valueInr: 50000,
        },
        { giverId: proposer.user.id, title: 'Sampling boxes', quantity: 20, unit: 'event', valueInr: 45000 },
      ],
    },
  });
  if (made.status !== 201) throw new Error(`proposing a test deal answered ${made.status}: ${made.text}`);
  return { listing: row, dealId: made.body.deal._id as string };
}

/** Gives a user a running plan (30 days), for tests that need more than the free tier allows. */
export async function giveTestPlan(db: Database, userId: string, planId: PlanId = 'growth'): Promise<void> {
  const now = Date.now();
  await db.insert(subscriptions).values({
    userId,
    planId,
    period: 'monthly',
    status: 'active',
    currentPeriodStart: new Date(now - 1000),
    currentPeriodEnd: new Date(now + 30 * 24 * 3600 * 1000),
  });
}

/**
 * A new member on `planId`/`period`, bought the way a member buys it: create-order, then checkout's signed answer
 * from the fake Razorpay (the server must be started with its keys).
 */
export async function buyTestPlan(
  server: TestServer,
  razorpay: Pick<FakeRazorpay, 'signPayment'>,
  planId: PlanId,
  period: 'monthly' | 'yearly',
) {
  const account = await createTestUser(server.db);
  const created = await server.request('/api/payments/create-order', {
    token: account.token,
    json: { planId, period },
  });
  expect(created.status, created.text).toBe(200);
  const verified = await server.request('/api/payments/verify', {
    token: account.token,
    json: razorpay.signPayment(created.body.order.id),
  });
  expect(verified.status, verified.text).toBe(200);
  return { ...account, orderId: created.body.order.id as string };
}
