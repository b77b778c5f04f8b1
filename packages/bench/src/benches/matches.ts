import { type PubSub, updateListingMatches } from '@barterads/api';
import { MEDIA_CATEGORY_IDS } from '@barterads/core';
import { listings } from '@barterads/db';
import type { BenchDatabase } from '../lib/database';
import { type BenchResult, fmt, heading, printCheck, ratio } from '../lib/report';

const SMALL = Number(process.env.BENCH_MATCHES_SMALL ?? 10_000);
const LARGE = Number(process.env.BENCH_MATCHES_LARGE ?? 100_000);
/** `--size N` (or BENCH_MATCHES_HUGE): also measured at N listings, generated in SQL from the seeded ones. */
const huge = () => Number(process.env.BENCH_MATCHES_HUGE || 0);
/** New needs matched at each size (one per category, cycled). */
const SAMPLES = Number(process.env.BENCH_MATCHES_SAMPLES ?? 27);

const silentPubSub: PubSub = {
  publish: async () => {},
  subscribe: async () => () => {},
  close: async () => {},
} as unknown as PubSub;
const silentLogger = { info() {}, warn() {}, error() {}, debug() {} } as never;

/** Posts SAMPLES new needs and times updating each one's matches (what the match job does per listing). */
async function measure(db: BenchDatabase, label: string): Promise<number[]> {
  const [owner] = await db.sql<{ id: string }[]>`select id from users where user_type = 'advertiser' limit 1`;
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const category = MEDIA_CATEGORY_IDS[i % MEDIA_CATEGORY_IDS.length]!;
    const [row] = await db.handle.db
      .insert(listings)
      .values({
        ownerId: owner!.id,
        ownerType: 'advertiser',
        title: `Bench need ${label} ${i}: ${category} reach in Mumbai`,
        description: 'Looking for reach in Mumbai for a launch, December.',
        location: 'Mumbai, Maharashtra',
        city: 'Mumbai',
        lat: 19.076,
        lng: 72.8777,
        category,
        rateInr: 100_000,
        availableFrom: '2026-12-01',
        availableTo: '2026-12-31',
      })
      .returning({ id: listings.id });
    const started = performance.now();
    await updateListingMatches(
      { db: db.handle.db, notify: { db: db.handle.db, pubsub: silentPubSub, logger: silentLogger } },
      row!.id,
    );
    times.push(performance.now() - started);
  }
  await db.sql`delete from listing_match_queue`;
  return times.sort((a, b) => a - b);
}

/**
 * The seeded listings were queued by the listings trigger and the bench server's match job drains them: empty the
 * queue and wait for the job's batch in flight to finish, so that it is not measured alongside.
 */
async function quiet(db: BenchDatabase): Promise<void> {
  await db.sql`delete from listing_match_queue`;
  await db.waitIdle(180_000);
}

/**
 * Grows the listings to `total` in SQL (generate_series over the seeded rows: each copy moved a little in place,
 * price and dates, with a new id and age), without the triggers (the match queue, the search words) that a bulk
 * load does not need, then ANALYZE.
 */
async function growTo(db: BenchDatabase, total: number): Promise<void> {
  const started = performance.now();
  const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from listings`;
  const have = row!.n;
  const copies = Math.ceil((total - have) / have);
  await db.sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await tx`
      insert into listings (owner_id, owner_type, title, description, location, category, image, seeking, status,
        unit, rate_inr, min_units, available_from, available_to, city, state, lat, lng, monthly_reach, attributes,
        verified, created_at, updated_at)
      select owner_id, owner_type, title, description, location, category, image, seeking, status, unit,
        case when rate_inr is null then null else greatest(1, rate_inr + (g * 997) % 5000 - 2500) end, min_units,
        available_from + (g % 30), available_to + (g % 30), city, state,
        lat + ((g % 11) - 5) * 0.003, lng + ((g % 13) - 6) * 0.003, monthly_reach, attributes, verified,
        created_at - make_interval(mins => g), updated_at
      from (select * from listings order by id limit ${total - have}) l, generate_series(1, ${copies}) g
      limit ${total - have}`;
  });
  await db.sql`vacuum analyze listings`;
  const [after] = await db.sql<{ n: number }[]>`select count(*)::int as n from listings`;
  console.log(
    `  grew to ${after!.n.toLocaleString('en-US')} listings in SQL in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)] ?? 0;

/** Match update of one new listing at LARGE vs SMALL listings: at most 2× (bounded candidates, indexed). */
export async function runMatchesBench(db: BenchDatabase): Promise<BenchResult> {
  heading(`Matches: updating one new need's matches at ${fmt(SMALL)} vs ${fmt(LARGE)} listings`);
  await db.seedListings(SMALL);
  await quiet(db);
  const small = await measure(db, 'small');
  await db.seedListings(LARGE);
  await quiet(db);
  const large = await measure(db, 'large');
  const r = median(large) / Math.max(median(small), 0.001);
  const check = {
    name: `match update median at ${fmt(LARGE)} vs ${fmt(SMALL)}`,
    value: `${ratio(r)} (${fmt(median(large), 1)} ms vs ${fmt(median(small), 1)} ms; p90 ${fmt(large[Math.floor(large.length * 0.9)] ?? 0, 1)} ms)`,
    target: '<= 2.00x',
    pass: r <= 2,
  };
  printCheck(check);
  const checks = [check];
  const HUGE = huge();
  if (HUGE > LARGE) {
    heading(`Matches: one new need's matches at ${fmt(HUGE)} listings`);
    await growTo(db, HUGE);
    await quiet(db);
    const huge = await measure(db, 'huge');
    const at = {
      name: `match update median at ${fmt(HUGE)} listings (database round trips included)`,
      value: `${fmt(median(huge), 1)} ms (p90 ${fmt(huge[Math.floor(huge.length * 0.9)] ?? 0, 1)} ms, max ${fmt(huge[huge.length - 1] ?? 0, 1)} ms; ${ratio(median(huge) / Math.max(median(small), 0.001))} the time at ${fmt(SMALL)})`,
      target: '< 1,000 ms',
      pass: median(huge) < 1000,
    };
    printCheck(at);
    checks.push(at);
  }
  return { bench: 'Matches', checks, notes: [] };
}
