import { createSession, hashPassword } from '@barterads/api';
import { subscriptions, users } from '@barterads/db';
import type { BenchDatabase } from '../lib/database';
import { clientAddress } from '../lib/load';
import { type BenchResult, fmt, heading, printCheck } from '../lib/report';
import type { RunningServer } from '../lib/server';

const CLIENTS = Number(process.env.BENCH_WRITE_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 20);
/**
 * Each simulated user posts at most this many listings and messages, under the API's per-user limits
 * (30 listings an hour, 30 messages a minute): a client that has used up a user signs in as the next one,
 * the way real load comes from many people rather than one account hammering the API.
 */
const PER_USER = 25;
const USERS = Number(process.env.BENCH_WRITE_USERS ?? 600);

interface Writer {
  userId: string;
  token: string;
  address: string;
}

interface Acknowledged {
  listings: string[];
  messages: number[];
  errors: Map<string, number>;
  latencies: number[];
  requests: number;
}

async function createWriters(db: BenchDatabase, count: number): Promise<Writer[]> {
  const passwordHash = await hashPassword('bench-writer-password');
  const now = new Date();
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `writer${i}@bench.barterads.in`,
    passwordHash,
    firstName: 'Bench',
    lastName: `Writer ${i}`,
    role: 'user' as const,
    userType: i % 2 === 0 ? ('media_owner' as const) : ('advertiser' as const),
    status: 'active' as const,
    country: 'IN',
    emailVerified: true,
  }));
  const inserted = await db.handle.db.insert(users).values(rows).returning({ id: users.id });
  // Enterprise plan: no cap on active listings, so the plan allowance never refuses a benchmark post.
  await db.handle.db.insert(subscriptions).values(
    inserted.map((u) => ({
      userId: u.id,
      planId: 'enterprise' as const,
      period: 'monthly' as const,
      status: 'active' as const,
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 24 * 3600 * 1000),
    })),
  );
  const writers: Writer[] = [];
  for (let i = 0; i < inserted.length; i += 25) {
    const batch = await Promise.all(
      inserted.slice(i, i + 25).map(async (u) => ({
        userId: u.id,
        token: (await createSession(db.handle.db, u.id)).token,
        address: clientAddress(),
      })),
    );
    writers.push(...batch);
  }
  return writers;
}

async function post(
  url: string,
  writer: Writer,
  body: unknown,
  ack: Acknowledged,
  label: string,
): Promise<unknown | undefined> {
  const started = performance.now();
  ack.requests += 1;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${writer.token}`,
        'x-forwarded-for': writer.address,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    ack.latencies.push(performance.now() - started);
    if (response.status !== 201 && response.status !== 200) {
      const key = `${label} ${response.status} ${text.slice(0, 120)}`;
      ack.errors.set(key, (ack.errors.get(key) ?? 0) + 1);
      return undefined;
    }
    return JSON.parse(text);
  } catch (error) {
    const key = `${label} ${error instanceof Error ? error.message : String(error)}`;
    ack.errors.set(key, (ack.errors.get(key) ?? 0) + 1);
    return undefined;
  }
}

/**
 * The write path: CLIENTS concurrent clients for SECONDS seconds, each posting a listing and sending a message
 * in turn over the REST API; then every acknowledged write is looked up in the database.
 */
export async function runWritePath(db: BenchDatabase, api: RunningServer): Promise<BenchResult> {
  const result: BenchResult = { bench: 'Write path', checks: [], notes: [] };
  heading(`Write path: ${CLIENTS} clients for ${SECONDS} s posting listings and sending messages`);
  const [target] = await db.sql<{ id: string }[]>`
    select id from listings where status = 'active' order by created_at desc limit 1`;
  if (!target) return { ...result, error: 'no listing to message about' };
  const writers = await createWriters(db, USERS);
  await db.waitIdle();
  const ack: Acknowledged = { listings: [], messages: [], errors: new Map(), latencies: [], requests: 0 };
  let nextWriter = 0;
  let exhausted = false;
  const deadline = Date.now() + SECONDS * 1000;

  const client = async (n: number) => {
    while (Date.now() < deadline) {
      const writer = writers[nextWriter++];
      if (!writer) {
        exhausted = true;
        return;
      }
      let conversationId: string | undefined;
      for (let i = 0; i < PER_USER && Date.now() < deadline; i++) {
        const created = (await post(
          `${api.url}/api/barters`,
          writer,
          {
            title: `Benchmark listing ${n}-${i} from ${writer.userId.slice(0, 8)}`,
            description:
              'Posted by the write-path benchmark: twenty FM radio spots in exchange for hotel stays.',
            location: 'Pune, Maharashtra',
            category: 'audio',
            seeking: 'Hotel stays',
            contactPhone: '+919820012345',
          },
          ack,
          'POST /api/barters',
        )) as { barter?: { _id?: string } } | undefined;
        if (created?.barter?._id) ack.listings.push(created.barter._id);
        if (Date.now() >= deadline) break;
        const text = `Hello from benchmark client ${n}, message ${i}`;
        type Sent = { conversation?: { _id?: string }; message?: { _id?: number } } | undefined;
        const sent: Sent = conversationId
          ? ((await post(
              `${api.url}/api/conversations/${conversationId}/messages`,
              writer,
              { text },
              ack,
              'POST /api/conversations/:id/messages',
            )) as Sent)
          : ((await post(
              `${api.url}/api/conversations`,
              writer,
              { barterId: target.id, text },
              ack,
              'POST /api/conversations',
            )) as Sent);
        if (sent?.conversation?._id) conversationId = sent.conversation._id;
        if (sent?.message?._id !== undefined) ack.messages.push(sent.message._id);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
  const elapsed = (performance.now() - started) / 1000;

  const writerIds = writers.map((w) => w.userId);
  const [stored] = await db.sql<{ listings: number; messages: number }[]>`
    select
      (select count(*)::int from listings where owner_id = any(${writerIds}::uuid[])) as listings,
      (select count(*)::int from messages where sender_id = any(${writerIds}::uuid[])) as messages`;
  const [found] = await db.sql<{ listings: number; messages: number }[]>`
    select
      (select count(*)::int from listings where id = any(${ack.listings}::uuid[])) as listings,
      (select count(*)::int from messages where id = any(${ack.messages}::bigint[])) as messages`;
  const errors = [...ack.errors.values()].reduce((a, b) => a + b, 0);
  const sorted = [...ack.latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const writes = ack.listings.length + ack.messages.length;
  console.log(
    `  ${fmt(writes)} acknowledged writes in ${elapsed.toFixed(1)} s (${fmt(writes / elapsed)} writes/s): ` +
      `${fmt(ack.listings.length)} listings, ${fmt(ack.messages.length)} messages; latency p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms`,
  );
  for (const [key, n] of ack.errors) console.log(`  error x${n}: ${key}`);
  if (exhausted)
    result.notes.push(`all ${USERS} benchmark users used up before the end: raise BENCH_WRITE_USERS`);

  result.checks.push({
    name: 'errors under load',
    value: `${fmt(errors)} of ${fmt(ack.requests)} requests`,
    target: '0',
    pass: errors === 0,
  });
  result.checks.push({
    name: 'acknowledged listings present afterwards',
    value: `${fmt(found!.listings)} of ${fmt(ack.listings.length)} (table holds ${fmt(stored!.listings)} by the writers)`,
    target: 'all',
    pass: found!.listings === ack.listings.length && ack.listings.length > 0,
  });
  result.checks.push({
    name: 'acknowledged messages present afterwards',
    value: `${fmt(found!.messages)} of ${fmt(ack.messages.length)} (table holds ${fmt(stored!.messages)} by the writers)`,
    target: 'all',
    pass: found!.messages === ack.messages.length && ack.messages.length > 0,
  });
  result.notes.push(
    `${fmt(writes)} acknowledged writes in ${elapsed.toFixed(1)} s (${fmt(writes / elapsed)} writes/s), p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms`,
  );
  for (const check of result.checks) printCheck(check);
  return result;
}
