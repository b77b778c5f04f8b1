import type postgres from 'postgres';
import { countQuery, needsIndexHint, pageQuery, type SearchParams } from './search-sql';

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
 * statement, planned the way searchListings() runs them: default planner settings, or in a transaction with
 * `enable_seqscan = off` for a word too short for a trigram.
 */
export async function explainSearch(pool: postgres.Sql, params: SearchParams): Promise<ExplainSummary> {
  if (!needsIndexHint(params)) return explainIn(pool, params);
  return pool.begin(async (transaction) => {
    const sql = transaction as unknown as postgres.Sql;
    await sql`set local enable_seqscan = off`;
    return explainIn(sql, params);
  }) as Promise<ExplainSummary>;
}

async function explainIn(sql: postgres.Sql, params: SearchParams): Promise<ExplainSummary> {
  const prefix = sql`explain (analyze, buffers, format json)`;
  const found = { seq: false, indexes: new Set<string>() };
  const lines: string[] = [];
  const executionMs = { page: 0, total: 0 };
  for (const [label, query] of [
    ['page', pageQuery(sql, params, prefix)],
    ['total', countQuery(sql, params, prefix)],
  ] as const) {
    const rows = (await query) as unknown as Array<{
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
