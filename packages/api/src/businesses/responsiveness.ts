import { type Executor, queryRows } from '@barterads/db';
import { sql } from 'drizzle-orm';

/** Offers the median needs (product-spec-3 section 3: "at least 3 offers"). */
export const RESPONSIVENESS_MIN_OFFERS = 3;
export const RESPONSIVENESS_DAYS = 90;

/**
 * "Usually replies within N hours": the median time the business took to answer the offers it received in the last
 * 90 days (its first counter, its acceptance or its decline), rounded up to whole hours (at least 1); null with
 * fewer than 3 answered offers. Offers left unanswered do not count.
 */
export async function repliesWithinHours(
  db: Executor,
  businessId: string,
  now = new Date(),
): Promise<number | null> {
  const [row] = await queryRows<{ n: number; median: number | null }>(
    db,
    sql`with answered as (
          select extract(epoch from least(
                   (select min(v.created_at) from deal_versions v
                     where v.deal_id = d.id and v.author_id = d.counterparty_id),
                   case when d.accepted_by = d.counterparty_id then d.accepted_at end,
                   case when d.status = 'declined' then d.closed_at end
                 ) - d.created_at) as seconds
          from deals d
          where d.counterparty_id = ${businessId}::uuid
            and d.created_at > ${now.toISOString()}::timestamptz - make_interval(days => ${RESPONSIVENESS_DAYS})
        )
        select count(*)::int as n, percentile_cont(0.5) within group (order by seconds)::float8 as median
        from answered where seconds is not null`,
  );
  if (!row || row.n < RESPONSIVENESS_MIN_OFFERS || row.median === null) return null;
  return Math.max(1, Math.ceil(row.median / 3600));
}
