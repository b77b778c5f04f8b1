import { readFileSync } from 'node:fs';
import { createSession, notificationTopic, PUBSUB_CHANNEL } from '@barterads/api';
import { notifications, users } from '@barterads/db';
import type { BenchDatabase } from '../lib/database';
import { BASE_PORT } from '../lib/paths';
import { type BenchResult, fmt, heading, printCheck, ratio } from '../lib/report';
import { startApiServer } from '../lib/server';

const SMALL = Number(process.env.BENCH_FANOUT_SMALL ?? 10);
const LARGE = Number(process.env.BENCH_FANOUT_LARGE ?? 1_000);
/** Events published per measurement, at one every EVERY_MS: the same load at both sizes. */
const EVENTS = 1_000;
const EVERY_MS = Number(process.env.BENCH_FANOUT_EVERY_MS ?? 10);

/** One member's bell stream: `notifications.events` over server-sent events, as the web app opens it. */
interface Stream {
  userId: string;
  /** Resolves at the stream's first event (the unread count): the subscription is live. */
  ready: Promise<void>;
  close(): void;
}

/** When each published notification reached its stream, by notification id. */
const arrivals = new Map<string, number>();
let onArrival: (() => void) | undefined;

function openStream(baseUrl: string, userId: string, token: string, ip: string): Stream {
  const controller = new AbortController();
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const input = encodeURIComponent('{}');
  void (async () => {
    const response = await fetch(`${baseUrl}/trpc/notifications.events?input=${input}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'x-forwarded-for': ip },
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      const at = performance.now();
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (!data || block.includes('event:')) continue;
        const event = JSON.parse(data) as { type: string; notification?: { _id: string } };
        if (event.type === 'unread') markReady();
        else if (event.type === 'notification' && event.notification) {
          arrivals.set(event.notification._id, at);
          onArrival?.();
        }
      }
    }
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) console.error(`  stream of ${userId} failed: ${String(error)}`);
  });
  return { userId, ready, close: () => controller.abort() };
}

function rssKb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

const p = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

/**
 * One notification for each of `recipients` (written in one statement, as `notify` writes them), then each one's
 * event published on the server's pub/sub channel (PostgreSQL NOTIFY, as `notify` does without Redis): all at
 * once (`everyMs` 0, a burst) or one every `everyMs`. Answers each event's delivery time, from its publish to its
 * arrival at the member's stream.
 */
async function deliver(db: BenchDatabase, recipients: string[], everyMs: number): Promise<number[]> {
  const rows = await db.handle.db
    .insert(notifications)
    .values(
      recipients.map((userId) => ({
        userId,
        kind: 'new_message' as const,
        title: 'Fan-out',
        body: 'A benchmark notification.',
        link: '/dashboard',
        emailStatus: 'skipped' as const,
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  const published = new Map<string, number>();
  const all = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      const got = rows.filter((row) => arrivals.has(row.id)).length;
      reject(new Error(`${got} of ${rows.length} events delivered within 60 s`));
    }, 60_000);
    onArrival = () => {
      if (rows.every((row) => arrivals.has(row.id))) {
        clearTimeout(timer);
        resolve();
      }
    };
  });
  const publish = (row: { id: string; userId: string }) => {
    published.set(row.id, performance.now());
    return db.handle.notify(
      PUBSUB_CHANNEL,
      JSON.stringify({
        topic: notificationTopic(row.userId),
        data: { type: 'notification', notificationId: row.id },
      }),
    );
  };
  if (everyMs === 0) await Promise.all(rows.map(publish));
  else {
    const started = performance.now();
    const sends: Promise<void>[] = [];
    for (const [k, row] of rows.entries()) {
      const wait = started + k * everyMs - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sends.push(publish(row));
    }
    await Promise.all(sends);
  }
  await all;
  onArrival = undefined;
  return rows.map((row) => arrivals.get(row.id)! - published.get(row.id)!).sort((a, b) => a - b);
}

/**
 * Fan-out of live notifications on one server instance: LARGE vs SMALL open bell streams (real members, real
 * sessions, real SSE connections over HTTP), each member sent an event; p99 delivery at LARGE at most 2× SMALL's.
 * Prints the server's memory per open stream (RSS growth from SMALL to LARGE streams, per stream).
 */
export async function runFanoutBench(db: BenchDatabase): Promise<BenchResult> {
  heading(`Fan-out: live notifications to ${fmt(SMALL)} vs ${fmt(LARGE)} open streams on one instance`);
  // LARGE members, each with a session (the bell is per member: one stream each).
  const members = await db.handle.db
    .insert(users)
    .values(
      Array.from({ length: LARGE }, (_, i) => ({
        email: `fanout-${i}@bench.barterads.in`,
        passwordHash: 'not-used',
        firstName: `Fan${i}`,
        lastName: 'Out',
        userType: 'advertiser' as const,
        emailVerified: true,
      })),
    )
    .returning({ id: users.id });
  const tokens: string[] = [];
  for (const member of members) tokens.push((await createSession(db.handle.db, member.id)).token);

  const api = await startApiServer({ port: BASE_PORT + 20, databaseUrl: db.url });
  const streams: Stream[] = [];
  try {
    const open = async (count: number) => {
      const started = streams.length;
      for (let i = started; i < count; i++) {
        // Each member from an address of their own, as real members are (TRUST_PROXY: X-Forwarded-For).
        const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
        streams.push(openStream(api.url, members[i]!.id, tokens[i]!, ip));
      }
      await Promise.all(streams.map((s) => s.ready));
    };
    const ids = () => streams.map((st) => st.userId);
    /** EVENTS events at one every EVERY_MS, to the open streams' members in turn (shuffled). */
    const paced = async () => {
      const order = ids().sort(() => Math.random() - 0.5);
      const recipients = Array.from({ length: EVENTS }, (_, k) => order[k % order.length]!);
      return deliver(db, recipients, EVERY_MS);
    };
    /** One event to every open stream's member at the same instant, `rounds` times. */
    const burst = async (rounds: number) => {
      const times: number[] = [];
      for (let r = 0; r < rounds; r++) times.push(...(await deliver(db, ids(), 0)));
      return times.sort((x, y) => x - y);
    };

    await open(SMALL);
    const rssSmall = rssKb(api.pid);
    await burst(3); // warm-up, not measured
    const small = await paced();
    const smallBurst = await burst(Math.ceil(EVENTS / SMALL / 5));
    const openedAt = performance.now();
    await open(LARGE);
    const openMs = performance.now() - openedAt;
    // Let the connections' first allocations settle before reading the memory.
    await new Promise((r) => setTimeout(r, 1000));
    const rssLarge = rssKb(api.pid);
    const large = await paced();
    const largeBurst = await burst(1);
    const perStreamKb = (rssLarge - rssSmall) / (LARGE - SMALL);

    const r = p(large, 0.99) / Math.max(p(small, 0.99), 0.001);
    const check = {
      name: `p99 delivery with ${fmt(LARGE)} vs ${fmt(SMALL)} open streams, ${fmt(1000 / EVERY_MS)} events/s, each stream sent one`,
      value: `${ratio(r)} (${fmt(p(large, 0.99), 1)} ms vs ${fmt(p(small, 0.99), 1)} ms; medians ${fmt(p(large, 0.5), 1)} vs ${fmt(p(small, 0.5), 1)} ms)`,
      target: '<= 2.00x',
      pass: r <= 2,
    };
    printCheck(check);
    const rb = p(largeBurst, 0.99) / Math.max(p(smallBurst, 0.99), 0.001);
    const burstNote = `burst (one event to every open stream at the same instant, not a target): p99 ${ratio(rb)} (${fmt(p(largeBurst, 0.99), 1)} ms for ${fmt(LARGE)} vs ${fmt(p(smallBurst, 0.99), 1)} ms for ${fmt(SMALL)}; the last of ${fmt(LARGE)} waits behind the others' reads of their row and unread count)`;
    console.log(`  ${burstNote}`);
    const memory = `memory per open stream: ${fmt(perStreamKb, 1)} KB (server RSS ${fmt(rssSmall / 1024, 1)} MB with ${fmt(SMALL)} streams, ${fmt(rssLarge / 1024, 1)} MB with ${fmt(LARGE)}); ${fmt(LARGE - SMALL)} streams opened in ${fmt(openMs)} ms`;
    console.log(`  ${memory}`);
    return { bench: 'Fan-out', checks: [check], notes: [burstNote, memory] };
  } catch (error) {
    console.error(api.output.join(''));
    throw error;
  } finally {
    for (const s of streams) s.close();
    await api.stop();
  }
}
