import type { BenchDatabase } from '../lib/database';
import type { BenchResult } from '../lib/report';

export async function runJobsKillBench(_db: BenchDatabase): Promise<BenchResult> {
  return { bench: 'Jobs kill', checks: [], notes: [] };
}
