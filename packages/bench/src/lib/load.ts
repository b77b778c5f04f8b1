import autocannon from 'autocannon';
import { percentile } from './report';

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

/**
 * An autocannon run with each answer's time kept as measured. autocannon's own latency figures come from a
 * histogram of whole milliseconds (each time cut down to the millisecond): a search of 0.5 ms counted as 0, so a
 * one-connection run at 1,813 searches a second (0.55 ms each) reported a mean of 0.07 ms, and a ratio of two such
 * means was mostly rounding (the search benchmark's growth check, 29 Nov). The times here are its own, unrounded
 * (of answers with a 2xx status, as its histogram keeps).
 */
async function measured(
  label: string,
  options: autocannon.Options,
  stopAfterSeconds?: number,
): Promise<LoadResult> {
  const times: number[] = [];
  let answered = 0;
  let lastAnswer = 0;
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const instance = autocannon(options, (error, done) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(done);
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      answered += 1;
      lastAnswer = performance.now();
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    });
    if (stopAfterSeconds !== undefined) timer = setTimeout(() => instance.stop(), stopAfterSeconds * 1000);
  });
  return {
    label,
    // Answers over the time from the start to the last answer: autocannon notices the end of a run of a fixed
    // amount at its next one-second tick (500 answers in 0.13 s counted as 1.01 s), and its requests.average
    // counts the last part-second as a whole one.
    rps: lastAnswer > started ? answered / ((lastAnswer - started) / 1000) : 0,
    p50: times.length > 0 ? percentile(times, 50) : 0,
    p99: times.length > 0 ? percentile(times, 99) : 0,
    mean: times.length > 0 ? times.reduce((sum, time) => sum + time, 0) / times.length : 0,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** autocannon against one GET URL: requests per second and latency percentiles (ms). */
export async function loadGet(options: {
  label: string;
  url: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  return measured(options.label, {
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
  /** Each path at most once: the run ends when every path was asked, or after durationSeconds. */
  once?: boolean;
}): Promise<LoadResult> {
  let next = 0;
  const extent = options.once ? { amount: options.paths.length } : { duration: options.durationSeconds };
  return measured(
    options.label,
    {
      url: options.base,
      connections: options.connections,
      ...extent,
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
    },
    options.once ? options.durationSeconds : undefined,
  );
}

/**
 * loadPaths() over a list of distinct GET paths, each asked at most once: the run ends when the list is used up
 * (a fast server answered a 10 s run's 28,779 searches at 10,000 listings in less, on 29 Nov) or after its
 * duration. `repeated` says how many requests it asked beyond the list (a results cache would answer those from
 * the first time): none, unless autocannon asks more than its amount.
 */
export async function loadDistinct(options: {
  label: string;
  base: string;
  paths: readonly string[];
  connections: number;
  durationSeconds: number;
}): Promise<LoadResult & { repeated: number }> {
  const result = await loadPaths({ ...options, once: true });
  return { ...result, repeated: Math.max(0, result.requests - options.paths.length) };
}
