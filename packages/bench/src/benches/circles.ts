import { chooseCircles, loadCircleGraph } from '@barterads/api';
import { AcceptIndex, MEDIA_CATEGORY_IDS } from '@barterads/core';
import { type BenchDatabase, createBenchDatabase } from '../lib/database';
import { type BenchResult, fmt, heading, printCheck, ratio } from '../lib/report';

const LISTS = Number(process.env.BENCH_CIRCLES_LISTS ?? 5_000);
const SMALL = Number(process.env.BENCH_CIRCLES_SMALL ?? 10_000);
const LARGE = Number(process.env.BENCH_CIRCLES_LARGE ?? 100_000);
/**
 * The share of the listings that belong to members who keep an accept list, the same at both sizes: the listings the
 * search reads grow with the total (only a list-holder can be in a circle, so listings of members without a list
 * are never read; were the list-holders' listings the same at both sizes, the comparison would time the same work
 * twice).
 */
const LIST_SHARE = Number(process.env.BENCH_CIRCLES_LIST_SHARE ?? 0.2);
/** Incremental searches (one member's circles, as after its change) timed at each size. */
const SAMPLES = 20;
/** Members with no pair searched through one by one (as after their own change), for the share who get a circle. */
const AROUND_SAMPLE = Number(process.env.BENCH_CIRCLES_AROUND_SAMPLE ?? 100);
/** Full searches timed at each size (the median is reported). */
const FULL_RUNS = Number(process.env.BENCH_CIRCLES_FULL_RUNS ?? 3);
const CITIES = [
  'Mumbai',
  'Pune',
  'Delhi',
  'Bengaluru',
  'Chennai',
  'Hyderabad',
  'Kolkata',
  'Ahmedabad',
  'Jaipur',
  'Nashik',
];

/** A seeded random generator (mulberry32): the same data at every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Members: LISTS with an accept list, and as many more without as the listings need (two listings each). */
async function seedMembers(db: BenchDatabase, count: number, from: number): Promise<string[]> {
  const rows = await db.sql<{ id: string }[]>`
    insert into users (email, password_hash, first_name, last_name, company_name, user_type, email_verified)
    select 'circle-bench-' || g || '@bench.barterads.in', 'x', 'Bench', 'Member ' || g, 'Bench Co ' || g,
      'media_owner', true
    from generate_series(${from}::int, ${from + count - 1}::int) g
    returning id::text`;
  return rows.map((r) => r.id);
}

/**
 * Inserts one listing per entry of `owners` (skipping the triggers a bulk load does not need: `owner_accepts`, which
 * a trigger sets from member_accepts, is written here for the owners in `holders`, as that trigger would).
 */
async function seedListings(
  db: BenchDatabase,
  owners: string[],
  holders: ReadonlySet<string>,
  rand: () => number,
): Promise<void> {
  const rows = owners.map((ownerId, k) =>
    (() => {
      const category = MEDIA_CATEGORY_IDS[Math.floor(rand() * MEDIA_CATEGORY_IDS.length)]!;
      const city = CITIES[Math.floor(rand() * CITIES.length)]!;
      const rate = Math.round(20_000 * 10 ** (rand() * 1)); // ₹20,000 to ₹200,000, log-uniform
      return {
        owner_id: ownerId,
        owner_type: 'media_owner',
        owner_accepts: holders.has(ownerId),
        title: `Bench ${category} in ${city} ${k}`,
        description: 'Bench inventory',
        location: city,
        category,
        city,
        rate_inr: rate,
        unit: 'month',
      };
    })(),
  );
  await db.sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    for (let i = 0; i < rows.length; i += 2_000)
      await tx`insert into listings ${tx(rows.slice(i, i + 2_000))}`;
  });
}

async function seedLists(db: BenchDatabase, members: string[], rand: () => number): Promise<void> {
  // A business names a category (or two), its city (or two) or any (one in five), and a band around a value
  // (±25%).
  const rows = members.map((userId) => {
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const categories = [
      ...new Set(
        rand() < 0.7 ? [pick(MEDIA_CATEGORY_IDS)] : [pick(MEDIA_CATEGORY_IDS), pick(MEDIA_CATEGORY_IDS)],
      ),
    ];
    const cities =
      rand() < 0.2
        ? []
        : [...new Set(rand() < 0.8 ? [pick(CITIES)] : [pick(CITIES), pick(CITIES)])].map((c) =>
            c.toLowerCase(),
          );
    const centre = 20_000 * 10 ** rand();
    return {
      user_id: userId,
      categories,
      cities,
      min_value_inr: Math.round(centre * 0.75),
      max_value_inr: Math.round(centre * 1.25),
    };
  });
  for (let i = 0; i < rows.length; i += 2_000)
    await db.sql`insert into member_accepts ${db.sql(rows.slice(i, i + 2_000))}`;
}

type Search = Awaited<ReturnType<typeof chooseCircles>>;

/**
 * The full search: every list-holder, as after a restart (read the lists and the bounded member graph, search,
 * apply the limits). Nothing is cached between runs: each reads the lists and the legs from PostgreSQL again.
 */
async function timeFull(db: BenchDatabase): Promise<{ ms: number; search: Search }> {
  const started = performance.now();
  const search = await chooseCircles(db.handle.db, undefined, new Date());
  return { ms: performance.now() - started, search };
}

/** One member's change: the job reads the lists and the graph around that member, and searches through it. */
async function timeOne(db: BenchDatabase, member: string): Promise<number> {
  const started = performance.now();
  await chooseCircles(db.handle.db, [member], new Date());
  return performance.now() - started;
}

/**
 * Members with no pair (no two-way swap inside both lists, over every listing: the whole graph, read untimed), how
 * many of them a circle the full search chose reaches, and how many of a fixed sample of them their own search
 * (the job's after their change, its own legs exact) gives a circle, each searched alone (nothing proposed).
 */
async function shares(db: BenchDatabase, full: Search) {
  const graph = await loadCircleGraph(db.handle.db);
  const index = new AcceptIndex(graph.lists);
  const gives = new Map<string, Set<string>>();
  for (const l of graph.listings) {
    if (!index.byUser.has(l.ownerId)) continue;
    for (const { list } of index.receiversOf(l)) {
      const s = gives.get(l.ownerId) ?? new Set<string>();
      s.add(list.userId);
      gives.set(l.ownerId, s);
    }
  }
  const hasPair = (m: string) => [...(gives.get(m) ?? [])].some((other) => gives.get(other)?.has(m));
  const inCircle = new Set(full.chosen.flatMap((c) => c.members));
  const noPair = graph.lists.map((l) => l.userId).filter((m) => !hasPair(m));
  const step = Math.max(1, Math.ceil(noPair.length / AROUND_SAMPLE));
  const sampled = noPair.filter((_, i) => i % step === 0);
  let aroundWith = 0;
  for (const m of sampled) {
    const around = await chooseCircles(db.handle.db, [m], new Date());
    if (around.chosen.some((c) => c.members.includes(m))) aroundWith += 1;
  }
  const [count] = await db.sql<{ n: number }[]>`select count(*)::int as n from listings`;
  return {
    listings: count!.n,
    givable: graph.listings.length,
    noPairShare: { noPair: noPair.length, withCircle: noPair.filter((m) => inCircle.has(m)).length },
    aroundShare: { sampled: sampled.length, withCircle: aroundWith },
  };
}

/**
 * One size's data on its own database: LISTS members with the same accept lists at every size (the same seed),
 * `total` listings, LIST_SHARE of them the list-holders' (each to a holder at random), the rest of members
 * without a list (two each). Answers the list-holders in the order they were made (the same lists at both sizes).
 */
async function seedSize(db: BenchDatabase, total: number): Promise<string[]> {
  const rand = random(32);
  const listHolders = await seedMembers(db, LISTS, 1);
  await seedLists(db, listHolders, rand);
  const held = Math.round(total * LIST_SHARE);
  const others = await seedMembers(db, Math.ceil((total - held) / 2), LISTS + 1);
  const owners = [
    ...Array.from({ length: held }, () => listHolders[Math.floor(rand() * listHolders.length)]!),
    ...others.flatMap((o) => [o, o]).slice(0, total - held),
  ];
  await seedListings(db, owners, new Set(listHolders), rand);
  await db.sql`vacuum analyze`;
  return listHolders;
}

/**
 * Circle search among SMALL and LARGE listings with LISTS accept lists (issue 32): the full search and one member's
 * search after a change, timed at both sizes, and their growth (target under 2×). The accept lists are the same at
 * both sizes; the listings grow tenfold for list-holders and others alike (LIST_SHARE of them the list-holders'),
 * so the larger size gives the search ten times the listings to read. Also the share of list-holders with no
 * two-way pair who get a circle: from the full search (a bounded sample of each list's options), and through
 * their own search (the job's after a member's change, its own legs exact), on a fixed sample of them.
 */
export async function runCirclesBench(db: BenchDatabase): Promise<BenchResult> {
  heading(
    `Circles: ${fmt(LISTS)} accept lists, ${fmt(SMALL)} then ${fmt(LARGE)} listings (${LIST_SHARE * 100}% of them list-holders')`,
  );
  console.log(
    '  (nothing is cached: each search reads the accept lists and the legs from PostgreSQL again; medians of the runs)',
  );
  // Each size on its own database, and the timings alternate between them (small, large, small, large…), so the
  // load of this shared machine, which drifts over minutes, weighs on both sizes alike.
  const largeDb = await createBenchDatabase();
  try {
    console.log(`  created database ${largeDb.name} for the larger size`);
    const smallHolders = await seedSize(db, SMALL);
    const largeHolders = await seedSize(largeDb, LARGE);
    const fulls = { small: [] as number[], large: [] as number[] };
    const lastFull: { small?: Search; large?: Search } = {};
    for (let i = 0; i < FULL_RUNS; i++) {
      const s1 = await timeFull(db);
      const l1 = await timeFull(largeDb);
      fulls.small.push(s1.ms);
      fulls.large.push(l1.ms);
      lastFull.small = s1.search;
      lastFull.large = l1.search;
    }
    const ones = { small: [] as number[], large: [] as number[] };
    for (let i = 0; i < SAMPLES; i++) {
      // The same list-holder (the same list) at both sizes.
      const k = (i * 247) % LISTS;
      ones.small.push(await timeOne(db, smallHolders[k]!));
      ones.large.push(await timeOne(largeDb, largeHolders[k]!));
    }
    const small = {
      fullMs: median(fulls.small),
      oneMs: median(ones.small),
      found: lastFull.small!.found.length,
      chosen: lastFull.small!.chosen.length,
      ...(await shares(db, lastFull.small!)),
    };
    const large = {
      fullMs: median(fulls.large),
      oneMs: median(ones.large),
      found: lastFull.large!.found.length,
      chosen: lastFull.large!.chosen.length,
      ...(await shares(largeDb, lastFull.large!)),
    };
    for (const m of [small, large])
      console.log(
        `  ${fmt(m.listings)} listings (${fmt(m.givable)} of list-holders): full search ${fmt(m.fullMs)} ms, one member ${fmt(m.oneMs)} ms, ${fmt(m.found)} circles found, ${fmt(m.chosen)} chosen; no pair but a circle: ${fmt(m.noPairShare.withCircle)} of ${fmt(m.noPairShare.noPair)} (full search), ${fmt(m.aroundShare.withCircle)} of ${fmt(m.aroundShare.sampled)} sampled (their own search)`,
      );
    return report(small, large);
  } finally {
    await largeDb.destroy();
    console.log(`  dropped database ${largeDb.name}`);
  }
}

interface Sized {
  fullMs: number;
  oneMs: number;
  noPairShare: { noPair: number; withCircle: number };
  aroundShare: { sampled: number; withCircle: number };
}

function report(small: Sized, large: Sized): BenchResult {
  const fullGrowth = large.fullMs / small.fullMs;
  const oneGrowth = large.oneMs / small.oneMs;
  const share = large.noPairShare.noPair ? large.noPairShare.withCircle / large.noPairShare.noPair : 0;
  const aroundShare = large.aroundShare.sampled
    ? large.aroundShare.withCircle / large.aroundShare.sampled
    : 0;
  const checks = [
    {
      name: `full circle search growth ${fmt(SMALL)} → ${fmt(LARGE)} listings`,
      value: `${ratio(fullGrowth)} (${fmt(small.fullMs)} → ${fmt(large.fullMs)} ms)`,
      target: '< 2.00x',
      pass: fullGrowth < 2,
    },
    {
      name: `one member's circle search growth ${fmt(SMALL)} → ${fmt(LARGE)} listings`,
      value: `${ratio(oneGrowth)} (${fmt(small.oneMs)} → ${fmt(large.oneMs)} ms)`,
      target: '< 2.00x',
      pass: oneGrowth < 2,
    },
    {
      name: "list-holders with no pair who get a circle, through their own search (the job's after a change; sampled)",
      value: `${(aroundShare * 100).toFixed(1)}% (${fmt(large.aroundShare.withCircle)} of ${fmt(large.aroundShare.sampled)})`,
      target: '> 0% (reported)',
      pass: aroundShare > 0,
    },
    {
      name: 'list-holders with no pair who get a circle from the full search',
      value: `${(share * 100).toFixed(1)}% (${fmt(large.noPairShare.withCircle)} of ${fmt(large.noPairShare.noPair)})`,
      target: '(reported)',
      pass: true,
    },
  ];
  for (const c of checks) printCheck(c);
  return { bench: 'Circles', checks, notes: [] };
}
