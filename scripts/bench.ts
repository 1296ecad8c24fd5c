// `npm run bench`: the directory at 100,000 listings, measured against docs/performance.md's budgets.
//   1. a separate database (itconnect_bench on DATABASE_URL's server, else 127.0.0.1:5432), migrated;
//   2. 100,000 deterministic live professionals (scripts/bench/seed.ts), reused when already there;
//   3. the API in this process (createApp on 127.0.0.1:0, silent logs, rate limit out of the way),
//      twice: as deployed (answer cache on) and the database path alone (DIRECTORY_CACHE_MB=0);
//   4. autocannon (in a worker thread, so it does not share the API's event loop) at 50 connections
//      for each search mix, profile by slug and map points; the map's gzip size too;
//   5. the front end: the built SPA (built when stale) served by the API on the same data, and
//      Lighthouse mobile runs of home, directory, locations and a profile (LCP, CLS);
//   6. tables of p50 / p99 / req/s (and the share served from the cache) beside the budgets, and
//      bench/results/latest.json.
// Options (environment): BENCH_COUNT (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (50),
// BENCH_POOL (Prisma pool size, 10), BENCH_RESEED=1 to seed again, BENCH_LIGHTHOUSE=0 to skip the
// front end, LIGHTHOUSE_RUNS (3).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance as perfHooks } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { pino } from 'pino';
import { createApp } from '../api/src/app';
import { ApiEnv, parseEnv } from '../core/env-schema';
import { createPrisma } from '../prisma/db';
import { applyMigrations } from './db/migrate-engine';
import { LIGHTHOUSE_BUDGETS, runLighthouse, type LighthousePageResult } from './bench/lighthouse';
import { BENCH_SLUG_PREFIX, seedBenchProfessionals } from './bench/seed';
import { ensureBuilt } from './lib/build';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COUNT = Number(process.env.BENCH_COUNT ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POOL = Number(process.env.BENCH_POOL ?? 10);

function benchDatabaseUrl(): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/itconnect_bench';
  url.search = '';
  return url.toString();
}

async function prepareDatabase(url: string): Promise<void> {
  const started = Date.now();
  const applied = await applyMigrations(url);
  if (applied.length) console.log(`applied migrations: ${applied.join(', ')}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ total: number; bench: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE slug LIKE $1)::int AS bench FROM professionals`,
      [`${BENCH_SLUG_PREFIX}%`],
    );
    if (process.env.BENCH_RESEED !== '1' && rows[0]!.total === COUNT && rows[0]!.bench === COUNT) {
      console.log(`reusing ${COUNT.toLocaleString('en-GB')} seeded professionals`);
    } else {
      console.log(`seeding ${COUNT.toLocaleString('en-GB')} professionals ...`);
      await seedBenchProfessionals(client, { count: COUNT, root: ROOT });
      console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await client.query('VACUUM ANALYZE professionals');
  } finally {
    await client.end();
  }
}

interface Mix {
  name: string;
  budget: { p99Ms?: number; reqPerSec?: number; maxMs?: number };
  paths: string[];
  connections?: number;
  seconds?: number;
}

const q = (params: Record<string, string | number>) => `/api/professionals?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

/** Every combination of the given values, as query paths (deterministic order). */
function combinations(a: Record<string, string | number>[], b: Record<string, string | number>[]): string[] {
  return a.flatMap((x) => b.map((y) => q({ ...x, ...y })));
}

/**
 * The search mixes. Each spreads over many distinct searches (64 or more), as real traffic does,
 * rather than repeating a handful: with the answer cache on, every distinct search is computed
 * from the database once, then kept until the data changes.
 */
function searchMixes(): Mix[] {
  const search = { p99Ms: 50, reqPerSec: 2000 };
  const services = ['Web Design', 'Cybersecurity', 'IT Consulting', 'Cloud Services', 'Network Setup', 'Data Recovery', 'Web Development', 'Home User Support'];
  const places = ['Manchester', 'London', 'Leeds', 'Greater London', 'Bristol', 'Scotland', 'Kent', 'Birmingham'];
  const words = ['web design', 'cyber security', 'data recovery', 'cloud', 'network installation', 'bright pixel', 'server management', 'seo',
    'wordpress', 'laptop repair', 'it support', 'backup', 'microsoft 365', 'wifi', 'devops', 'app development'];
  const postcodes = ['M1 1AE', 'SW1A 1AA', 'LS1 4DY', 'B1 1AA', 'EH1 1YZ', 'CF10 1AA', 'BS1 4DJ', 'G1 1XQ',
    'NE1 4ST', 'L1 8JQ', 'NG1 5FS', 'S1 2HE', 'CB2 1TN', 'OX1 3BD', 'BT1 5GS', 'PL1 2AA'];
  return [
    {
      name: 'search: service + location',
      budget: search,
      paths: combinations(services.map((service) => ({ service })), places.map((location) => ({ location }))),
    },
    {
      name: 'search: text',
      budget: search,
      paths: combinations(words.map((w) => ({ search: w })), [{}, { location: 'Manchester' }, { location: 'London' }, { offset: 24 }]),
    },
    {
      name: 'search: distance near a postcode',
      budget: search,
      paths: combinations(postcodes.map((near) => ({ near })), [{}, { radiusMiles: 5 }, { radiusMiles: 10 }, { radiusMiles: 25, service: 'Web Design' }]),
    },
    {
      name: 'search: rating + price',
      budget: search,
      paths: combinations(
        [{ minRating: 3 }, { minRating: 4 }, { minRating: 4.5 }, { minRating: 5 }],
        [{ maxHourlyRate: 40 }, { maxHourlyRate: 50, sort: 'price' }, { minHourlyRate: 30, maxHourlyRate: 80 }, { minHourlyRate: 60 },
          { minHourlyRate: 100 }, { sort: 'newest' }, { service: 'DevOps' }, { service: 'DevOps', offset: 24 }, { sort: 'price', offset: 48 },
          { maxHourlyRate: 70, sort: 'rating' }, { minHourlyRate: 20, sort: 'newest' }, { service: 'Web Design', sort: 'price' },
          { location: 'Wales' }, { location: 'West Yorkshire', sort: 'price' }, { location: 'London', maxHourlyRate: 60 }, { offset: 96 }],
      ),
    },
  ];
}

async function profilePaths(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ slug: string }>(
      `SELECT slug FROM professionals WHERE id IN (SELECT (1 + (i * 7919) % $1)::int FROM generate_series(1, 64) i)`,
      [COUNT],
    );
    return rows.map((r) => `/api/professionals/slug/${encodeURIComponent(r.slug)}`);
  } finally {
    await client.end();
  }
}

interface MixResult {
  name: string;
  urls: number;
  connections: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  reqPerSec: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The API's main-thread busy time per request (event-loop utilisation × run time ÷ requests). */
  apiCpuMsPerRequest: number;
  /** The same paths one at a time (1 connection, 3 s): the service time without queueing. */
  singleConnection: { p50Ms: number; p99Ms: number; reqPerSec: number };
  budget: Mix['budget'];
  meetsBudget: boolean;
}

async function runMix(baseUrl: string, mix: Mix): Promise<MixResult> {
  const connections = mix.connections ?? CONNECTIONS;
  const single = await autocannon({
    url: baseUrl,
    connections: 1,
    duration: 3,
    workers: 1,
    headers: { 'accept-encoding': 'gzip' },
    requests: mix.paths.map((p) => ({ method: 'GET' as const, path: p })),
  });
  const eluBefore = perfHooks.eventLoopUtilization();
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: mix.seconds ?? SECONDS,
    workers: 1,
    headers: { 'accept-encoding': 'gzip' },
    requests: mix.paths.map((p) => ({ method: 'GET' as const, path: p })),
  });
  const elu = perfHooks.eventLoopUtilization(eluBefore);
  const p99 = result.latency.p99;
  const rps = result.requests.average;
  const b = mix.budget;
  const meetsBudget =
    (b.p99Ms === undefined || p99 <= b.p99Ms) &&
    (b.reqPerSec === undefined || rps >= b.reqPerSec) &&
    (b.maxMs === undefined || p99 <= b.maxMs) &&
    result.non2xx === 0 &&
    result.errors === 0;
  return {
    name: mix.name,
    urls: mix.paths.length,
    connections,
    p50Ms: result.latency.p50,
    p99Ms: p99,
    maxMs: result.latency.max,
    reqPerSec: Math.round(rps),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    apiCpuMsPerRequest: Math.round((elu.active / Math.max(1, result.requests.total)) * 100) / 100,
    singleConnection: { p50Ms: single.latency.p50, p99Ms: single.latency.p99, reqPerSec: Math.round(single.requests.average) },
    budget: b,
    meetsBudget,
  };
}

async function measureMapSize(baseUrl: string, mapPath: string): Promise<{ path: string; gzipBytes: number; rawBytes: number; points: number; total: number; ms: number }> {
  const { request } = await import('node:http');
  const started = performance.now();
  const compressed = await new Promise<Buffer>((resolve, reject) => {
    const req = request(`${baseUrl}${mapPath}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => (res.headers['content-encoding'] === 'gzip' ? resolve(Buffer.concat(chunks)) : reject(new Error('map answer was not gzipped'))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
  const ms = performance.now() - started;
  const raw = gunzipSync(compressed);
  const body = JSON.parse(raw.toString('utf8')) as { total: number; points: unknown[] };
  return { path: mapPath, gzipBytes: compressed.length, rawBytes: raw.length, points: body.points.length, total: body.total, ms: Math.round(ms) };
}

function budgetText(b: Mix['budget']): string {
  const parts: string[] = [];
  if (b.p99Ms !== undefined) parts.push(`p99 ≤ ${b.p99Ms} ms`);
  if (b.maxMs !== undefined) parts.push(`≤ ${b.maxMs} ms`);
  if (b.reqPerSec !== undefined) parts.push(`≥ ${b.reqPerSec.toLocaleString('en-GB')} req/s`);
  return parts.join(', ');
}

interface BenchApi {
  baseUrl: string;
  api: ReturnType<typeof createApp>;
  close(): Promise<void>;
}

/** The API in this process on an ephemeral port, with the answer cache on (cacheMb > 0) or off. */
async function startApi(databaseUrl: string, redisPrefix: string, cacheMb: number, staticDir = '/nonexistent/itconnect-static'): Promise<BenchApi> {
  const parsed = parseEnv(ApiEnv, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: redisPrefix,
    SESSION_KEYS: 'bench-session-key-0123456789abcdefghijklmnopqrstuvwxyz',
    STATIC_DIR: staticDir,
    RATE_LIMIT_PER_MINUTE: '100000000',
    DIRECTORY_CACHE_MB: String(cacheMb),
  });
  if (!parsed.ok) throw new Error(`bench env invalid: ${parsed.problems.join('; ')}`);
  const prisma = createPrisma(databaseUrl, { max: POOL });
  const redis = new Redis(parsed.env.REDIS_URL, { maxRetriesPerRequest: 2 });
  const api = createApp({ env: parsed.env, prisma, redis, logger: pino({ level: 'silent' }) });
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
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    api,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
      await redis.quit();
      await prisma.$disconnect();
    },
  };
}

interface Pass {
  name: string;
  cacheMb: number;
  results: (MixResult & { cacheHitPercent: number | null })[];
}

async function runPass(databaseUrl: string, redisPrefix: string, name: string, cacheMb: number, mixes: Mix[]): Promise<Pass> {
  console.log(`\n${name}`);
  const bench = await startApi(databaseUrl, redisPrefix, cacheMb);
  try {
    // Warm the pool, the query plans and the outcode table (a few paths of each mix, not all).
    for (const mix of mixes) for (const p of mix.paths.slice(0, 4)) await fetch(`${bench.baseUrl}${p}`).then((r) => r.arrayBuffer());
    const results: Pass['results'] = [];
    for (const mix of mixes) {
      process.stdout.write(`  running ${mix.name} (${mix.paths.length} distinct paths) ...`);
      const before = bench.api.deps.answers.stats();
      const r = await runMix(bench.baseUrl, mix);
      const after = bench.api.deps.answers.stats();
      const asked = after.hits - before.hits + (after.misses - before.misses);
      const cacheHitPercent = cacheMb > 0 && asked > 0 ? Math.round((1000 * (after.hits - before.hits)) / asked) / 10 : null;
      process.stdout.write(` p99 ${r.p99Ms} ms, ${r.reqPerSec} req/s${cacheHitPercent === null ? '' : `, ${cacheHitPercent}% from the cache`}\n`);
      results.push({ ...r, cacheHitPercent });
    }
    return { name, cacheMb, results };
  } finally {
    await bench.close();
  }
}

/**
 * The front-end budgets at 100k listings: the built SPA served by the API as deployed, and
 * Lighthouse mobile runs (scripts/bench/lighthouse.ts) of home, the directory, locations and a
 * profile. Skipped with BENCH_LIGHTHOUSE=0 or without Chromium.
 */
async function runFrontEnd(databaseUrl: string, redisPrefix: string): Promise<LighthousePageResult[] | string> {
  if (process.env.BENCH_LIGHTHOUSE === '0') return 'skipped (BENCH_LIGHTHOUSE=0)';
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) return `skipped: no Chromium at ${chromium} (apt-get install chromium)`;
  console.log('\nfront end (built SPA, Lighthouse mobile, simulated throttling) ...');
  await ensureBuilt({
    frontendOnly: true,
    log: (line) => console.log(`  ${line}`),
    runStep: (_name, command, args) =>
      new Promise((resolve, reject) => {
        const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
      }),
  });
  const site = await startApi(databaseUrl, redisPrefix, 64, path.join(ROOT, 'dist', 'frontend'));
  try {
    const [first] = (await (await fetch(`${site.baseUrl}/api/professionals?limit=1`)).json()) as { slug: string }[];
    const paths = ['/', '/professionals', '/locations', `/professionals/${first!.slug}`];
    for (const p of paths) await fetch(`${site.baseUrl}${p}`).then((r) => r.arrayBuffer());
    return await runLighthouse({ baseUrl: site.baseUrl, paths, runs: Number(process.env.LIGHTHOUSE_RUNS ?? 3) });
  } finally {
    await site.close();
  }
}

function printPass(pass: Pass): void {
  console.log(`\n${pass.name}`);
  console.log(`${'mix'.padEnd(34)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'req/s'.padStart(8)} ${'1-conn p50'.padStart(11)} ${'API ms/req'.padStart(11)} ${'cached'.padStart(7)}  budget`);
  for (const r of pass.results) {
    console.log(
      `${r.name.padEnd(34)} ${`${r.p50Ms} ms`.padStart(8)} ${`${r.p99Ms} ms`.padStart(8)} ${String(r.reqPerSec).padStart(8)} ${`${r.singleConnection.p50Ms} ms`.padStart(11)} ${r.apiCpuMsPerRequest.toFixed(2).padStart(11)} ${(r.cacheHitPercent === null ? '-' : `${r.cacheHitPercent}%`).padStart(7)}  ${budgetText(r.budget)}  ${r.meetsBudget ? 'OK' : 'MISSED'}${r.non2xx || r.errors ? ` (non-2xx ${r.non2xx}, errors ${r.errors})` : ''}`,
    );
  }
}

async function main(): Promise<void> {
  const databaseUrl = benchDatabaseUrl();
  console.log(`bench database: ${databaseUrl.replace(/\/\/[^@]*@/, '//')}  (${os.cpus().length} CPUs, pool ${POOL})`);
  await prepareDatabase(databaseUrl);
  const redisPrefix = `itc_bench_${process.pid}_`;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 2 });

  try {
    const mapPaths = ['/api/professionals/map', '/api/professionals/map?service=Web%20Design', '/api/professionals/map?minRating=4'];
    const mixes: Mix[] = [
      ...searchMixes(),
      { name: 'profile by slug', budget: { p99Ms: 20, reqPerSec: 4000 }, paths: await profilePaths(databaseUrl) },
      { name: 'map points (whole UK, 100k)', budget: { maxMs: 300 }, paths: [mapPaths[0]!], connections: 1 },
      { name: 'map points (mixed filters)', budget: { maxMs: 300 }, paths: mapPaths, connections: 4 },
    ];

    const loadBefore = os.loadavg();
    // As deployed: the answer cache on (DIRECTORY_CACHE_MB's default). Then the database path alone,
    // every request computed (DIRECTORY_CACHE_MB=0): what a search costs the first time it is asked.
    const passes = [
      await runPass(databaseUrl, redisPrefix, 'as deployed (answer cache on, DIRECTORY_CACHE_MB=64)', 64, mixes),
      await runPass(databaseUrl, redisPrefix, 'database path only (DIRECTORY_CACHE_MB=0: nothing kept)', 0, mixes),
    ];
    const frontEnd = await runFrontEnd(databaseUrl, redisPrefix);
    const sizeApi = await startApi(databaseUrl, redisPrefix, 0);
    const mapSizes = [];
    try {
      for (const p of mapPaths) mapSizes.push(await measureMapSize(sizeApi.baseUrl, p));
    } finally {
      await sizeApi.close();
    }

    console.log('');
    console.log(`load average before: ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (other processes on this machine compete for the same CPUs)`);
    for (const pass of passes) printPass(pass);
    console.log('');
    for (const m of mapSizes) {
      const ok = m.gzipBytes <= 1.5 * 1024 * 1024;
      console.log(
        `map size ${m.path.padEnd(44)} ${m.points} points, ${(m.rawBytes / 1024).toFixed(0)} KB raw, ${(m.gzipBytes / 1024).toFixed(0)} KB gzip (≤ 1,536 KB ${ok ? 'OK' : 'MISSED'})`,
      );
    }

    console.log('');
    if (typeof frontEnd === 'string') console.log(`front end: ${frontEnd}`);
    else {
      console.log(`front end, Lighthouse mobile (median LCP of ${process.env.LIGHTHOUSE_RUNS ?? 3} runs)   budgets: LCP ≤ ${LIGHTHOUSE_BUDGETS.lcpMs} ms, CLS ≤ ${LIGHTHOUSE_BUDGETS.cls}`);
      for (const r of frontEnd) {
        const ok = r.lcpMs <= LIGHTHOUSE_BUDGETS.lcpMs && r.cls <= LIGHTHOUSE_BUDGETS.cls;
        console.log(
          `${r.path.padEnd(44)} LCP ${String(r.lcpMs).padStart(5)} ms  CLS ${r.cls.toFixed(3)}  TBT ${String(r.tbtMs).padStart(4)} ms  FCP ${String(r.fcpMs).padStart(5)} ms  score ${r.performanceScore}  ${r.transferKb} KB  ${ok ? 'OK' : 'MISSED'}`,
        );
      }
    }

    const report = {
      at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
      loadAverage: { before: loadBefore, after: os.loadavg() },
      settings: { professionals: COUNT, seconds: SECONDS, connections: CONNECTIONS, prismaPool: POOL },
      passes,
      mapSizes,
      frontEnd,
    };
    const outDir = path.join(ROOT, 'bench', 'results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwrote ${path.relative(ROOT, path.join(outDir, 'latest.json'))}`);
  } finally {
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
