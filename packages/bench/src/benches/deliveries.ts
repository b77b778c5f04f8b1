import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { createSession, hashPassword } from '@barterads/api';
import { listings, subscriptions, type UserRow, users } from '@barterads/db';
import sharp from 'sharp';
import type { BenchDatabase } from '../lib/database';
import { clientAddress } from '../lib/load';
import { type BenchResult, fmt, heading, printCheck } from '../lib/report';
import type { RunningServer } from '../lib/server';

const CLIENTS = Number(process.env.BENCH_DELIVERIES_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_DELIVERIES_SECONDS ?? 20);
/** Accepted deals to work on (two items each: one per party), made through the API before the run. */
const DEALS = Number(process.env.BENCH_DELIVERIES_DEALS ?? 400);
/** Each business is a party to this many deals (owners and brands paired round the table). */
const DEALS_PER_PARTY = 4;
/** A request not answered within this long counts as failed (with the 5xx). */
const TIMEOUT_MS = 60_000;

interface Party {
  user: UserRow;
  token: string;
  address: string;
  listingId?: string;
}

interface ItemState {
  id: string;
  giver: Party;
  receiver: Party;
  status: string;
}

interface DealState {
  id: string;
  status: string;
  items: ItemState[];
  /** A request on this deal is under way from some client (races are made on purpose, not by chance). */
  busy: boolean;
}

interface Tally {
  requests: number;
  status: Map<number, number>;
  errors: Map<string, number>;
  latencies: number[];
  byAction: Map<string, number>;
  /** Acknowledged proof files: the authorized URL and who may read it. */
  uploads: { url: string; kind: string; token: string }[];
  races: number;
}

type DealBody = {
  deal?: {
    _id: string;
    status: string;
    items: { _id: string; deliverable: { status: string; proof: { url: string; kind: string }[] } | null }[];
  };
};

/** A phone-like JPEG with camera EXIF (stripped by the server) and a small PDF, the proof every delivery carries. */
async function proofFiles(): Promise<{ photo: Buffer; pdf: Buffer }> {
  const photo = await sharp({
    create: {
      width: 1280,
      height: 960,
      channels: 3,
      background: { r: 90, g: 140, b: 60 },
      noise: { type: 'gaussian', mean: 120, sigma: 8 },
    },
  })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'BenchCam', Model: 'Phone' } })
    .toBuffer();
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%% as-run log, bench\n%%EOF\n',
  );
  return { photo, pdf };
}

async function createParties(db: BenchDatabase): Promise<{ owners: Party[]; brands: Party[]; admin: Party }> {
  const count = Math.ceil(DEALS / DEALS_PER_PARTY);
  const passwordHash = await hashPassword('bench-deliveries-password');
  const make = (prefix: string, userType: 'media_owner' | 'advertiser') =>
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
  const ownerRows = await db.handle.db.insert(users).values(make('deliveryowner', 'media_owner')).returning();
  const brandRows = await db.handle.db.insert(users).values(make('deliverybrand', 'advertiser')).returning();
  const [adminRow] = await db.handle.db
    .insert(users)
    .values({ ...make('deliveryadmin', 'advertiser')[0]!, role: 'admin' as const })
    .returning();
  const now = Date.now();
  // Unlimited deals, so the plan allowance never refuses the seeding.
  await db.handle.db.insert(subscriptions).values(
    [...ownerRows, ...brandRows].map((u) => ({
      userId: u.id,
      planId: 'enterprise' as const,
      period: 'monthly' as const,
      status: 'active' as const,
      currentPeriodStart: new Date(now - 86_400_000),
      currentPeriodEnd: new Date(now + 30 * 86_400_000),
    })),
  );
  const listingRows = await db.handle.db
    .insert(listings)
    .values(
      ownerRows.map((owner, i) => ({
        ownerId: owner.id,
        ownerType: owner.userType,
        title: `Bench hoarding ${i} on the ring road`,
        description: 'Front-lit hoarding for the deliveries benchmark.',
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
  const all = [...ownerRows, ...brandRows, adminRow!];
  const parties: Party[] = [];
  for (let i = 0; i < all.length; i += 25)
    parties.push(...(await Promise.all(all.slice(i, i + 25).map(session))));
  return {
    owners: parties.slice(0, count),
    brands: parties.slice(count, 2 * count),
    admin: parties[2 * count]!,
  };
}

async function send(
  url: string,
  party: Party,
  init: { method: string; json?: unknown; form?: FormData },
  tally: Tally | undefined,
  label: string,
): Promise<{ status: number; body: DealBody | undefined }> {
  const started = performance.now();
  if (tally) {
    tally.requests += 1;
    tally.byAction.set(label, (tally.byAction.get(label) ?? 0) + 1);
  }
  const headers: Record<string, string> = {
    authorization: `Bearer ${party.token}`,
    'x-forwarded-for': party.address,
  };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(url, {
      method: init.method,
      headers,
      body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    if (tally) {
      tally.latencies.push(performance.now() - started);
      tally.status.set(response.status, (tally.status.get(response.status) ?? 0) + 1);
      if (response.status >= 300) {
        const key = `${label} ${response.status} ${text.slice(0, 140)}`;
        tally.errors.set(key, (tally.errors.get(key) ?? 0) + 1);
      }
    }
    if (response.status >= 300) return { status: response.status, body: undefined };
    return { status: response.status, body: JSON.parse(text) as DealBody };
  } catch (error) {
    if (tally) {
      const key = `${label} ${error instanceof Error ? error.message : String(error)}`;
      tally.errors.set(key, (tally.errors.get(key) ?? 0) + 1);
      // No answer at all is counted with the 5xx: the server failed to answer.
      tally.status.set(599, (tally.status.get(599) ?? 0) + 1);
    }
    return { status: 599, body: undefined };
  }
}

/** Makes DEALS accepted deals through the API: brand i proposes to owners i … i+3, each owner accepts. */
async function seedDeals(api: RunningServer, owners: Party[], brands: Party[]): Promise<DealState[]> {
  const pairs = Array.from({ length: DEALS }, (_, n) => {
    const brand = brands[n % brands.length]!;
    const owner = owners[(n + Math.floor(n / brands.length)) % owners.length]!;
    return { owner, brand };
  });
  const made: DealState[] = [];
  for (let i = 0; i < pairs.length; i += 25) {
    const batch = await Promise.all(
      pairs.slice(i, i + 25).map(async ({ owner, brand }) => {
        const proposed = await send(
          `${api.url}/api/deals`,
          brand,
          {
            method: 'POST',
            json: {
              listingId: owner.listingId,
              openDays: 7,
              items: [
                {
                  giverId: owner.user.id,
                  listingId: owner.listingId,
                  title: 'Hoarding on the ring road',
                  quantity: 1,
                  unit: 'month',
                  valueInr: 50_000,
                },
                {
                  giverId: brand.user.id,
                  title: 'Sampling boxes at 20 stores',
                  quantity: 20,
                  unit: 'event',
                  valueInr: 45_000,
                },
              ],
            },
          },
          undefined,
          'propose',
        );
        const id = proposed.body?.deal?._id;
        if (!id) throw new Error(`seeding: propose answered ${proposed.status}`);
        const accepted = await send(
          `${api.url}/api/deals/${id}/accept`,
          owner,
          { method: 'POST', json: { version: 1 } },
          undefined,
          'accept deal',
        );
        const deal = accepted.body?.deal;
        if (!deal) throw new Error(`seeding: accept answered ${accepted.status}`);
        const [ownerItem, brandItem] = deal.items;
        return {
          id,
          status: deal.status,
          busy: false,
          items: [
            { id: ownerItem!._id, giver: owner, receiver: brand, status: 'pending' },
            { id: brandItem!._id, giver: brand, receiver: owner, status: 'pending' },
          ],
        } satisfies DealState;
      }),
    );
    made.push(...batch);
  }
  return made;
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/**
 * Issue 20's load check: CLIENTS clients deliver (multipart, real photos and PDFs), accept, dispute and (an admin)
 * resolve for SECONDS seconds on DEALS accepted deals, with races made on purpose (the same delivery twice at once;
 * accept and dispute of one item at once). Then: no 5xx; every deal's state consistent with its deliverables (one
 * SQL statement over every row); every acknowledged proof file readable through the authorized route, as large as
 * its row says; no proof file in storage without its row and no row without its file.
 */
export async function runDeliveriesBench(db: BenchDatabase, api: RunningServer): Promise<BenchResult> {
  heading(`Deliveries: ${CLIENTS} clients delivering, accepting and disputing for ${SECONDS} s`);
  const result: BenchResult = { bench: 'Deliveries', checks: [], notes: [] };
  if (!api.dataDir) {
    result.error = "the API server's data directory is unknown";
    return result;
  }
  const { photo, pdf } = await proofFiles();
  const { owners, brands, admin } = await createParties(db);
  const seedStarted = performance.now();
  const dealStates = await seedDeals(api, owners, brands);
  console.log(
    `  ${fmt(dealStates.length)} accepted deals made through the API in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; photo ${fmt(photo.length / 1024)} KB JPEG`,
  );
  await db.waitIdle();

  const tally: Tally = {
    requests: 0,
    status: new Map(),
    errors: new Map(),
    latencies: [],
    byAction: new Map(),
    uploads: [],
    races: 0,
  };
  let seed = 20;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };

  /** Takes the deal's answer as the truth about it (every acknowledged proof kept for the read-back). */
  const absorb = (deal: DealState, body: DealBody | undefined, reader?: Party) => {
    const answer = body?.deal;
    if (!answer) return;
    deal.status = answer.status;
    for (const item of deal.items) {
      const found = answer.items.find((i) => i._id === item.id)?.deliverable;
      if (found) item.status = found.status;
    }
    if (reader) {
      for (const i of answer.items)
        for (const p of i.deliverable?.proof ?? [])
          if (!tally.uploads.some((u) => u.url === p.url))
            tally.uploads.push({ url: p.url, kind: p.kind, token: reader.token });
    }
  };
  const refresh = async (deal: DealState, viewer: Party) =>
    absorb(
      deal,
      (await send(`${api.url}/api/deals/${deal.id}`, viewer, { method: 'GET' }, undefined, 'get')).body,
    );

  const deliverForm = () => {
    const form = new FormData();
    const pick = random();
    // 40% a photo, 20% a photo and a PDF, 40% a PDF (an as-run log, a report): photos are re-encoded two at a time
    // server-wide, the slow part of a delivery.
    if (pick < 0.6)
      form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'site.jpg');
    if (pick >= 0.4)
      form.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'as-run.pdf');
    form.append('note', 'Mounted and photographed on the day');
    return form;
  };
  const deliver = (deal: DealState, item: ItemState, label = 'deliver') =>
    send(
      `${api.url}/api/deals/${deal.id}/items/${item.id}/deliver`,
      item.giver,
      { method: 'POST', form: deliverForm() },
      tally,
      label,
    );
  const answer = (deal: DealState, item: ItemState, action: 'accept' | 'dispute', label: string) =>
    send(
      `${api.url}/api/deals/${deal.id}/items/${item.id}/${action}`,
      item.receiver,
      {
        method: 'POST',
        json:
          action === 'accept'
            ? {}
            : { reason: 'partly_delivered', details: 'Only half of the boxes reached the stores.' },
      },
      tally,
      label,
    );

  const open = () =>
    dealStates.filter((d) => !d.busy && (d.status === 'accepted' || d.status === 'disputed'));
  const deadline = Date.now() + SECONDS * 1000;
  const client = async () => {
    while (Date.now() < deadline) {
      const all = open();
      if (all.length === 0) return;
      // Most turns answer a delivery or a dispute when there is one, so deals move on to completion.
      const answering = all.filter((d) =>
        d.items.some((i) => i.status === 'delivered' || i.status === 'disputed'),
      );
      const candidates = answering.length > 0 && random() < 0.6 ? answering : all;
      const deal = candidates[Math.floor(random() * candidates.length)]!;
      const actionable = deal.items.filter((i) => i.status !== 'accepted');
      const item = actionable[Math.floor(random() * actionable.length)];
      deal.busy = true;
      try {
        if (!item) await refresh(deal, deal.items[0]!.giver);
        else if (item.status === 'pending') {
          if (random() < 0.1) {
            // The same delivery sent twice at once: one wins, the other is refused and stores nothing.
            tally.races += 1;
            const both = await Promise.all([
              deliver(deal, item, 'deliver (raced)'),
              deliver(deal, item, 'deliver (raced)'),
            ]);
            for (const r of both) absorb(deal, r.body, item.giver);
          } else {
            const r = await deliver(deal, item);
            absorb(deal, r.body, item.giver);
            if (r.status === 409) await refresh(deal, item.giver);
          }
        } else if (item.status === 'delivered') {
          const pick = random();
          if (pick < 0.1) {
            // Accept and dispute of one item at once: exactly one applies.
            tally.races += 1;
            const both = await Promise.all([
              answer(deal, item, 'accept', 'accept (raced)'),
              answer(deal, item, 'dispute', 'dispute (raced)'),
            ]);
            for (const r of both) absorb(deal, r.body);
          } else {
            const r = await answer(
              deal,
              item,
              pick < 0.7 ? 'accept' : 'dispute',
              pick < 0.7 ? 'accept' : 'dispute',
            );
            absorb(deal, r.body);
            if (r.status === 409) await refresh(deal, item.receiver);
          }
        } else if (item.status === 'disputed') {
          const pick = random();
          const outcome = pick < 0.5 ? 'redeliver' : pick < 0.92 ? 'accept' : 'cancel_deal';
          const r = await send(
            `${api.url}/api/admin/deals/${deal.id}/resolve`,
            admin,
            {
              method: 'POST',
              json: { itemId: item.id, outcome, note: `Decided from the proof: ${outcome}` },
            },
            tally,
            'resolve',
          );
          absorb(deal, r.body);
          if (r.status === 409) await refresh(deal, item.receiver);
        }
      } finally {
        deal.busy = false;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, () => client()));
  const elapsed = (performance.now() - started) / 1000;
  await db.waitIdle();

  const statusLine = [...tally.status.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s} x${fmt(n)}`)
    .join(', ');
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const actions = [...tally.byAction.entries()].map(([a, n]) => `${a} ${fmt(n)}`).join(', ');
  console.log(
    `  ${fmt(tally.requests)} requests in ${elapsed.toFixed(1)} s (${fmt(tally.requests / elapsed)} req/s), ` +
      `p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms; statuses ${statusLine}`,
  );
  console.log(`  requests: ${actions}; ${fmt(tally.races)} races made on purpose`);
  for (const [key, n] of [...tally.errors.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`  refused x${n}: ${key}`);
  const [states] = await db.sql<
    { completed: number; disputed: number; cancelled: number; accepted: number }[]
  >`
    select count(*) filter (where status = 'completed')::int as completed,
      count(*) filter (where status = 'disputed')::int as disputed,
      count(*) filter (where status = 'cancelled')::int as cancelled,
      count(*) filter (where status = 'accepted')::int as accepted
    from deals`;
  console.log(
    `  deals afterwards: ${fmt(states!.completed)} completed, ${fmt(states!.accepted)} in delivery, ${fmt(states!.disputed)} disputed, ${fmt(states!.cancelled)} cancelled by a decision`,
  );

  const fivexx = [...tally.status.entries()].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
  result.checks.push({
    name: '5xx under load',
    value: `${fmt(fivexx)} of ${fmt(tally.requests)} requests`,
    target: '0',
    pass: fivexx === 0 && tally.requests > 0,
  });

  // Every deal's state against its deliverables, and every deliverable's own row, in one statement.
  const [consistency] = await db.sql<{ bad: number; total: number }[]>`
    with agg as (
      select dd.deal_id, count(*)::int as total,
        count(*) filter (where dd.status = 'accepted')::int as accepted,
        count(*) filter (where dd.status = 'disputed')::int as disputed,
        bool_and(case dd.status
          when 'pending' then dd.accepted_at is null
          when 'delivered' then dd.delivered_at is not null and dd.accepted_at is null and dd.round >= 1
          when 'accepted' then dd.delivered_at is not null and dd.accepted_at is not null and dd.round >= 1
          when 'disputed' then dd.delivered_at is not null and dd.accepted_at is null
            and dd.dispute_reason is not null and dd.disputed_at is not null
          else false end
          and (dd.status = 'pending' or exists (select 1 from deliverable_proofs p
            where p.deliverable_id = dd.id and p.round = dd.round))) as rows_ok
      from deal_deliverables dd group by dd.deal_id
    ),
    items as (
      select d.id, count(i.id)::int as n from deals d
      join deal_items i on i.deal_id = d.id and i.version = d.version group by d.id
    )
    select count(*) filter (where not ok)::int as bad, count(*)::int as total from (
      select case
        when d.status in ('proposed', 'declined', 'withdrawn', 'expired') then a.deal_id is null
        when a.deal_id is null then false
        else a.rows_ok and a.total = it.n and case d.status
          when 'accepted' then a.disputed = 0 and a.accepted < a.total and d.completed_at is null
          when 'completed' then a.accepted = a.total and d.completed_at is not null
          when 'disputed' then a.disputed > 0 and d.completed_at is null
          when 'cancelled' then exists (select 1 from deliverable_events e
            where e.deal_id = d.id and e.kind = 'resolved_cancel_deal') and d.closed_at is not null
          else false end
      end as ok
      from deals d left join agg a on a.deal_id = d.id left join items it on it.id = d.id
    ) checked`;
  result.checks.push({
    name: 'deals inconsistent with their deliverables (one SQL check over every row)',
    value: `${fmt(consistency!.bad)} of ${fmt(consistency!.total)}`,
    target: '0',
    pass: consistency!.bad === 0 && consistency!.total >= DEALS,
  });

  // Every acknowledged upload read back through the authorized route, as large as its row says.
  const sizes = new Map(
    (await db.sql<{ id: string; bytes: number }[]>`select id, bytes from deliverable_proofs`).map((r) => [
      r.id,
      Number(r.bytes),
    ]),
  );
  let readable = 0;
  const unreadable: string[] = [];
  const queue = [...tally.uploads];
  const reader = async () => {
    for (let u = queue.shift(); u; u = queue.shift()) {
      const response = await fetch(api.url + u.url, {
        headers: { authorization: `Bearer ${u.token}`, 'x-forwarded-for': clientAddress() },
      });
      const body = Buffer.from(await response.arrayBuffer());
      const proofId = u.url.split('/').at(-1)!;
      if (response.status === 200 && body.length > 0 && body.length === sizes.get(proofId)) readable += 1;
      else if (unreadable.length < 5) unreadable.push(`${u.url} ${response.status} ${body.length} bytes`);
    }
  };
  await Promise.all(Array.from({ length: 20 }, reader));
  for (const line of unreadable) console.log(`  unreadable: ${line}`);
  const photos = tally.uploads.filter((u) => u.kind === 'photo').length;
  result.checks.push({
    name: 'acknowledged proof files readable afterwards (authorized route, size as recorded)',
    value: `${fmt(readable)} of ${fmt(tally.uploads.length)} (${fmt(photos)} photos)`,
    target: 'all',
    pass: readable === tally.uploads.length && tally.uploads.length > 0,
  });

  // Storage against rows: no proof file without its row, no row without its file.
  const root = join(api.dataDir, 'files');
  const files = new Set((await listFiles(join(root, 'proofs'))).map((f) => relative(root, f)));
  const keys = new Set(
    (await db.sql<{ key: string }[]>`select key from deliverable_proofs`).map((r) => r.key),
  );
  const orphanFiles = [...files].filter((f) => !keys.has(f)).length;
  const missingFiles = [...keys].filter((k) => !files.has(k)).length;
  result.checks.push({
    name: 'proof files without a row / rows without a file',
    value: `${fmt(orphanFiles)} / ${fmt(missingFiles)} (${fmt(files.size)} files, ${fmt(keys.size)} rows)`,
    target: '0 / 0',
    pass: orphanFiles === 0 && missingFiles === 0 && keys.size > 0,
  });
  result.notes.push(
    `${fmt(tally.requests)} requests in ${elapsed.toFixed(1)} s, p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms; ${statusLine}; ` +
      `${fmt(states!.completed)} of ${fmt(dealStates.length)} deals completed`,
  );
  for (const check of result.checks) printCheck(check);
  return result;
}
