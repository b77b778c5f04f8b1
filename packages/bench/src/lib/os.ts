import { cpus, totalmem } from 'node:os';

/** The machine the figures come from, for the report. */
export function os(): string {
  const cores = cpus();
  return `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}
