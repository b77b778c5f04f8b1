export interface RateLimitRule {
  /** Requests allowed in one window. */
  max: number;
  windowMs: number;
}

export type RateLimitResult =
  | { ok: true; count: number }
  | { ok: false; count: number; retryAfterSeconds: number };

/**
 * A fixed-window counter keyed by any string (e-mail, IP, challenge id, account), and blocks: a key that is
 * refused until a time (the progressive delays after repeated failures).
 */
export interface RateLimiter {
  consume(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
  /** Gives back one call counted by `consume` (a call the procedure refused as bad input). */
  release(key: string): Promise<void>;
  /** Refuses `key` for `ms` from now (replacing an earlier block). */
  block(key: string, ms: number): Promise<void>;
  /** Milliseconds left of the block on `key`; 0 when it is not blocked. */
  blockedFor(key: string): Promise<number>;
}

function retryAfter(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** In-process store: enough for one API instance; the server uses Redis when REDIS_URL is set. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    async consume(key, rule) {
      const t = now();
      if (t - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
        lastSweep = t;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + rule.windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      if (w.count > rule.max)
        return { ok: false, count: w.count, retryAfterSeconds: retryAfter(w.resetAt - t) };
      return { ok: true, count: w.count };
    },
    async reset(key) {
      windows.delete(key);
    },
    async release(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async block(key, ms) {
      windows.set(`block:${key}`, { count: 1, resetAt: now() + ms });
    },
    async blockedFor(key) {
      const w = windows.get(`block:${key}`);
      return w ? Math.max(0, w.resetAt - now()) : 0;
    },
  };
}

/** The few Redis commands the shared store needs (ioredis satisfies this). */
export interface RedisPipelineLike {
  incr(key: string): RedisPipelineLike;
  pttl(key: string): RedisPipelineLike;
  exec(): Promise<Array<[Error | null, unknown]> | null>;
}

export interface RedisLike {
  multi(): RedisPipelineLike;
  pexpire(key: string, ms: number): Promise<unknown>;
  pttl(key: string): Promise<number>;
  decr(key: string): Promise<number>;
  set(key: string, value: string, mode: 'PX', ms: number): Promise<unknown>;
  del(key: string): Promise<unknown>;
}

/** Shared store for several API instances. */
export function createRedisRateLimiter(redis: RedisLike, prefix = 'barterads:rl:'): RateLimiter {
  return {
    async consume(key, rule) {
      const k = prefix + key;
      const result = await redis.multi().incr(k).pttl(k).exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      let ttl = Number(result?.[1]?.[1] ?? -1);
      if (ttl < 0) {
        await redis.pexpire(k, rule.windowMs);
        ttl = rule.windowMs;
      }
      if (count > rule.max) return { ok: false, count, retryAfterSeconds: retryAfter(ttl) };
      return { ok: true, count };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async release(key) {
      // The key keeps its expiry; one that expired meanwhile comes back as -1 without one: remove it.
      if ((await redis.decr(prefix + key)) <= 0) await redis.del(prefix + key);
    },
    async block(key, ms) {
      await redis.set(`${prefix}block:${key}`, '1', 'PX', Math.max(1, Math.round(ms)));
    },
    async blockedFor(key) {
      const ttl = await redis.pttl(`${prefix}block:${key}`);
      return Math.max(ttl, 0);
    },
  };
}
