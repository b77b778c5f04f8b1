/**
 * `pnpm bench`: every benchmark of issue 9, each printing its figures, target and PASS/FAIL; exits non-zero
 * when any fails. Pick some with arguments: `pnpm --filter @barterads/bench bench -- search write`
 * (page-weight, lighthouse, search, engines, write, deals, deliveries, uploads, matches, fanout, jobs-kill,
 * statements, events, circles, whatsapp). Needs `pnpm build` first (turbo runs it before bench).
 */
import { runCirclesBench } from './benches/circles';
import { runDealsBench } from './benches/deals';
import { runDeliveriesBench } from './benches/deliveries';
import { runEngineBench } from './benches/engines';
import { runEventsBench } from './benches/events';
import { runFanoutBench } from './benches/fanout';
import { runJobsKillBench } from './benches/jobs-kill';
import { runLighthouse } from './benches/lighthouse';
import { runMatchesBench } from './benches/matches';
import { runPageWeight } from './benches/page-weight';
import { runSearchBenches } from './benches/search';
import { runStatementsBench } from './benches/statements';
import { runUploadsBench } from './benches/uploads';
import { runWhatsappBench } from './benches/whatsapp';
import { runWritePath } from './benches/write-path';
import { type BenchDatabase, createBenchDatabase } from './lib/database';
import { os } from './lib/os';
import { BASE_PORT } from './lib/paths';
import { type BenchResult, heading, verdict } from './lib/report';
import { startApiServer } from './lib/server';

const ALL = [
  'page-weight',
  'lighthouse',
  'search',
  'engines',
  'write',
  'deals',
  'deliveries',
  'uploads',
  'matches',
  'fanout',
  'jobs-kill',
  'statements',
  'events',
  'circles',
  'whatsapp',
] as const;
type Name = (typeof ALL)[number];

const argv = process.argv.slice(2).filter((a) => a !== '--');
// `--size N`: the matches benchmark also measures one listing's update at N listings (1,000,000: issue 23).
const sizeAt = argv.indexOf('--size');
if (sizeAt >= 0) {
  process.env.BENCH_MATCHES_HUGE = argv[sizeAt + 1] ?? '';
  argv.splice(sizeAt, 2);
}
const args = argv;
const unknown = args.filter((a) => !(ALL as readonly string[]).includes(a));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${ALL.join(', ')}`);
  process.exit(2);
}
const selected = new Set<Name>(args.length > 0 ? (args as Name[]) : ALL);
const results: BenchResult[] = [];
const started = performance.now();

console.log(`BarterAds benchmarks on ${os()}`);
console.log(
  'Shared, noisy machine: every speed target is a ratio of figures measured side by side in this run.',
);

async function guarded(bench: string, run: () => Promise<BenchResult | BenchResult[]>): Promise<void> {
  try {
    const out = await run();
    results.push(...(Array.isArray(out) ? out : [out]));
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`  ${bench} failed to run: ${message}`);
    results.push({ bench, checks: [], notes: [], error: message.split('\n')[0] });
  }
}

if (selected.has('page-weight')) await guarded('Page weight', async () => runPageWeight());

// Lighthouse before the database benchmarks: its simulated timings scale the CPU time it observes, and the
// aftermath of 100,000 seeded listings and 50 writers (checkpoints, autovacuum, dropping the database) would
// otherwise be measured as the page's.
if (selected.has('lighthouse')) await guarded('Lighthouse', runLighthouse);

if (
  selected.has('search') ||
  selected.has('write') ||
  selected.has('deals') ||
  selected.has('deliveries') ||
  selected.has('uploads') ||
  selected.has('matches')
) {
  await guarded('Database benchmarks', async () => {
    heading('PostgreSQL benchmark database');
    const db = await createBenchDatabase();
    console.log(`  created database ${db.name}`);
    const out: BenchResult[] = [];
    try {
      // The search itself is measured: no results cache here (the engines benchmark starts a server with it).
      const api = await startApiServer({
        port: BASE_PORT,
        databaseUrl: db.url,
        env: { SEARCH_CACHE: 'off' },
      });
      try {
        if (selected.has('search')) out.push(...(await runSearchBenches(db, api)));
        else if (selected.has('write')) await db.seedListings(10_000);
        if (selected.has('write')) out.push(await runWritePath(db, api));
        if (selected.has('deals')) out.push(await runDealsBench(db, api));
        if (selected.has('deliveries')) out.push(await runDeliveriesBench(db, api));
        if (selected.has('uploads')) out.push(await runUploadsBench(db, api));
        if (selected.has('matches')) out.push(await runMatchesBench(db));
      } finally {
        await api.stop();
      }
    } finally {
      await db.destroy();
      console.log(`  dropped database ${db.name}`);
    }
    return out;
  });
}

/** A benchmark with a fresh database of its own (its own server processes, none shared). */
async function withOwnDatabase(bench: string, run: (db: BenchDatabase) => Promise<BenchResult>) {
  await guarded(bench, async () => {
    heading(`PostgreSQL benchmark database (${bench})`);
    const db = await createBenchDatabase();
    console.log(`  created database ${db.name}`);
    try {
      return await run(db);
    } finally {
      await db.destroy();
      console.log(`  dropped database ${db.name}`);
    }
  });
}

// Its own database: listings with the benchmark's vocabulary (the other benchmarks keep the demo seed's words).
if (selected.has('engines')) await withOwnDatabase('Search vs MiniSearch', runEngineBench);
if (selected.has('fanout')) await withOwnDatabase('Fan-out', runFanoutBench);
if (selected.has('jobs-kill')) await withOwnDatabase('Jobs kill', runJobsKillBench);
if (selected.has('statements')) await withOwnDatabase('Statements', runStatementsBench);
if (selected.has('events')) await withOwnDatabase('Events', runEventsBench);
if (selected.has('circles')) await withOwnDatabase('Circles', runCirclesBench);
if (selected.has('whatsapp')) await withOwnDatabase('WhatsApp', runWhatsappBench);

heading('Summary');
let failed = 0;
for (const result of results) {
  if (result.error) {
    failed += 1;
    console.log(`  FAIL  ${result.bench}: could not run: ${result.error}`);
    continue;
  }
  for (const check of result.checks) {
    if (!check.pass) failed += 1;
    console.log(
      `  ${verdict(check.pass)}  ${result.bench} | ${check.name}: ${check.value} (target ${check.target})`,
    );
  }
}
const total = results.reduce((n, r) => n + (r.error ? 1 : r.checks.length), 0);
console.log(
  `\n${total - failed} passed, ${failed} failed (${((performance.now() - started) / 1000).toFixed(0)} s)`,
);
process.exit(failed > 0 ? 1 : 0);
