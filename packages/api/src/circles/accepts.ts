import { type Database, type Executor, memberAccepts, queryRows, sql } from '@barterads/db';
import type { SQL } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { Accepts, AcceptsInput } from './schemas';

/** The circle job's queue name (apps/server/src/jobs/circles.ts). */
export const CIRCLE_DETECT_JOB = 'circle-detect';
/** The circles' timed work (reminders, lapse). */
export const CIRCLE_TIMERS_JOB = 'circle-timers';

function toAccepts(row: typeof memberAccepts.$inferSelect): Accepts {
  return {
    categories: row.categories,
    cities: row.cities,
    minValueInr: row.minValueInr,
    maxValueInr: row.maxValueInr,
    availableFrom: row.availableFrom,
    availableTo: row.availableTo,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The member's "I'd accept" list, or null when it has none (then the matcher proposes what it finds). */
export async function getAccepts(db: Executor, userId: string): Promise<Accepts | null> {
  const [row] = await db.select().from(memberAccepts).where(eq(memberAccepts.userId, userId)).limit(1);
  return row ? toAccepts(row) : null;
}

/**
 * Saves the member's list (cities stored lower-case, each once) and, in the same transaction, queues what it
 * changes: the member's circles (the circle job) and the matches of the member's listings (the match job), so
 * pairs outside the new list are dropped and circles inside it are found within a minute.
 */
export async function saveAccepts(db: Database, userId: string, input: AcceptsInput): Promise<Accepts> {
  const values = {
    categories: [...new Set(input.categories)].sort(),
    cities: [...new Set(input.cities.map((c) => c.trim().toLowerCase()))].sort(),
    minValueInr: input.minValueInr,
    maxValueInr: input.maxValueInr,
    availableFrom: input.availableFrom ?? null,
    availableTo: input.availableTo ?? null,
  };
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(memberAccepts)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: memberAccepts.userId, set: { ...values, updatedAt: new Date() } })
      .returning();
    await queueCircles(tx, [userId]);
    await queryRows(
      tx,
      sql`insert into listing_match_queue (listing_id)
          select id from listings where owner_id = ${userId}::uuid and status = 'active'
          on conflict (listing_id) do update set queued_at = now(), claimed_until = null
            where listing_match_queue.claimed_until is not null`,
    );
    return saved!;
  });
  return toAccepts(row);
}

/** Queues members for the circle job (a claim in progress is cleared, so the change is searched again). */
export async function queueCircles(db: Executor, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await queryRows(
    db,
    sql`insert into circle_queue (user_id)
        select unnest(${sql`array[${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]`})
        on conflict (user_id) do update set queued_at = now(), claimed_until = null
          where circle_queue.claimed_until is not null`,
  );
}

/**
 * Whether the listing aliased `l` is inside the accept list aliased `a` (SQL; the same rule as packages/core's
 * acceptReasons): category and city among the list's (or the list takes any), value (rate × minimum units) in
 * the range, dates meeting the list's. Never null.
 */
export function insideAcceptsSql(a: string, l: string): SQL {
  const A = sql.raw(a);
  const L = sql.raw(l);
  return sql`coalesce((
    (cardinality(${A}.categories) = 0 or ${L}.category = any(${A}.categories))
    and (cardinality(${A}.cities) = 0 or lower(${L}.city) = any(${A}.cities))
    and ${L}.rate_inr::bigint * ${L}.min_units between ${A}.min_value_inr and ${A}.max_value_inr
    and ((${A}.available_from is null and ${A}.available_to is null)
      or (coalesce(${A}.available_from, '-infinity'::date) <= coalesce(${L}.available_to, 'infinity'::date)
        and coalesce(${L}.available_from, '-infinity'::date) <= coalesce(${A}.available_to, 'infinity'::date)))
  ), false)`;
}

/** The member aliased by its id column `owner` accepts listing `l`: it has no list, or `l` is inside it. */
export function acceptedBySql(owner: SQL, l: string): SQL {
  return sql`not exists (select 1 from member_accepts acc where acc.user_id = ${owner} and not ${insideAcceptsSql('acc', l)})`;
}
