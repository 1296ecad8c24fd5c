// The API in the bench's process (createApp on 127.0.0.1:0, silent logs), as scripts/bench.ts and
// the long-tail mix run it: the answer cache on (cacheMb > 0) or off, and every limit that would
// refuse the bench's own traffic out of its way (one address sends everything: the API-wide rate
// limit, sign-ins, review writes), with the captcha's proof of work made cheap for its sign-ins.
// It also answers the bench's own ceiling route (ceiling.ts), mounted here and never in the product.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { createApp } from '../../api/src/app';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { ApiEnv, parseEnv } from '../../core/env-schema';
import { routeAccess } from '../../api/src/middleware/require-role';
import { createPrisma } from '../../prisma/db';
import { ceilingRoute } from './ceiling';

export interface BenchApi {
  baseUrl: string;
  api: ReturnType<typeof createApp>;
  /** The sizes of the answer the ceiling route sends. */
  ceilingAnswer: { gzipBytes: number; jsonBytes: number };
  close(): Promise<void>;
}

export interface BenchApiOptions {
  databaseUrl: string;
  redisPrefix: string;
  cacheMb: number;
  /** Prisma's pool size. */
  pool: number;
  staticDir?: string;
}

const LIMITS_OUT_OF_THE_WAY = {
  RATE_LIMIT_PER_MINUTE: '100000000',
  LOGIN_LIMIT_PER_IP: '100000000',
  REVIEW_LIMIT_PER_USER: '100000000',
  ALTCHA_COST: '100',
} as const;

const API_LOG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bench/results/api.log');

export async function startBenchApi({ databaseUrl, redisPrefix, cacheMb, pool, staticDir = '/nonexistent/itconnect-static' }: BenchApiOptions): Promise<BenchApi> {
  const parsed = parseEnv(ApiEnv, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: redisPrefix,
    SESSION_KEYS: 'bench-session-key-0123456789abcdefghijklmnopqrstuvwxyz',
    STATIC_DIR: staticDir,
    DIRECTORY_CACHE_MB: String(cacheMb),
    ...LIMITS_OUT_OF_THE_WAY,
  });
  if (!parsed.ok) throw new Error(`bench env invalid: ${parsed.problems.join('; ')}`);
  const prisma = createPrisma(databaseUrl, { max: pool });
  const redis = new Redis(parsed.env.REDIS_URL, { maxRetriesPerRequest: 2 });
  // Warnings and errors go to bench/results/api.log (a 500 during a run is worth reading).
  mkdirSync(path.dirname(API_LOG), { recursive: true });
  const ceiling = ceilingRoute(routeAccess(prisma).public);
  const api = createApp({
    env: parsed.env,
    prisma,
    redis,
    logger: pino({ level: 'warn' }, pino.destination({ dest: API_LOG, append: true, sync: false })),
    extraApiRouters: [ceiling.router],
  });
  const server = createServer(api.app.callback());
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  if (cacheMb > 0) {
    const started = Date.now();
    while (!api.deps.answers.active) {
      if (Date.now() - started > 10_000) throw new Error('the directory change feed did not start listening');
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  // Measure what a running API does: searches from the directory index once it has loaded (decision 0019).
  if (api.deps.directory) {
    const started = Date.now();
    await api.deps.directory.whenReady(180_000);
    console.log(`  directory index: ${api.deps.directory.size.toLocaleString('en-GB')} listings loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The load's garbage (a few hundred MB of rows read) collected now, as in an API that has run
    // for a while, rather than in a full collection during the first mix measured.
    v8.setFlagsFromString('--expose-gc');
    (vm.runInNewContext('gc') as () => void)();
  }
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ceilingAnswer = await ceiling.prepare(baseUrl);
  return {
    baseUrl,
    api,
    ceilingAnswer,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
      await redis.quit();
      await prisma.$disconnect();
    },
  };
}
