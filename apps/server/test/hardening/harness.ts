import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/** `HARDENING=full` (pnpm test:hardening) runs every category at full size; otherwise a quick pass runs in pnpm test. */
export const MODE: 'full' | 'quick' = process.env.HARDENING === 'full' ? 'full' : 'quick';
export const FULL = MODE === 'full';

/**
 * Per-request time-out: an answer slower than this counts as a hang. A hang never answers, so the limit is set for
 * the slowest honest answer on a busy 2-core machine (15 s failed there: a create-order waiting on the fake gateway).
 */
export const REQUEST_TIMEOUT_MS = 90_000;

declare module 'vitest' {
  export interface ProvidedContext {
    hardeningCountsDir: string;
  }
}

/**
 * The cases one target gets: all of them in the full sweep; in the quick pass `quick` of them, rotating from target
 * to target (from a place the seed picks) so that every case still reaches many targets and every target gets
 * several cases, different ones from run to run.
 */
export function casesFor<T>(cases: readonly T[], target: number, quick: number, seed: number): T[] {
  if (FULL || quick >= cases.length) return [...cases];
  const start = (seed + target * quick) % cases.length;
  return Array.from({ length: quick }, (_, i) => cases[(start + i) % cases.length] as T);
}

const counts = new Map<string, number>();
const statusBuckets = new Map<string, number>();

/** Counts one request of `category`, by its status class (2xx, 4xx, 5xx, error). */
export function countRequest(category: string, status: number | 'error'): void {
  counts.set(category, (counts.get(category) ?? 0) + 1);
  // Fault categories break a dependency on purpose: their 503s are the expected answer, counted apart.
  const injected = category.startsWith('faults') && status !== 'error' && status >= 500;
  const bucket =
    status === 'error' ? 'error' : injected ? 'injected-fault-5xx' : `${Math.floor(status / 100)}xx`;
  statusBuckets.set(bucket, (statusBuckets.get(bucket) ?? 0) + 1);
}

export function requestCount(category?: string): number {
  if (category) return counts.get(category) ?? 0;
  let total = 0;
  for (const n of counts.values()) total += n;
  return total;
}

/** Prints this file's figures; under the hardening config they are also summed by the global teardown. */
export function reportCounts(file: string): void {
  if (counts.size === 0) return;
  const rows = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
  const lines = rows.map(([category, n]) => `  ${category.padEnd(28)} ${String(n).padStart(7)}`);
  const buckets = [...statusBuckets.entries()].map(([k, n]) => `${k}=${n}`).join(' ');
  console.log(
    `[hardening:${MODE}] ${file}: requests per category\n${lines.join('\n')}\n  statuses: ${buckets}`,
  );
  let dir: string | undefined;
  try {
    dir = inject('hardeningCountsDir');
  } catch {
    dir = undefined;
  }
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, `${file.replace(/[^a-z0-9]+/gi, '_')}.json`),
      JSON.stringify({ counts: Object.fromEntries(counts), statuses: Object.fromEntries(statusBuckets) }),
    );
  }
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as is (already encoded). */
  body?: string | Uint8Array;
  timeoutMs?: number;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: unknown;
  ms: number;
}

/** One counted HTTP request with a time-out; a network failure or time-out throws. */
export async function send(baseUrl: string, category: string, request: RawRequest): Promise<RawResponse> {
  const started = performance.now();
  try {
    const response = await fetch(baseUrl + request.path, {
      method: request.method,
      headers: request.headers,
      body: request.body as BodyInit | undefined,
      signal: AbortSignal.timeout(request.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    countRequest(category, response.status);
    return {
      status: response.status,
      headers: response.headers,
      text,
      json,
      ms: performance.now() - started,
    };
  } catch (error) {
    countRequest(category, 'error');
    // fetch's own message is only "fetch failed"; the network error (reset, closed, time-out) is its cause.
    const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : '';
    throw new Error(
      `${request.method} ${request.path.slice(0, 300)} (${category}) failed: ${String(error)}${cause}`,
      {
        cause: error,
      },
    );
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The contract's error body: `{ message: string, code?: string, issues?: [...] }`, no stack. */
export function isContractError(body: unknown): boolean {
  if (!isRecord(body) || typeof body.message !== 'string') return false;
  if (body.code !== undefined && typeof body.code !== 'string') return false;
  if (body.issues !== undefined && !Array.isArray(body.issues)) return false;
  return !('stack' in body);
}

/** tRPC's error envelope (single or batched), with no stack. */
export function isTrpcError(body: unknown): boolean {
  const items = Array.isArray(body) ? body : [body];
  return items.every((item) => {
    if (!isRecord(item)) return false;
    if ('result' in item) return true;
    const error = item.error;
    if (!isRecord(error) || typeof error.message !== 'string') return false;
    const data = error.data;
    return !isRecord(data) || data.stack === undefined;
  });
}

/** A random documentation-range client address, so per-IP rate limits don't mask what is under test. */
export function randomClientIp(): string {
  const n = () => Math.floor(Math.random() * 254) + 1;
  return `10.${n()}.${n()}.${n()}`;
}
