import { isLanguage, languagePath } from '@barterads/core';
import {
  type Database,
  type EventRow,
  type Executor,
  eventDeliveries,
  events,
  queryRows,
  users,
} from '@barterads/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Mailer } from '../mail/mailer';
import { actionLabelFor, sendMemberMail } from '../mail/member-mail';
import { notify, wantsEmail } from '../notifications/notify';
import type { PubSub } from '../pubsub';
import type { Logger } from '../services';
import { type WebhookDeliverySettings, webhookChannel } from '../webhooks/channel';
import { type WhatsappChannelDeps, whatsappChannel } from '../whatsapp/channel';
import { memberNotices } from './notices';

/**
 * A channel an event is delivered to. `targets` names who gets it (at fan-out, from the event and, when it needs
 * them, the database's rows: a webhook's endpoints); `deliver` runs inside the delivery's transaction, which holds
 * the delivery's row lock and commits with its mark: a write to the database (the bell) happens exactly once; a
 * send to the outside (e-mail, a webhook) is committed after the other side answered, so a dispatcher killed in
 * between sends again (at least once). A channel is added to the dispatcher in one line of `CHANNELS` below.
 */
export interface Channel {
  name: string;
  /** Attempts before the delivery is `failed`. */
  maxAttempts: number;
  /** How long a delivery is retried for, from its fan-out (or its resend); attempts alone count when not given. */
  retryWindowMs?: number;
  /** Deliveries taken in one transaction, each in a savepoint of its own (the bell: a commit each was most of its time); 1 when not given. */
  batch?: number;
  /** At most this many workers of this channel in a run (never more than the dispatcher's `concurrency`). */
  concurrency?: number;
  targets(event: EventRow, tx: Executor): string[] | Promise<string[]>;
  /**
   * The targets of a fan-out's whole batch at once (one query, not one an event: a webhook's endpoints), by event
   * id; `targets` per event when not given.
   */
  targetsOfBatch?(batch: readonly EventRow[], tx: Executor): Promise<Map<string, string[]>>;
  /** Delivers in the delivery's transaction (database work, or a send whose mark commits after the answer). */
  deliver?(tx: Executor, event: EventRow, target: string, after: AfterCommit): Promise<DeliveryOutcome>;
  /**
   * For a channel that calls the outside (partner webhooks) instead of `deliver`: reads in `tx` what the call needs
   * and answers an outcome (nothing to call) or the call, which the dispatcher makes after that transaction has
   * committed, holding no database connection, and records in a short transaction of its own.
   */
  prepare?(tx: Executor, event: EventRow, target: string): Promise<DeliveryOutcome | OutsideCall>;
  /** Runs (in its own transaction) when a delivery is given up as `failed`: a webhook disables its endpoint. */
  onGiveUp?(
    tx: Executor,
    delivery: { id: string; eventId: string; target: string },
    now: Date,
  ): Promise<void>;
}

/**
 * What a delivery came to: done, not needed (skipped), or not yet (`deferUntil`: pending again from then, no
 * attempt counted; WhatsApp's one message per deal per 10 minutes). `statusCode`: what the other side answered
 * (recorded on the delivery).
 */
export type DeliveryOutcome =
  | 'delivered'
  | 'skipped'
  | { status: 'delivered' | 'skipped'; statusCode?: number }
  | { deferUntil: Date };

/** A call to the outside: its answer, or a throw (a failed attempt); `timeoutMs` bounds it (the claim's length). */
export interface OutsideCall {
  call(): Promise<DeliveryOutcome>;
  timeoutMs: number;
}

/** A failed attempt that got an answer: its status code is recorded on the delivery. */
export class ChannelRefused extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = 'ChannelRefused';
  }
}

/** Work a delivery does once its transaction committed (a live event to open tabs). */
export type AfterCommit = (work: () => Promise<void>) => void;

export interface DispatchDeps {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  pubsub: PubSub;
  logger: Logger;
  /** The clock deliveries are due by (tests move it); the wall clock when not given. */
  now?: () => Date;
  /** Aborted: the dispatcher stops where it is, as a killed process would (its open transaction rolls back). */
  signal?: AbortSignal;
  /** The channels; every channel of `CHANNELS` when not given. */
  channels?: readonly Channel[];
  /**
   * Deliveries worked at once per channel (each its own transaction and row lock, `SKIP LOCKED`): a slow receiver
   * or mail server then holds one worker, not the queue. 1 when not given (tests that kill a dispatcher count its
   * steps).
   */
  concurrency?: number;
  /** Partner webhooks' delivery settings (production rules, the test-only loopback allowance, DNS). */
  webhooks?: WebhookDeliverySettings;
  /** The WhatsApp channel's settings (WHATSAPP_*); no WhatsApp channel without them. */
  whatsapp?: WhatsappChannelDeps;
}

/** The retry delay after `attempts` failed attempts: 30 s, doubling, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

/** The notice of `userId`, in their profile's language (issue 33). */
async function noticeFor(tx: Executor, event: EventRow, userId: string) {
  const [user] = await tx
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const language = isLanguage(user?.language) ? user.language : 'en';
  return { language, notice: memberNotices(event, language).find((n) => n.userId === userId) };
}

/** The bell: the member's notification, written in the delivery's transaction (no e-mail: that is its own channel). */
export function bellChannel(logger: Logger, pubsub: PubSub): Channel {
  return {
    name: 'bell',
    maxAttempts: 10,
    // Database writes only: 25 to a transaction, two workers (the pool serves requests too).
    batch: 25,
    concurrency: 2,
    targets: (event) => memberNotices(event).map((n) => n.userId),
    async deliver(tx, event, target, after) {
      const { notice } = await noticeFor(tx, event, target);
      if (!notice) return 'skipped';
      const published: [string, unknown][] = [];
      const deferred: PubSub = {
        publish: async (topic, data) => {
          published.push([topic, data]);
        },
        subscribe: (topic, handler) => pubsub.subscribe(topic, handler),
        close: () => Promise.resolve(),
      };
      await notify({ db: tx, pubsub: deferred, logger }, { ...notice, email: false });
      // Published once the row is committed, so an open tab that reads it finds it.
      after(async () => {
        for (const [topic, data] of published) await pubsub.publish(topic, data);
      });
      return 'delivered';
    },
  };
}

/** E-mail: the notice's words to the member's address, unless the member turned the kind off or is gone. */
export function emailChannel(mailer: Mailer, appUrl: string): Channel {
  return {
    name: 'email',
    maxAttempts: 8,
    // Rendering a mail is CPU work and each worker holds a connection while it sends: two are enough.
    concurrency: 2,
    targets: (event) =>
      memberNotices(event)
        .filter((n) => n.email !== false)
        .map((n) => n.userId),
    async deliver(tx, event, target) {
      const { notice, language } = await noticeFor(tx, event, target);
      if (!notice || notice.email === false) return 'skipped';
      const [user] = await tx
        .select({ email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, target))
        .limit(1);
      if (!user || user.deletedAt || !(await wantsEmail(tx, target, notice.kind))) return 'skipped';
      await sendMemberMail(mailer, user.email, {
        appUrl,
        subject: notice.title,
        firstName: user.firstName,
        paragraphs: [notice.body],
        // The page in the member's language (`/hi/dashboard/deals/…`).
        action: { label: actionLabelFor(notice.link), path: languagePath(language, notice.link) },
      });
      return 'delivered';
    },
  };
}

/**
 * Every channel the dispatcher delivers to: a new channel (WhatsApp) is one more line here. Each is built from the
 * dispatcher's dependencies on every run (cheap: closures over them); a factory that returns nothing (WhatsApp
 * without its settings) adds no channel.
 */
export const CHANNELS: readonly ((deps: DispatchDeps) => Channel | undefined)[] = [
  (deps) => bellChannel(deps.logger, deps.pubsub),
  (deps) => emailChannel(deps.mailer, deps.appUrl),
  (deps) => webhookChannel(deps),
  // Only with the WhatsApp settings (WHATSAPP_*): without them no WhatsApp deliveries are fanned out.
  (deps) => (deps.whatsapp ? whatsappChannel({ now: deps.now, db: deps.db, ...deps.whatsapp }) : undefined),
];

function stopped(signal: AbortSignal | undefined): boolean {
  return signal?.aborted ?? false;
}

/**
 * Fans events out: each undispatched event (oldest first, `FOR UPDATE SKIP LOCKED`, so two dispatchers never take
 * the same one) gets one delivery row per channel and target, in the transaction that marks it dispatched.
 */
async function fanOut(deps: DispatchDeps, channels: readonly Channel[]): Promise<number> {
  let fanned = 0;
  for (;;) {
    if (stopped(deps.signal)) return fanned;
    const n = await deps.db.transaction(async (tx) => {
      const batch = await tx
        .select()
        .from(events)
        .where(isNull(events.dispatchedAt))
        .orderBy(asc(events.sequence))
        .limit(100)
        .for('update', { skipLocked: true });
      if (batch.length === 0) return 0;
      const now = deps.now?.() ?? new Date();
      const rows: (typeof eventDeliveries.$inferInsert)[] = [];
      const batched = new Map<string, Map<string, string[]>>();
      for (const channel of channels) {
        if (channel.targetsOfBatch) batched.set(channel.name, await channel.targetsOfBatch(batch, tx));
      }
      for (const event of batch) {
        for (const channel of channels) {
          const targets = batched.has(channel.name)
            ? (batched.get(channel.name)?.get(event.id) ?? [])
            : await channel.targets(event, tx);
          for (const target of new Set(targets)) {
            rows.push({
              eventId: event.id,
              channel: channel.name,
              target,
              nextAttemptAt: now,
              retryUntil: channel.retryWindowMs ? new Date(now.getTime() + channel.retryWindowMs) : null,
            });
          }
        }
      }
      if (rows.length > 0) await tx.insert(eventDeliveries).values(rows).onConflictDoNothing();
      await tx
        .update(events)
        .set({ dispatchedAt: now })
        .where(
          sql`${events.id} in (${sql.join(
            batch.map((e) => sql`${e.id}::uuid`),
            sql`, `,
          )})`,
        );
      return batch.length;
    });
    fanned += n;
    if (n === 0) return fanned;
  }
}

interface Due extends Record<string, unknown> {
  id: string;
  event_id: string;
  channel: string;
  target: string;
  attempts: number;
  retry_until: string | null;
}

/** What one worker's step came to. */
interface Step {
  /** Deliveries taken (0: nothing was due). */
  taken: number;
  delivered: number;
  failed: number;
}

/** How long past a call's own time-out its claim lasts (the DNS lookup, a busy machine). */
const CALL_CLAIM_MARGIN_MS = 30_000;

/** The next due deliveries of a channel, locked (`SKIP LOCKED`: another worker takes the next ones). */
function takeDue(tx: Executor, channel: string, now: Date, skip: ReadonlySet<string>, limit: number) {
  return queryRows<Due>(
    tx,
    sql`select id::text, event_id::text, channel, target, attempts, retry_until::text from ${eventDeliveries}
        where status = 'pending' and channel = ${channel}
          and next_attempt_at <= ${now.toISOString()}::timestamptz
          ${
            skip.size > 0
              ? sql`and id not in (${sql.join(
                  [...skip].map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`
              : sql``
          }
        order by next_attempt_at, ${eventDeliveries}.id limit ${limit}
        for update skip locked`,
  );
}

async function eventsById(tx: Executor, due: readonly Due[]): Promise<Map<string, EventRow>> {
  const ids = [...new Set(due.map((d) => d.event_id))];
  const rows = await tx
    .select()
    .from(events)
    .where(
      sql`${events.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Records what a delivery came to. `claimedUntil`: only while the delivery is still this worker's claim (a call made
 * outside the transaction); answers whether it was recorded.
 */
async function markOutcome(
  tx: Executor,
  due: Due,
  outcome: DeliveryOutcome,
  now: Date,
  claimedUntil?: Date,
): Promise<'delivered' | 'skipped' | 'deferred' | 'lost'> {
  const ours = and(
    eq(eventDeliveries.id, due.id),
    claimedUntil
      ? and(eq(eventDeliveries.status, 'pending'), eq(eventDeliveries.nextAttemptAt, claimedUntil))
      : undefined,
  );
  if (typeof outcome === 'object' && 'deferUntil' in outcome) {
    // Not yet: due again at the channel's time (later than now, so this run does not take it again).
    const at = outcome.deferUntil > now ? outcome.deferUntil : new Date(now.getTime() + 1000);
    const marked = await tx
      .update(eventDeliveries)
      .set({ nextAttemptAt: at })
      .where(ours)
      .returning({ id: eventDeliveries.id });
    return marked.length > 0 ? 'deferred' : 'lost';
  }
  const result = typeof outcome === 'string' ? outcome : outcome.status;
  const marked = await tx
    .update(eventDeliveries)
    .set({
      status: result,
      attempts: sql`${eventDeliveries.attempts} + 1`,
      deliveredAt: result === 'delivered' ? now : null,
      lastError: null,
      lastStatusCode: typeof outcome === 'string' ? null : (outcome.statusCode ?? null),
    })
    .where(ours)
    .returning({ id: eventDeliveries.id });
  return marked.length > 0 ? result : 'lost';
}

/**
 * Records a failed attempt: pending again at the next attempt's time (growing delays), or `failed` after the
 * channel's last attempt or past its retry window (then the channel's `onGiveUp`). Answers whether it gave up.
 */
async function markFailure(
  tx: Executor,
  channel: Channel,
  due: Due,
  error: unknown,
  now: Date,
  claimedUntil?: Date,
): Promise<boolean> {
  const attempts = due.attempts + 1;
  const nextAttemptAt = new Date(now.getTime() + retryDelayMs(attempts));
  const giveUp =
    attempts >= channel.maxAttempts ||
    (due.retry_until !== null && nextAttemptAt.getTime() > new Date(due.retry_until).getTime());
  const [marked] = await tx
    .update(eventDeliveries)
    .set({
      attempts,
      status: giveUp ? 'failed' : 'pending',
      nextAttemptAt,
      lastError: String((error as Error)?.message ?? error).slice(0, 500),
      lastStatusCode: error instanceof ChannelRefused ? error.statusCode : null,
    })
    .where(
      and(
        eq(eventDeliveries.id, due.id),
        eq(eventDeliveries.status, 'pending'),
        claimedUntil ? eq(eventDeliveries.nextAttemptAt, claimedUntil) : undefined,
      ),
    )
    .returning({ id: eventDeliveries.id });
  if (giveUp && marked && channel.onGiveUp) {
    await channel.onGiveUp(tx, { id: due.id, eventId: due.event_id, target: due.target }, now);
  }
  return giveUp && marked !== undefined;
}

/**
 * One step of a channel whose deliveries are database work (the bell, e-mail, WhatsApp): up to the channel's
 * `batch` due deliveries locked in one transaction, each delivered and marked in it. Alone (batch 1), a failure
 * rolls the transaction back and the attempt is recorded in a transaction of its own; in a batch, each delivery
 * runs in a savepoint, so a failure rolls back that delivery's work only and is recorded beside the others'.
 */
async function deliverInTransaction(
  deps: DispatchDeps,
  channel: Channel,
  deliver: NonNullable<Channel['deliver']>,
  now: Date,
  skip: Set<string>,
): Promise<Step> {
  const batch = Math.max(1, channel.batch ?? 1);
  const step: Step = { taken: 0, delivered: 0, failed: 0 };
  const afterCommit: (() => Promise<void>)[] = [];
  const taken: Due[] = [];
  const one = async (tx: Executor, due: Due, event: EventRow) => {
    const mine: (() => Promise<void>)[] = [];
    const outcome = await deliver(tx, event, due.target, (work) => mine.push(work));
    if (stopped(deps.signal)) throw new Error('dispatcher stopped');
    const result = await markOutcome(tx, due, outcome, now);
    if (result === 'delivered') step.delivered += 1;
    return mine;
  };
  try {
    await deps.db.transaction(async (tx) => {
      const rows = await takeDue(tx, channel.name, now, skip, batch);
      if (rows.length === 0) return;
      taken.push(...rows);
      step.taken = rows.length;
      const byId = await eventsById(tx, rows);
      for (const due of rows) {
        const event = byId.get(due.event_id);
        // Gone (cannot happen: deliveries cascade with their event): left alone by this run.
        if (!event) {
          skip.add(due.id);
          continue;
        }
        if (batch === 1) {
          afterCommit.push(...(await one(tx, due, event)));
          continue;
        }
        try {
          afterCommit.push(...(await tx.transaction((savepoint) => one(savepoint, due, event))));
        } catch (error) {
          if (stopped(deps.signal)) throw error;
          if (await markFailure(tx, channel, due, error, now)) step.failed += 1;
          deps.logger.warn(
            { err: error, deliveryId: due.id, channel: channel.name, attempts: due.attempts + 1 },
            'event delivery failed',
          );
        }
      }
    });
  } catch (error) {
    // Killed (stopped): nothing is recorded, as when the process dies; the deliveries are pending again.
    if (stopped(deps.signal)) return { taken: 0, delivered: 0, failed: 0 };
    const due = taken[0];
    if (batch > 1 || !due) throw error;
    const gaveUp = await deps.db.transaction((tx) => markFailure(tx, channel, due, error, now));
    deps.logger.warn(
      { err: error, deliveryId: due.id, channel: channel.name, attempts: due.attempts + 1, giveUp: gaveUp },
      'event delivery failed',
    );
    return { taken: 1, delivered: 0, failed: gaveUp ? 1 : 0 };
  }
  for (const work of afterCommit) {
    await work().catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'event live notice not published'),
    );
  }
  return step;
}

/**
 * One step of a channel that calls the outside (partner webhooks): the delivery is locked, the channel reads what
 * the call needs, and the delivery is claimed (due again only once the call's time is up, plus a margin) in a short
 * transaction; the call is made holding no database connection (a slow partner holds nothing of the pool); its
 * answer is recorded in a second short transaction, while the claim is still this worker's. A worker killed during
 * the call records nothing: the delivery is due again when its claim lapses (at least once).
 */
async function deliverByCall(
  deps: DispatchDeps,
  channel: Channel,
  prepare: NonNullable<Channel['prepare']>,
  now: Date,
  skip: Set<string>,
): Promise<Step> {
  const claim: { due?: Due; call?: OutsideCall; until?: Date } = {};
  const first = await deps.db.transaction(async (tx) => {
    const [due] = await takeDue(tx, channel.name, now, skip, 1);
    if (!due) return 'none' as const;
    claim.due = due;
    const event = (await eventsById(tx, [due])).get(due.event_id);
    if (!event) {
      skip.add(due.id);
      return 'gone' as const;
    }
    const prepared = await prepare(tx, event, due.target);
    if (typeof prepared === 'object' && 'call' in prepared) {
      const until = new Date(now.getTime() + prepared.timeoutMs + CALL_CLAIM_MARGIN_MS);
      await tx.update(eventDeliveries).set({ nextAttemptAt: until }).where(eq(eventDeliveries.id, due.id));
      claim.call = prepared;
      claim.until = until;
      return 'claimed' as const;
    }
    return markOutcome(tx, due, prepared, now);
  });
  if (first === 'none') return { taken: 0, delivered: 0, failed: 0 };
  if (first !== 'claimed') return { taken: 1, delivered: first === 'delivered' ? 1 : 0, failed: 0 };
  const due = claim.due!;
  try {
    const outcome = await claim.call!.call();
    if (stopped(deps.signal)) return { taken: 0, delivered: 0, failed: 0 };
    const result = await deps.db.transaction((tx) => markOutcome(tx, due, outcome, now, claim.until));
    return { taken: 1, delivered: result === 'delivered' ? 1 : 0, failed: 0 };
  } catch (error) {
    if (stopped(deps.signal)) return { taken: 0, delivered: 0, failed: 0 };
    const gaveUp = await deps.db.transaction((tx) => markFailure(tx, channel, due, error, now, claim.until));
    deps.logger.warn(
      { err: error, deliveryId: due.id, channel: channel.name, attempts: due.attempts + 1, giveUp: gaveUp },
      'event delivery failed',
    );
    return { taken: 1, delivered: 0, failed: gaveUp ? 1 : 0 };
  }
}

/** How long one run keeps fanning out new events before it ends (the next wake or minute goes on). */
const RUN_REFILL_MS = 30_000;

/**
 * A channel's worker: delivers what is due, step by step; when nothing is, fans out the events committed since
 * (shared by the run's workers, one fan-out at a time) and goes on, so a channel's new deliveries never wait for
 * another channel's workers to finish (a slow mail server or partner holds up nothing of the bell's).
 */
/** The run's workers, and how many of them wait for work (each polls the fan-out meanwhile). */
interface RunState {
  workers: number;
  idle: number;
}

/** How often an idle worker looks for new events while another of its run still works. */
const IDLE_POLL_MS = 200;

async function channelWorker(
  deps: DispatchDeps,
  channel: Channel,
  refill: () => Promise<number>,
  refillUntil: number,
  run: RunState,
): Promise<{ delivered: number; failed: number }> {
  let delivered = 0;
  let failed = 0;
  const skip = new Set<string>();
  for (;;) {
    if (stopped(deps.signal)) return { delivered, failed };
    const now = deps.now?.() ?? new Date();
    const step = channel.prepare
      ? await deliverByCall(deps, channel, channel.prepare, now, skip)
      : channel.deliver
        ? await deliverInTransaction(deps, channel, channel.deliver, now, skip)
        : { taken: 0, delivered: 0, failed: 0 };
    delivered += step.delivered;
    failed += step.failed;
    if (step.taken > 0) continue;
    if (stopped(deps.signal) || performance.now() > refillUntil) return { delivered, failed };
    if ((await refill()) > 0) continue;
    // Nothing new. While another worker of the run still works (a mail being rendered and sent), this one keeps
    // looking for new events (a change committed meanwhile wakes a run that is still going, which only notes it):
    // its channel's next delivery waits at most IDLE_POLL_MS, not for the other channel's backlog. When every
    // worker is idle, the run ends.
    run.idle += 1;
    if (run.idle >= run.workers) {
      run.idle -= 1;
      return { delivered, failed };
    }
    await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
    run.idle -= 1;
  }
}

/**
 * The dispatcher (one pg-boss job, every minute and woken after each change that wrote an event): fans the
 * undispatched events out to their channels, then delivers every delivery that is due. Its state is all in rows,
 * so it survives restarts and any number of instances may run it at once.
 */
export async function dispatchEvents(
  deps: DispatchDeps,
): Promise<{ fanned: number; delivered: number; failed: number }> {
  const channels =
    deps.channels ??
    CHANNELS.flatMap((make) => {
      const channel = make(deps);
      return channel ? [channel] : [];
    });
  let fanned = await fanOut(deps, channels);
  const refillUntil = performance.now() + RUN_REFILL_MS;
  // One fan-out at a time: a worker that finds one running waits for it and shares its count.
  let fanning: Promise<number> | undefined;
  const workers: Promise<{ delivered: number; failed: number }>[] = [];
  const live = new Map<string, number>();
  const run: RunState = { workers: 0, idle: 0 };
  const start = (channel: Channel) => {
    live.set(channel.name, (live.get(channel.name) ?? 0) + 1);
    run.workers += 1;
    workers.push(
      channelWorker(deps, channel, refill, refillUntil, run).finally(() => {
        live.set(channel.name, (live.get(channel.name) ?? 1) - 1);
        run.workers -= 1;
      }),
    );
  };
  const concurrencyOf = (channel: Channel) =>
    Math.max(1, Math.min(deps.concurrency ?? 1, channel.concurrency ?? Number.POSITIVE_INFINITY));
  async function refill(): Promise<number> {
    fanning ??= fanOut(deps, channels).finally(() => {
      fanning = undefined;
    });
    const n = await fanning;
    if (n > 0) {
      fanned += n;
      // The channels whose workers had nothing left and ended get theirs again for the new deliveries.
      for (const channel of channels) {
        while ((live.get(channel.name) ?? 0) < concurrencyOf(channel)) start(channel);
      }
    }
    return n;
  }
  // Each channel has workers of its own: a slow or failing channel (a partner's endpoint, the mail server) never
  // holds up another (the bell).
  for (const channel of channels) for (let i = 0; i < concurrencyOf(channel); i++) start(channel);
  let delivered = 0;
  let failed = 0;
  // Workers started by a refill are added while the first ones run: wait until none is left.
  for (let done = 0; done < workers.length; done++) {
    const result = await workers[done]!;
    delivered += result.delivered;
    failed += result.failed;
  }
  return { fanned, delivered, failed };
}
