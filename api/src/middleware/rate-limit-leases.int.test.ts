// The general per-IP limit's leases (rate-limit.ts) against a real Redis: two API processes (two
// limiters on one Redis prefix) together never let more requests through than the limit, leases
// only make it stricter by what they hold unused, and a small limit stays exact.
import { Redis } from 'ioredis';
import type { Context } from 'koa';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupRedis, getTestRedisUrl, uniqueRedisPrefix } from '../../../tests/support/services';
import { createRateLimit } from './rate-limit';

let redis: Redis;
const prefix = uniqueRedisPrefix();
const logger = pino({ level: 'silent' });

beforeAll(() => {
  redis = new Redis(getTestRedisUrl());
});

afterAll(async () => {
  await cleanupRedis(prefix);
  await redis.quit();
});

/** One API process's general limit: sends `count` requests from `ip`, returns how many passed. */
function processLimit(keyPrefix: string, points: number) {
  const middleware = createRateLimit({ redis, redisPrefix: prefix, logger }).rateLimit({ keyPrefix, points, duration: 60, key: (ctx) => ctx.ip });
  return async (ip: string, count: number): Promise<number> => {
    let passed = 0;
    for (let i = 0; i < count; i++) {
      try {
        await middleware({ ip, state: {} } as Context, async () => {
          passed += 1;
        });
      } catch (error) {
        expect((error as { status?: number }).status).toBe(429);
      }
    }
    return passed;
  };
}

describe('the general limit in leases', () => {
  it('lets at most the limit through two processes together, and nearly all of it', async () => {
    const first = processLimit('leases', 1_000);
    const second = processLimit('leases', 1_000);
    let passed = 0;
    for (let round = 0; round < 30; round++) passed += (await first('198.51.100.7', 37)) + (await second('198.51.100.7', 41));
    expect(passed).toBeLessThanOrEqual(1_000);
    // What each process still holds unused when the budget runs out (a lease is at most a tenth of what is left).
    expect(passed).toBeGreaterThan(1_000 - 2 * 50);
    const counted = Number(await redis.get(`${prefix}:rl:leases:198.51.100.7`));
    expect(counted).toBeGreaterThanOrEqual(passed);
  });

  it('asks Redis once a lease for a key with plenty left: its counter runs ahead of the requests', async () => {
    const limit = processLimit('ahead', 100_000);
    expect(await limit('203.0.113.9', 3)).toBe(3);
    // One point, then a lease of 50: the two requests after the first spent it without Redis.
    expect(Number(await redis.get(`${prefix}:rl:ahead:203.0.113.9`))).toBe(51);
    expect(await limit('203.0.113.9', 48)).toBe(48);
    expect(Number(await redis.get(`${prefix}:rl:ahead:203.0.113.9`))).toBe(51);
    expect(await limit('203.0.113.9', 1)).toBe(1);
    expect(Number(await redis.get(`${prefix}:rl:ahead:203.0.113.9`))).toBe(102);
  });

  it('stays exact for a small limit (no lease is worth taking) and keeps keys apart', async () => {
    const limit = processLimit('small', 5);
    expect(await limit('192.0.2.1', 8)).toBe(5);
    expect(await limit('192.0.2.2', 2)).toBe(2);
    expect(Number(await redis.get(`${prefix}:rl:small:192.0.2.1`))).toBe(8);
  });
});
