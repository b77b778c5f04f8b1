import { SearchListingsInput, searchNeedsIndexHint, searchQueries } from '@barterads/api';
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
  'Actual Total Time'?: number;
  Plans?: PlanNode[];
}

export interface ExplainSummary {
  lines: string[];
  /** A sequential scan of listings somewhere in the plans. */
  seqScanOnListings: boolean;
  /** Indexes used, by name. */
  indexes: string[];
  /** Execution time of the page statement. */
  pageMs: number;
  /** Execution time of the bounded total statement. */
  totalMs: number;
}

function walk(node: PlanNode, depth: number, out: string[], found: { seq: boolean; indexes: Set<string> }) {
  const on = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
  const using = node['Index Name'] ? ` using ${node['Index Name']}` : '';
  if (node['Index Name']) found.indexes.add(node['Index Name']);
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'listings') found.seq = true;
  out.push(
    `${'  '.repeat(depth + 2)}${node['Node Type']}${using}${on}  (rows ${node['Actual Rows'] ?? '?'}, ${(
      node['Actual Total Time'] ?? 0
    ).toFixed(2)} ms)`,
  );
  for (const child of node.Plans ?? []) walk(child, depth + 1, out, found);
}

/**
 * EXPLAIN ANALYZE of both statements of a search (page and bounded total), as a short indented plan per
 * statement: the API's own statements (searchQueries() of packages/api, words spelt right), planned the way
 * searchListings() runs them: default planner settings, or in a transaction with `enable_seqscan = off` for a word
 * too short for a trigram.
 */
export async function explainSearch(db: BenchDatabase, params: SearchParams): Promise<ExplainSummary> {
  const input = SearchListingsInput.parse(params);
  const queries = searchQueries(db.handle.db, input);
  const statements = { page: queries.page.toSQL(), total: queries.count.toSQL() };
  if (!searchNeedsIndexHint(input)) return explainIn(db.sql, statements);
  return db.sql.begin(async (transaction) => {
    const sql = transaction as unknown as postgres.Sql;
    await sql`set local enable_seqscan = off`;
    return explainIn(sql, statements);
  }) as Promise<ExplainSummary>;
}

type Statement = { sql: string; params: unknown[] };

async function explainIn(
  sql: postgres.Sql,
  statements: { page: Statement; total: Statement },
): Promise<ExplainSummary> {
  const found = { seq: false, indexes: new Set<string>() };
  const lines: string[] = [];
  const executionMs = { page: 0, total: 0 };
  for (const [label, statement] of [
    ['page', statements.page],
    ['total', statements.total],
  ] as const) {
    const rows = (await sql.unsafe(
      `explain (analyze, buffers, format json) ${statement.sql}`,
      statement.params as postgres.ParameterOrJSON<never>[],
    )) as unknown as Array<{
      'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number }>;
    }>;
    const plan = rows[0]!['QUERY PLAN'][0]!;
    executionMs[label] = plan['Execution Time'];
    lines.push(`    ${label} query: ${plan['Execution Time'].toFixed(2)} ms`);
    walk(plan.Plan, 0, lines, found);
  }
  return {
    lines,
    seqScanOnListings: found.seq,
    indexes: [...found.indexes],
    pageMs: executionMs.page,
    totalMs: executionMs.total,
  };
}
