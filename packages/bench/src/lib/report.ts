/** What every benchmark hands back: its figures, each with a target and a verdict. */
export interface Check {
  /** What was measured, for example `REST rps vs bare`. */
  name: string;
  /** The figure as printed, for example `0.93x (4,210 vs 4,530 req/s)`. */
  value: string;
  /** The target as printed, for example `>= 0.80x`. */
  target: string;
  pass: boolean;
}

export interface BenchResult {
  bench: string;
  checks: Check[];
  /** Extra lines worth keeping (plans, tables). */
  notes: string[];
  /** Set when the benchmark could not run at all. */
  error?: string;
}

export function verdict(pass: boolean): 'PASS' | 'FAIL' {
  return pass ? 'PASS' : 'FAIL';
}

export function printCheck(check: Check): void {
  console.log(`  ${verdict(check.pass)}  ${check.name}: ${check.value}  (target ${check.target})`);
}

/** The p-th percentile (0 to 100) of `values` by nearest rank; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function ratio(n: number): string {
  return `${n.toFixed(2)}x`;
}

export function heading(text: string): void {
  console.log(`\n=== ${text} ${'='.repeat(Math.max(0, 72 - text.length))}`);
}
