import { deals, type Executor, listings, users } from '@barterads/db';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { dealOpenAt } from '../lifecycle/transition';
import { type AdminMetrics, METRIC_WEEKS, type UsersByCountry } from './schemas';

const WEEK_SECONDS = 7 * 24 * 60 * 60;
const WEEK_MS = WEEK_SECONDS * 1000;

/** Which of the 12 weekly buckets (0 = the 7 days ending at `now`) a timestamp column falls into. */
function weekBucket(
  column: typeof users.createdAt | typeof listings.createdAt | typeof deals.acceptedAt,
  now: Date,
) {
  return sql<number>`floor(extract(epoch from (${now.toISOString()}::timestamptz - ${column})) / ${WEEK_SECONDS})::int`;
}

// Grouped by position (`group by 1`): the bucket expression carries bound parameters, and Postgres
// would not see the select's and the group's copies as the same expression.
function emptySeries(): number[] {
  return Array.from({ length: METRIC_WEEKS }, () => 0);
}

/**
 * The overview cards and their trend lines. Users are the accounts that are not deleted;
 * Listings are the active listings (archived ones left the marketplace); Verified and Pending split
 * them by the verified flag, so Listings = Verified + Pending. Each series holds, for each of the
 * last 12 weeks (rolling 7-day windows ending at `now`, oldest first), how many of them were created
 * in that week. Deals are the accepted deals (their series by week of acceptance), with the offers still open.
 */
export async function getMetrics(db: Executor, now = new Date()): Promise<AdminMetrics> {
  const since = new Date(now.getTime() - METRIC_WEEKS * WEEK_MS);
  const userWeek = weekBucket(users.createdAt, now);
  const listingWeek = weekBucket(listings.createdAt, now);
  const dealWeek = weekBucket(deals.acceptedAt, now);
  const inWindow = (column: typeof users.createdAt | typeof listings.createdAt | typeof deals.acceptedAt) =>
    sql`${column} > ${since.toISOString()}::timestamptz and ${column} <= ${now.toISOString()}::timestamptz`;

  const [[userTotal], [listingTotals], userWeeks, listingWeeks, [dealTotals], dealWeeks] = await Promise.all([
    db.select({ n: count() }).from(users).where(isNull(users.deletedAt)),
    db
      .select({
        listings: count(),
        verified: sql<number>`count(*) filter (where ${listings.verified})::int`,
      })
      .from(listings)
      .where(eq(listings.status, 'active')),
    db
      .select({ week: userWeek, n: count() })
      .from(users)
      .where(and(isNull(users.deletedAt), inWindow(users.createdAt)))
      .groupBy(sql`1`),
    db
      .select({
        week: listingWeek,
        n: count(),
        verified: sql<number>`count(*) filter (where ${listings.verified})::int`,
      })
      .from(listings)
      .where(and(eq(listings.status, 'active'), inWindow(listings.createdAt)))
      .groupBy(sql`1`),
    // Deals: those accepted (ever), and the offers still open (proposed, their period not passed).
    db
      .select({
        accepted: sql<number>`count(*) filter (where ${deals.acceptedAt} is not null)::int`,
        open: sql<number>`count(*) filter (where ${dealOpenAt(sql`${now.toISOString()}::timestamptz`)})::int`,
      })
      .from(deals),
    db.select({ week: dealWeek, n: count() }).from(deals).where(inWindow(deals.acceptedAt)).groupBy(sql`1`),
  ]);

  const series = {
    users: emptySeries(),
    listings: emptySeries(),
    verified: emptySeries(),
    pending: emptySeries(),
    deals: emptySeries(),
  };
  const slot = (week: number) => METRIC_WEEKS - 1 - Number(week);
  for (const row of userWeeks) {
    const i = slot(row.week);
    if (i >= 0 && i < METRIC_WEEKS) series.users[i] = row.n;
  }
  for (const row of listingWeeks) {
    const i = slot(row.week);
    if (i < 0 || i >= METRIC_WEEKS) continue;
    const verified = Number(row.verified);
    series.listings[i] = row.n;
    series.verified[i] = verified;
    series.pending[i] = row.n - verified;
  }
  for (const row of dealWeeks) {
    const i = slot(row.week);
    if (i >= 0 && i < METRIC_WEEKS) series.deals[i] = row.n;
  }
  const listingCount = listingTotals?.listings ?? 0;
  const verifiedCount = Number(listingTotals?.verified ?? 0);
  return {
    users: userTotal?.n ?? 0,
    listings: listingCount,
    verifiedListings: verifiedCount,
    pendingListings: listingCount - verifiedCount,
    acceptedDeals: Number(dealTotals?.accepted ?? 0),
    openDeals: Number(dealTotals?.open ?? 0),
    series,
  };
}

/** Users (not deleted) per country, most first; pct is the share of the total, to one decimal. */
export async function usersByCountry(db: Executor): Promise<UsersByCountry> {
  const n = count();
  const rows = await db
    .select({ country: users.country, count: n })
    .from(users)
    .where(isNull(users.deletedAt))
    .groupBy(users.country)
    .orderBy(desc(n), users.country);
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  return {
    total,
    items: rows.map((r) => ({
      country: r.country,
      count: r.count,
      pct: total ? Math.round((r.count * 1000) / total) / 10 : 0,
    })),
  };
}
