import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/** Gives each test file a folder for its figures and prints their sum after the run. */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'barterads-hardening-'));
  project.provide('hardeningCountsDir', dir);
  return () => {
    const counts = new Map<string, number>();
    const statuses = new Map<string, number>();
    for (const file of readdirSync(dir)) {
      const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
        counts: Record<string, number>;
        statuses: Record<string, number>;
      };
      for (const [k, n] of Object.entries(data.counts)) counts.set(k, (counts.get(k) ?? 0) + n);
      for (const [k, n] of Object.entries(data.statuses)) statuses.set(k, (statuses.get(k) ?? 0) + n);
    }
    rmSync(dir, { recursive: true, force: true });
    let total = 0;
    const lines = [...counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => {
        total += n;
        return `  ${k.padEnd(28)} ${String(n).padStart(7)}`;
      });
    console.log(
      `\n=== hardening (full): requests sent per category ===\n${lines.join('\n')}\n  ${'TOTAL'.padEnd(28)} ${String(total).padStart(7)}\n  statuses: ${[...statuses.entries()].map(([k, n]) => `${k}=${n}`).join(' ')}\n  5xx (unexpected): ${statuses.get('5xx') ?? 0}; 503 from injected faults: ${statuses.get('injected-fault-5xx') ?? 0}\n`,
    );
  };
}
