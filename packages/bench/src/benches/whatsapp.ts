import { dispatchEvents, whatsappChannel, writeEvent } from '@barterads/api';
import { users, whatsappNumbers } from '@barterads/db';
import { startFakeWhatsapp } from '@barterads/testing';
import type { BenchDatabase } from '../lib/database';
import { type BenchResult, type Check, fmt, heading, printCheck, ratio } from '../lib/report';

const MESSAGES = Number(process.env.BENCH_WHATSAPP_MESSAGES ?? 10_000);
const MEMBERS = Math.max(1, Math.ceil(MESSAGES / 10));
/** Dispatchers running at once on the same rows (two instances of the server). */
const DISPATCHERS = 4;

/**
 * WhatsApp at volume: MESSAGES `deal.proposed` events (each its own deal, MEMBERS members with confirmed numbers)
 * queued in the outbox, delivered by DISPATCHERS dispatchers at once through the fake Graph API, which fails every
 * request for a while in the middle (a Meta outage: those deliveries are retried later). PASS iff the fake received
 * every message exactly once (one per deal) and every delivery is `delivered`.
 */
export async function runWhatsappBench(db: BenchDatabase): Promise<BenchResult> {
  heading(`WhatsApp: ${fmt(MESSAGES)} queued messages through the fake Graph API`);
  const fake = await startFakeWhatsapp();
  const orm = db.handle.db;
  try {
    const members = await orm
      .insert(users)
      .values(
        Array.from({ length: MEMBERS }, (_, i) => ({
          email: `wa-${i}@bench.barterads.in`,
          passwordHash: 'not-used',
          firstName: `Wa${i}`,
          lastName: 'Member',
          userType: 'media_owner' as const,
          emailVerified: true,
        })),
      )
      .returning({ id: users.id });
    const [sender] = await orm
      .insert(users)
      .values({
        email: 'wa-sender@bench.barterads.in',
        passwordHash: 'x',
        firstName: 'Sender',
        lastName: 'Brand',
      })
      .returning({ id: users.id });
    await orm.insert(whatsappNumbers).values(
      members.map((m, i) => ({
        userId: m.id,
        phoneNumber: `9198${String(i).padStart(8, '0')}`,
        confirmedAt: new Date(),
        dealUpdates: true,
      })),
    );
    const party = (id: string) => ({ _id: id, name: 'Member', companyName: null, verified: false });
    const queued = performance.now();
    for (let start = 0; start < MESSAGES; start += 500) {
      await orm.transaction(async (tx) => {
        for (let i = start; i < Math.min(MESSAGES, start + 500); i++) {
          const to = members[i % MEMBERS]!.id;
          const dealId = crypto.randomUUID();
          await writeEvent(tx, {
            type: 'deal.proposed',
            actor: { kind: 'user', id: sender!.id },
            resourceType: 'deal',
            resourceId: dealId,
            audience: [sender!.id, to],
            data: {
              deal: {
                _id: dealId,
                number: null,
                version: 1,
                expiresAt: '2026-12-31T06:30:00.000Z',
                proposer: party(sender!.id),
                counterparty: party(to),
                items: [],
              },
            },
          });
        }
      });
    }
    const queueMs = performance.now() - queued;

    let clock = new Date();
    const logger = { info: () => {}, warn: () => {}, error: () => {} };
    const pubsub = { publish: async () => {}, subscribe: async () => () => {}, close: async () => {} };
    const config = {
      apiUrl: fake.url,
      token: fake.token,
      phoneNumberId: fake.phoneNumberId,
      appSecret: fake.appSecret,
      verifyToken: fake.verifyToken,
    };
    const dispatch = () =>
      dispatchEvents({
        db: orm,
        mailer: { mode: 'outbox', send: async () => {} } as never,
        appUrl: 'https://barterads.test',
        pubsub,
        logger,
        now: () => clock,
        channels: [
          whatsappChannel({ config, db: orm, linkSecret: 'bench-link-secret-'.repeat(3), now: () => clock }),
        ],
      });
    // A Meta outage once a fifth of the messages are out: 200 requests answered 500, retried later.
    let outageOver = false;
    const outage = setInterval(() => {
      if (outageOver) return;
      if (fake.requests.filter((r) => r.status === 500).length >= 200) {
        fake.mode = 'ok';
        outageOver = true;
      } else if (fake.messages.length >= MESSAGES / 5) fake.mode = 'error';
    }, 5);
    const started = performance.now();
    await Promise.all(Array.from({ length: DISPATCHERS }, () => dispatch()));
    clearInterval(outage);
    fake.mode = 'ok';
    const failedRequests = fake.requests.filter((r) => r.status === 500).length;
    // The retries are due 30 s later: the clock moves on and the dispatchers run again until nothing is left.
    for (let round = 0; round < 5; round++) {
      clock = new Date(clock.getTime() + 60 * 60 * 1000);
      await Promise.all(Array.from({ length: DISPATCHERS }, () => dispatch()));
    }
    const elapsedMs = performance.now() - started;

    const payloads = fake.messages.map(
      (m) =>
        m.body.template?.components?.find((c) => c.sub_type === 'quick_reply')?.parameters?.[0]?.payload ??
        '',
    );
    const unique = new Set(payloads).size;
    const [states] = await db.sql<{ delivered: number; other: number }[]>`
      select count(*) filter (where status = 'delivered')::int as delivered,
             count(*) filter (where status <> 'delivered')::int as other
      from event_deliveries where channel = 'whatsapp'`;
    const checks: Check[] = [
      {
        name: 'messages received by the fake / queued',
        value: `${ratio(fake.messages.length / MESSAGES)} (${fmt(fake.messages.length)} of ${fmt(MESSAGES)}; ${fmt(unique)} distinct deals, ${fmt(fake.messages.length - unique)} duplicates)`,
        target: '1.00x, 0 duplicates',
        pass: fake.messages.length === MESSAGES && unique === MESSAGES,
      },
      {
        name: 'deliveries delivered',
        value: `${fmt(states!.delivered)} of ${fmt(MESSAGES)} (${fmt(states!.other)} otherwise) after ${fmt(failedRequests)} failed requests during the outage`,
        target: 'all',
        pass: states!.delivered === MESSAGES && states!.other === 0,
      },
    ];
    for (const check of checks) printCheck(check);
    const notes = [
      `queued ${fmt(MESSAGES)} events in ${fmt(queueMs / 1000, 1)} s; ${DISPATCHERS} dispatchers sent them in ${fmt(elapsedMs / 1000, 1)} s (${fmt((MESSAGES / elapsedMs) * 1000)} messages/s)`,
    ];
    for (const note of notes) console.log(`  ${note}`);
    return { bench: 'WhatsApp', checks, notes };
  } finally {
    await fake.close();
  }
}
