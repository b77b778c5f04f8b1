import { type Executor, events } from '@barterads/db';
import { sql } from 'drizzle-orm';

/** The dispatcher's queue name (apps/server/src/jobs/event-dispatch.ts). */
export const EVENT_DISPATCH_JOB = 'event-dispatch';

/** Who caused an event. */
export interface EventActor {
  kind: 'user' | 'admin' | 'api_key' | 'system';
  id: string | null;
}
export const SYSTEM_ACTOR: EventActor = { kind: 'system', id: null };

/** A user acting: `admin` when the user is one acting as such, `user` otherwise. */
export function actorOf(user: { id: string; role: string }, asAdmin = false): EventActor {
  return { kind: asAdmin && user.role === 'admin' ? 'admin' : 'user', id: user.id };
}

export interface NewEvent {
  type: string;
  actor: EventActor;
  resourceType:
    | 'deal'
    | 'listing'
    | 'review'
    | 'verification'
    | 'webhook'
    | 'subscription'
    | 'circle'
    | 'saved_search'
    | 'conversation'
    | 'user';
  resourceId: string;
  /** The users who may read the event (a deal's parties, a listing's owner); admins read all. */
  audience: readonly string[];
  /** `{ <resource>: snapshot as the API answers it }`. */
  data: Record<string, unknown>;
}

/**
 * Writes an event in the caller's transaction: it commits with the change it reports, or not at all. No lock:
 * writers never wait for each other's commits. The row records its writer's transaction id (`writer_xid`, the
 * column's default), which is what lets a reader page without skipping an event that commits late (see
 * events/router.ts).
 */
export async function writeEvent(tx: Executor, event: NewEvent): Promise<{ id: string; sequence: number }> {
  const [row] = await tx
    .insert(events)
    .values(eventValues(event))
    .returning({ id: events.id, sequence: events.sequence });
  return row!;
}

function eventValues(event: NewEvent) {
  return {
    type: event.type,
    actorKind: event.actor.kind,
    actorId: event.actor.id,
    resourceType: event.resourceType,
    resourceId: event.resourceId,
    audience: [...new Set(event.audience)],
    data: event.data,
    // The moment of writing (close to the commit: events are written last), not the transaction's start: a
    // change whose transaction waited (a row lock, a busy pool) is not reported older than it is.
    createdAt: sql`clock_timestamp()`,
  };
}

/**
 * Writes an event once per `key` (the events' `dedupe_key`, unique): a job that may come to write it twice (a second
 * run, a second instance) tells once. A concurrent writer of the same key waits for the first one's commit and then
 * writes nothing. Answers null when the event was already there.
 */
export async function writeEventOnce(
  tx: Executor,
  key: string,
  event: NewEvent,
): Promise<{ id: string; sequence: number } | null> {
  const [row] = await tx
    .insert(events)
    .values({ ...eventValues(event), dedupeKey: key })
    .onConflictDoNothing({ target: events.dedupeKey })
    .returning({ id: events.id, sequence: events.sequence });
  return row ?? null;
}
