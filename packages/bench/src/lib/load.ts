import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  requests: number;
  errors: number;
  non2xx: number;
}

/** A client address per request, from a pool of 4,096 (see startApiServer on TRUST_PROXY). */
let nextAddress = 0;
export function clientAddress(): string {
  nextAddress = (nextAddress + 1) % 4096;
  return `10.77.${nextAddress >> 8}.${nextAddress & 255}`;
}

/** autocannon against one GET URL: requests per second and latency percentiles (ms). */
export async function loadGet(options: {
  label: string;
  url: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: options.headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': clientAddress() },
        }),
      },
    ],
  });
  return {
    label: options.label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function describeLoad(r: LoadResult): string {
  return `${r.label.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99
    .toFixed(1)
    .padStart(
      6,
    )} ms  mean ${r.mean.toFixed(2).padStart(6)} ms  (${r.requests} requests, ${r.errors} errors, ${r.non2xx} non-2xx)`;
}

/** autocannon over several GET paths of one server, taken in turn (a mix of searches, not one repeated). */
export async function loadPaths(options: {
  label: string;
  base: string;
  paths: readonly string[];
  connections: number;
  durationSeconds: number;
}): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: options.base,
    connections: options.connections,
    duration: options.durationSeconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          next = (next + 1) % options.paths.length;
          return {
            ...request,
            path: options.paths[next] as string,
            headers: { ...request.headers, 'x-forwarded-for': clientAddress() },
          };
        },
      },
    ],
  });
  return {
    label: options.label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * loadPaths() over a list of distinct GET paths meant to be asked once each: `repeated` says how many requests
 * the run asked beyond the list (it wraps around; a results cache would answer those from the first time).
 */
export async function loadDistinct(options: {
  label: string;
  base: string;
  paths: readonly string[];
  connections: number;
  durationSeconds: number;
}): Promise<LoadResult & { repeated: number }> {
  const result = await loadPaths(options);
  return { ...result, repeated: Math.max(0, result.requests - options.paths.length) };
}
