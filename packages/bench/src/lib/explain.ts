import { planTerms, SearchListingsInput, searchNeedsIndexHint, searchQueries } from '@barterads/api';
import { LIMITS } from '@barterads/core';
import type postgres from 'postgres';
import type { BenchDatabase } from './database';

/** What the benchmarks search with: the words and filters of `GET /api/barters`. */
export interface SearchParams {
  q?: string | undefined;
  ownerRole?: string | undefined;
  category?: string | undefined;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Actual Total Time'?: number;
  Plans?: PlanNode[];
}

export interface ExplainSummary {
  lines: string[];
  /** The statements explained, in the order search runs them. */
  statements: string[];
  /** A sequential scan of listings somewhere in the plans. */
  seqScanOnListings: boolean;
  /**
   * The statements that read listings neither through one of its indexes (`listings_…`) nor by a sequential
   * scan that a Limit stops early, within EARLY_STOP_MAX_ROWS rows (what PostgreSQL rightly prefers for a
   * bounded count of a common word: reading ~9,000 listings to find 1,001 matches, however many there are).
   */
  unindexed: string[];
  /** The most listings a sequential scan read (0 when none). */
  seqScanRows: number;
  /** Indexes used, by name. */
  indexes: string[];
  /** Execution time of the page statement. */
  pageMs: number;
  /** Execution time of the count statements search runs for its total (0 when it needs none). */
  totalMs: number;
}

/** Rows an early-stopping sequential scan of listings may read: 20 times a bounded count's LIMIT. */
export const EARLY_STOP_MAX_ROWS = 20 * (LIMITS.searchTotalCap + 1);

interface Found {
  seq: boolean;
  /** A sequential scan of listings not directly under a Limit, or reading more than EARLY_STOP_MAX_ROWS. */
  unboundedSeq: boolean;
  seqRows: number;
  indexes: Set<string>;
}

function walk(node: PlanNode, depth: number, out: string[], found: Found, parent?: PlanNode) {
  const on = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
  const using = node['Index Name'] ? ` using ${node['Index Name']}` : '';
  if (node['Index Name']) found.indexes.add(node['Index Name']);
  let read = '';
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'listings') {
    found.seq = true;
    const rows =
      ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1);
    found.seqRows = Math.max(found.seqRows, rows);
    if (parent?.['Node Type'] !== 'Limit' || rows > EARLY_STOP_MAX_ROWS) found.unboundedSeq = true;
    read = `, read ${rows}`;
  }
  out.push(
    `${'  '.repeat(depth + 2)}${node['Node Type']}${using}${on}  (rows ${node['Actual Rows'] ?? '?'}${read}, ${(
      node['Actual Total Time'] ?? 0
    ).toFixed(2)} ms)`,
  );
  for (const child of node.Plans ?? []) walk(child, depth + 1, out, found, node);
}

type Statement = { sql: string; params: unknown[] };

/**
 * EXPLAIN ANALYZE of the statements a search runs (searchListings() of packages/api), as a short indented plan
 * per statement: its words planned as search plans them (with their spelling corrections), the page, and for
 * its total what countMatches() runs: the bounded count without the trigram-similarity alternatives first
 * (when the search has them), and the full bounded count only when that one does not already reach the cap.
 * No count when the page tells the total (a first page with no next page, or ranked among the newest with its
 * count). Planned the way searchListings() runs them: default planner settings, or in a transaction with
 * `enable_seqscan = off` for a word too short for a trigram.
 */
export async function explainSearch(db: BenchDatabase, params: SearchParams): Promise<ExplainSummary> {
  const input = SearchListingsInput.parse(params);
  const { terms } = await planTerms(db.handle.db, input);
  const queries = searchQueries(db.handle.db, input, undefined, terms);
  const rows = await queries.page;
  const statements: Array<[label: string, statement: Statement]> = [['page', queries.page.toSQL()]];
  if (rows.length > input.limit && rows[0]?.matched == null) {
    const substring = queries.substringCount;
    const counted = substring ? ((await substring)[0]?.total ?? 0) : 0;
    if (substring) statements.push(['count without similarity', substring.toSQL()]);
    if (!substring || counted <= LIMITS.searchTotalCap) statements.push(['count', queries.count.toSQL()]);
  }
  if (!searchNeedsIndexHint(input)) return explainIn(db.sql, statements);
  return db.sql.begin(async (transaction) => {
    const sql = transaction as unknown as postgres.Sql;
    await sql`set local enable_seqscan = off`;
    return explainIn(sql, statements);
  }) as Promise<ExplainSummary>;
}

async function explainIn(
  sql: postgres.Sql,
  statements: ReadonlyArray<readonly [label: string, statement: Statement]>,
): Promise<ExplainSummary> {
  const found = { seq: false, seqRows: 0, indexes: new Set<string>() };
  const lines: string[] = [];
  const unindexed: string[] = [];
  let pageMs = 0;
  let totalMs = 0;
  for (const [label, statement] of statements) {
    const rows = (await sql.unsafe(
      `explain (analyze, buffers, format json) ${statement.sql}`,
      statement.params as postgres.ParameterOrJSON<never>[],
    )) as unknown as Array<{
      'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number }>;
    }>;
    const plan = rows[0]!['QUERY PLAN'][0]!;
    if (label === 'page') pageMs = plan['Execution Time'];
    else totalMs += plan['Execution Time'];
    lines.push(`    ${label} query: ${plan['Execution Time'].toFixed(2)} ms`);
    const own: Found = { seq: false, unboundedSeq: false, seqRows: 0, indexes: new Set<string>() };
    walk(plan.Plan, 0, lines, own);
    found.seq ||= own.seq;
    found.seqRows = Math.max(found.seqRows, own.seqRows);
    for (const index of own.indexes) found.indexes.add(index);
    const indexed = [...own.indexes].some((index) => index.startsWith('listings_'));
    if (own.unboundedSeq || (!indexed && !own.seq)) unindexed.push(label);
  }
  return {
    lines,
    statements: statements.map(([label]) => label),
    seqScanOnListings: found.seq,
    unindexed,
    seqScanRows: found.seqRows,
    indexes: [...found.indexes],
    pageMs,
    totalMs,
  };
}
