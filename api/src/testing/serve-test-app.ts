// Integration-test harness: builds the real app (createApp) with a test environment, its own Redis
// prefix and a silent logger, and serves app.callback() on an ephemeral 127.0.0.1 port so tests
// talk to it with fetch. The caller brings the database (tests/support/services.ts).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Router from '@koa/router';
import { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import { ApiEnv, parseEnv } from '../../../core/env-schema';
import type { PrismaClient } from '../../../prisma/db';
import { cleanupRedis, getTestRedisUrl, uniqueRedisPrefix } from '../../../tests/support/services';
import { createApp, type ApiApp } from '../app';
import { LISTED } from '../domain/directory/directory-sql';
import { createHttpServer } from '../http-server';
import { API_REDIS_OPTIONS } from '../redis-options';
import { until } from './until';

export const TEST_SESSION_KEY = 'test-session-key-0123456789abcdefghijklmnop';

export interface TestAppOptions {
  database: { url: string; prisma: PrismaClient };
  /** Environment values over the test defaults (strings, as in process.env). */
  env?: Record<string, string>;
  /** Use this Redis client instead of one on the test Redis (e.g. one pointing at a closed port). */
  redis?: Redis;
  extraApiRouters?: Router[];
  /** The app's logger (tests that read the log lines); silent otherwise. */
  logger?: Logger;
}

export interface TestApp {
  baseUrl: string;
  env: ApiEnv;
  redis: Redis;
  api: ApiApp;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /**
   * Resolves once the directory index holds every listing the database has (it hears of rows a
   * test wrote through NOTIFY, which can come after the test's next request): for tests that
   * write listings and then search. Changes to listings already held are not waited for.
   */
  directoryCaughtUp(): Promise<void>;
  close(): Promise<void>;
}

export async function serveTestApp(options: TestAppOptions): Promise<TestApp> {
  const redisPrefix = uniqueRedisPrefix();
  const parsed = parseEnv(ApiEnv, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: options.database.url,
    REDIS_URL: getTestRedisUrl(),
    REDIS_PREFIX: redisPrefix,
    SESSION_KEYS: TEST_SESSION_KEY,
    STATIC_DIR: '/nonexistent/itconnect-static',
    // A captcha the tests solve in milliseconds (testing/accounts.ts solveCaptcha).
    ALTCHA_COST: '100',
    // Without Stripe keys the Stripe stand-in takes payments, said on purpose so that a test of a
    // production app need not bring keys (tests/support/billing-stack.ts starts a stand-in to reach).
    ...(options.env?.STRIPE_SECRET_KEY ? {} : { PAYMENTS: 'stand-in', STRIPE_WEBHOOK_SECRET: 'whsec_test_serve_test_app' }),
    ...options.env,
  });
  if (!parsed.ok) throw new Error(`test env invalid: ${parsed.problems.join('; ')}`);
  const env = parsed.env;

  // A fresh Prisma client loads its query engine on the first query (~0.5 s): do that here, so a
  // test of /api/ready measures readiness, not the client's cold start, against its 1 s budget.
  await options.database.prisma.$queryRaw`SELECT 1`;

  const ownsRedis = !options.redis;
  const redis = options.redis ?? new Redis(env.REDIS_URL, API_REDIS_OPTIONS);
  let baseUrl = '';
  const api = createApp({
    env,
    prisma: options.database.prisma,
    redis,
    logger: options.logger ?? pino({ level: 'silent' }),
    extraApiRouters: options.extraApiRouters ?? [],
  });
  const server: Server = createHttpServer(api.app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Searches answer from the directory index once it has loaded (SQL before): start the tests
  // from the state a running API is in. A test that takes the database away may not get there.
  await api.deps.directory?.whenReady(5_000).catch(() => undefined);

  return {
    baseUrl,
    env,
    redis,
    api,
    fetch: (path, init) => fetch(`${baseUrl}${path}`, init),
    async directoryCaughtUp() {
      const directory = api.deps.directory;
      if (!directory) return;
      const [{ listed }] = await options.database.prisma.$queryRaw<[{ listed: number }]>`
        SELECT count(*)::int AS listed FROM professionals p WHERE ${LISTED}`;
      await until(() => directory.size === listed, `the directory index to hold ${listed} listings`, 10_000);
      await directory.whenReady(10_000);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
      if (ownsRedis) {
        await cleanupRedis(redisPrefix);
        await redis.quit();
      }
    },
  };
}
