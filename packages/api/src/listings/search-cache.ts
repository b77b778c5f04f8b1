import { type Database, searchGeneration } from '@barterads/db';
import { eq } from 'drizzle-orm';
import type { Logger } from '../services';
import type { SearchListingsInput } from './schemas';
import { type SearchResult, searchListings } from './search';
import { forgetCorrections } from './spelling';

/**
 * The search results cache. Every answer is stored with the search generation it was computed at
 * (search_generation, bumped by triggers in every transaction that changes what a search answers). An answer of
 * the current generation is served until the next write, whichever instance or program wrote. After a write an
 * older answer is still served for at most `freshnessMs` after it was computed, so every write shows in every
 * search within that window (the product's "fresh within 1 s of a write") while a busy marketplace does not
 * recompute every search after every write. Who wrote in the last window searches exactly (reads their own write).
 */
export interface CachedAnswer {
  generation: number;
  /** When it was computed (ms, the store's clock). */
  at: number;
  result: SearchResult;
}

export interface SearchCacheStore {
  /** Freshness window in ms: 0 serves only answers of the current generation. */
  readonly freshnessMs: number;
  /** The answer of `generation`, or (unless `exact`) a younger-than-the-window answer of an older one. */
  get(generation: number, key: string, exact?: boolean): Promise<SearchResult | undefined>;
  set(generation: number, key: string, result: SearchResult): Promise<void>;
  /** A member wrote: their own searches skip older answers for the window. */
  noteWriter(userId: string): Promise<void>;
  wroteRecently(userId: string): Promise<boolean>;
}

export interface SearchCacheOptions {
  freshnessMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

export const DEFAULT_SEARCH_FRESHNESS_MS = 1_000;

/**
 * In this process (no Redis): the most recently used `capacity` answers, and the members who wrote within the
 * window.
 */
export function createMemorySearchCache(
  capacity = 2_000,
  options: SearchCacheOptions = {},
): SearchCacheStore {
  const freshnessMs = options.freshnessMs ?? DEFAULT_SEARCH_FRESHNESS_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedAnswer>();
  const writers = new Map<string, number>();
  return {
    freshnessMs,
    async get(generation, key, exact = false) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      const current = hit.generation === generation;
      if (!current && (exact || hit.generation > generation || now() - hit.at >= freshnessMs))
        return undefined;
      // Most recently used last: the oldest is the first key.
      entries.delete(key);
      entries.set(key, hit);
      return hit.result;
    },
    async set(generation, key, result) {
      const held = entries.get(key);
      if (held && held.generation > generation) return;
      entries.delete(key);
      entries.set(key, { generation, at: now(), result });
      if (entries.size > capacity) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
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
}

/**
 * In Redis (REDIS_URL), shared by every API instance: each answer under its generation (expiring after
 * `ttlSeconds`) and, for the window, as the key's latest answer (expiring after `freshnessMs`, Redis's clock),
 * so no instance's clock decides how old an answer is.
 */
export function createRedisSearchCache(
  redis: RedisKeyValue,
  ttlSeconds = 60,
  options: Pick<SearchCacheOptions, 'freshnessMs'> = {},
): SearchCacheStore {
  const freshnessMs = options.freshnessMs ?? DEFAULT_SEARCH_FRESHNESS_MS;
  const ofGeneration = (generation: number, key: string) => `search:${generation}:${key}`;
  const latest = (key: string) => `search:latest:${key}`;
  const writer = (userId: string) => `search:writer:${userId}`;
  return {
    freshnessMs,
    async get(generation, key, exact = false) {
      if (exact || freshnessMs <= 0) {
        const value = await redis.get(ofGeneration(generation, key));
        return value ? (JSON.parse(value) as SearchResult) : undefined;
      }
      const [ofThis, recent] = await redis.mget(ofGeneration(generation, key), latest(key));
      if (ofThis) return JSON.parse(ofThis) as SearchResult;
      if (!recent) return undefined;
      const answer = JSON.parse(recent) as Omit<CachedAnswer, 'at'>;
      return answer.generation <= generation ? answer.result : undefined;
    },
    async set(generation, key, result) {
      const value = JSON.stringify(result);
      await redis.set(ofGeneration(generation, key), value, 'EX', ttlSeconds);
      if (freshnessMs > 0) {
        await redis.set(latest(key), JSON.stringify({ generation, result }), 'PX', freshnessMs);
      }
    },
    async noteWriter(userId) {
      if (freshnessMs > 0) await redis.set(writer(userId), '1', 'PX', freshnessMs);
    },
    async wroteRecently(userId) {
      return (await redis.get(writer(userId))) !== null;
    },
  };
}

const generationStatements = new WeakMap<Database, ReturnType<typeof prepareGeneration>>();

function prepareGeneration(db: Database) {
  return db
    .select({ n: searchGeneration.n })
    .from(searchGeneration)
    .where(eq(searchGeneration.id, 1))
    .prepare('search_generation');
}

/** The current search generation (one primary-key read). */
export async function searchGenerationOf(db: Database): Promise<number> {
  let statement = generationStatements.get(db);
  if (!statement) {
    statement = prepareGeneration(db);
    generationStatements.set(db, statement);
  }
  const [row] = await statement.execute();
  return Number(row?.n ?? 0);
}

/** What an answer depends on besides the generation: the normalized input (words lowercased by the schema). */
function cacheKey(input: SearchListingsInput): string {
  return JSON.stringify([
    input.q ?? null,
    input.ownerRole ?? null,
    input.category ?? null,
    input.verifiedOnly,
    input.city ?? null,
    input.rateMin ?? null,
    input.rateMax ?? null,
    input.availableFrom ?? null,
    input.availableTo ?? null,
    input.sort,
    input.cursor ?? null,
    input.limit,
  ]);
}

const lastGeneration = new WeakMap<Database, number>();
/** Searches being computed, by generation and key: concurrent misses of one search share one query. */
const inFlight = new WeakMap<Database, Map<string, Promise<SearchResult>>>();

function computeOnce(db: Database, generation: number, key: string, input: SearchListingsInput) {
  let running = inFlight.get(db);
  if (!running) {
    running = new Map();
    inFlight.set(db, running);
  }
  const flightKey = `${generation}:${key}`;
  const pending = running.get(flightKey);
  if (pending) return pending;
  const started = searchListings(db, input).finally(() => running.delete(flightKey));
  running.set(flightKey, started);
  return started;
}

/**
 * searchListings() through the cache. A failing cache (Redis down) never fails a search: it is logged and the
 * search runs on the database. A new generation also drops the spelling corrections kept in this process (a
 * write may have brought new words). `userId` is the searching member: one who wrote within the freshness window
 * gets an answer of the current generation only.
 */
export async function cachedSearch(
  db: Database,
  cache: SearchCacheStore | undefined,
  logger: Logger,
  input: SearchListingsInput,
  userId?: string,
): Promise<SearchResult> {
  if (!cache) return searchListings(db, input);
  const generation = await searchGenerationOf(db);
  if (lastGeneration.get(db) !== generation) {
    lastGeneration.set(db, generation);
    forgetCorrections(db);
  }
  const key = cacheKey(input);
  try {
    const exact = userId !== undefined && cache.freshnessMs > 0 && (await cache.wroteRecently(userId));
    const hit = await cache.get(generation, key, exact);
    if (hit) return hit;
  } catch (error) {
    logger.warn({ err: error }, 'search cache read failed');
  }
  const result = await computeOnce(db, generation, key, input);
  try {
    await cache.set(generation, key, result);
  } catch (error) {
    logger.warn({ err: error }, 'search cache write failed');
  }
  return result;
}
