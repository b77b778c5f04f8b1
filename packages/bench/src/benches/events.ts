import { randomUUID } from 'node:crypto';
import { createSession, dispatchEvents, verifySignature, writeEvent } from '@barterads/api';
import { listings, subscriptions, type UserRow, users, webhookEndpoints } from '@barterads/db';
import { startWebhookReceiver, type WebhookReceiver } from '@barterads/testing';
import type { BenchDatabase } from '../lib/database';
import { clientAddress } from '../lib/load';
import { BASE_PORT } from '../lib/paths';
import { type BenchResult, type Check, fmt, heading, percentile, printCheck, ratio } from '../lib/report';
import { startApiServer } from '../lib/server';

const CLIENTS = Number(process.env.BENCH_EVENTS_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_EVENTS_SECONDS ?? 15);
/** How often each client polls GET /api/events (ms). */
const POLL_MS = Number(process.env.BENCH_EVENTS_POLL_MS ?? 250);
const ENDPOINTS = Number(process.env.BENCH_WEBHOOK_ENDPOINTS ?? 100);
const HOOK_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 20);
/** Dispatchers working at once (several instances' jobs: SKIP LOCKED shares the work). */
const DISPATCHERS = Number(process.env.BENCH_WEBHOOK_DISPATCHERS ?? 4);
/** Brands per client: each may propose 30 deals an hour (the API's limit). */
const BRANDS_PER_CLIENT = 6;

const logger = { info: () => {}, warn: () => {}, error: () => {} };
const pubsub = { publish: async () => {}, subscribe: async () => () => {}, close: async () => {} };
const mailer = { mode: 'outbox' as const, send: async () => {} };

async function members(db: BenchDatabase, prefix: string, n: number, userType: 'media_owner' | 'advertiser') {
  const rows = await db.handle.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `${prefix}${i}-${randomUUID().slice(0, 8)}@bench.barterads.in`,
        passwordHash: 'not-used',
        firstName: 'Bench',
        lastName: `${prefix} ${i}`,
        userType,
        emailVerified: true,
      })),
    )
    .returning();
  const now = Date.now();
  await db.handle.db.insert(subscriptions).values(
    rows.map((u) => ({
      userId: u.id,
      planId: 'enterprise' as const,
      period: 'monthly' as const,
      status: 'active' as const,
      currentPeriodStart: new Date(now - 86_400_000),
      currentPeriodEnd: new Date(now + 30 * 86_400_000),
    })),
  );
  return rows;
}

/**
 * Event lag: CLIENTS clients, each a brand proposing deals (POST /api/deals) to its owner while that owner polls
 * GET /api/events?after= every POLL_MS, on the production server. Measured per proposal: from its 201 to the owner's
 * poll that returns its `deal.proposed` (what a partner sees), and from the event's commit to its bell delivery by
 * the dispatcher (what a member sees). Target: p99 under 2 s for both.
 */
async function runLag(db: BenchDatabase): Promise<Check[]> {
  heading(`Events: ${CLIENTS} clients proposing deals and polling /api/events for ${SECONDS} s`);
  const owners = await members(db, 'lagowner', CLIENTS, 'media_owner');
  const brands = await members(db, 'lagbrand', CLIENTS * BRANDS_PER_CLIENT, 'advertiser');
  const listingRows = await db.handle.db
    .insert(listings)
    .values(
      owners.map((o, i) => ({
        ownerId: o.id,
        ownerType: o.userType,
        title: `Lag hoarding ${i}`,
        description: 'Front-lit hoarding, for the events benchmark.',
        location: 'Pune, Maharashtra',
        category: 'outdoor' as const,
        unit: 'month',
        rateInr: 50_000,
      })),
    )
    .returning({ id: listings.id });
  const token = async (u: UserRow) => (await createSession(db.handle.db, u.id)).token;
  const ownerTokens = await Promise.all(owners.map(token));
  const brandTokens = await Promise.all(brands.map(token));

  const api = await startApiServer({ port: BASE_PORT + 40, databaseUrl: db.url });
  const seenLag: number[] = [];
  const proposedAt = new Map<string, number>();
  let proposals = 0;
  let failures = 0;
  let polls = 0;
  try {
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      owners.map(async (owner, c) => {
        const address = clientAddress();
        let after = 0;
        let round = 0;
        const waiting = new Set<string>();
        const poll = async () => {
          const res = await fetch(`${api.url}/api/events?after=${after}&types=deal.proposed`, {
            headers: { authorization: `Bearer ${ownerTokens[c]}`, 'x-forwarded-for': address },
          });
          polls += 1;
          if (!res.ok) {
            failures += 1;
            return;
          }
          const body = (await res.json()) as {
            events: { data: { deal: { _id: string } } }[];
            nextAfter: number;
          };
          after = body.nextAfter;
          const at = performance.now();
          for (const e of body.events) {
            const id = e.data.deal._id;
            const t0 = proposedAt.get(id);
            if (t0 !== undefined && waiting.delete(id)) seenLag.push(at - t0);
          }
        };
        while (Date.now() < until) {
          const b = c * BRANDS_PER_CLIENT + (round % BRANDS_PER_CLIENT);
          const brand = brands[b]!;
          round += 1;
          const res = await fetch(`${api.url}/api/deals`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${brandTokens[b]}`,
              'x-forwarded-for': clientAddress(),
            },
            body: JSON.stringify({
              listingId: listingRows[c]!.id,
              openDays: 7,
              items: [
                {
                  giverId: owner.id,
                  listingId: listingRows[c]!.id,
                  title: 'Hoarding',
                  quantity: 1,
                  unit: 'month',
                  valueInr: 50_000,
                },
                {
                  giverId: brand.id,
                  title: 'Sampling',
                  quantity: 10 + round,
                  unit: 'event',
                  valueInr: 45_000,
                },
              ],
            }),
          });
          if (res.status !== 201) {
            failures += 1;
            continue;
          }
          const id = ((await res.json()) as { deal: { _id: string } }).deal._id;
          proposedAt.set(id, performance.now());
          waiting.add(id);
          proposals += 1;
          // Poll until this proposal shows (at most 10 s), then the next.
          const give = Date.now() + 10_000;
          while (waiting.has(id) && Date.now() < give) {
            await new Promise((r) => setTimeout(r, POLL_MS));
            await poll();
          }
        }
      }),
    );
    // The dispatcher's side: from each event's commit to its bell delivery (database clock and the server's).
    await new Promise((r) => setTimeout(r, 3_000));
    const rows = await db.sql<{ ms: number }[]>`
      select extract(epoch from (d.delivered_at - e.created_at)) * 1000 as ms
      from event_deliveries d join events e on e.id = d.event_id
      where e.type = 'deal.proposed' and d.channel = 'bell' and d.status = 'delivered'`;
    const [undelivered] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from event_deliveries d join events e on e.id = d.event_id
      where e.type = 'deal.proposed' and d.channel = 'bell' and d.status = 'pending'`;
    // Where the bell's time goes: from the event's transaction start (its created_at) to the fan-out, and from the
    // fan-out to the bell's row.
    const parts = await db.sql<{ fan: number; bell: number }[]>`
      select extract(epoch from (e.dispatched_at - e.created_at)) * 1000 as fan,
        extract(epoch from (d.delivered_at - e.dispatched_at)) * 1000 as bell
      from event_deliveries d join events e on e.id = d.event_id
      where e.type = 'deal.proposed' and d.channel = 'bell' and d.status = 'delivered'`;
    const fan = parts.map((r) => Number(r.fan));
    const bellAfterFan = parts.map((r) => Number(r.bell));
    console.log(
      `  event to fan-out: p50 ${fmt(percentile(fan, 50))} ms, p99 ${fmt(percentile(fan, 99))} ms; fan-out to bell: p50 ${fmt(percentile(bellAfterFan, 50))} ms, p99 ${fmt(percentile(bellAfterFan, 99))} ms`,
    );
    const bellLag = rows.map((r) => Number(r.ms));
    const seenP99 = percentile(seenLag, 99);
    const bellP99 = percentile(bellLag, 99);
    console.log(
      `  ${fmt(proposals)} proposals, ${fmt(polls)} polls, ${fmt(failures)} failed requests; seen by the poller: p50 ${fmt(percentile(seenLag, 50))} ms, p99 ${fmt(seenP99)} ms (poll every ${POLL_MS} ms); bell delivered: ${fmt(bellLag.length)}, p50 ${fmt(percentile(bellLag, 50))} ms, p99 ${fmt(bellP99)} ms, ${fmt(undelivered?.n ?? 0)} still pending`,
    );
    const checks: Check[] = [
      {
        name: `/api/events lag p99, ${CLIENTS} clients proposing and polling`,
        value: `${fmt(seenP99)} ms (${fmt(seenLag.length)} of ${fmt(proposals)} proposals seen)`,
        target: '< 2,000 ms, every proposal seen',
        pass: seenP99 < 2_000 && seenLag.length === proposals && proposals > 0,
      },
      {
        name: 'dispatcher lag p99 (commit to bell delivery)',
        value: `${fmt(bellP99)} ms (${fmt(bellLag.length)} delivered, ${fmt(undelivered?.n ?? 0)} pending)`,
        target: '< 2,000 ms',
        pass: bellP99 < 2_000 && bellLag.length >= proposals,
      },
    ];
    for (const check of checks) printCheck(check);
    return checks;
  } finally {
    await api.stop();
  }
}

/**
 * Webhook fan-out: ENDPOINTS endpoints (each its own member, on local receivers) subscribed to the same events;
 * HOOK_EVENTS events whose audience is all of them, delivered by DISPATCHERS dispatchers at once. Checked: every
 * delivery arrives exactly once with a valid signature; printed: deliveries a second and the lag from the event's
 * commit to its receipt, against one endpoint alone (the ratio says what fanning out costs per delivery).
 */
async function runFanOut(db: BenchDatabase): Promise<Check[]> {
  heading(`Webhooks: ${fmt(HOOK_EVENTS)} events to ${ENDPOINTS} endpoints, ${DISPATCHERS} dispatchers`);
  const receivers: WebhookReceiver[] = [];
  for (let i = 0; i < 4; i++) receivers.push(await startWebhookReceiver());
  try {
    const owners = await members(db, 'hookowner', ENDPOINTS, 'media_owner');
    const secret = `whsec_${randomUUID().replaceAll('-', '')}`;
    await db.handle.db.insert(webhookEndpoints).values(
      owners.map((o, i) => ({
        userId: o.id,
        url: `${receivers[i % receivers.length]!.url}/hook/${i}`,
        types: ['deal.cancelled'],
        secret,
      })),
    );
    const deps = {
      db: db.handle.db,
      mailer,
      appUrl: 'http://localhost',
      pubsub,
      logger,
      webhooks: { isProduction: false, allowLoopback: true },
    };
    const run = async (audience: string[], events: number) => {
      for (const r of receivers) r.received.length = 0;
      const committed = new Map<string, number>();
      const started = performance.now();
      for (let e = 0; e < events; e++) {
        const dealId = randomUUID();
        const written = await db.handle.db.transaction((tx) =>
          writeEvent(tx, {
            type: 'deal.cancelled',
            actor: { kind: 'system', id: null },
            resourceType: 'deal',
            resourceId: dealId,
            audience,
            data: { deal: { _id: dealId, status: 'cancelled' } },
          }),
        );
        committed.set(written.id, Date.now());
      }
      await Promise.all(Array.from({ length: DISPATCHERS }, () => dispatchEvents(deps)));
      const seconds = (performance.now() - started) / 1000;
      const received = receivers.flatMap((r) => r.received);
      const keys = new Set(received.map((h) => `${h.path} ${h.headers['barterads-event-id']}`));
      const valid = received.filter((h) =>
        verifySignature(String(h.headers['barterads-signature']), h.body, [secret], new Date()),
      ).length;
      const lag = received.map(
        (h) =>
          h.receivedAt.getTime() - (committed.get(String(h.headers['barterads-event-id'])) ?? Number.NaN),
      );
      return {
        expected: audience.length * events,
        received: received.length,
        unique: keys.size,
        valid,
        seconds,
        lag,
      };
    };
    const single = await run([owners[0]!.id], HOOK_EVENTS);
    const all = await run(
      owners.map((o) => o.id),
      HOOK_EVENTS,
    );
    const perSecond = (r: typeof all) => r.received / r.seconds;
    console.log(
      `  one endpoint: ${fmt(single.received)} deliveries in ${fmt(single.seconds, 2)} s (${fmt(perSecond(single))}/s); ${ENDPOINTS} endpoints: ${fmt(all.received)} in ${fmt(all.seconds, 2)} s (${fmt(perSecond(all))}/s), lag p50 ${fmt(percentile(all.lag, 50))} ms, p99 ${fmt(percentile(all.lag, 99))} ms`,
    );
    const checks: Check[] = [
      {
        name: `webhook fan-out to ${ENDPOINTS} endpoints: each delivery once, signed`,
        value: `${fmt(all.unique)} of ${fmt(all.expected)} (${fmt(all.received)} received, ${fmt(all.valid)} valid signatures)`,
        target: 'all, exactly once, all valid',
        pass: all.unique === all.expected && all.received === all.expected && all.valid === all.expected,
      },
      {
        name: `webhook deliveries a second, ${ENDPOINTS} endpoints vs one`,
        value: `${ratio(perSecond(all) / perSecond(single))} (${fmt(perSecond(all))} vs ${fmt(perSecond(single))}/s)`,
        target: '>= 0.50x (fanning out costs no more per delivery than twice one endpoint)',
        pass: perSecond(all) / perSecond(single) >= 0.5,
      },
    ];
    for (const check of checks) printCheck(check);
    return checks;
  } finally {
    for (const r of receivers) await r.close();
  }
}

export async function runEventsBench(db: BenchDatabase): Promise<BenchResult> {
  const checks = [...(await runLag(db)), ...(await runFanOut(db))];
  return { bench: 'Events', checks, notes: [] };
}
