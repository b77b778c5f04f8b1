/**
 * A CPU profile of the API server answering the engines benchmark's distinct searches (issue 34): seeds a bench
 * database with the vocabulary up to SIZE listings once and keeps it (its URL in PROFILE_DIR/database-<SIZE>.txt,
 * reused by later runs), starts the production server over it with `--cpu-prof` (SEARCH_CACHE as given, on by
 * default), waits for its search index, warms up on searches the measured run never asks, sends distinct searches
 * for SECONDS from 10 connections, prints the figures and leaves the profile in PROFILE_DIR.
 * `pnpm build` first; `SIZE=1000000 node --import tsx src/tools/profile-search.ts` in packages/bench.
 * DROP=1 drops the kept database instead.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import postgres from 'postgres';
import { createBenchDatabase } from '../lib/database';
import { describeLoad, loadDistinct, loadPaths } from '../lib/load';
import { BASE_PORT, DEFAULT_DATABASE_URL } from '../lib/paths';
import { startApiServer } from '../lib/server';
import { type BenchQuery, queryString, type SampleListing, searchMix } from '../vocabulary/vocabulary';

const SIZE = Number(process.env.SIZE ?? 1_000_000);
const SECONDS = Number(process.env.SECONDS ?? 10);
const DIR = resolve(process.env.PROFILE_DIR ?? '.data/profile-search');
const PROFILE = process.env.PROFILE !== '0';
const kept = `${DIR}/database-${SIZE}.txt`;
mkdirSync(DIR, { recursive: true });

if (process.env.DROP === '1') {
  if (existsSync(kept)) {
    const name = new URL(readFileSync(kept, 'utf8').trim()).pathname.slice(1);
    const admin = postgres(process.env.DATABASE_URL || DEFAULT_DATABASE_URL, { max: 1 });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
    console.log(`dropped ${name}`);
  }
  process.exit(0);
}

if (!existsSync(kept)) {
  const db = await createBenchDatabase();
  // As the engines benchmark grows its database: 10,000 first, then the rest.
  await db.seedListings(Math.min(SIZE, 10_000), { vocabulary: true });
  if (SIZE > 10_000) await db.seedListings(SIZE, { vocabulary: true });
  const sample = await db.sql<SampleListing[]>`
    select title, location, description, city, category, owner_type as "ownerType", rate_inr as "rateInr"
    from listings where status = 'active' and not owner_suspended
    order by md5(id::text) limit ${Math.min(12_000, SIZE)}`;
  writeFileSync(`${DIR}/queries-${SIZE}.json`, JSON.stringify(searchMix(sample, 34 + SIZE)));
  writeFileSync(kept, db.url);
  await db.sql.end();
  await db.handle.close();
}
const url = readFileSync(kept, 'utf8').trim();
const queries = JSON.parse(readFileSync(`${DIR}/queries-${SIZE}.json`, 'utf8')) as BenchQuery[];
const paths = queries.map((q) => `/api/barters?${queryString(q)}`);

const started = performance.now();
const api = await startApiServer({
  port: BASE_PORT + 4,
  databaseUrl: url,
  env: { SEARCH_CACHE: process.env.SEARCH_CACHE ?? 'on' },
  nodeArgs: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${DIR}`] : [],
});
console.log(`listening after ${((performance.now() - started) / 1000).toFixed(1)} s`);
for (;;) {
  const body = (await (await fetch(`${api.url}/healthz`)).json()) as {
    searchIndex?: { ready: boolean } | null;
  };
  if (!body.searchIndex || body.searchIndex.ready) break;
  await new Promise((r) => setTimeout(r, 250));
}
console.log(`index ready after ${((performance.now() - started) / 1000).toFixed(1)} s`);
try {
  await loadPaths({
    label: 'warm-up',
    base: api.url,
    paths: paths.slice(0, 400),
    connections: 10,
    durationSeconds: 2,
  });
  const load = await loadDistinct({
    label: `API at ${SIZE}`,
    base: api.url,
    paths: paths.slice(400),
    connections: 10,
    durationSeconds: SECONDS,
  });
  console.log(describeLoad(load), `repeated ${load.repeated}`);
  // What the answers carry: listings per answer and bytes (a bigger catalogue fills more pages).
  let listings = 0;
  let bytes = 0;
  const sample = paths.slice(-300);
  for (const path of sample) {
    const text = await (await fetch(`${api.url}${path}`)).text();
    bytes += text.length;
    listings += (JSON.parse(text) as { barters: unknown[] }).barters.length;
  }
  console.log(
    `answers: ${(listings / sample.length).toFixed(1)} listings, ${(bytes / sample.length / 1024).toFixed(1)} KB on average (${sample.length} searches)`,
  );
} finally {
  await api.stop();
}
console.log(`profile in ${DIR}`);
process.exit(0);
