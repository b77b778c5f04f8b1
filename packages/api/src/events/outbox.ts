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
    | 'saved_search';
  resourceId: string;
  /** The users who may read the event (a deal's parties, a listing's owner); admins read all. */
  audience: readonly string[];
  /** `{ <resource>: snapshot as the API answers it }`. */
  data: Record<string, unknown>;
}

/** One lock key for every event writer (an arbitrary constant). */
const EVENT_SEQUENCE_LOCK = 29_0001;

/**
 * Writes an event in the caller's transaction: it commits with the change it reports, or not at all. Call it as the
 * transaction's last write: writers take one transaction-scoped lock first, so sequences are handed out (and
 * committed) in order, and a reader paging `after` a sequence never skips one that commits later.
 */
export async function writeEvent(tx: Executor, event: NewEvent): Promise<{ id: string; sequence: number }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${EVENT_SEQUENCE_LOCK})`);
  const [row] = await tx
    .insert(events)
    .values({
      type: event.type,
      actorKind: event.actor.kind,
      actorId: event.actor.id,
      resourceType: event.resourceType,
      resourceId: event.resourceId,
      audience: [...new Set(event.audience)],
      data: event.data,
    })
    .returning({ id: events.id, sequence: events.sequence });
  return row!;
}
