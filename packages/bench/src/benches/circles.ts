import { chooseCircles, loadCircleGraph } from '@barterads/api';
import { AcceptIndex, MEDIA_CATEGORY_IDS } from '@barterads/core';
import type { BenchDatabase } from '../lib/database';
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

/** Inserts one listing per entry of `owners` (skipping the triggers a bulk load does not need). */
async function seedListings(db: BenchDatabase, owners: string[], rand: () => number): Promise<void> {
  const rows = owners.map((ownerId, k) =>
    (() => {
      const category = MEDIA_CATEGORY_IDS[Math.floor(rand() * MEDIA_CATEGORY_IDS.length)]!;
      const city = CITIES[Math.floor(rand() * CITIES.length)]!;
      const rate = Math.round(20_000 * 10 ** (rand() * 1)); // ₹20,000 to ₹200,000, log-uniform
      return {
        owner_id: ownerId,
        owner_type: 'media_owner',
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

interface Measured {
  fullMs: number;
  oneMs: number;
  found: number;
  chosen: number;
  listings: number;
  givable: number;
  noPairShare: { noPair: number; withCircle: number };
  /** The same through each sampled member's own search (the job's, after its change). */
  aroundShare: { sampled: number; withCircle: number };
}

async function measure(db: BenchDatabase, listHolders: string[]): Promise<Measured> {
  await db.sql`analyze`;
  // The full search: every list-holder, as after a restart (read the lists and the bounded member graph, search,
  // apply the limits). Nothing is cached between runs: each reads the lists and the legs from PostgreSQL again.
  const fulls: number[] = [];
  let last: Awaited<ReturnType<typeof chooseCircles>> | undefined;
  for (let i = 0; i < FULL_RUNS; i++) {
    const started = performance.now();
    last = await chooseCircles(db.handle.db, undefined, new Date());
    fulls.push(performance.now() - started);
  }
  // One member's change: the job reads the lists and the graph around that member, and searches through it.
  const ones: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const member = listHolders[(i * 247) % listHolders.length]!;
    const started = performance.now();
    await chooseCircles(db.handle.db, [member], new Date());
    ones.push(performance.now() - started);
  }
  // Members with no pair (no two-way swap inside both lists, over every listing: the whole graph, read untimed)
  // and how many of them a circle the full search chose reaches.
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
  const inCircle = new Set(last!.chosen.flatMap((c) => c.members));
  const noPair = graph.lists.map((l) => l.userId).filter((m) => !hasPair(m));
  // The job's search after a member's change (its own legs exact): a fixed sample of the members with no pair,
  // each searched through alone on the same database (nothing proposed in between).
  const step = Math.max(1, Math.ceil(noPair.length / AROUND_SAMPLE));
  const sampled = noPair.filter((_, i) => i % step === 0);
  let aroundWith = 0;
  for (const m of sampled) {
    const around = await chooseCircles(db.handle.db, [m], new Date());
    if (around.chosen.some((c) => c.members.includes(m))) aroundWith += 1;
  }
  const [count] = await db.sql<{ n: number }[]>`select count(*)::int as n from listings`;
  return {
    fullMs: median(fulls),
    oneMs: median(ones),
    found: last!.found.length,
    chosen: last!.chosen.length,
    listings: count!.n,
    givable: graph.listings.length,
    noPairShare: { noPair: noPair.length, withCircle: noPair.filter((m) => inCircle.has(m)).length },
    aroundShare: { sampled: sampled.length, withCircle: aroundWith },
  };
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
  const rand = random(32);
  const listHolders = await seedMembers(db, LISTS, 1);
  await seedLists(db, listHolders, rand);
  /** `n` listings of the list-holders (each to a holder at random) and `rest` of members without a list (two each). */
  let nextMember = LISTS + 1;
  async function addListings(total: number): Promise<void> {
    const held = Math.round(total * LIST_SHARE);
    const others = await seedMembers(db, Math.ceil((total - held) / 2), nextMember);
    nextMember += others.length;
    const owners = [
      ...Array.from({ length: held }, () => listHolders[Math.floor(rand() * listHolders.length)]!),
      ...others.flatMap((o) => [o, o]).slice(0, total - held),
    ];
    await seedListings(db, owners, rand);
  }
  await addListings(SMALL);
  const small = await measure(db, listHolders);
  console.log(
    `  ${fmt(small.listings)} listings (${fmt(small.givable)} of list-holders): full search ${fmt(small.fullMs)} ms, one member ${fmt(small.oneMs)} ms, ${fmt(small.found)} circles found, ${fmt(small.chosen)} chosen; no pair but a circle: ${fmt(small.noPairShare.withCircle)} of ${fmt(small.noPairShare.noPair)} (full search), ${fmt(small.aroundShare.withCircle)} of ${fmt(small.aroundShare.sampled)} sampled (their own search)`,
  );
  await addListings(LARGE - small.listings);
  const large = await measure(db, listHolders);
  console.log(
    `  ${fmt(large.listings)} listings (${fmt(large.givable)} of list-holders): full search ${fmt(large.fullMs)} ms, one member ${fmt(large.oneMs)} ms, ${fmt(large.found)} circles found, ${fmt(large.chosen)} chosen; no pair but a circle: ${fmt(large.noPairShare.withCircle)} of ${fmt(large.noPairShare.noPair)} (full search), ${fmt(large.aroundShare.withCircle)} of ${fmt(large.aroundShare.sampled)} sampled (their own search)`,
  );
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
