// The general per-IP limit on /api and pages, counted in Redis: over the limit → 429 with Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitText } from '../domain/app-error';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { RATE_LIMIT_PER_MINUTE: '3' } });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After and a clear message once the per-minute budget is spent', async () => {
    for (let i = 0; i < 3; i++) expect((await t.fetch('/api/site-config')).status).toBe(200);

    const res = await t.fetch('/api/site-config');
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await res.json()).toEqual({
      error: { code: 'rate_limited', message: `Too many requests. Please try again in ${waitText(retryAfter)}.` },
    });

    // Unknown paths spend the same budget: probing is limited too.
    expect((await t.fetch('/api/nope')).status).toBe(429);
  });

  it('keeps the counters in Redis under the app prefix', async () => {
    const keys = await t.redis.keys(`${t.env.REDIS_PREFIX}:rl:api:*`);
    expect(keys.length).toBe(1);
  });

  it('never limits health probes; pages spend the same budget (each reads the database for its head)', async () => {
    for (let i = 0; i < 5; i++) expect((await t.fetch('/api/health')).status).toBe(200);
    expect((await t.fetch('/api/ready')).status).toBe(200);
    expect((await t.fetch('/about')).status).toBe(429);
  });
});
