import { isLanguage, languagePath } from '@barterads/core';
import {
  type Database,
  type EventRow,
  type Executor,
  eventDeliveries,
  events,
  notifications,
  queryRows,
  users,
} from '@barterads/db';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { deliverAccountMail, EMAIL_CHANGED_EVENT, PASSWORD_CHANGED_EVENT } from '../accounts/notices';
import { type Mailer, stableMessageId } from '../mail/mailer';
import { actionLabelFor, sendMemberMail } from '../mail/member-mail';
import { alreadyRead } from '../messages/notice';
import { deliverUnreadMail, UNREAD_MESSAGES_EVENT } from '../messages/unread-email';
import { type NotificationNotice, notificationTopic, notify, wantsEmail } from '../notifications/notify';
import type { PubSub } from '../pubsub';
import { deliverAlertMail, SAVED_SEARCH_ALERT_EVENT } from '../saved-searches/alerts';
import type { Logger } from '../services';
import { type WebhookDeliverySettings, webhookChannel } from '../webhooks/channel';
import { type WhatsappChannelDeps, whatsappChannel } from '../whatsapp/channel';
import { memberNotices } from './notices';

/**
 * A channel an event is delivered to. `targets` names who gets it (at fan-out, from the event and, when it needs
 * them, the database's rows: a webhook's endpoints); `deliver` runs inside the delivery's transaction, which holds
 * the delivery's row lock and commits with its mark: a write to the database (the bell) happens exactly once; a
 * send to the outside (e-mail) is committed after the other side answered, so a dispatcher killed in between sends
 * again (at least once). A channel whose other side may take long (a partner's webhook) answers an `OutsideCall`
 * instead: the delivery is claimed for the call's time and committed, the call is made holding no database
 * connection, and its answer recorded in a second short transaction (see `deliverDue`). A channel is added to the
 * dispatcher in one line of `CHANNELS` below.
 */
export interface Channel {
  name: string;
  /** Attempts before the delivery is `failed`. */
  maxAttempts: number;
  /** How long a delivery is retried for, from its fan-out (or its resend); attempts alone count when not given. */
  retryWindowMs?: number;
  targets(event: EventRow, tx: Executor): string[] | Promise<string[]>;
  deliver(
    tx: Executor,
    event: EventRow,
    target: string,
    after: AfterCommit,
  ): Promise<DeliveryOutcome | OutsideCall>;
  /**
   * Delivers many due deliveries in one transaction (the bell: one insert for all their rows), answering each one's
   * outcome in order; a throw rolls the batch back, and its deliveries are then tried one by one (`deliver`).
   */
  deliverBatch?(
    tx: Executor,
    items: readonly { event: EventRow; target: string }[],
    after: AfterCommit,
  ): Promise<('delivered' | 'skipped')[]>;
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

/**
 * A call to the outside made after the delivery's transaction committed, holding no database connection (a slow
 * partner must not hold the pool): its outcome, or a throw (a failed attempt). `timeoutMs` bounds it: the delivery
 * is claimed that long (plus a margin), so a dispatcher killed during the call leaves it due again afterwards.
 */
export interface OutsideCall {
  timeoutMs: number;
  call(): Promise<DeliveryOutcome>;
}

function isOutsideCall(value: DeliveryOutcome | OutsideCall): value is OutsideCall {
  return typeof value === 'object' && 'call' in value;
}

/** How long past a call's own time-out its claim lasts (the DNS lookup, a busy machine). */
const CALL_CLAIM_MARGIN_MS = 30_000;

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
  /** UNSUBSCRIBE_SECRET: signs the one-click unsubscribe of the saved-search alert e-mails. */
  unsubscribeSecret?: string;
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
    targets: (event) => memberNotices(event).map((n) => n.userId),
    async deliver(tx, event, target, after) {
      const { notice } = await noticeFor(tx, event, target);
      if (!notice || (await alreadyRead(tx, [{ event, target }])).size > 0) return 'skipped';
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
    async deliverBatch(tx, items, after) {
      // The members' languages in one query, their rows in one insert (once per dedupe key, as `notify`).
      const ids = [...new Set(items.map((i) => i.target))];
      const languages = new Map(
        (
          await tx
            .select({ id: users.id, language: users.language })
            .from(users)
            .where(inArray(users.id, ids))
        ).map((u) => [u.id, isLanguage(u.language) ? u.language : 'en']),
      );
      const read = await alreadyRead(tx, items);
      const notices = items.map(({ event, target }, index) =>
        read.has(index)
          ? undefined
          : memberNotices(event, languages.get(target) ?? 'en').find((n) => n.userId === target),
      );
      const rows = notices.flatMap((n) =>
        n
          ? [
              {
                userId: n.userId,
                kind: n.kind,
                title: n.title,
                body: n.body,
                link: n.link,
                dedupeKey: n.dedupeKey,
                // The bell's row only: e-mail is its own channel.
                emailStatus: 'skipped' as const,
              },
            ]
          : [],
      );
      if (rows.length > 0) {
        const written = await tx
          .insert(notifications)
          .values(rows)
          .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
          .returning({ id: notifications.id, userId: notifications.userId });
        // Published once the rows are committed, so an open tab that reads one finds it.
        after(async () => {
          for (const row of written) {
            const live: NotificationNotice = { type: 'notification', notificationId: row.id };
            await pubsub.publish(notificationTopic(row.userId), live);
          }
        });
      }
      return notices.map((n) => (n ? 'delivered' : 'skipped'));
    },
  };
}

/** The mails that are not a notice's words: each event type's own mail, to the event's audience. */
type OwnMail = (
  tx: Executor,
  settings: { mailer: Mailer; appUrl: string; unsubscribeSecret: string | undefined },
  event: EventRow,
  target: string,
) => Promise<'delivered' | 'skipped'>;

const OWN_MAILS: Readonly<Record<string, OwnMail>> = {
  // A saved search's alert: its listings and one-click unsubscribe.
  [SAVED_SEARCH_ALERT_EVENT]: (tx, s, event, target) => deliverAlertMail(tx, s.mailer, s, event, target),
  // Messages waiting unread: how many, now.
  [UNREAD_MESSAGES_EVENT]: (tx, s, event, target) => deliverUnreadMail(tx, s.mailer, s.appUrl, event, target),
  // An account's security notices, to the address they were written for.
  [PASSWORD_CHANGED_EVENT]: (_tx, s, event) => deliverAccountMail(s.mailer, s.appUrl, event),
  [EMAIL_CHANGED_EVENT]: (_tx, s, event) => deliverAccountMail(s.mailer, s.appUrl, event),
};

/**
 * E-mail: the notice's words to the member's address, unless the notice is the bell's only, the member turned the
 * kind off or is gone; the events with a mail of their own (`OWN_MAILS`: a saved search's alert, unread messages,
 * account notices) to their audience.
 */
export function emailChannel(mailer: Mailer, appUrl: string, unsubscribeSecret?: string): Channel {
  return {
    name: 'email',
    maxAttempts: 8,
    targets: (event) =>
      OWN_MAILS[event.type]
        ? [...event.audience]
        : memberNotices(event)
            .filter((n) => n.email !== false)
            .map((n) => n.userId),
    async deliver(tx, event, target) {
      // Every mail of a delivery under the delivery's own Message-ID: retried after its sender died between the
      // mail server's 250 and the commit (SMTP's window, notifications/email-job.ts), it is recognisably the same.
      const messageId = stableMessageId(appUrl, `event-${event.id}-${target}`);
      const delivery: Mailer = { mode: mailer.mode, send: (mail) => mailer.send({ ...mail, messageId }) };
      const own = OWN_MAILS[event.type];
      if (own) return own(tx, { mailer: delivery, appUrl, unsubscribeSecret }, event, target);
      const { notice, language } = await noticeFor(tx, event, target);
      if (!notice || notice.email === false) return 'skipped';
      const [user] = await tx
        .select({ email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, target))
        .limit(1);
      if (!user || user.deletedAt || !(await wantsEmail(tx, target, notice.kind))) return 'skipped';
      await sendMemberMail(delivery, user.email, {
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
  (deps) => emailChannel(deps.mailer, deps.appUrl, deps.unsubscribeSecret),
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
      for (const event of batch) {
        for (const channel of channels) {
          for (const target of new Set(await channel.targets(event, tx))) {
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

/**
 * Delivers what is due, one delivery per transaction: its row locked (`SKIP LOCKED`), the channel run, the row
 * marked in the same transaction. A channel that calls out (a webhook) instead claims the row for the call's time in
 * that transaction, makes the call after the commit holding no connection, and records the answer in a second
 * transaction while the claim is still its own (killed during the call: due again once the claim lapses). A failure
 * records the attempt with the next one's time (growing delays) or `failed` after the channel's last attempt; the
 * other deliveries go on.
 */
async function deliverDue(
  deps: DispatchDeps,
  channels: readonly Channel[],
  only: string,
  run: RunState,
): Promise<{ delivered: number; failed: number }> {
  try {
    return await deliverDueWhileRunning(deps, channels, only, run);
  } finally {
    run.workers -= 1;
  }
}

/** A run's workers: how many are left, how many wait idle for new work. */
interface RunState {
  workers: number;
  idle: number;
}

/** How often an idle worker looks for new events while other workers of its run still work. */
const IDLE_POLL_MS = 100;

/**
 * Whether work came for `channel` while the worker waited: it waits, fanning out new events every IDLE_POLL_MS,
 * as long as another worker of the run still works (a change committed during a long run, behind a slower
 * channel's backlog, is then delivered at once, not after the run); false once every other worker is idle or done.
 */
async function waitForWork(deps: DispatchDeps, channels: readonly Channel[], only: string, run: RunState) {
  run.idle += 1;
  try {
    while (run.idle < run.workers && !stopped(deps.signal)) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
      if ((await fanOut(deps, channels)) > 0) return true;
      const now = deps.now?.() ?? new Date();
      const [due] = await queryRows<{ one: number }>(
        deps.db,
        sql`select 1 as one from ${eventDeliveries} where status = 'pending' and channel = ${only}
            and next_attempt_at <= ${now.toISOString()}::timestamptz limit 1`,
      );
      if (due) return true;
    }
    return false;
  } finally {
    run.idle -= 1;
  }
}

async function deliverDueWhileRunning(
  deps: DispatchDeps,
  channels: readonly Channel[],
  only: string,
  run: RunState,
): Promise<{ delivered: number; failed: number }> {
  let delivered = 0;
  let failed = 0;
  const byName = new Map(channels.map((c) => [c.name, c]));
  const skip = new Set<string>();
  const batching = byName.get(only);
  let batches = batching?.deliverBatch !== undefined;
  for (;;) {
    if (stopped(deps.signal)) return { delivered, failed };
    const now = deps.now?.() ?? new Date();
    if (batches && batching) {
      try {
        const n = await deliverBatchDue(deps, batching, now);
        if (n > 0) {
          delivered += n;
          continue;
        }
        if ((await fanOut(deps, channels)) > 0 || (await waitForWork(deps, channels, only, run))) continue;
        return { delivered, failed };
      } catch (error) {
        if (stopped(deps.signal)) return { delivered, failed };
        // The batch rolled back: its deliveries are tried one by one (each failure recorded on its own).
        deps.logger.warn({ err: error, channel: only }, 'event delivery batch failed');
        batches = false;
        continue;
      }
    }
    const taken: { due?: Due; call?: OutsideCall; until?: Date } = {};
    const afterCommit: (() => Promise<void>)[] = [];
    try {
      const first = await deps.db.transaction(async (tx) => {
        const [due] = await queryRows<Due>(
          tx,
          sql`select id::text, event_id::text, channel, target, attempts, retry_until::text from ${eventDeliveries}
              where status = 'pending' and channel = ${only}
                and next_attempt_at <= ${now.toISOString()}::timestamptz
                ${
                  skip.size > 0
                    ? sql`and id not in (${sql.join(
                        [...skip].map((id) => sql`${id}::uuid`),
                        sql`, `,
                      )})`
                    : sql``
                }
              order by next_attempt_at, ${eventDeliveries}.id limit 1
              for update skip locked`,
        );
        if (!due) return 'none' as const;
        taken.due = due;
        const [event] = await tx.select().from(events).where(eq(events.id, due.event_id)).limit(1);
        const channel = byName.get(due.channel);
        // A channel this dispatcher does not run (another version's) is left for one that does.
        if (!event || !channel) return 'unknown' as const;
        const outcome = await channel.deliver(tx, event, due.target, (work) => afterCommit.push(work));
        if (stopped(deps.signal)) throw new Error('dispatcher stopped');
        if (isOutsideCall(outcome)) {
          // Claimed for the call's time (no other worker takes it meanwhile), committed before the call.
          const until = new Date(now.getTime() + outcome.timeoutMs + CALL_CLAIM_MARGIN_MS);
          await tx
            .update(eventDeliveries)
            .set({ nextAttemptAt: until })
            .where(eq(eventDeliveries.id, due.id));
          taken.call = outcome;
          taken.until = until;
          return 'claimed' as const;
        }
        return markOutcome(tx, due.id, outcome, now);
      });
      let outcome: Awaited<ReturnType<typeof markOutcome>> | 'none' | 'unknown' | 'claimed' = first;
      if (first === 'claimed' && taken.call && taken.due) {
        // The call holds no connection; its answer is recorded while the claim is still this worker's.
        const answer = await taken.call.call();
        if (stopped(deps.signal)) return { delivered, failed };
        const due = taken.due;
        outcome = await deps.db.transaction((tx) => markOutcome(tx, due.id, answer, now, taken.until));
      }
      if (outcome === 'none') {
        // Nothing due on this channel: fan out the events committed since the run began (the bell's worker then
        // delivers them now, not after the slower channels' backlog ends the run), and go on if there were any.
        if ((await fanOut(deps, channels)) > 0 || (await waitForWork(deps, channels, only, run))) continue;
        return { delivered, failed };
      }
      if (outcome === 'unknown' && taken.due) skip.add(taken.due.id);
      if (outcome === 'delivered') delivered += 1;
      for (const work of afterCommit) {
        await work().catch((error: unknown) =>
          deps.logger.warn({ err: error }, 'event live notice not published'),
        );
      }
    } catch (error) {
      // Killed (stopped): nothing is recorded, as when the process dies; the delivery is pending again.
      if (stopped(deps.signal)) return { delivered, failed };
      const due = taken.due;
      if (!due) throw error;
      const channel = byName.get(due.channel);
      const attempts = due.attempts + 1;
      const nextAttemptAt = new Date(now.getTime() + retryDelayMs(attempts));
      const giveUp =
        attempts >= (channel?.maxAttempts ?? 1) ||
        (due.retry_until !== null && nextAttemptAt.getTime() > new Date(due.retry_until).getTime());
      if (giveUp) failed += 1;
      await deps.db.transaction(async (tx) => {
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
              // A call's failure counts only while its claim is still this worker's.
              taken.until ? eq(eventDeliveries.nextAttemptAt, taken.until) : undefined,
            ),
          )
          .returning({ id: eventDeliveries.id });
        if (giveUp && marked && channel?.onGiveUp) {
          await channel.onGiveUp(tx, { id: due.id, eventId: due.event_id, target: due.target }, now);
        }
      });
      deps.logger.warn(
        { err: error, deliveryId: due.id, channel: due.channel, attempts, giveUp },
        'event delivery failed',
      );
    }
  }
}

/** Deliveries a batching channel (the bell) takes in one transaction. */
const BATCH_SIZE = 100;

/**
 * Delivers up to BATCH_SIZE due deliveries of a batching channel in one transaction (their rows locked, `SKIP
 * LOCKED`, and marked in it); answers how many were taken (0: none due).
 */
async function deliverBatchDue(deps: DispatchDeps, channel: Channel, now: Date): Promise<number> {
  const afterCommit: (() => Promise<void>)[] = [];
  const taken = await deps.db.transaction(async (tx) => {
    const due = await queryRows<{ id: string; event_id: string; target: string }>(
      tx,
      sql`select id::text, event_id::text, target from ${eventDeliveries}
          where status = 'pending' and channel = ${channel.name}
            and next_attempt_at <= ${now.toISOString()}::timestamptz
          order by next_attempt_at, ${eventDeliveries}.id limit ${BATCH_SIZE}
          for update skip locked`,
    );
    if (due.length === 0) return 0;
    const rows = await tx
      .select()
      .from(events)
      .where(inArray(events.id, [...new Set(due.map((d) => d.event_id))]));
    const byId = new Map(rows.map((e) => [e.id, e]));
    const items = due.flatMap((d) => {
      const event = byId.get(d.event_id);
      return event ? [{ id: d.id, event, target: d.target }] : [];
    });
    const outcomes = await channel.deliverBatch!(tx, items, (work) => afterCommit.push(work));
    if (stopped(deps.signal)) throw new Error('dispatcher stopped');
    for (const status of ['delivered', 'skipped'] as const) {
      const ids = items.filter((_, i) => outcomes[i] === status).map((i) => i.id);
      if (ids.length === 0) continue;
      await tx
        .update(eventDeliveries)
        .set({
          status,
          attempts: sql`${eventDeliveries.attempts} + 1`,
          deliveredAt: status === 'delivered' ? now : null,
          lastError: null,
          lastStatusCode: null,
        })
        .where(inArray(eventDeliveries.id, ids));
    }
    // A delivery whose event is gone is skipped.
    const gone = due.filter((d) => !byId.has(d.event_id)).map((d) => d.id);
    if (gone.length > 0) {
      await tx
        .update(eventDeliveries)
        .set({ status: 'skipped', attempts: sql`${eventDeliveries.attempts} + 1` })
        .where(inArray(eventDeliveries.id, gone));
    }
    return due.length;
  });
  for (const work of afterCommit) {
    await work().catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'event live notice not published'),
    );
  }
  return taken;
}

/**
 * Records what a delivery came to, in the caller's transaction: `delivered` or `skipped` (an attempt counted), or
 * due again later (deferred). `claimedUntil`: only while the delivery is still the claim of the worker that made
 * the call (`stale` otherwise: another worker took it after the claim lapsed, and records its own attempt).
 */
async function markOutcome(
  tx: Executor,
  id: string,
  outcome: DeliveryOutcome,
  now: Date,
  claimedUntil?: Date,
): Promise<'delivered' | 'skipped' | 'deferred' | 'stale'> {
  const mine = and(
    eq(eventDeliveries.id, id),
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
      .where(mine)
      .returning({ id: eventDeliveries.id });
    return marked.length > 0 ? 'deferred' : 'stale';
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
    .where(mine)
    .returning({ id: eventDeliveries.id });
  return marked.length > 0 ? result : 'stale';
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
  const fanned = await fanOut(deps, channels);
  // Each channel has workers of its own: a slow or failing channel (a partner's endpoint, the mail server) never
  // holds up another (the bell).
  const perChannel = Math.max(1, deps.concurrency ?? 1);
  const run: RunState = { workers: channels.length * perChannel, idle: 0 };
  const workers = await Promise.all(
    channels.flatMap((channel) =>
      Array.from({ length: perChannel }, () => deliverDue(deps, channels, channel.name, run)),
    ),
  );
  return {
    fanned,
    delivered: workers.reduce((n, w) => n + w.delivered, 0),
    failed: workers.reduce((n, w) => n + w.failed, 0),
  };
}
