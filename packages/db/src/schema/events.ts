import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz } from './columns';

/** Who caused an event (product-spec-3 section 2). */
export const eventActorKind = pgEnum('event_actor_kind', ['user', 'admin', 'api_key', 'system']);

/**
 * The transactional outbox: every change someone outside its transaction must hear about writes one row here in
 * that transaction, so a change that rolls back has no event and an event is never lost once its change commits.
 * `sequence` is a plain identity (increasing in insert order, not commit order: writers take no lock) and
 * `writer_xid` the writing transaction's id. A reader pages in (`writer_xid`, `sequence`) order over the events
 * whose writer's id is below its snapshot's xmin (every transaction with a lower id has finished), a set no later
 * commit adds to, so it misses none (events/router.ts).
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    /** The writing transaction's id (`pg_current_xact_id()`, 64 bits with its epoch). */
    writerXid: bigint('writer_xid', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    /** `deal.accepted`, `deliverable.delivered`, … */
    type: text('type').notNull(),
    actorKind: eventActorKind('actor_kind').notNull(),
    /** The user's or API key's id; null for the system. */
    actorId: uuid('actor_id'),
    /** The resource's kind (`deal`) and id. */
    resourceType: text('resource_type').notNull(),
    resourceId: uuid('resource_id').notNull(),
    /** The users who may read the event: a deal's parties, a listing's owner (admins read all). */
    audience: uuid('audience').array().notNull().default(sql`'{}'::uuid[]`),
    /** `{ <resource>: snapshot as the API answers it }`. */
    data: jsonb('data').notNull(),
    /**
     * Names an event that a job may come to write twice (a second run or instance): `writeEventOnce` writes it
     * once per key. Internal, never shown (not in the API's view of an event).
     */
    dedupeKey: text('dedupe_key'),
    /** Set once the dispatcher has written the event's deliveries. */
    dispatchedAt: tz('dispatched_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('events_sequence_unique').on(t.sequence),
    uniqueIndex('events_dedupe_key_unique').on(t.dedupeKey),
    index('events_undispatched_idx').on(t.sequence).where(sql`${t.dispatchedAt} IS NULL`),
    index('events_audience_idx').using('gin', t.audience),
    // The readers' order (GET /api/events pages by it).
    index('events_writer_xid_idx').on(t.writerXid, t.sequence),
    // A resource's events in order (WhatsApp folds a deal's earlier events into its newest).
    index('events_resource_idx').on(t.resourceId, t.sequence),
  ],
);

export const eventDeliveryStatus = pgEnum('event_delivery_status', [
  'pending',
  'delivered',
  'skipped',
  'failed',
]);

/**
 * One channel's delivery of one event to one target (a member for `bell` and `email`): recorded and retried on its
 * own, so a failing channel blocks no other.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** `bell`, `email` (later `webhook`, `whatsapp`). */
    channel: text('channel').notNull(),
    /** The user id (bell, e-mail) or endpoint id (webhook). */
    target: text('target').notNull(),
    status: eventDeliveryStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    /** The HTTP status the other side last answered (webhooks), null when none came. */
    lastStatusCode: integer('last_status_code'),
    /** A channel with a retry window (webhooks: 3 days) gives up when the next attempt would fall after this. */
    retryUntil: tz('retry_until'),
    deliveredAt: tz('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_deliveries_unique').on(t.eventId, t.channel, t.target),
    // In the dispatcher's order (due time, then id): the next due delivery is the index's first entry, not a sort of
    // every delivery due at the same moment (a fan-out gives thousands one time).
    index('event_deliveries_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
  ],
);

export type EventRow = typeof events.$inferSelect;
export type EventDeliveryRow = typeof eventDeliveries.$inferSelect;
