import type { Database } from '@barterads/db';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../services';
import type { SearchListingsInput } from './schemas';
import {
  answerUnchangedSince,
  filterValues,
  planTerms,
  type SearchResult,
  searchListings,
  searchListingsPlanned,
} from './search';
import { readSearchVersions } from './search-versions';

/**
 * The search results cache. Every answer is stored with the search generation it was computed at
 * (search_generation, bumped by triggers in every transaction that changes what a search answers). An answer of
 * the current generation is served until the next write, whichever instance or program wrote. After a write an
 * older answer is still served, by its age (from when its computation started, so from before its queries read
 * the database):
 *
 * - younger than `refreshAfterMs` (the soft window, 800 ms by default): served as it is;
 * - from `refreshAfterMs` to `freshnessMs` (the hard limit, 1 s): served at once, and one recompute of the
 *   search is started in the background (one per key in a process; with Redis one per key across instances, a
 *   short claim key) whose answer replaces it, so a busy search is normally recomputed before it reaches the
 *   hard limit and no request waits for it;
 * - `freshnessMs` or older: never served; the request computes the answer and waits for it (as does any search
 *   nobody asked for in the soft-to-hard window), or waits for the recompute of it already running in this
 *   process when that started less than `freshnessMs` ago (a background one that has not finished by then).
 *
 * So an answer that misses a write was computed before the write and is never served `freshnessMs` after its
 * computation started (as long as computing it took less than `freshnessMs − refreshAfterMs`: see
 * computeAndStore()): every write shows in every search within that window (the product's "fresh within 1 s
 * of a write"), while a busy marketplace does not recompute every search after every write, and under steady
 * writes hardly ever makes a searcher wait for one. Who wrote in the last window searches exactly (reads their
 * own write).
 *
 * A recompute first tries to revalidate the key's latest answer, whatever its age: when no change logged since
 * its generation touches it (answerUnchangedSince(): no changed listing matches the search, before or after its
 * change) it is the answer of the current generation too, and is stored as such, at the cost of one query of a
 * few rows instead of the search. Its words must be planned as they were (the same spelling corrections), it
 * must have been fully computed less than REVALIDATE_WITHIN_MS ago, and no featuring it shows may have ended
 * (an end is a time, not a write).
 */
export interface CachedAnswer {
  generation: number;
  /** When its computation started (ms, the store's clock). */
  at: number;
  result: SearchResult;
  basis?: AnswerBasis;
}

/** What an answer was computed from, to revalidate it later. */
export interface AnswerBasis {
  /** The search's words as planned (JSON of its TermPlan[]: the words and their spelling corrections). */
  plan: string;
  /** When its last full computation started (ms since the epoch). */
  computedAt: number;
}

/** The latest answer of a key, whatever its age, with what it was computed from. */
export interface AnswerBase {
  generation: number;
  result: SearchResult;
  basis: AnswerBasis;
}

/** A cached answer and whether to recompute it in the background (an older generation's, past the soft window). */
export interface CacheHit {
  result: SearchResult;
  refresh: boolean;
}

export interface SearchCacheStore {
  /** Freshness window (the hard limit) in ms: 0 serves only answers of the current generation. */
  readonly freshnessMs: number;
  /** The soft window in ms: an older generation's answer this old is recomputed in the background. */
  readonly refreshAfterMs: number;
  /**
   * Only searches asked before (in this process, recently) go through the store: a first one is computed without
   * reading or writing it (SeenKeys). Off by default; the server turns it on.
   */
  readonly admitOnSecondAsk?: boolean;
  /** The answer of `generation`, or (unless `exact`) a younger-than-the-window answer of an older one. */
  get(generation: number, key: string, exact?: boolean): Promise<CacheHit | undefined>;
  /** Stores an answer whose computation started `ageMs` ago (0: now), with what it was computed from. */
  set(
    generation: number,
    key: string,
    result: SearchResult,
    ageMs?: number,
    basis?: AnswerBasis,
  ): Promise<void>;
  /** The key's latest answer stored with its basis, of any generation and age (to revalidate it). */
  base(key: string): Promise<AnswerBase | undefined>;
  /** True for the one caller (of all sharing the store) that is to recompute `key` in the background now. */
  claimRefresh(key: string): Promise<boolean>;
  /** A member wrote: their own searches skip older answers for the window. */
  noteWriter(userId: string): Promise<void>;
  wroteRecently(userId: string): Promise<boolean>;
}

export interface SearchCacheOptions {
  freshnessMs?: number;
  /** The soft window (defaultRefreshAfterMs() of the freshness window when not given). */
  refreshAfterMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
  /** See SearchCacheStore.admitOnSecondAsk. */
  admitOnSecondAsk?: boolean;
}

export const DEFAULT_SEARCH_FRESHNESS_MS = 1_000;

/**
 * The soft window for a freshness window: 200 ms before it (time for a background recompute to finish under
 * load), but at least half of it.
 */
export function defaultRefreshAfterMs(freshnessMs: number): number {
  return Math.max(Math.round(freshnessMs / 2), freshnessMs - 200);
}

function windowsOf(options: SearchCacheOptions) {
  const freshnessMs = options.freshnessMs ?? DEFAULT_SEARCH_FRESHNESS_MS;
  const refreshAfterMs = Math.min(
    freshnessMs,
    Math.max(0, options.refreshAfterMs ?? defaultRefreshAfterMs(freshnessMs)),
  );
  return { freshnessMs, refreshAfterMs };
}

/**
 * In this process (no Redis): the most recently used `capacity` answers, and the members who wrote within the
 * window.
 */
export function createMemorySearchCache(
  capacity = 2_000,
  options: SearchCacheOptions = {},
): SearchCacheStore {
  const { freshnessMs, refreshAfterMs } = windowsOf(options);
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, CachedAnswer>({ max: capacity });
  const writers = new Map<string, number>();
  return {
    freshnessMs,
    refreshAfterMs,
    admitOnSecondAsk: options.admitOnSecondAsk ?? false,
    async get(generation, key, exact = false) {
      const hit = entries.peek(key);
      if (!hit) return undefined;
      const current = hit.generation === generation;
      const age = now() - hit.at;
      if (!current && (exact || hit.generation > generation || age >= freshnessMs)) return undefined;
      entries.get(key); // the most recently used now
      return { result: hit.result, refresh: !current && age >= refreshAfterMs };
    },
    async set(generation, key, result, ageMs = 0, basis) {
      const held = entries.peek(key);
      if (held && held.generation > generation) return;
      entries.set(key, { generation, at: now() - ageMs, result, basis });
    },
    async base(key) {
      const held = entries.peek(key);
      return held?.basis
        ? { generation: held.generation, result: held.result, basis: held.basis }
        : undefined;
    },
    // One process: cachedSearch() already runs one background recompute per key.
    async claimRefresh() {
      return true;
    },
    async noteWriter(userId) {
      if (freshnessMs <= 0) return;
      const at = now();
      writers.set(userId, at);
      // Forget writers whose window has passed (kept small: one entry per member writing this second).
      if (writers.size > 1_000) {
        for (const [id, when] of writers) if (at - when >= freshnessMs) writers.delete(id);
      }
    },
    async wroteRecently(userId) {
      const when = writers.get(userId);
      return when !== undefined && now() - when < freshnessMs;
    },
  };
}

/** The Redis commands the shared cache needs (ioredis satisfies this). */
export interface RedisKeyValue {
  get(key: string): Promise<string | null>;
  mget(...keys: string[]): Promise<Array<string | null>>;
  set(key: string, value: string, mode: 'EX', seconds: number): Promise<unknown>;
  set(key: string, value: string, mode: 'PX', milliseconds: number): Promise<unknown>;
  /** Resolves to null when the key exists (not set). */
  set(key: string, value: string, mode: 'PX', milliseconds: number, nx: 'NX'): Promise<unknown>;
}

/**
 * In Redis (REDIS_URL), shared by every API instance: each answer under its generation, and as the key's latest
 * answer (with its basis, for revalidation), both expiring after `ttlSeconds`. The windows are two markers
 * expiring at the soft and the hard limit (Redis's clock, from when the computation started as measured by the
 * instance that ran it: a duration, not a time of day, so no instance's clock decides how old an answer is),
 * each holding the stamp of the latest answer they time: a marker left by an earlier answer never times a later
 * one. The background recompute is claimed with SET NX for the rest of the window, so one instance runs it.
 */
export function createRedisSearchCache(
  redis: RedisKeyValue,
  ttlSeconds = 60,
  options: Pick<SearchCacheOptions, 'freshnessMs' | 'refreshAfterMs' | 'admitOnSecondAsk'> = {},
): SearchCacheStore {
  const { freshnessMs, refreshAfterMs } = windowsOf(options);
  const ofGeneration = (generation: number, key: string) => `search:${generation}:${key}`;
  const latest = (key: string) => `search:latest:${key}`;
  const soft = (key: string) => `search:soft:${key}`;
  const hard = (key: string) => `search:hard:${key}`;
  const claim = (key: string) => `search:refresh:${key}`;
  const writer = (userId: string) => `search:writer:${userId}`;
  type Latest = { generation: number; result: SearchResult; basis?: AnswerBasis; stamp: string };
  return {
    freshnessMs,
    refreshAfterMs,
    admitOnSecondAsk: options.admitOnSecondAsk ?? false,
    async get(generation, key, exact = false) {
      if (exact || freshnessMs <= 0) {
        const value = await redis.get(ofGeneration(generation, key));
        return value ? { result: JSON.parse(value) as SearchResult, refresh: false } : undefined;
      }
      const [ofThis, recent, young, timely] = await redis.mget(
        ofGeneration(generation, key),
        latest(key),
        soft(key),
        hard(key),
      );
      if (ofThis) return { result: JSON.parse(ofThis) as SearchResult, refresh: false };
      if (!recent || !timely) return undefined;
      const answer = JSON.parse(recent) as Latest;
      if (timely !== answer.stamp || answer.generation > generation) return undefined;
      return { result: answer.result, refresh: young !== answer.stamp };
    },
    async set(generation, key, result, ageMs = 0, basis) {
      const value = JSON.stringify(result);
      const stamp = crypto.randomUUID();
      const answer: Latest = { generation, result, basis, stamp };
      // Sent together (one connection keeps their order): the latest answer before its markers.
      const writes: Array<Promise<unknown>> = [
        redis.set(ofGeneration(generation, key), value, 'EX', ttlSeconds),
        redis.set(latest(key), JSON.stringify(answer), 'EX', ttlSeconds),
      ];
      const hardLeft = Math.floor(freshnessMs - ageMs);
      const softLeft = Math.floor(refreshAfterMs - ageMs);
      if (hardLeft > 0) {
        writes.push(redis.set(hard(key), stamp, 'PX', hardLeft));
        if (softLeft > 0) writes.push(redis.set(soft(key), stamp, 'PX', softLeft));
      }
      await Promise.all(writes);
    },
    async base(key) {
      const value = await redis.get(latest(key));
      if (!value) return undefined;
      const answer = JSON.parse(value) as Latest;
      return answer.basis
        ? { generation: answer.generation, result: answer.result, basis: answer.basis }
        : undefined;
    },
    async claimRefresh(key) {
      const ms = Math.max(1, freshnessMs - refreshAfterMs);
      return (await redis.set(claim(key), '1', 'PX', ms, 'NX')) !== null;
    },
    async noteWriter(userId) {
      if (freshnessMs > 0) await redis.set(writer(userId), '1', 'PX', freshnessMs);
    },
    async wroteRecently(userId) {
      return (await redis.get(writer(userId))) !== null;
    },
  };
}

/** The value kept for a database handle, made on first use (each handle has its own statements and work). */
function ofDatabase<T>(map: WeakMap<Database, T>, db: Database, make: () => T): T {
  let value = map.get(db);
  if (value === undefined) {
    value = make();
    map.set(db, value);
  }
  return value;
}

/** The current search generation. */
export async function searchGenerationOf(db: Database): Promise<number> {
  return (await readSearchVersions(db)).generation;
}

/** What an answer depends on besides the generation: the normalized input (words lowercased by the schema). */
export function cacheKey(input: SearchListingsInput): string {
  return JSON.stringify([
    input.q ?? null,
    ...filterValues(input),
    input.sort,
    input.cursor ?? null,
    input.limit,
  ]);
}

/** How this process's searches were answered through the cache since it started (hits, and misses computed). */
const counts = { hits: 0, misses: 0 };

/** The results cache's hits and misses in this process (GET /healthz shows them; the benchmark reads its hit rate). */
export function searchCacheCounts(): { hits: number; misses: number } {
  return { ...counts };
}

/**
 * The keys this process was asked recently (the most recent `capacity`). A search asked for the first time is
 * computed without the cache: no store read, no answer serialized and stored (most searches of a marketplace are
 * asked once: storing them only cost time, issue 34). Asked again while remembered, it goes through the cache.
 */
export class SeenKeys {
  // An LRU, not a Set dropping its first key: a Set keeps the holes its deletions leave at the front until it
  // rehashes, and finding the first key walks them, so each search past the capacity paid for thousands (8 µs a
  // key against 0.4 µs, 200,000 distinct keys at 20,000; the engines benchmark's cache-on runs, 29 Nov).
  private readonly keys: LRUCache<string, true>;

  constructor(capacity = 20_000) {
    this.keys = new LRUCache({ max: capacity });
  }

  /** True when `key` was asked before (and remembers it now). */
  seenBefore(key: string): boolean {
    if (this.keys.has(key)) return true;
    this.keys.set(key, true);
    return false;
  }

  get size(): number {
    return this.keys.size;
  }
}

const seenKeys = new WeakMap<SearchCacheStore, SeenKeys>();

function ofStore(cache: SearchCacheStore): SeenKeys {
  let seen = seenKeys.get(cache);
  if (!seen) {
    seen = new SeenKeys();
    seenKeys.set(cache, seen);
  }
  return seen;
}

/** An answer and what it was computed from. */
interface Answer {
  result: SearchResult;
  basis: AnswerBasis;
}

/** A computation of one search: the generation read before it, when it started (performance.now()), its answer. */
interface Flight {
  generation: number;
  started: number;
  answer: Promise<Answer>;
}

/**
 * How long after its full computation an answer may be revalidated instead of computed again. Bounds what the
 * change log cannot see: the time-dependent parts of an answer (a featuring ending) and anything missed.
 */
export const REVALIDATE_WITHIN_MS = 30_000;

/** A featuring shown in the answer has ended since (it would now be listed among the others). */
function featuringEnded(result: SearchResult, now: number): boolean {
  return result.barters.some(
    (barter) => barter.featured && barter.featuredUntil !== null && Date.parse(barter.featuredUntil) <= now,
  );
}

/**
 * The answer of a search at `generation`: the key's latest answer revalidated when it can be (see the cache's
 * description at the top), else the search computed. A failing store read only means computing.
 */
async function answerAt(
  db: Database,
  cache: SearchCacheStore,
  logger: Logger,
  generation: number,
  key: string,
  input: SearchListingsInput,
): Promise<Answer> {
  const started = Date.now();
  const base = await cache.base(key).catch((error: unknown) => {
    logger.warn({ err: error }, 'search cache read failed');
    return undefined;
  });
  if (
    base &&
    base.generation <= generation &&
    started - base.basis.computedAt < REVALIDATE_WITHIN_MS &&
    !featuringEnded(base.result, started)
  ) {
    const { terms } = await planTerms(db, input);
    if (
      JSON.stringify(terms) === base.basis.plan &&
      (await answerUnchangedSince(db, input, terms, base.result, base.generation, generation))
    )
      return { result: base.result, basis: base.basis };
  }
  const { result, terms } = await searchListingsPlanned(db, input, generation);
  return { result, basis: { plan: JSON.stringify(terms), computedAt: started } };
}

/** The search being computed for each key (the latest started): concurrent misses of one search share it. */
const inFlight = new WeakMap<Database, Map<string, Flight>>();
/** How many searches this process recomputes in the background at once. */
const MAX_BACKGROUND_REFRESHES = 3;
/** The keys being recomputed in the background in this process (one at a time per key). */
const refreshing = new WeakMap<Database, Set<string>>();

/**
 * The computation of a search, shared. The running one of the key is joined when it read this generation or a
 * newer one, or when it started less than `joinWithinMs` ago (the freshness window; 0 for a member who wrote):
 * its queries started after that, so it misses only writes committed after it started, and is served within the
 * window of each, as is every answer computed then. So a search past the hard limit waits for the background
 * recompute already running instead of starting another while a write has moved the generation on.
 */
function computeOnce(
  db: Database,
  cache: SearchCacheStore,
  logger: Logger,
  generation: number,
  key: string,
  input: SearchListingsInput,
  joinWithinMs: number,
): Flight {
  const running = ofDatabase(inFlight, db, () => new Map<string, Flight>());
  const pending = running.get(key);
  if (pending && (pending.generation >= generation || performance.now() - pending.started < joinWithinMs))
    return pending;
  const flight: Flight = {
    generation,
    started: performance.now(),
    answer: answerAt(db, cache, logger, generation, key, input),
  };
  running.set(key, flight);
  const done = () => {
    if (running.get(key) === flight) running.delete(key);
  };
  // Its failure reaches whoever awaits `answer`.
  flight.answer.then(done, done);
  return flight;
}

/**
 * Computes a search (or joins its computation) and stores the answer under the generation its computation read,
 * as old as the computation.
 */
async function computeAndStore(
  db: Database,
  cache: SearchCacheStore,
  logger: Logger,
  generation: number,
  key: string,
  input: SearchListingsInput,
  exact = false,
): Promise<SearchResult> {
  const flight = computeOnce(db, cache, logger, generation, key, input, exact ? 0 : cache.freshnessMs);
  const { result, basis } = await flight.answer;
  // Aged from when its computation started, counting at most freshnessMs − refreshAfterMs of that: an answer
  // computed slower than that (an overloaded database) is still served for the soft window after it arrives,
  // instead of arriving expired and making every search of the key wait on the database when it can least
  // afford it. So a write shows within freshnessMs, or within a slower computation's time + refreshAfterMs.
  const age = Math.min(performance.now() - flight.started, cache.freshnessMs - cache.refreshAfterMs);
  try {
    await cache.set(flight.generation, key, result, Math.max(0, age), basis);
  } catch (error) {
    logger.warn({ err: error }, 'search cache write failed');
  }
  return result;
}

/**
 * Recomputes a search in the background (an older answer past the soft window was just served): once per key in
 * this process, and only when the store's claim says no other instance does. Its failures are logged.
 */
function refreshInBackground(
  db: Database,
  cache: SearchCacheStore,
  logger: Logger,
  generation: number,
  key: string,
  input: SearchListingsInput,
): void {
  const keys = ofDatabase(refreshing, db, () => new Set<string>());
  // A few at a time: every search needs a connection of the pool for its generation, and the answers of the
  // busy searches, computed together after a write, reach the soft window together. The others stay stale and
  // are asked for again by their next search.
  if (keys.has(key) || keys.size >= MAX_BACKGROUND_REFRESHES) return;
  const running = keys;
  running.add(key);
  (async () => {
    if (await cache.claimRefresh(key)) await computeAndStore(db, cache, logger, generation, key, input);
  })()
    .catch((error: unknown) => logger.warn({ err: error }, 'search cache refresh failed'))
    .finally(() => running.delete(key));
}

/**
 * searchListings() through the cache. A failing cache (Redis down) never fails a search: it is logged and the
 * search runs on the database. The spelling corrections are of the vocabulary version read with the generation
 * (readSearchVersions()); they depend on the vocabulary only, so other writes keep them (and a revalidation
 * compares them with its answer's). `userId` is the searching member: one who wrote within the freshness window gets an answer
 * of the current generation only.
 */
export async function cachedSearch(
  db: Database,
  cache: SearchCacheStore | undefined,
  logger: Logger,
  input: SearchListingsInput,
  userId?: string,
): Promise<SearchResult> {
  if (!cache) return searchListings(db, input);
  // Also brings the spelling corrections and the vocabulary in memory to the version read.
  const { generation } = await readSearchVersions(db);
  const key = cacheKey(input);
  if (cache.admitOnSecondAsk && !ofStore(cache).seenBefore(key)) {
    counts.misses += 1;
    return (await searchListingsPlanned(db, input, generation)).result;
  }
  // Unknown while the cache cannot say (then a member searches exactly).
  let exact = userId !== undefined;
  try {
    exact = userId !== undefined && cache.freshnessMs > 0 && (await cache.wroteRecently(userId));
    const hit = await cache.get(generation, key, exact);
    if (hit) {
      counts.hits += 1;
      if (hit.refresh) refreshInBackground(db, cache, logger, generation, key, input);
      return hit.result;
    }
  } catch (error) {
    logger.warn({ err: error }, 'search cache read failed');
  }
  counts.misses += 1;
  return computeAndStore(db, cache, logger, generation, key, input, exact);
}
