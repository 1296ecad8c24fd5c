// `npm run bench`: the directory at 100,000 listings, measured against docs/performance.md's budgets.
//   1. a separate database (BENCH_DATABASE, itconnect_bench, on DATABASE_URL's server, else
//      127.0.0.1:5432), migrated;
//   2. 100,000 deterministic live professionals (scripts/bench/seed.ts), and the long-tail writer's
//      admin, customers and paid applications (scripts/bench/writer-accounts.ts), reused when
//      already there; what a previous run's writer changed is put back;
//   3. the API in this process (scripts/bench/api.ts: createApp on 127.0.0.1:0, silent logs, limits
//      out of the way), in parts:
//        cache-on   as deployed (answer cache on), each mix below;
//        cache-off  the database path alone (DIRECTORY_CACHE_MB=0), the same mixes; the map's gzip size;
//        long-tail  20,000 distinct searches drawn Zipf-wise, cache on, while a writer posts reviews
//                   and approves applications through the API and a worker process does its jobs;
//                   staleness of the answers after each write (scripts/bench/long-tail.ts);
//        front-end  the built SPA (built when stale) served by the API on the same data, and
//                   Lighthouse mobile runs of home, directory, a filtered directory, locations
//                   and a profile (LCP, CLS);
//        sitemaps   no API: the worker's build-sitemaps over the same listings, cold and again
//                   (scripts/bench/sitemaps.ts);
//   4. autocannon in a thread of this process (scripts/bench/load-runner.ts; not on the API's event
//      loop) at 50 connections for each search mix and profile by slug, 1 and 4 for map points;
//   5. each API part's ceiling (scripts/bench/ceiling.ts): the same stack sending a prepared answer,
//      at each concurrency its mixes use, before and after them; every mix's req/s as a share of it
//      and the API's CPU ms per request (the process's CPU, less the bench's own threads');
//   6. one table per part, every mix beside its budgets (scripts/bench/budgets.ts): judged against
//      the ceiling, PASS or FAIL, the absolute ones met or missed beside (scripts/bench/report.ts,
//      decision 0034); and bench/results/latest.json (a run of some parts replaces those parts in
//      it, keeps the rest).
// Each part runs in a process of its own (runPartsApart).
// Options (environment): BENCH_ONLY (parts to run, e.g. cache-off,long-tail; default all),
// BENCH_DATABASE (itconnect_bench), BENCH_COUNT (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (50),
// BENCH_CEILING_SECONDS (5, each ceiling run), BENCH_POOL (Prisma pool size, 10), BENCH_RESEED=1 to
// seed again, BENCH_LIGHTHOUSE=0 to skip the front end, LIGHTHOUSE_RUNS (3); for the long tail
// BENCH_LONG_TAIL_SECONDS (30), BENCH_LONG_TAIL_WARM_SECONDS (10), BENCH_REVIEWS_PER_SECOND (10),
// BENCH_APPROVALS_PER_SECOND (2), BENCH_ZIPF_EXPONENT (1).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { Redis } from 'ioredis';
import pg from 'pg';
import { applyMigrations } from './db/migrate-engine';
import { startBenchApi } from './bench/api';
import { BUDGETS, MAP_GZIP_MAX_BYTES, SITEMAP_BUILD_MAX_MS, STALENESS_MAX_MS } from './bench/budgets';
import { CEILING_SECONDS, measureCeilings, partCeilings, type PartCeiling } from './bench/ceiling';
import { LIGHTHOUSE_BUDGETS, lighthouseVerdicts, runLighthouse, type LighthousePageResult } from './bench/lighthouse';
import { runLongTail, type LongTailResult } from './bench/long-tail';
import type { LagSummary } from './bench/long-tail-writer';
import { startLoadRunner, type LoadFigures, type LoadRun, type LoadRunner } from './bench/load-runner';
import { check, formatTable, loadChecks, n, parseBenchOnly, shareOf, tally, tallyLine, type BenchPart, type BudgetCheck, type TableRow } from './bench/report';
import { searchMixes, withDatabasePathBudgets, type Mix } from './bench/mixes';
import { seedProfileReviews } from './bench/profile-reviews';
import { seedBenchProfessionals } from './bench/seed';
import { measureSitemapBuild, type SitemapBuildFigures } from './bench/sitemaps';
import { countWriterAccounts, forgetRatingOriginals, hasWriterAccounts, resetWriterEffects, seedWriterAccounts } from './bench/writer-accounts';
import { ensureBuilt } from './lib/build';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COUNT = Number(process.env.BENCH_COUNT ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POOL = Number(process.env.BENCH_POOL ?? 10);
const DATABASE = process.env.BENCH_DATABASE || 'itconnect_bench';
const LONG_TAIL = {
  seconds: Number(process.env.BENCH_LONG_TAIL_SECONDS ?? 30),
  warmSeconds: Number(process.env.BENCH_LONG_TAIL_WARM_SECONDS ?? 10),
  reviewsPerSecond: Number(process.env.BENCH_REVIEWS_PER_SECOND ?? 10),
  approvalsPerSecond: Number(process.env.BENCH_APPROVALS_PER_SECOND ?? 2),
  exponent: Number(process.env.BENCH_ZIPF_EXPONENT ?? 1),
};

function benchDatabaseUrl(): string {
  if (!/^[A-Za-z0-9_]+$/.test(DATABASE)) throw new Error('BENCH_DATABASE: letters, digits and _ only');
  const url = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${DATABASE}`;
  url.search = '';
  return url.toString();
}

/** Creates the bench database on its server when it is not there yet. */
async function ensureDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) {
      console.log(`creating database ${DATABASE}`);
      await client.query(`CREATE DATABASE "${DATABASE}"`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Migrated, with the bench's rows: the professionals are reused when exactly COUNT live bench rows
 * and the writer's applicants are all there is (the check ignores what the writer changed, which
 * is put back here), the writer's accounts when complete.
 */
async function prepareDatabase(url: string): Promise<void> {
  const started = Date.now();
  await ensureDatabase(url);
  const applied = await applyMigrations(url);
  if (applied.length) console.log(`applied migrations: ${applied.join(', ')}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ other: number; bench: number }>(
      `SELECT count(*) FILTER (WHERE slug !~ '^bench-([0-9]|applicant-)')::int AS other, count(*) FILTER (WHERE slug ~ '^bench-[0-9]')::int AS bench FROM professionals`,
    );
    const reseed = process.env.BENCH_RESEED === '1' || rows[0]!.bench !== COUNT || rows[0]!.other !== 0;
    if (!reseed) {
      console.log(`reusing ${n(COUNT)} seeded professionals`);
    } else {
      console.log(`seeding ${n(COUNT)} professionals ...`);
      await seedBenchProfessionals(client, { count: COUNT, root: ROOT });
      await forgetRatingOriginals(client);
      console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    if (reseed || !hasWriterAccounts(await countWriterAccounts(client))) {
      console.log('seeding the long-tail writer’s admin, customers and paid applications ...');
      await seedWriterAccounts(client);
    }
    const undone = await resetWriterEffects(client);
    if (undone.reviews || undone.ratings || undone.applications) {
      console.log(`put back what the last long-tail writer did: ${undone.reviews} reviews, ${undone.ratings} ratings, ${undone.applications} approvals`);
    }
    await client.query('VACUUM ANALYZE professionals');
  } finally {
    await client.end();
  }
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

interface MixResult extends Pick<LoadFigures, 'p50Ms' | 'p99Ms' | 'maxMs' | 'reqPerSec' | 'requests' | 'non2xx' | 'errors'> {
  name: string;
  urls: number;
  connections: number;
  /** The API's CPU time per answer (the process's, less the load generator's thread), ms. */
  apiCpuMsPerRequest: number | null;
  /** The same paths one at a time (1 connection, 3 s): the service time without queueing. */
  singleConnection: { p50Ms: number; p99Ms: number; reqPerSec: number };
  budget: Mix['budget'];
}

async function runMix(runner: LoadRunner, baseUrl: string, mix: Mix): Promise<MixResult> {
  const connections = mix.connections ?? CONNECTIONS;
  const single = await runner.run({ baseUrl, paths: mix.paths, connections: 1, seconds: 3 });
  const r = await runner.run({ baseUrl, paths: mix.paths, connections, seconds: mix.seconds ?? SECONDS });
  return {
    name: mix.name,
    urls: mix.paths.length,
    connections,
    p50Ms: r.p50Ms,
    p99Ms: r.p99Ms,
    maxMs: r.maxMs,
    reqPerSec: r.reqPerSec,
    requests: r.requests,
    non2xx: r.non2xx,
    errors: r.errors,
    apiCpuMsPerRequest: r.apiCpuMsPerRequest,
    singleConnection: { p50Ms: single.p50Ms, p99Ms: single.p99Ms, reqPerSec: single.reqPerSec },
    budget: mix.budget,
  };
}

interface MapSize {
  path: string;
  gzipBytes: number;
  rawBytes: number;
  points: number;
  total: number;
  ms: number;
}

async function measureMapSize(baseUrl: string, mapPath: string): Promise<MapSize> {
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


interface Pass {
  name: string;
  cacheMb: number;
  /** The prepared answer the ceiling sends (ceiling.ts). */
  ceilingAnswer: { gzipBytes: number; jsonBytes: number };
  ceilings: PartCeiling[];
  results: (MixResult & { cacheHitPercent: number | null; ceilingShare: number | null; checks: BudgetCheck[] })[];
}

async function runPass(databaseUrl: string, redisPrefix: string, name: string, cacheMb: number, mixes: Mix[]): Promise<Pass> {
  console.log(`\n${name}`);
  const bench = await startBenchApi({ databaseUrl, redisPrefix, cacheMb, pool: POOL });
  const runner = await startLoadRunner();
  try {
    // Warm the pool, the query plans and the outcode table (a few paths of each mix, not all).
    for (const mix of mixes) for (const p of mix.paths.slice(0, 4)) await fetch(`${bench.baseUrl}${p}`).then((r) => r.arrayBuffer());
    const concurrencies = [...new Set(mixes.map((mix) => mix.connections ?? CONNECTIONS))];
    const ceilingText = (runs: Map<number, LoadRun>) => [...runs].map(([c, r]) => `${n(r.reqPerSec)} req/s at ${c}`).join(', ');
    process.stdout.write(`  ceiling before the mixes (${CEILING_SECONDS} s at each of ${concurrencies.join(', ')} connections) ...`);
    const { runs: before, warmSeconds } = await measureCeilings(runner, bench.baseUrl, concurrencies, true);
    process.stdout.write(` ${ceilingText(before)} (after ${warmSeconds} s of warm-up)\n`);
    const measured: (MixResult & { cacheHitPercent: number | null })[] = [];
    for (const mix of mixes) {
      process.stdout.write(`  running ${mix.name} (${mix.paths.length} distinct paths) ...`);
      const statsBefore = bench.api.deps.answers.stats();
      const r = await runMix(runner, bench.baseUrl, mix);
      const statsAfter = bench.api.deps.answers.stats();
      const asked = statsAfter.hits - statsBefore.hits + (statsAfter.misses - statsBefore.misses);
      const cacheHitPercent = cacheMb > 0 && asked > 0 ? Math.round((1000 * (statsAfter.hits - statsBefore.hits)) / asked) / 10 : null;
      process.stdout.write(` p99 ${r.p99Ms} ms, ${n(r.reqPerSec)} req/s${cacheHitPercent === null ? '' : `, ${cacheHitPercent}% from the cache`}\n`);
      measured.push({ ...r, cacheHitPercent });
    }
    process.stdout.write(`  ceiling after the mixes ...`);
    const { runs: after } = await measureCeilings(runner, bench.baseUrl, concurrencies, false);
    process.stdout.write(` ${ceilingText(after)}\n`);
    const ceilings = partCeilings(before, after);
    const results = measured.map((r) => {
      const ceiling = ceilings.get(r.connections)?.figures ?? null;
      return { ...r, ceilingShare: shareOf(r.reqPerSec, ceiling), checks: loadChecks(r.budget, r, ceiling) };
    });
    return { name, cacheMb, ceilingAnswer: bench.ceilingAnswer, ceilings: [...ceilings.values()], results };
  } finally {
    await runner.stop();
    await bench.close();
  }
}

/**
 * The front-end budgets at 100k listings: the built SPA served by the API as deployed, and
 * Lighthouse mobile runs (scripts/bench/lighthouse.ts) of home, the directory, Web Design in
 * Manchester, locations and a profile. Skipped with BENCH_LIGHTHOUSE=0 or without Chromium.
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
  const site = await startBenchApi({ databaseUrl, redisPrefix, cacheMb: 64, pool: POOL, staticDir: path.join(ROOT, 'dist', 'frontend') });
  try {
    const [first] = (await (await fetch(`${site.baseUrl}/api/professionals?limit=1`)).json()) as { slug: string }[];
    const reviews = await seedProfileReviews(site.api.deps.prisma, first!.slug);
    console.log(`  the measured profile has its ${reviews.toLocaleString('en-GB')} reviews (scripts/bench/profile-reviews.ts)`);
    // The pages issues 15 and 33 name, as `npm run bench:lighthouse` measures them (scripts/lighthouse.ts).
    const paths = ['/', '/professionals', '/professionals?service=Web%20Design&location=Manchester', '/locations', `/professionals/${first!.slug}`, '/web-design/manchester'];
    for (const p of paths) await fetch(`${site.baseUrl}${p}`).then((r) => r.arrayBuffer());
    return await runLighthouse({ baseUrl: site.baseUrl, paths, runs: Number(process.env.LIGHTHOUSE_RUNS ?? 3) });
  } finally {
    await site.close();
  }
}


// ---------------------------------------------------------------------------------------------
// The tables: one per part, each line a mix with its figures and its budgets' verdicts.

interface PrintedRow extends TableRow {
  name: string;
}

const pct = (share: number | null) => (share === null ? '-' : `${(100 * share).toFixed(1)}%`);
const cpu = (ms: number | null) => (ms === null ? '-' : ms.toFixed(2));

function passRows(pass: Pass): PrintedRow[] {
  return pass.results.map((r) => ({
    name: r.name,
    cells: [r.name, `${r.p50Ms} ms`, `${r.p99Ms} ms`, n(r.reqPerSec), pct(r.ceilingShare), `${r.singleConnection.p50Ms} ms`, cpu(r.apiCpuMsPerRequest), r.cacheHitPercent === null ? '-' : `${r.cacheHitPercent}%`],
    checks: r.checks,
  }));
}
const PASS_HEADER = ['mix', 'p50', 'p99', 'req/s', 'of ceiling', '1-conn p50', 'API CPU ms/req', 'cached'];

/** A part's ceilings, a line per concurrency: no budget of their own, they are what the mixes are judged against. */
function ceilingRows(ceilings: PartCeiling[]): PrintedRow[] {
  return ceilings.map(({ figures: c, before, after }) => ({
    name: `ceiling at ${c.connections}`,
    cells: [
      `${c.connections} connection${c.connections === 1 ? '' : 's'}`,
      n(c.beforeReqPerSec),
      n(c.afterReqPerSec),
      `${c.driftPercent > 0 ? '+' : ''}${c.driftPercent}%`,
      n(c.reqPerSec),
      `${before.p99Ms} / ${after.p99Ms} ms`,
      `${cpu(before.apiCpuMsPerRequest)} / ${cpu(after.apiCpuMsPerRequest)}`,
    ],
    checks: [],
  }));
}
const CEILING_HEADER = ['ceiling', 'before', 'after', 'drift', 'judged against', 'p99 before / after', 'API CPU ms/req'];
const ceilingTitle = (answer: { gzipBytes: number }) =>
  `the ceiling: the same stack sending a prepared answer (${(answer.gzipBytes / 1024).toFixed(1)} KB gzip), req/s before and after the mixes`;
/** Past this drift of a ceiling, the machine's speed moved during the part more than the shares can absorb. */
const DRIFT_NOTED_PERCENT = 20;
/** A ceiling table, and a note under it when the machine's speed moved a lot during the part. */
const ceilingTable = (answer: { gzipBytes: number }, ceilings: PartCeiling[]): [string, string[], PrintedRow[]] => {
  const moved = ceilings.filter((c) => Math.abs(c.figures.driftPercent) > DRIFT_NOTED_PERCENT).map((c) => `${c.figures.driftPercent}% at ${c.figures.connections}`);
  const note = moved.length ? `\n(the ceiling drifted by ${moved.join(', ')} connections during the part: the machine's speed moved, and its shares are less certain)` : '';
  return [`${ceilingTitle(answer)}${note}`, CEILING_HEADER, ceilingRows(ceilings)];
};

function mapSizeRows(mapSizes: MapSize[]): PrintedRow[] {
  return mapSizes.map((m) => ({
    name: `map size ${m.path}`,
    cells: [m.path, n(m.points), `${(m.rawBytes / 1024).toFixed(0)} KB`, `${(m.gzipBytes / 1024).toFixed(0)} KB`],
    checks: [check(`≤ ${n(MAP_GZIP_MAX_BYTES / 1024)} KB gzip`, m.gzipBytes <= MAP_GZIP_MAX_BYTES)],
  }));
}
const MAP_SIZE_HEADER = ['map answer size', 'points', 'raw', 'gzip'];

const lagText = (l: LagSummary) => (l.samples === 0 ? 'no samples' : `${l.p50Ms} / ${l.p99Ms} / ${l.maxMs} ms (${l.samples}${l.timeouts ? `, ${l.timeouts} timed out` : ''})`);

function longTailRows(r: LongTailResult): PrintedRow[] {
  const { load, writer } = r;
  const staleness = (name: string, l: LagSummary, checks: BudgetCheck[]): PrintedRow => ({ name, cells: [name, '', '', '', '', '', '', lagText(l)], checks });
  const kept = (done: number, rate: number) => check(`writer kept ${rate}/s`, done >= 0.95 * rate);
  const noFailures = (failed: number) => check('no failed writes', failed === 0);
  const searches = 'searches (Zipf, 20,000 distinct)';
  return [
    {
      name: searches,
      cells: [searches, `${load.p50Ms} ms`, `${load.p99Ms} ms`, n(load.reqPerSec), pct(shareOf(load.reqPerSec, r.ceiling.figures)), cpu(r.apiCpuMsPerRequest), r.cacheHitPercent === null ? '-' : `${r.cacheHitPercent}%`, `${n(load.distinctAsked)} asked; writer and probes +${n(writer.staleness.probeRequests)} GETs`],
      checks: loadChecks(BUDGETS.longTail, load, r.ceiling.figures),
    },
    {
      name: 'writes: reviews',
      cells: ['writes: reviews', `${writer.reviews.p50Ms ?? '-'} ms`, `${writer.reviews.p99Ms ?? '-'} ms`, `${writer.reviews.perSecond}/s`, '', '', '', `${writer.reviews.ok}/${writer.reviews.planned} ok${writer.reviews.skipped ? `, ${writer.reviews.skipped} skipped` : ''}`],
      checks: [kept(writer.reviews.perSecond, LONG_TAIL.reviewsPerSecond), noFailures(writer.reviews.failed)],
    },
    {
      name: 'writes: approvals',
      cells: ['writes: approvals', `${writer.approvals.p50Ms ?? '-'} ms`, `${writer.approvals.p99Ms ?? '-'} ms`, `${writer.approvals.perSecond}/s`, '', '', '', `${writer.approvals.ok}/${writer.approvals.planned} ok${writer.approvals.skipped ? `, ${writer.approvals.skipped} skipped` : ''}`],
      checks: [kept(writer.approvals.perSecond, LONG_TAIL.approvalsPerSecond), noFailures(writer.approvals.failed)],
    },
    staleness('review sent → rating recalculated', writer.reviews.recalculated, []),
    staleness('stale after a review', writer.staleness.reviews, []),
    ...Object.entries(writer.staleness.reviews.byAnswer).map(([answer, l]) => staleness(`  its ${answer}`, l, [])),
    staleness('stale after an approval', writer.staleness.approvals, []),
    ...Object.entries(writer.staleness.approvals.byAnswer).map(([answer, l]) => staleness(`  its ${answer}`, l, [])),
    staleness('first fresh answer after any write', writer.staleness.allUntilFresh, []),
    staleness('stale after any write', writer.staleness.all, [
      check(`max ≤ ${n(STALENESS_MAX_MS)} ms`, writer.staleness.all.samples > 0 && writer.staleness.all.maxMs !== null && writer.staleness.all.maxMs <= STALENESS_MAX_MS),
    ]),
  ];
}
const LONG_TAIL_HEADER = ['mix', 'p50', 'p99', 'rate', 'of ceiling', 'API CPU ms/req', 'cached', 'notes (staleness: p50 / p99 / max, samples)'];

function frontEndRows(pages: LighthousePageResult[]): PrintedRow[] {
  return pages.map((r) => {
    const ok = lighthouseVerdicts(r);
    return {
      name: `front end ${r.path}`,
      cells: [r.path, `${r.lcpMs} ms`, r.cls.toFixed(3), `${r.tbtMs} ms`, `${r.fcpMs} ms`, String(r.performanceScore), `${r.transferKb} KB`, n(r.benchmarkIndex)],
      checks: [
        check(`LCP ≤ ${n(LIGHTHOUSE_BUDGETS.lcpMs)} ms`, ok.lcp),
        check(`CLS ≤ ${LIGHTHOUSE_BUDGETS.cls}`, ok.cls),
        check(`TBT ≤ ${LIGHTHOUSE_BUDGETS.tbtMs} ms`, ok.tbt),
        check(`score ≥ ${LIGHTHOUSE_BUDGETS.performanceScore}`, ok.score),
        check(`a11y ${r.accessibilityScore} = ${LIGHTHOUSE_BUDGETS.accessibilityScore}`, ok.a11y),
        check(`SEO ${r.seoScore} = ${LIGHTHOUSE_BUDGETS.seoScore}`, ok.seo),
      ],
    };
  });
}
const FRONT_END_HEADER = ['page', 'LCP', 'CLS', 'TBT', 'FCP', 'score', 'transfer', 'machine (benchmarkIndex)'];

function sitemapRows(f: SitemapBuildFigures): PrintedRow[] {
  const { result: r } = f;
  const what = `${n(r.urls)} URLs in ${n(r.files)} files (${n(r.profiles)} profiles, ${n(r.servicePlaces)} service-and-place pages)`;
  return [
    { name: 'sitemaps: cold build', cells: ['cold build (all written)', `${(f.coldMs / 1000).toFixed(2)} s`, what, `${n(f.heapMb)} MB`], checks: [check(`≤ ${n(SITEMAP_BUILD_MAX_MS / 1000)} s`, f.coldMs <= SITEMAP_BUILD_MAX_MS)] },
    { name: 'sitemaps: rebuild', cells: ['again, nothing changed', `${(f.rebuildMs / 1000).toFixed(2)} s`, 'nothing written', ''], checks: [] },
  ];
}
const SITEMAP_HEADER = ['build-sitemaps', 'time', 'set', 'heap after'];

// ---------------------------------------------------------------------------------------------
// The report: bench/results/latest.json. Parts not run this time are kept from the file as it was.

interface PartReport {
  at: string;
  settings: Record<string, unknown>;
  checks: (BudgetCheck & { name: string })[];
  [figures: string]: unknown;
}

function readPreviousParts(file: string): Partial<Record<BenchPart, PartReport>> {
  try {
    const previous = JSON.parse(readFileSync(file, 'utf8')) as { parts?: Partial<Record<BenchPart, PartReport>> };
    return previous.parts ?? {};
  } catch {
    return {};
  }
}

const loadText = (averages: number[]) => averages.map((l) => l.toFixed(1)).join(' ');
const flatChecks = (rows: PrintedRow[]) => rows.flatMap((r) => r.checks.map((c) => ({ name: r.name, ...c })));

/**
 * Several parts: each in a process of its own, one after the other (BENCH_ONLY=<part>), as each
 * is an API started alone, and as a deployed API process runs one API: in a process that has run
 * an API before (closed, its memory freed), V8's state from that run made the next one measure
 * far slower (decision 0034, "The process layout"). A part's ceiling is measured in its process.
 * BENCH_ONE_PROCESS=1 runs them in this process anyway.
 */
async function runPartsApart(parts: BenchPart[]): Promise<void> {
  const loadBefore = os.loadavg();
  for (const part of parts) {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, BENCH_ONLY: part } });
      child.on('error', reject);
      child.on('exit', resolve);
    });
    if (code !== 0) throw new Error(`the ${part} part exited with ${code}`);
  }
  const report = JSON.parse(readFileSync(path.join(ROOT, 'bench', 'results', 'latest.json'), 'utf8')) as { parts: Partial<Record<BenchPart, PartReport>> };
  console.log(`\nall parts (each in its own process); load average before: ${loadText(loadBefore)}, after: ${loadText(os.loadavg())}`);
  for (const part of parts) {
    const checks = report.parts[part]?.checks ?? [];
    console.log(tallyLine(part, tally(checks.map((c) => ({ name: c.name, checks: [c] })))));
  }
}

async function main(): Promise<void> {
  const parts = parseBenchOnly(process.env.BENCH_ONLY);
  if (parts.length > 1 && process.env.BENCH_ONE_PROCESS !== '1') return runPartsApart(parts);
  const databaseUrl = benchDatabaseUrl();
  console.log(`bench database: ${databaseUrl.replace(/\/\/[^@]*@/, '//')}  (${os.cpus().length} CPUs, pool ${POOL}); parts: ${parts.join(', ')}`);
  await prepareDatabase(databaseUrl);
  const redisPrefix = `itc_bench_${process.pid}_`;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 2 });

  try {
    const mapPaths = ['/api/professionals/map', '/api/professionals/map?service=Web%20Design', '/api/professionals/map?minRating=4'];
    const mixes: Mix[] = [
      ...searchMixes(),
      { name: 'profile by slug', budget: BUDGETS.profile, paths: await profilePaths(databaseUrl) },
      { name: 'map points (whole UK, 100k)', budget: BUDGETS.map, paths: [mapPaths[0]!], connections: 1 },
      { name: 'map points (mixed filters)', budget: BUDGETS.map, paths: mapPaths, connections: 4 },
    ];
    const settings = { professionals: COUNT, seconds: SECONDS, connections: CONNECTIONS, prismaPool: POOL, database: DATABASE, ceilingSeconds: CEILING_SECONDS };
    const loadBefore = os.loadavg();
    const done: Partial<Record<BenchPart, { rows: PrintedRow[]; report: PartReport; table: string }>> = {};
    /** A part's tables (title, header, rows each), its report with every check. */
    const finish = (part: BenchPart, tables: [string, string[], PrintedRow[]][], figures: Record<string, unknown>, partSettings: Record<string, unknown> = settings) => {
      const rows = tables.flatMap(([, , r]) => r);
      done[part] = {
        rows,
        table: tables.map(([title, header, r]) => formatTable(title, header, r)).join('\n'),
        report: { at: new Date().toISOString(), settings: partSettings, checks: flatChecks(rows), ...figures },
      };
    };

    // As deployed: the answer cache on (DIRECTORY_CACHE_MB's default). Then the database path alone,
    // every request computed (DIRECTORY_CACHE_MB=0): what a search costs the first time it is asked.
    if (parts.includes('cache-on')) {
      const pass = await runPass(databaseUrl, redisPrefix, 'as deployed (answer cache on, DIRECTORY_CACHE_MB=64)', 64, mixes);
      finish('cache-on', [ceilingTable(pass.ceilingAnswer, pass.ceilings), [pass.name, PASS_HEADER, passRows(pass)]], { pass });
    }
    if (parts.includes('cache-off')) {
      const pass = await runPass(databaseUrl, redisPrefix, 'database path only (DIRECTORY_CACHE_MB=0: nothing kept)', 0, withDatabasePathBudgets(mixes));
      const sizeApi = await startBenchApi({ databaseUrl, redisPrefix, cacheMb: 0, pool: POOL });
      const mapSizes: MapSize[] = [];
      try {
        for (const p of mapPaths) mapSizes.push(await measureMapSize(sizeApi.baseUrl, p));
      } finally {
        await sizeApi.close();
      }
      finish(
        'cache-off',
        [ceilingTable(pass.ceilingAnswer, pass.ceilings), [pass.name, PASS_HEADER, passRows(pass)], ['', MAP_SIZE_HEADER, mapSizeRows(mapSizes)]],
        { pass, mapSizes },
      );
    }
    let longTail: LongTailResult | undefined;
    if (parts.includes('long-tail')) {
      console.log(`\nlong tail under writes (${LONG_TAIL.seconds} s after ${LONG_TAIL.warmSeconds} s of warm-up, ${CONNECTIONS} connections, ${LONG_TAIL.reviewsPerSecond} reviews/s, ${LONG_TAIL.approvalsPerSecond} approvals/s, Zipf exponent ${LONG_TAIL.exponent}) ...`);
      longTail = await runLongTail({ root: ROOT, databaseUrl, redisPrefix, connections: CONNECTIONS, pool: POOL, ...LONG_TAIL, log: (line) => console.log(`  ${line}`) });
      const title = 'long tail under writes (answer cache on; staleness: how long after the commit an answer without the change still arrived)';
      finish(
        'long-tail',
        [ceilingTable(longTail.ceilingAnswer, [longTail.ceiling]), [title, LONG_TAIL_HEADER, longTailRows(longTail)]],
        { result: longTail },
        { ...settings, ...LONG_TAIL },
      );
    }
    if (parts.includes('front-end')) {
      const frontEnd = await runFrontEnd(databaseUrl, redisPrefix);
      const title = `front end, Lighthouse mobile (median LCP of ${process.env.LIGHTHOUSE_RUNS ?? 3} runs)`;
      if (typeof frontEnd === 'string') done['front-end'] = { rows: [], table: `${title}: ${frontEnd}`, report: { at: new Date().toISOString(), settings, checks: [], skipped: frontEnd } };
      else finish('front-end', [[title, FRONT_END_HEADER, frontEndRows(frontEnd)]], { pages: frontEnd });
    }
    if (parts.includes('sitemaps')) {
      console.log(`\nsitemaps: the worker's build over ${n(COUNT)} listings, cold and again ...`);
      const sitemaps = await measureSitemapBuild({ databaseUrl });
      finish('sitemaps', [[`sitemaps at ${n(COUNT)} live listings (decision 0039)`, SITEMAP_HEADER, sitemapRows(sitemaps)]], { sitemaps });
    }

    console.log('');
    console.log(`load average before: ${loadText(loadBefore)}, after: ${loadText(os.loadavg())} (other processes on this machine compete for the same CPUs)`);
    for (const part of parts) console.log(`\n${done[part]!.table}`);
    if (longTail) {
      for (const [what, w] of [['review', longTail.writer.reviews], ['approval', longTail.writer.approvals]] as const) {
        for (const failure of w.failures) console.log(`  a failed ${what}: ${failure}`);
      }
      for (const a of longTail.writer.staleness.slowest.slice(0, 5)) {
        console.log(`  stale ${a.staleFor === null ? 'beyond the 10 s timeout' : `${a.staleFor} ms`}: ${a.answer} ${a.path} after the ${a.write}`);
      }
    }
    console.log('');
    for (const part of parts) console.log(tallyLine(part, tally(done[part]!.rows)));

    const outDir = path.join(ROOT, 'bench', 'results');
    const outFile = path.join(outDir, 'latest.json');
    const reportParts = { ...readPreviousParts(outFile), ...Object.fromEntries(parts.map((part) => [part, done[part]!.report])) };
    const report = {
      at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
      loadAverage: { before: loadBefore, after: os.loadavg() },
      settings,
      /** The parts this run measured; `parts` also holds earlier runs' other parts, each with its own `at`. */
      ran: parts,
      parts: reportParts,
    };
    mkdirSync(outDir, { recursive: true });
    writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwrote ${path.relative(ROOT, outFile)}`);
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
