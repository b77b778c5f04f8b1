import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from '@barterads/api';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';

const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
afterAll(() => redis?.disconnect());

const stores: Array<[string, () => RateLimiter]> = [
  ['memory', () => createMemoryRateLimiter()],
  ...(redis
    ? [
        ['redis', () => createRedisRateLimiter(redis, `barterads:test-rl:${crypto.randomUUID()}:`)] as [
          string,
          () => RateLimiter,
        ],
      ]
    : []),
];

describe.each(stores)('rate-limit store (%s)', (_name, make) => {
  it('counts a window, refuses over the rule with Retry-After, gives back a call and resets', async () => {
    const limiter = make();
    const rule = { max: 2, windowMs: 60_000 };
    expect(await limiter.consume('k', rule)).toEqual({ ok: true, count: 1 });
    expect(await limiter.consume('k', rule)).toEqual({ ok: true, count: 2 });
    const refused = await limiter.consume('k', rule);
    expect(refused).toMatchObject({ ok: false, count: 3 });
    expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(0);
    await limiter.release('k');
    await limiter.release('k');
    expect(await limiter.consume('k', rule)).toEqual({ ok: true, count: 2 });
    await limiter.reset('k');
    expect(await limiter.consume('k', rule)).toEqual({ ok: true, count: 1 });
  });

  it('blocks a key for a while and tells how long is left', async () => {
    const limiter = make();
    expect(await limiter.blockedFor('b')).toBe(0);
    await limiter.block('b', 5_000);
    const left = await limiter.blockedFor('b');
    expect(left).toBeGreaterThan(4_000);
    expect(left).toBeLessThanOrEqual(5_000);
    await limiter.block('b', 1);
    await expect.poll(() => limiter.blockedFor('b')).toBe(0);
  });
});
