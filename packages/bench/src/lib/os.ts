import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

/** The machine the figures come from, for the report. */
export function os(): string {
  const cores = cpus();
  return `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** The load average over 1, 5 and 15 minutes, as `uptime` prints it (the machine is shared). */
export function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

/** Idle and total jiffies of all cores since boot (/proc/stat's first line); undefined where there is none. */
function cpuTimes(): { idle: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: idle is idle + iowait.
    const total = fields.slice(0, 8).reduce((sum, n) => sum + n, 0);
    return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total };
  } catch {
    return undefined;
  }
}

/**
 * Waits until the machine's cores were at least `idleShare` idle over a `windowMs` window (at most `timeoutMs`),
 * and returns the share of idle of the last window. Side-by-side runs start from a quiet machine this way: a
 * server just measured keeps a core busy for a while after its last answer (its garbage collector finishing),
 * which the next server's run would otherwise share.
 */
export async function cpuQuiet(idleShare = 0.9, windowMs = 300, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const before = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = cpuTimes();
    if (!before || !after || after.total <= before.total) return 1;
    const idle = (after.idle - before.idle) / (after.total - before.total);
    if (idle >= idleShare || Date.now() >= deadline) return idle;
  }
}
