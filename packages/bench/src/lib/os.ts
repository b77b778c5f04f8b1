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
