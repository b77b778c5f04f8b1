import { events } from '@barterads/db';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { authedProcedure, router } from '../trpc';
import { EVENT_TYPES, type EventView, ListEventsInput, ListEventsResult, toEventView } from './schemas';

/**
 * Only events whose writer has finished, as has every transaction of this database with a lower id: an event a
 * running transaction writes later can only have a higher transaction id, so the set of events below that horizon
 * never grows behind a reader's cursor. The horizon is the lowest id still running in this statement's snapshot
 * (its xmax when none is), leaving out the transactions of other databases on the same server (ids are
 * server-wide; another database's long transaction must not hold the feed back): a running id is left out only
 * when pg_stat_activity shows it in another database, so one it cannot place counts (later, never skipped).
 * Events of a transaction still running, or younger than one that is, are listed once it ends (a moment later).
 */
const SETTLED = sql`${events.writerXid} < (
  select coalesce(min(running::text::bigint), pg_snapshot_xmax(pg_current_snapshot())::text::bigint)
  from pg_snapshot_xip(pg_current_snapshot()) as running
  where (running::text::bigint % 4294967296) not in (
    select backend_xid::text::bigint from pg_stat_activity
    where backend_xid is not null and datname is distinct from current_database()))`;

/**
 * Partner events (product-spec-3 section 2): the events the caller may see, oldest first, after a sequence — a
 * party's deals, an owner's listings (the event's audience); an admin sees all. A partner that was down catches up
 * by polling. Read-scope API keys may call it (REST `GET /api/events`). Writers take no lock, so sequences are not
 * committed in order: the list is in the order of the writing transactions (`writer_xid`, then `sequence`) over
 * the settled events only (`SETTLED`), and `after` names the last event seen, whose place in that order is the
 * cursor: paging `after` it misses no event, however late its transaction committed.
 */
export const eventsRouter = router({
  list: authedProcedure
    .input(ListEventsInput)
    .output(ListEventsResult)
    .query(async ({ ctx, input }) => {
      const db = ctx.services.database.db;
      // The place of the event `after` names (any event: its sequence and writer say no more than where to go on).
      const [seen] =
        input.after > 0
          ? await db
              .select({ writerXid: events.writerXid })
              .from(events)
              .where(eq(events.sequence, input.after))
              .limit(1)
          : [];
      const rows = await db
        .select()
        .from(events)
        .where(
          and(
            SETTLED,
            seen
              ? sql`(${events.writerXid}, ${events.sequence}) > (${seen.writerXid}::bigint, ${input.after}::bigint)`
              : gt(events.sequence, input.after),
            // Partner events only: a webhook's own notices and plan reminders are the member's, not a partner's.
            inArray(events.type, input.types.length > 0 ? input.types : [...EVENT_TYPES]),
            ctx.user.role === 'admin' ? undefined : sql`${events.audience} @> array[${ctx.user.id}]::uuid[]`,
          ),
        )
        .orderBy(asc(events.writerXid), asc(events.sequence))
        .limit(input.limit);
      const list: EventView[] = rows.map(toEventView);
      return { events: list, nextAfter: list.at(-1)?.sequence ?? input.after };
    }),
});
