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
import { notify, wantsEmail } from '../notifications/notify';
import type { PubSub } from '../pubsub';
import type { Logger } from '../services';
import { type WhatsappChannelDeps, whatsappChannel } from '../whatsapp/channel';
import { memberNotices } from './notices';

/**
 * A channel an event is delivered to. `targets` names who gets it (at fan-out, from the event alone);
 * `deliver` runs inside the delivery's transaction, which holds the delivery's row lock and commits with its
 * mark: a write to the database (the bell) happens exactly once; a send to the outside (e-mail, a webhook) is
 * committed after the other side answered, so a dispatcher killed in between sends again (at least once).
 */
export interface Channel {
  name: string;
  /** Attempts before the delivery is `failed`. */
  maxAttempts: number;
  targets(event: EventRow): string[];
  deliver(tx: Executor, event: EventRow, target: string, after: AfterCommit): Promise<DeliveryResult>;
}

/**
 * What a delivery came to: done, not needed (skipped), or not yet (`deferUntil`: pending again from then, no
 * attempt counted; WhatsApp's one message per deal per 10 minutes).
 */
export type DeliveryResult = 'delivered' | 'skipped' | { deferUntil: Date };

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
  /** The channels; the bell and e-mail (and WhatsApp when `whatsapp` is given) when not given. */
  channels?: readonly Channel[];
  /** The WhatsApp channel's settings (WHATSAPP_*); no WhatsApp channel without them. */
  whatsapp?: WhatsappChannelDeps;
}

/** The retry delay after `attempts` failed attempts: 30 s, doubling, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

const noticeFor = (event: EventRow, userId: string) => memberNotices(event).find((n) => n.userId === userId);

/** The bell: the member's notification, written in the delivery's transaction (no e-mail: that is its own channel). */
export function bellChannel(logger: Logger, pubsub: PubSub): Channel {
  return {
    name: 'bell',
    maxAttempts: 10,
    targets: (event) => memberNotices(event).map((n) => n.userId),
    async deliver(tx, event, target, after) {
      const notice = noticeFor(event, target);
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
  const base = appUrl.replace(/\/+$/, '');
  return {
    name: 'email',
    maxAttempts: 8,
    targets: (event) => memberNotices(event).map((n) => n.userId),
    async deliver(tx, event, target) {
      const notice = noticeFor(event, target);
      if (!notice) return 'skipped';
      const [user] = await tx
        .select({ email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, target))
        .limit(1);
      if (!user || user.deletedAt || !(await wantsEmail(tx, target, notice.kind))) return 'skipped';
      await mailer.send({
        to: user.email,
        subject: notice.title,
        text: `Hello ${user.firstName || 'there'},\n\n${notice.body}\n\n${base}${notice.link}\n\nYou can choose which e-mails you get in your settings: ${base}/settings\n\nBarterAds`,
      });
      return 'delivered';
    },
  };
}

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
      const rows = batch.flatMap((event) =>
        channels.flatMap((channel) =>
          [...new Set(channel.targets(event))].map((target) => ({
            eventId: event.id,
            channel: channel.name,
            target,
            nextAttemptAt: now,
          })),
        ),
      );
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
}

/**
 * Delivers what is due, one delivery per transaction: its row locked (`SKIP LOCKED`), the channel run, the row
 * marked in the same transaction. A failure rolls back and records the attempt with the next one's time
 * (growing delays) or `failed` after the channel's last attempt; the other deliveries go on.
 */
async function deliverDue(
  deps: DispatchDeps,
  channels: readonly Channel[],
): Promise<{ delivered: number; failed: number }> {
  let delivered = 0;
  let failed = 0;
  const byName = new Map(channels.map((c) => [c.name, c]));
  const skip = new Set<string>();
  for (;;) {
    if (stopped(deps.signal)) return { delivered, failed };
    const now = deps.now?.() ?? new Date();
    const taken: { due?: Due } = {};
    const afterCommit: (() => Promise<void>)[] = [];
    try {
      const outcome = await deps.db.transaction(async (tx) => {
        const [due] = await queryRows<Due>(
          tx,
          sql`select id::text, event_id::text, channel, target, attempts from ${eventDeliveries}
              where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
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
        const result = await channel.deliver(tx, event, due.target, (work) => afterCommit.push(work));
        if (stopped(deps.signal)) throw new Error('dispatcher stopped');
        if (typeof result === 'object') {
          // Not yet: due again at the channel's time (later than now, so this run does not take it again).
          const at = result.deferUntil > now ? result.deferUntil : new Date(now.getTime() + 1000);
          await tx.update(eventDeliveries).set({ nextAttemptAt: at }).where(eq(eventDeliveries.id, due.id));
          return 'deferred' as const;
        }
        await tx
          .update(eventDeliveries)
          .set({
            status: result,
            attempts: sql`${eventDeliveries.attempts} + 1`,
            deliveredAt: result === 'delivered' ? now : null,
            lastError: null,
          })
          .where(eq(eventDeliveries.id, due.id));
        return result;
      });
      if (outcome === 'none') return { delivered, failed };
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
      const giveUp = attempts >= (channel?.maxAttempts ?? 1);
      if (giveUp) failed += 1;
      await deps.db
        .update(eventDeliveries)
        .set({
          attempts,
          status: giveUp ? 'failed' : 'pending',
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
          lastError: String((error as Error)?.message ?? error).slice(0, 500),
        })
        .where(and(eq(eventDeliveries.id, due.id), eq(eventDeliveries.status, 'pending')));
      deps.logger.warn(
        { err: error, deliveryId: due.id, channel: due.channel, attempts, giveUp },
        'event delivery failed',
      );
    }
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
  const channels = deps.channels ?? [
    bellChannel(deps.logger, deps.pubsub),
    emailChannel(deps.mailer, deps.appUrl),
    ...(deps.whatsapp ? [whatsappChannel({ now: deps.now, ...deps.whatsapp })] : []),
  ];
  const fanned = await fanOut(deps, channels);
  const { delivered, failed } = await deliverDue(deps, channels);
  return { fanned, delivered, failed };
}
