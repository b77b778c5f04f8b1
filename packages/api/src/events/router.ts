import { events } from '@barterads/db';
import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import { authedProcedure, router } from '../trpc';
import { EVENT_TYPES, type EventView, ListEventsInput, ListEventsResult, toEventView } from './schemas';

/**
 * Partner events (product-spec-3 section 2): the events the caller may see, oldest first, after a sequence — a
 * party's deals, an owner's listings (the event's audience); an admin sees all. A partner that was down catches up
 * by polling. Read-scope API keys may call it (REST `GET /api/events`).
 */
export const eventsRouter = router({
  list: authedProcedure
    .input(ListEventsInput)
    .output(ListEventsResult)
    .query(async ({ ctx, input }) => {
      const rows = await ctx.services.database.db
        .select()
        .from(events)
        .where(
          and(
            gt(events.sequence, input.after),
            // Partner events only: a webhook's own notices and plan reminders are the member's, not a partner's.
            inArray(events.type, input.types.length > 0 ? input.types : [...EVENT_TYPES]),
            ctx.user.role === 'admin' ? undefined : sql`${events.audience} @> array[${ctx.user.id}]::uuid[]`,
          ),
        )
        .orderBy(asc(events.sequence))
        .limit(input.limit);
      const list: EventView[] = rows.map(toEventView);
      return { events: list, nextAfter: list.at(-1)?.sequence ?? input.after };
    }),
});
