import { createSession, dealLetter, hashPassword } from '@barterads/api';
import { dealAllowance, type PlanId } from '@barterads/core';
import { listings, subscriptions, type UserRow, users } from '@barterads/db';
import type { BenchDatabase } from '../lib/database';
import { clientAddress } from '../lib/load';
import { type BenchResult, fmt, heading, printCheck, ratio } from '../lib/report';
import type { RunningServer } from '../lib/server';

const CLIENTS = Number(process.env.BENCH_DEALS_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_DEALS_SECONDS ?? 20);
/** Deals in the table for the listing measurement: SMALL, then LARGE (seeded with SQL, not the API). */
const SMALL = Number(process.env.BENCH_DEALS_SMALL ?? 10_000);
const LARGE = Number(process.env.BENCH_DEALS_LARGE ?? 100_000);
const LETTERS = Number(process.env.BENCH_DEALS_LETTERS ?? 100);
/** Owners (with a listing each) shared by all clients, so parties' limits are raced; brands rotate. */
const OWNERS = 40;
const BRANDS = 400;
/** A brand proposes at most this many deals (the API allows 30 an hour), then the client takes the next. */
const PER_BRAND = 10;
/** Plans cycled over the parties: no plan (2 deals a month), 5, 15, 50. Small limits so they are reached. */
const PLANS: (PlanId | null)[] = [null, 'starter', 'growth', 'professional'];

interface Party {
  user: UserRow;
  token: string;
  address: string;
  listingId?: string;
}

interface Tally {
  requests: number;
  status: Map<number, number>;
  errors: Map<string, number>;
  latencies: number[];
  /** Acknowledged (2xx) versions: deal id and version number. */
  versions: { id: string; version: number }[];
  accepted: { id: string; version: number }[];
  withdrawn: string[];
  declined: string[];
}

async function createParties(db: BenchDatabase): Promise<{ owners: Party[]; brands: Party[] }> {
  const passwordHash = await hashPassword('bench-deals-password');
  const now = new Date();
  const make = (prefix: string, count: number, userType: 'media_owner' | 'advertiser') =>
    Array.from({ length: count }, (_, i) => ({
      email: `${prefix}${i}@bench.barterads.in`,
      passwordHash,
      firstName: 'Bench',
      lastName: `${prefix} ${i}`,
      companyName: `Bench ${prefix} ${i} Pvt Ltd`,
      role: 'user' as const,
      userType,
      status: 'active' as const,
      country: 'IN',
      emailVerified: true,
    }));
  const ownerRows = await db.handle.db
    .insert(users)
    .values(make('dealowner', OWNERS, 'media_owner'))
    .returning();
  const brandRows = await db.handle.db
    .insert(users)
    .values(make('dealbrand', BRANDS, 'advertiser'))
    .returning();
  const all = [...ownerRows, ...brandRows];
  const planned = all.flatMap((u, i) => {
    const planId = PLANS[i % PLANS.length];
    return planId
      ? [
          {
            userId: u.id,
            planId,
            period: 'monthly' as const,
            status: 'active' as const,
            currentPeriodStart: new Date(now.getTime() - 86_400_000),
            currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
          },
        ]
      : [];
  });
  await db.handle.db.insert(subscriptions).values(planned);
  const listingRows = await db.handle.db
    .insert(listings)
    .values(
      ownerRows.map((owner, i) => ({
        ownerId: owner.id,
        ownerType: owner.userType,
        title: `Bench hoarding ${i} near the flyover`,
        description: 'Front-lit hoarding facing two-way traffic, for the deals benchmark.',
        location: 'Pune, Maharashtra',
        category: 'outdoor' as const,
        unit: 'month',
        rateInr: 50_000,
      })),
    )
    .returning({ id: listings.id, ownerId: listings.ownerId });
  const listingOf = new Map(listingRows.map((l) => [l.ownerId, l.id]));
  const session = async (user: UserRow): Promise<Party> => ({
    user,
    token: (await createSession(db.handle.db, user.id)).token,
    address: clientAddress(),
    listingId: listingOf.get(user.id),
  });
  const parties: Party[] = [];
  for (let i = 0; i < all.length; i += 25)
    parties.push(...(await Promise.all(all.slice(i, i + 25).map(session))));
  return { owners: parties.slice(0, OWNERS), brands: parties.slice(OWNERS) };
}

function itemsOf(owner: Party, brand: Party, round: number) {
  return [
    {
      giverId: owner.user.id,
      listingId: owner.listingId,
      title: 'Hoarding near the flyover',
      quantity: 1,
      unit: 'month',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      valueInr: 50_000,
    },
    {
      giverId: brand.user.id,
      title: 'Sampling boxes at 20 stores',
      quantity: 20 + round,
      unit: 'event',
      valueInr: 45_000 + round * 1_000,
    },
  ];
}

type DealBody = { deal?: { _id?: string; version?: number; status?: string } };

async function call(
  url: string,
  party: Party,
  body: unknown,
  tally: Tally,
  label: string,
): Promise<{ status: number; body: DealBody | undefined }> {
  const started = performance.now();
  tally.requests += 1;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${party.token}`,
        'x-forwarded-for': party.address,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    tally.latencies.push(performance.now() - started);
    tally.status.set(response.status, (tally.status.get(response.status) ?? 0) + 1);
    if (response.status >= 300) {
      const key = `${label} ${response.status} ${text.slice(0, 140)}`;
      tally.errors.set(key, (tally.errors.get(key) ?? 0) + 1);
      return { status: response.status, body: undefined };
    }
    return { status: response.status, body: JSON.parse(text) as DealBody };
  } catch (error) {
    const key = `${label} ${error instanceof Error ? error.message : String(error)}`;
    tally.errors.set(key, (tally.errors.get(key) ?? 0) + 1);
    // No answer at all is counted with the 5xx: the server failed to answer.
    tally.status.set(599, (tally.status.get(599) ?? 0) + 1);
    return { status: 599, body: undefined };
  }
}

/** Part 1: CLIENTS clients negotiating for SECONDS seconds, then the database checked against the acknowledgements. */
async function runNegotiations(
  db: BenchDatabase,
  api: RunningServer,
  result: BenchResult,
): Promise<{ id: string; viewer: UserRow } | undefined> {
  const { owners, brands } = await createParties(db);
  await db.waitIdle();
  const tally: Tally = {
    requests: 0,
    status: new Map(),
    errors: new Map(),
    latencies: [],
    versions: [],
    accepted: [],
    withdrawn: [],
    declined: [],
  };
  let nextBrand = 0;
  let exhausted = false;
  let raced = 0;
  const deadline = Date.now() + SECONDS * 1000;
  let seed = 19;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };

  const client = async (n: number) => {
    while (Date.now() < deadline) {
      const brand = brands[nextBrand++];
      if (!brand) {
        exhausted = true;
        return;
      }
      for (let i = 0; i < PER_BRAND && Date.now() < deadline; i++) {
        // Owners are shared: several clients act for the same owner at once, racing the plan limit.
        const owner = owners[Math.floor(random() * owners.length)]!;
        const made = await call(
          `${api.url}/api/deals`,
          brand,
          {
            listingId: owner.listingId,
            items: itemsOf(owner, brand, 0),
            openDays: 7,
            message: `Client ${n}`,
          },
          tally,
          'POST /api/deals',
        );
        const id = made.body?.deal?._id;
        if (!id) continue;
        tally.versions.push({ id, version: 1 });
        let version = 1;
        // Turn: the owner answers version 1; counters alternate between the two.
        let turn: Party = owner;
        let other: Party = brand;
        const counters = Math.floor(random() * 4);
        let open = true;
        for (let c = 0; c < counters && Date.now() < deadline; c++) {
          const countered = await call(
            `${api.url}/api/deals/${id}/counter`,
            turn,
            { items: itemsOf(owner, brand, c + 1), openDays: 7 },
            tally,
            'POST /api/deals/:id/counter',
          );
          if (!countered.body?.deal) {
            open = countered.status < 500;
            break;
          }
          version = countered.body.deal.version ?? version + 1;
          tally.versions.push({ id, version });
          [turn, other] = [other, turn];
        }
        if (!open) continue;
        const ending = random();
        if (ending < 0.15) {
          const declined = await call(`${api.url}/api/deals/${id}/decline`, turn, {}, tally, 'decline');
          if (declined.body?.deal) tally.declined.push(id);
        } else if (ending < 0.35) {
          // A race on one deal: the turn's party accepts while the latest version's author withdraws it.
          raced += 1;
          const [accepted, withdrawn] = await Promise.all([
            call(`${api.url}/api/deals/${id}/accept`, turn, { version }, tally, 'accept (raced)'),
            call(`${api.url}/api/deals/${id}/withdraw`, other, {}, tally, 'withdraw (raced)'),
          ]);
          if (accepted.body?.deal) tally.accepted.push({ id, version });
          if (withdrawn.body?.deal) tally.withdrawn.push(id);
        } else {
          const accepted = await call(
            `${api.url}/api/deals/${id}/accept`,
            turn,
            { version },
            tally,
            'accept',
          );
          if (accepted.body?.deal) tally.accepted.push({ id, version });
        }
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
  const elapsed = (performance.now() - started) / 1000;

  const statusLine = [...tally.status.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s} x${fmt(n)}`)
    .join(', ');
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const transitions =
    tally.versions.length + tally.accepted.length + tally.withdrawn.length + tally.declined.length;
  console.log(
    `  ${fmt(tally.requests)} requests in ${elapsed.toFixed(1)} s (${fmt(tally.requests / elapsed)} req/s), ` +
      `p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms; statuses ${statusLine}`,
  );
  console.log(
    `  acknowledged: ${fmt(tally.versions.length)} versions, ${fmt(tally.accepted.length)} acceptances, ` +
      `${fmt(tally.withdrawn.length)} withdrawals, ${fmt(tally.declined.length)} declines; ${fmt(raced)} accept/withdraw races`,
  );
  for (const [key, n] of [...tally.errors.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`  refused x${n}: ${key}`);
  if (exhausted) result.notes.push(`all ${BRANDS} benchmark brands used up before the end`);

  const fivexx = [...tally.status.entries()].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
  result.checks.push({
    name: '5xx under load',
    value: `${fmt(fivexx)} of ${fmt(tally.requests)} requests`,
    target: '0',
    pass: fivexx === 0,
  });

  // Every deal row in a possible state: one query over the table and its versions.
  const [impossible] = await db.sql<{ bad: number; total: number }[]>`
    with v as (
      select deal_id, count(*)::int as n, max(version) as top,
        bool_and(version between 1 and 10) as in_range
      from deal_versions group by deal_id
    ),
    latest as (
      select dv.deal_id, dv.author_id from deal_versions dv
      join deals d on d.id = dv.deal_id and dv.version = d.version
    )
    select count(*) filter (where not (
      v.n is not null and v.n = d.version and v.top = d.version and v.n <= 10 and v.in_range
      and d.proposer_id <> d.counterparty_id
      and case
        when d.status in ('accepted', 'completed', 'disputed') then
          d.number is not null and d.accepted_at is not null and d.accepted_by is not null
          and d.accepted_by in (d.proposer_id, d.counterparty_id)
          and d.accepted_by <> l.author_id and d.turn_user_id is null and d.closed_at is null
          and d.proposer_commission_bp is not null and d.counterparty_commission_bp is not null
        when d.status = 'proposed' then
          d.turn_user_id is not null and d.turn_user_id in (d.proposer_id, d.counterparty_id)
          and d.turn_user_id <> l.author_id and d.number is null and d.accepted_at is null
        else
          d.turn_user_id is null and d.number is null and d.accepted_at is null and d.closed_at is not null
      end
    ))::int as bad,
    count(*)::int as total
    from deals d left join v on v.deal_id = d.id left join latest l on l.deal_id = d.id`;
  result.checks.push({
    name: 'deals in an impossible state',
    value: `${fmt(impossible!.bad)} of ${fmt(impossible!.total)}`,
    target: '0',
    pass: impossible!.bad === 0 && impossible!.total > 0,
  });

  // Plan limits: accepted deals per party per Asia/Kolkata month against the plan the party holds.
  const perMonth = await db.sql<{ user_id: string; plan_id: PlanId | null; n: number }[]>`
    with accepted as (
      select proposer_id as user_id, accepted_at from deals where accepted_at is not null
      union all
      select counterparty_id, accepted_at from deals where accepted_at is not null
    )
    select a.user_id, s.plan_id, count(*)::int as n
    from accepted a
    left join subscriptions s on s.user_id = a.user_id and s.status = 'active'
    group by a.user_id, s.plan_id, date_trunc('month', a.accepted_at at time zone 'Asia/Kolkata')`;
  const exceeded = perMonth.filter((row) => {
    const limit = dealAllowance(row.plan_id).dealsPerMonth;
    return limit !== null && row.n > limit;
  });
  const atLimit = perMonth.filter((row) => row.n === dealAllowance(row.plan_id).dealsPerMonth).length;
  result.checks.push({
    name: 'plan limits exceeded',
    value: `${fmt(exceeded.length)} of ${fmt(perMonth.length)} party-months (${fmt(atLimit)} exactly at their limit)`,
    target: '0',
    pass: exceeded.length === 0 && perMonth.length > 0,
  });

  // Every acknowledged transition present afterwards.
  const ids = (list: { id: string }[]) => list.map((x) => x.id);
  const versions = (list: { version: number }[]) => list.map((x) => x.version);
  const [present] = await db.sql<
    { versions: number; accepted: number; withdrawn: number; declined: number }[]
  >`
    select
      (select count(*)::int from unnest(${ids(tally.versions)}::uuid[], ${versions(tally.versions)}::int[]) as a(id, version)
        where exists (select 1 from deal_versions dv where dv.deal_id = a.id and dv.version = a.version)) as versions,
      (select count(*)::int from unnest(${ids(tally.accepted)}::uuid[], ${versions(tally.accepted)}::int[]) as a(id, version)
        join deals d on d.id = a.id and d.version = a.version and d.status = 'accepted') as accepted,
      (select count(*)::int from deals where id = any(${tally.withdrawn}::uuid[]) and status = 'withdrawn') as withdrawn,
      (select count(*)::int from deals where id = any(${tally.declined}::uuid[]) and status = 'declined') as declined`;
  const acknowledged = transitions;
  const found = present!.versions + present!.accepted + present!.withdrawn + present!.declined;
  result.checks.push({
    name: 'acknowledged transitions present afterwards',
    value: `${fmt(found)} of ${fmt(acknowledged)}`,
    target: 'all',
    pass: found === acknowledged && tally.accepted.length > 0,
  });
  result.notes.push(
    `${fmt(tally.requests)} deal requests in ${elapsed.toFixed(1)} s, p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms; ${statusLine}`,
  );
  const first = tally.accepted[0];
  if (!first) return undefined;
  const [row] = await db.sql<{ proposer_id: string }[]>`select proposer_id from deals where id = ${first.id}`;
  const party = [...owners, ...brands].find((p) => p.user.id === row?.proposer_id);
  return party ? { id: first.id, viewer: party.user } : undefined;
}

/**
 * Seeds deals with SQL up to `total` rows in the table, between 200 seeded businesses (the measured user is one
 * of them, a party to 1 in 100 deals), each with one version and two items (pending deliverables too when
 * accepted), then ANALYZE.
 */
async function seedDeals(db: BenchDatabase, total: number, people: string[]): Promise<void> {
  const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from deals`;
  const missing = total - row!.n;
  if (missing <= 0) return;
  const started = performance.now();
  const from = row!.n;
  await db.sql.begin(async (sql) => {
    await sql`
      create temporary table seeded on commit drop as
      select gen_random_uuid() as id, gen_random_uuid() as version_id, g as n,
        (${people}::uuid[])[1 + (g % ${people.length})] as proposer_id,
        (${people}::uuid[])[1 + ((g / ${people.length} + g + 1) % ${people.length})] as counterparty_id,
        timestamptz '2026-01-01' + (g % 100000) * interval '5 minutes' as at,
        (array['proposed', 'accepted', 'declined', 'withdrawn', 'expired'])[1 + g % 5]::deal_status as status
      from generate_series(${from + 1}::int, ${total}::int) as g`;
    // Pairs where both parties would be the same person move the counterparty one along.
    await sql`
      update seeded set counterparty_id = (${people}::uuid[])[1 + ((n / ${people.length} + n + 2) % ${people.length})]
      where counterparty_id = proposer_id`;
    await sql`
      insert into deals (id, number, status, proposer_id, counterparty_id, version, turn_user_id, expires_at,
        accepted_at, accepted_by, closed_at, proposer_commission_bp, proposer_commission_inr,
        counterparty_commission_bp, counterparty_commission_inr, created_at, updated_at)
      select id,
        case when status = 'accepted' then 'BA-2025-S' || lpad(n::text, 8, '0') end,
        status, proposer_id, counterparty_id, 1,
        case when status = 'proposed' then counterparty_id end,
        at + interval '7 days',
        case when status = 'accepted' then at end,
        case when status = 'accepted' then counterparty_id end,
        case when status in ('declined', 'withdrawn', 'expired') then at end,
        case when status = 'accepted' then 500 end, case when status = 'accepted' then 2500 end,
        case when status = 'accepted' then 500 end, case when status = 'accepted' then 2250 end,
        at, at
      from seeded`;
    await sql`
      insert into deal_versions (id, deal_id, version, author_id, open_days, expires_at, created_at)
      select version_id, id, 1, proposer_id, 7, at + interval '7 days', at from seeded`;
    await sql`
      insert into deal_items (deal_id, version_id, version, position, giver_id, title, quantity, unit, value_inr)
      select id, version_id, 1, 0, counterparty_id, 'Seeded hoarding month', 1, 'month', 50000 from seeded
      union all
      select id, version_id, 1, 1, proposer_id, 'Seeded sampling events', 20, 'event', 45000 from seeded`;
    // An accepted deal is in delivery: each item of its accepted version is a pending deliverable owed by its
    // giver (createDeliverables() at acceptance), which the deliveries benchmark's consistency check holds it to.
    await sql`
      insert into deal_deliverables (deal_id, item_id, giver_id, receiver_id)
      select i.deal_id, i.id, i.giver_id,
        case when i.giver_id = s.proposer_id then s.counterparty_id else s.proposer_id end
      from deal_items i join seeded s on s.id = i.deal_id
      where s.status = 'accepted'`;
  });
  await db.sql`vacuum analyze deals`;
  await db.sql`analyze deal_versions`;
  await db.sql`analyze deal_items`;
  console.log(`  seeded deals up to ${fmt(total)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Median time of GET /api/deals (first page, then the awaiting filter) for one user, over `rounds` requests. */
async function timeListing(
  api: RunningServer,
  token: string,
  rounds = 60,
): Promise<{ median: number; count: number }> {
  const times: number[] = [];
  let count = 0;
  const paths = ['/api/deals', '/api/deals?status=awaiting', '/api/deals?status=accepted'];
  for (let i = 0; i < rounds + 6; i++) {
    const started = performance.now();
    const response = await fetch(`${api.url}${paths[i % paths.length]}`, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': clientAddress() },
    });
    const body = (await response.json()) as { deals?: unknown[]; counts?: Record<string, number> };
    if (response.status !== 200) throw new Error(`GET /api/deals answered ${response.status}`);
    if (i >= 6) times.push(performance.now() - started);
    if (i === 0) count = Object.values(body.counts ?? {}).reduce((a, b) => a + b, 0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? 0, count };
}

async function runListing(db: BenchDatabase, api: RunningServer, result: BenchResult): Promise<void> {
  heading(`Deals listing: a user's deals with ${fmt(SMALL)} and ${fmt(LARGE)} deals in the table`);
  const passwordHash = await hashPassword('bench-deals-password');
  const people = await db.handle.db
    .insert(users)
    .values(
      Array.from({ length: 200 }, (_, i) => ({
        email: `dealseed${i}@bench.barterads.in`,
        passwordHash,
        firstName: 'Seeded',
        lastName: `Party ${i}`,
        role: 'user' as const,
        userType: i % 2 === 0 ? ('media_owner' as const) : ('advertiser' as const),
        status: 'active' as const,
        country: 'IN',
        emailVerified: true,
      })),
    )
    .returning({ id: users.id });
  const ids = people.map((p) => p.id);
  // Two users measured: `growing` is a party to 1 in 100 deals at both sizes (100, then 1,000 deals); `steady`
  // takes part only in the first 10,000 (about 100 deals), so only the table grows around it.
  const growing = ids[0]!;
  const steady = ids.at(-1)!;
  const others = ids.slice(0, -1);
  const [growingToken, steadyToken] = await Promise.all(
    [growing, steady].map(async (id) => (await createSession(db.handle.db, id)).token),
  );
  await seedDeals(db, SMALL, ids);
  await db.waitIdle();
  const small = {
    growing: await timeListing(api, growingToken!),
    steady: await timeListing(api, steadyToken!),
  };
  await explainListing(db, growing, small.growing.count, SMALL, result);
  await seedDeals(db, LARGE, others);
  await db.waitIdle();
  const large = {
    growing: await timeListing(api, growingToken!),
    steady: await timeListing(api, steadyToken!),
  };
  const [table] = await db.sql<{ n: number }[]>`select count(*)::int as n from deals`;
  for (const [label, key] of [
    ['deals fixed', 'steady'],
    ['deals growing with the table', 'growing'],
  ] as const) {
    const a = small[key];
    const b = large[key];
    console.log(
      `  user with ${label}: ${fmt(SMALL)} deals ${a.median.toFixed(2)} ms (user in ${fmt(a.count)}); ` +
        `${fmt(table!.n)} deals ${b.median.toFixed(2)} ms (user in ${fmt(b.count)})`,
    );
    result.checks.push({
      name: `listing a user's deals (${label}), ${fmt(LARGE)} vs ${fmt(SMALL)} deals`,
      value: `${ratio(b.median / a.median)} (${b.median.toFixed(2)} vs ${a.median.toFixed(2)} ms median; the user in ${fmt(b.count)} vs ${fmt(a.count)})`,
      target: '<= 2.00x',
      pass: b.median <= 2 * a.median,
    });
  }
  await explainListing(db, growing, large.growing.count, table!.n, result);
}

/**
 * Where the time of a user's listing goes: the page, the filtered page and the counts, as listDeals() runs them
 * (simplified to the deals table): one index scan per side, merged.
 */
async function explainListing(
  db: BenchDatabase,
  userId: string,
  userDeals: number,
  tableDeals: number,
  result: BenchResult,
): Promise<void> {
  const effective = db.sql`(case when status = 'proposed' and expires_at <= now() then 'expired' else status::text end)`;
  const side = (
    column: string,
    accepted: boolean,
  ) => db.sql`(select id from deals where ${db.sql(column)} = ${userId}
      ${accepted ? db.sql`and ${effective} = 'accepted'` : db.sql``}
      order by updated_at desc, id desc limit 21)`;
  const page = (accepted: boolean) => db.sql`explain (analyze, costs off, summary on)
      select id from deals where id in (select id from (${side('proposer_id', accepted)} union all
        ${side('counterparty_id', accepted)}) as mine)
      order by updated_at desc, id desc limit 21`;
  const explains = {
    page: page(false),
    'accepted page': page(true),
    counts: db.sql`explain (analyze, costs off, summary on)
      select ${effective} as s,
        count(*) filter (where status = 'proposed' and expires_at > now() and turn_user_id = ${userId})::int,
        count(*)::int
      from deals where proposer_id = ${userId} or counterparty_id = ${userId} group by 1`,
  };
  for (const [label, query] of Object.entries(explains)) {
    const plan = (await query) as unknown as { 'QUERY PLAN': string }[];
    const lines = plan.map((line) => line['QUERY PLAN']);
    const execution = lines.find((line) => line.startsWith('Execution Time')) ?? '';
    console.log(`  ${label} of the user in ${fmt(userDeals)} (of ${fmt(tableDeals)}): ${execution}`);
    if (process.env.BENCH_DEALS_PLANS) console.log(lines.map((line) => `    ${line}`).join('\n'));
    result.notes.push(`${label} (${fmt(userDeals)} of ${fmt(tableDeals)}): ${execution}`);
  }
}

/** Part 3: LETTERS letters of one accepted deal rendered in sequence in this process; resident memory growth. */
async function runLetters(
  db: BenchDatabase,
  result: BenchResult,
  deal: { id: string; viewer: UserRow } | undefined,
): Promise<void> {
  heading(`Deal letter: ${LETTERS} PDFs rendered in sequence`);
  if (!deal) {
    result.checks.push({
      name: 'letter PDF memory growth',
      value: 'no accepted deal',
      target: '< 50 MB',
      pass: false,
    });
    return;
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  // Warm up: fonts, modules and the first allocations are not growth.
  let bytes = 0;
  for (let i = 0; i < 5; i++) bytes = (await dealLetter(db.handle.db, deal.viewer, deal.id)).pdf.length;
  gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const started = performance.now();
  for (let i = 0; i < LETTERS; i++) {
    const { pdf } = await dealLetter(db.handle.db, deal.viewer, deal.id);
    bytes = pdf.length;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const elapsed = performance.now() - started;
  gc?.();
  const after = process.memoryUsage().rss;
  const growth = (after - before) / 1024 / 1024;
  console.log(
    `  ${LETTERS} letters (${fmt(bytes)} bytes each) in ${(elapsed / 1000).toFixed(1)} s (${(elapsed / LETTERS).toFixed(1)} ms each); ` +
      `RSS ${fmt(before / 1024 / 1024)} -> ${fmt(after / 1024 / 1024)} MB (peak ${fmt(peak / 1024 / 1024)} MB)${gc ? '' : ', no --expose-gc'}`,
  );
  result.checks.push({
    name: `letter PDF resident memory growth over ${LETTERS} letters`,
    value: `${growth.toFixed(1)} MB (peak +${((peak - before) / 1024 / 1024).toFixed(1)} MB)`,
    target: '< 50 MB',
    pass: growth < 50,
  });
}

/**
 * The deals benchmark (issue 19): negotiations under load with the database checked afterwards, listing a
 * user's deals as the table grows tenfold, and the letter PDF's memory over 100 renders.
 */
export async function runDealsBench(db: BenchDatabase, api: RunningServer): Promise<BenchResult> {
  const result: BenchResult = { bench: 'Deals', checks: [], notes: [] };
  heading(`Deals: ${CLIENTS} clients for ${SECONDS} s proposing, countering, accepting`);
  const deal = await runNegotiations(db, api, result);
  await runLetters(db, result, deal);
  await runListing(db, api, result);
  for (const check of result.checks) printCheck(check);
  return result;
}
