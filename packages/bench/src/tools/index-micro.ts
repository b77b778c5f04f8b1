/**
 * The in-memory search index alone (issue 34), in seconds instead of the engines benchmark's HTTP runs: the
 * listings of a bench database seeded with the vocabulary (as the engines benchmark seeds it) are dumped once to
 * INDEX_MICRO_DIR (.data/index-micro), with the benchmark's search mix planned as the API plans it (words and
 * spelling corrections) for each size; then each run builds the index at each size and times SearchIndex.search
 * per query, by kind. The answers are written to answers-<TAG>.json and compared with answers-base.json when it
 * exists (the same answers after a change). `node --expose-gc --import tsx src/tools/index-micro.ts`, with
 * SIZES=10000,1000000 (default), QUERIES (3,000), SLOW=n (print the n slowest), TAG; add --cpu-prof to profile.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { SearchListingsInput } from '../../../api/src/listings/schemas';
import { effectiveSort, planTerms, relevanceTokens } from '../../../api/src/listings/search';
import {
  type IndexQuery,
  type LoadedRow,
  loadListingRows,
  SearchIndex,
} from '../../../api/src/listings/search-index';
import { readSearchVersions } from '../../../api/src/listings/search-versions';
import { createBenchDatabase } from '../lib/database';
import { type SampleListing, searchMix } from '../vocabulary/vocabulary';

const DIR = process.env.INDEX_MICRO_DIR ?? '.data/index-micro';
const SIZES = (process.env.SIZES ?? '10000,1000000').split(',').map(Number);
const QUERIES = Number(process.env.QUERIES ?? 3000);
const NOW = Date.parse('2026-11-28T00:00:00Z');

interface Planned {
  kind: string;
  query: IndexQuery;
}

/** The dump's rows: one JSON array a line (a million rows are more than one string holds). */
function readRows(): LoadedRow[] {
  const rows: LoadedRow[] = [];
  const buffer = readFileSync(`${DIR}/rows.jsonl`);
  let start = 0;
  for (;;) {
    const end = buffer.indexOf(10, start);
    if (end < 0) break;
    for (const row of JSON.parse(buffer.toString('utf8', start, end)) as LoadedRow[]) rows.push(row);
    start = end + 1;
  }
  return rows;
}

async function dump(): Promise<void> {
  if (existsSync(`${DIR}/queries.json`)) return;
  mkdirSync(DIR, { recursive: true });
  const db = await createBenchDatabase();
  try {
    await db.seedListings(Math.max(...SIZES), { vocabulary: true });
    writeFileSync(`${DIR}/rows.jsonl`, '');
    let after: string | undefined;
    let count = 0;
    for (;;) {
      const batch = await loadListingRows(db.handle.db, after, 20_000);
      appendFileSync(`${DIR}/rows.jsonl`, `${JSON.stringify(batch)}\n`);
      count += batch.length;
      process.stdout.write(`  dumped ${count}\r`);
      if (batch.length < 20_000) break;
      after = batch.at(-1)?.id;
    }
    const rows = readRows();
    await readSearchVersions(db.handle.db);
    const out: Record<string, Planned[]> = {};
    for (const size of SIZES) {
      // The searches of a size are drawn from its listings (the first `size` by id).
      const last = rows[Math.min(size, rows.length) - 1]?.id as string;
      const sample = await db.sql<SampleListing[]>`
        select title, location, description, city, category, owner_type as "ownerType", rate_inr as "rateInr"
        from listings where status = 'active' and not owner_suspended and id <= ${last}
        order by md5(id::text) limit 1500`;
      const list: Planned[] = [];
      for (const { kind, intended: _, ...q } of searchMix(sample).slice(0, QUERIES)) {
        const input = SearchListingsInput.parse(q);
        const { terms } = await planTerms(db.handle.db, input);
        const tokens = relevanceTokens(terms);
        const sort = effectiveSort(input, tokens.length > 0 ? 'ranked' : null);
        list.push({
          kind: `${kind}/${sort}`,
          query: {
            words: terms.map(({ term, corrections }) => [term, ...corrections]),
            tokens,
            input,
            sort,
            offset: 0,
            now: NOW,
          },
        });
      }
      out[size] = list;
    }
    writeFileSync(`${DIR}/queries.json`, JSON.stringify(out));
  } finally {
    await db.destroy();
  }
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
}

await dump();
const allRows = readRows();
const queries = JSON.parse(readFileSync(`${DIR}/queries.json`, 'utf8')) as Record<string, Planned[]>;
const expected = existsSync(`${DIR}/answers-base.json`)
  ? (JSON.parse(readFileSync(`${DIR}/answers-base.json`, 'utf8')) as Record<string, string[]>)
  : undefined;
const answers: Record<string, string[]> = {};
const means: Record<number, number> = {};
for (const size of SIZES) {
  const rows = allRows.slice(0, size);
  global.gc?.();
  const heap0 = process.memoryUsage();
  const started = performance.now();
  let index: SearchIndex | undefined = new SearchIndex();
  for (const row of rows) index.put(row, false);
  index.sortAll();
  global.gc?.();
  const heap = process.memoryUsage();
  console.log(
    `${size}: built in ${((performance.now() - started) / 1000).toFixed(1)} s, heap +${((heap.heapUsed - heap0.heapUsed) / 1e6).toFixed(0)} MB, array buffers +${((heap.arrayBuffers - heap0.arrayBuffers) / 1e6).toFixed(0)} MB`,
  );
  const list = queries[size] ?? [];
  // Warmed up with the first 300, then every query timed once.
  for (const { query } of list.slice(0, 300)) index.search(query);
  const times: number[] = [];
  const slow: Array<{ ms: number; kind: string; q: string }> = [];
  const byKind = new Map<string, number[]>();
  let mismatches = 0;
  const t0 = performance.now();
  list.forEach(({ kind, query }, i) => {
    const a = performance.now();
    const answer = (index as SearchIndex).search(query);
    const ms = performance.now() - a;
    times.push(ms);
    slow.push({ ms, kind, q: JSON.stringify({ words: query.words, input: query.input }) });
    byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
    const key = `${size}:${i}`;
    answers[key] = [...answer.page, '|', ...answer.featured, '|', String(answer.matched)];
    if (expected?.[key] && expected[key].join() !== answers[key].join()) {
      if (mismatches < 5) console.log('  MISMATCH', key, kind, JSON.stringify(query.words));
      mismatches++;
    }
  });
  const total = performance.now() - t0;
  times.sort((x, y) => x - y);
  means[size] = total / list.length;
  console.log(
    `  ${list.length} searches: mean ${(total / list.length).toFixed(3)} ms, p50 ${pct(times, 0.5).toFixed(3)}, p99 ${pct(times, 0.99).toFixed(3)}, max ${times.at(-1)?.toFixed(1)}; ${expected ? `${mismatches} answers differ from answers-base.json` : 'no answers-base.json to compare with'}`,
  );
  for (const [kind, ks] of [...byKind].sort()) {
    ks.sort((x, y) => x - y);
    const sum = ks.reduce((s, x) => s + x, 0);
    console.log(
      `    ${kind.padEnd(34)} n=${String(ks.length).padStart(4)} mean ${(sum / ks.length).toFixed(3)} p99 ${pct(ks, 0.99).toFixed(3)}`,
    );
  }
  for (const x of slow.sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.SLOW ?? 0)))
    console.log(`    ${x.ms.toFixed(2)} ms ${x.kind} ${x.q}`);
  index = undefined;
}
if (SIZES.length > 1) {
  const [first, last] = [SIZES[0] as number, SIZES.at(-1) as number];
  console.log(
    `mean at ${last} / at ${first}: ${((means[last] as number) / (means[first] as number)).toFixed(2)}x`,
  );
}
writeFileSync(`${DIR}/answers-${process.env.TAG ?? 'run'}.json`, JSON.stringify(answers));
process.exit(0);
