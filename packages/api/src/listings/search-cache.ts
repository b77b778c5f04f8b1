import { type Database, searchGeneration } from '@barterads/db';
import { eq } from 'drizzle-orm';
import type { Logger } from '../services';
import type { SearchListingsInput } from './schemas';
import { type SearchResult, searchListings } from './search';
import { forgetCorrections } from './spelling';

/**
 * The search results cache. Every entry is keyed by the search generation (search_generation, bumped by triggers
 * in every transaction that changes what a search answers) and the search itself. A search reads the
 * generation first, so an answer is never older than the last committed write, whichever instance or program
 * wrote it: several API instances keep working, and results are fresh as soon as a write commits.
 */
export interface SearchCacheStore {
  get(generation: number, key: string): Promise<SearchResult | undefined>;
  set(generation: number, key: string, result: SearchResult): Promise<void>;
}

/**
 * In this process (no Redis): the most recent `capacity` answers of the current generation; a newer generation
 * empties it (older entries can never be asked for again).
 */
export function createMemorySearchCache(capacity = 2_000): SearchCacheStore {
  let current = -1;
  const entries = new Map<string, SearchResult>();
  const seen = (generation: number) => {
    if (generation > current) {
      current = generation;
      entries.clear();
    }
    return generation === current;
  };
  return {
    async get(generation, key) {
      if (!seen(generation)) return undefined;
      const hit = entries.get(key);
      if (hit) {
        // Most recently used last: the oldest is the first key.
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    async set(generation, key, result) {
      if (!seen(generation)) return;
      entries.set(key, result);
      if (entries.size > capacity) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
  };
}

/** The two Redis commands the shared cache needs (ioredis satisfies this). */
export interface RedisKeyValue {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, mode: 'EX', seconds: number): Promise<unknown>;
}

/** In Redis (REDIS_URL), shared by every API instance; entries of older generations expire on their own. */
export function createRedisSearchCache(redis: RedisKeyValue, ttlSeconds = 60): SearchCacheStore {
  const redisKey = (generation: number, key: string) => `search:${generation}:${key}`;
  return {
    async get(generation, key) {
      const value = await redis.get(redisKey(generation, key));
      return value ? (JSON.parse(value) as SearchResult) : undefined;
    },
    async set(generation, key, result) {
      await redis.set(redisKey(generation, key), JSON.stringify(result), 'EX', ttlSeconds);
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

/**
 * searchListings() through the cache. A failing cache (Redis down) never fails a search: it is logged and the
 * search runs on the database. A new generation also drops the spelling corrections kept in this process (a
 * write may have brought new words).
 */
export async function cachedSearch(
  db: Database,
  cache: SearchCacheStore | undefined,
  logger: Logger,
  input: SearchListingsInput,
): Promise<SearchResult> {
  if (!cache) return searchListings(db, input);
  const generation = await searchGenerationOf(db);
  if (lastGeneration.get(db) !== generation) {
    lastGeneration.set(db, generation);
    forgetCorrections(db);
  }
  const key = cacheKey(input);
  try {
    const hit = await cache.get(generation, key);
    if (hit) return hit;
  } catch (error) {
    logger.warn({ err: error }, 'search cache read failed');
  }
  const result = await searchListings(db, input);
  try {
    await cache.set(generation, key, result);
  } catch (error) {
    logger.warn({ err: error }, 'search cache write failed');
  }
  return result;
}
