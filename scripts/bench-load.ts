// `npm run bench:load`: many visitors at once against the API and the worker (issue 14, item 3;
// docs/performance.md, "Visitors at once"). Goal: p99 under 200 ms and no errors.
//   1. a database of its own (itconnect_bench_load on DATABASE_URL's server), migrated, with
//      BENCH_LOAD_COUNT (100,000) live professionals from the bench seed (scripts/bench/seed.ts,
//      reused when already there) and BENCH_LOAD_ACCOUNTS (500) customer accounts to sign in with;
//   2. the API and the worker as their own processes, as deployed (logs at info to
//      bench/results/load-api.log and load-worker.log), with limits moved out of the bench's way
//      through their environment: the per-IP limits (every visitor comes from 127.0.0.1), sign-in
//      attempts per IP, reviews and messages per user and IP, and a cheaper captcha (ALTCHA_COST
//      1000: the proof of work is the visitor's CPU, here the load generator's);
//   3. BENCH_LOAD_VISITORS (500) visitors for BENCH_LOAD_SECONDS (60), measured after
//      BENCH_LOAD_WARMUP_SECONDS (10) in which the same visitors have arrived on the freshly started
//      API (reported on their own as the warm-up), each a loop of: home, a search
//      drawn from a long tail of distinct filter sets (service × place × sort × rating × price ×
//      page, or free text; popular ones far more often, Zipf-like), a profile, the map's points for
//      a search, now and then a sign-in (captcha, POST /api/auth/login), and, signed in, now and
//      then a review or a message to a professional (captcha), with BENCH_LOAD_THINK_MS (1000) of
//      thinking on average between steps (0: as fast as answers come);
//   4. p50, p99, throughput, error rate (any 4xx/5xx or failed connection), per action too, and the
//      answer cache's hit rate and the worker's job durations read from /api/metrics; written to
//      bench/results/load.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { UK_LOCATIONS } from '../core/locations';
import { SERVICES } from '../core/services';
import { createPrisma } from '../prisma/db';
import { hashPassword } from '../prisma/password';
import { cpuMsOf, loadAverage } from './bench/meters';
import { BENCH_SLUG_PREFIX, seedBenchProfessionals } from './bench/seed';
import { applyMigrations } from './db/migrate-engine';
import { findFreePort } from './lib/ports';
import { waitForReady } from './lib/ready';
import { API_NODE_FLAGS } from './lib/stack';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COUNT = Number(process.env.BENCH_LOAD_COUNT ?? 100_000);
const ACCOUNTS = Number(process.env.BENCH_LOAD_ACCOUNTS ?? 500);
const VISITORS = Number(process.env.BENCH_LOAD_VISITORS ?? 500);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
/** Seconds the visitors run before the measured minute (reported on their own, not in it). */
const WARMUP_SECONDS = Number(process.env.BENCH_LOAD_WARMUP_SECONDS ?? 10);
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 1000);
const DATABASE = 'itconnect_bench_load';
const METRICS_TOKEN = 'bench-load-metrics-token-0123456789abcdef';
const PASSWORD = 'bench visitor password 1';
const GOAL = { p99Ms: 200, errorRate: 0 };

/** What a visitor does next, with its weight (out of 1,000). */
const ACTIONS = [
  ['home', 130],
  ['search', 450],
  ['profile', 260],
  ['map', 120],
  ['sign-in', 20],
  ['review', 10],
  ['message', 10],
] as const;
type Action = (typeof ACTIONS)[number][0] | 'captcha';

function serverUrl(database: string): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${database}`;
  url.search = '';
  return url.toString();
}

async function prepareDatabase(): Promise<{ url: string; professionals: { id: number; slug: string }[] }> {
  const admin = new pg.Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = serverUrl(DATABASE);
  await applyMigrations(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ total: number; bench: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE slug LIKE $1)::int AS bench FROM professionals`,
      [`${BENCH_SLUG_PREFIX}%`],
    );
    if (process.env.BENCH_RESEED === '1' || rows[0]!.total !== COUNT || rows[0]!.bench !== COUNT) {
      const started = Date.now();
      console.log(`seeding ${COUNT.toLocaleString('en-GB')} professionals ...`);
      await seedBenchProfessionals(client, { count: COUNT, root: ROOT });
      await client.query('VACUUM ANALYZE professionals');
      console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } else {
      console.log(`reusing ${COUNT.toLocaleString('en-GB')} seeded professionals`);
    }
    const pros = await client.query<{ id: number; slug: string }>('SELECT id, slug FROM professionals ORDER BY id');
    return { url, professionals: pros.rows };
  } finally {
    await client.end();
  }
}

/** The bench's visitor accounts, and whom each has reviewed already (in earlier runs). */
async function prepareAccounts(url: string): Promise<{ emails: string[]; reviewed: Map<string, Set<number>> }> {
  const emails = Array.from({ length: ACCOUNTS }, (_, i) => `bench-visitor-${i}@example.test`);
  const prisma = createPrisma(url);
  try {
    const passwordHash = await hashPassword(PASSWORD);
    await prisma.user.createMany({ data: emails.map((email, i) => ({ email, name: `Bench Visitor ${i}`, role: 'customer' as const, passwordHash })), skipDuplicates: true });
    // Accounts kept from an earlier run get today's hash too: one of an older form would be
    // verified the old way and re-hashed at its first sign-in, which is not what the bench measures.
    await prisma.user.updateMany({ where: { email: { in: emails } }, data: { passwordHash } });
    // One review per customer and professional (write-review.ts answers 409 to a second): a
    // visitor reviews someone new, as the site's own form only offers then.
    const earlier = await prisma.review.findMany({ where: { user: { email: { in: emails } } }, select: { professionalId: true, user: { select: { email: true } } } });
    const reviewed = new Map(emails.map((email) => [email, new Set<number>()]));
    for (const review of earlier) reviewed.get(review.user.email)!.add(review.professionalId);
    return { emails, reviewed };
  } finally {
    await prisma.$disconnect();
  }
}

// --- the visitors' HTTP client: keep-alive sockets, no fetch overhead ---
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
interface Answer {
  status: number;
  ms: number;
  /** The body, decoded only when a visitor reads it (the captcha): the load generator shares the API's two cores, and unzipping every map answer cost it seconds of CPU a minute. */
  body(): string;
  setCookie: string[];
}
function bodyText(encoding: string | undefined, bytes: Buffer): string {
  return (encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString();
}
function request(base: URL, method: string, pathAndQuery: string, { body, cookie }: { body?: unknown; cookie?: string } = {}): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Encoding': 'gzip' };
  if (payload !== undefined) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)), Origin: base.origin });
  if (cookie) headers.Cookie = cookie;
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request({ agent, host: base.hostname, port: base.port, method, path: pathAndQuery, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: () => bodyText(res.headers['content-encoding'], Buffer.concat(chunks)), setCookie: res.headers['set-cookie'] ?? [] }),
      );
      res.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: () => '', setCookie: [] }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: () => '', setCookie: [] }));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/**
 * The visitor's proof of work, as altcha-lib's solveChallenge finds it (the number whose SHA-256 of
 * salt + number is the challenge) but with Node's synchronous hash: the library's loop of Web
 * Crypto calls, made for browsers, cost the load generator much of its CPU, on the cores the API
 * and PostgreSQL need (docs/performance-history.md, "Visitors at once"). A real visitor solves it
 * on their own device.
 */
function solveCaptcha({ algorithm, challenge, salt, maxnumber }: { algorithm: string; challenge: string; salt: string; maxnumber: number }): number | undefined {
  if (algorithm !== 'SHA-256') throw new Error(`captcha algorithm ${algorithm} is not the one this solver speaks`);
  for (let n = 0; n <= maxnumber; n += 1) if (createHash('sha256').update(salt + n).digest('hex') === challenge) return n;
  return undefined;
}

// --- what visitors ask for ---
/** A deterministic generator, so two runs send the same traffic. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(14);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
/** Zipf-like: index 0 most often, a long tail of rarely asked ones (about 1/rank). */
const zipf = (size: number): number => Math.min(size - 1, Math.floor(Math.exp(random() * Math.log(size + 1)) - 1));

const SERVICE_NAMES: readonly string[] = SERVICES;
const PLACES = UK_LOCATIONS.map((place) => place.name);
const WORDS = ['web design', 'cyber security', 'data recovery', 'cloud', 'network', 'wordpress', 'laptop repair', 'it support', 'backup', 'microsoft 365', 'wifi', 'devops'];
const SORTS = ['relevance', 'rating', 'price', 'newest'];

/** The filter set of rank `n`: every rank names one distinct set (services × places × sort × rating × price × page). */
function filterSet(rank: number): Record<string, string> {
  let n = rank;
  const take = (size: number) => {
    const value = n % size;
    n = Math.floor(n / size);
    return value;
  };
  const params: Record<string, string> = {};
  const service = take(SERVICE_NAMES.length + 1);
  const place = take(PLACES.length + 1);
  if (service > 0) params.service = SERVICE_NAMES[service - 1]!;
  if (place > 0) params.location = PLACES[place - 1]!;
  const sort = take(SORTS.length);
  if (sort > 0) params.sort = SORTS[sort]!;
  const rating = take(3);
  if (rating > 0) params.minRating = String(rating + 2);
  const price = take(3);
  if (price > 0) params.maxHourlyRate = String(price * 40);
  const page = take(3);
  if (page > 0) params.offset = String(page * 24);
  return params;
}
const FILTER_SETS = (SERVICE_NAMES.length + 1) * (PLACES.length + 1) * SORTS.length * 3 * 3 * 3;
function searchQuery(): string {
  const params = random() < 0.15 ? { search: pick(WORDS), ...(random() < 0.5 ? { location: pick(PLACES) } : {}) } : filterSet(zipf(FILTER_SETS));
  return new URLSearchParams(params).toString();
}

// --- the run ---
interface Sample {
  action: Action;
  ms: number;
  status: number;
  /** When the answer came, ms since the epoch. */
  at: number;
}

async function visitor(base: URL, index: number, until: number, accounts: { emails: string[]; reviewed: Map<string, Set<number>> }, professionals: { id: number; slug: string }[], samples: Sample[]): Promise<void> {
  let cookie: string | undefined;
  const call = async (action: Action, method: string, target: string, body?: unknown): Promise<Answer> => {
    const answer = await request(base, method, target, { body, ...(cookie ? { cookie } : {}) });
    if (Date.now() <= until) samples.push({ action, ms: answer.ms, status: answer.status, at: Date.now() });
    return answer;
  };
  const captcha = async (): Promise<string> => {
    const res = await call('captcha', 'GET', '/api/captcha/challenge');
    const c = JSON.parse(res.body()) as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
    return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solveCaptcha(c), salt: c.salt, signature: c.signature })).toString('base64');
  };
  const professional = () => professionals[zipf(professionals.length)]!;
  const account = accounts.emails[index % accounts.emails.length]!;
  const reviewed = accounts.reviewed.get(account)!;
  /** Someone this visitor has not reviewed yet (popular ones first, as for everything else). */
  const unreviewed = () => {
    let pick = professional();
    while (reviewed.has(pick.id)) pick = professionals[Math.floor(random() * professionals.length)]!;
    reviewed.add(pick.id);
    return pick;
  };
  // Visitors arrive spread over the first second or two, not all in the same millisecond.
  await new Promise((resolve) => setTimeout(resolve, random() * Math.max(THINK_MS, 1000)));
  while (Date.now() < until) {
    let roll = random() * 1000;
    let action: Action = 'home';
    for (const [name, weight] of ACTIONS) {
      if (roll < weight) {
        action = name;
        break;
      }
      roll -= weight;
    }
    try {
      if (action === 'home') await call('home', 'GET', '/api/home');
      else if (action === 'search') await call('search', 'GET', `/api/professionals?${searchQuery()}`);
      else if (action === 'profile') await call('profile', 'GET', `/api/professionals/slug/${professional().slug}`);
      else if (action === 'map') await call('map', 'GET', `/api/professionals/map?${searchQuery().replace(/&?offset=\d+/, '')}`);
      else if (action === 'sign-in' || !cookie) {
        const res = await call('sign-in', 'POST', '/api/auth/login', { email: account, password: PASSWORD, captcha: await captcha() });
        const sid = res.setCookie.map((c) => c.split(';')[0]!).filter((c) => c.startsWith('sid'));
        if (sid.length) cookie = sid.join('; ');
      } else if (action === 'review') {
        const rating = 1 + Math.floor(random() * 5);
        await call('review', 'POST', '/api/reviews', {
          professionalId: unreviewed().id,
          rating,
          title: `Load test visit ${index}`,
          comment: 'Came on time, fixed the office network and explained what had gone wrong. Would use again.',
          wouldRecommend: rating >= 3,
        });
      } else if (action === 'message') {
        await call('message', 'POST', `/api/professionals/${professional().id}/messages`, {
          subject: 'A quote for our office',
          content: 'Hello, could you give us a quote for looking after ten laptops and a small network? Thanks.',
          captcha: await captcha(),
        });
      }
    } catch {
      samples.push({ action, ms: 0, status: 0, at: Date.now() });
    }
    if (THINK_MS > 0) await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + random())));
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summarise(samples: Sample[], seconds: number) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const errors = samples.filter((s) => s.status === 0 || s.status >= 400).length;
  return {
    requests: samples.length,
    reqPerSec: Math.round(samples.length / seconds),
    p50Ms: Math.round(percentile(ms, 50) * 10) / 10,
    p99Ms: Math.round(percentile(ms, 99) * 10) / 10,
    maxMs: Math.round((ms.at(-1) ?? NaN) * 10) / 10,
    errors,
    errorRate: samples.length ? errors / samples.length : 0,
  };
}

async function scrapeMetrics(base: URL): Promise<string> {
  const res = await fetch(new URL('/api/metrics', base), { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  if (res.status !== 200) throw new Error(`/api/metrics answered ${res.status}`);
  return res.text();
}
const metric = (text: string, name: string): number => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);

async function main(): Promise<void> {
  const { url: databaseUrl, professionals } = await prepareDatabase();
  const accounts = await prepareAccounts(databaseUrl);
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `itc_bench_load_${Date.now()}`;
  const port = await findFreePort(3500);
  const base = new URL(`http://127.0.0.1:${port}`);
  const resultsDir = path.join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SESSION_KEYS: 'bench-session-key-0123456789abcdefghijklmnopqrstuvwxyz',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base.origin,
    STATIC_DIR: '/nonexistent/itconnect-static',
    MAIL_DIR: path.join(ROOT, '.data', 'bench-load-mail'),
    METRICS_TOKEN,
    // Every visitor comes from 127.0.0.1: the per-IP limits would otherwise stop the bench, not a visitor.
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOGIN_LIMIT_PER_IP: '100000000',
    MESSAGE_LIMIT_PER_IP: '100000000',
    MESSAGE_LIMIT_PER_USER: '100000',
    REVIEW_LIMIT_PER_USER: '100000',
    ALTCHA_COST: '1000',
  };
  const spawnLogged = (entry: string, logName: string, flags: readonly string[] = []): ChildProcess => {
    const child = spawn(process.execPath, [...flags, '--import', 'tsx', entry], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout!.pipe(createWriteStream(path.join(resultsDir, logName)));
    return child;
  };
  const api = spawnLogged('api/src/server.ts', 'load-api.log', API_NODE_FLAGS);
  const worker = spawnLogged('worker/src/main.ts', 'load-worker.log');
  try {
    // Visitors arrive once the directory index has loaded, as a load balancer would send them to a
    // warmed-up instance: meanwhile searches go to SQL (decision 0019), and 500 visitors arriving
    // then build a queue the run never recovers from (docs/performance-history.md, "Visitors at once").
    const indexStarted = Date.now();
    const indexLoaded = (body: unknown) => (body as { checks?: { directoryIndex?: { status?: string } } }).checks?.directoryIndex?.status !== 'down';
    const ready = await waitForReady(`${base.origin}/api/ready`, { timeoutMs: 240_000, until: indexLoaded });
    if (!ready.ok) throw new Error(`the API did not start with its directory index: ${ready.reason}`);
    console.log(`API ready with its directory index after ${((Date.now() - indexStarted) / 1000).toFixed(1)} s`);
    console.log(`API and worker up at ${base.origin}; ${VISITORS} visitors for ${WARMUP_SECONDS} s of warm-up, then ${SECONDS} s measured (think ${THINK_MS} ms), ${professionals.length.toLocaleString('en-GB')} professionals, ${FILTER_SETS.toLocaleString('en-GB')} filter sets`);

    // The visitors arrive together on a freshly started API: its first seconds (code not yet
    // optimised by V8, 500 connections opening, nothing kept yet) are reported as the warm-up, and
    // the minute measured after them, as a deployment sends traffic to a warmed-up instance.
    const allSamples: Sample[] = [];
    const visitorsStarted = Date.now();
    const started = visitorsStarted + WARMUP_SECONDS * 1000;
    const until = started + SECONDS * 1000;
    const beforeTaken = new Promise<{ metrics: string; api: number | null; worker: number | null }>((resolve, reject) =>
      setTimeout(() => scrapeMetrics(base).then((metrics) => resolve({ metrics, api: cpuMsOf(api.pid), worker: cpuMsOf(worker.pid) }), reject), started - Date.now()),
    );
    await Promise.all(Array.from({ length: VISITORS }, (_, i) => visitor(base, i, until, accounts, professionals, allSamples)));
    const before = await beforeTaken;
    const after = { metrics: await scrapeMetrics(base), api: cpuMsOf(api.pid), worker: cpuMsOf(worker.pid), load: loadAverage() };
    const samples = allSamples.filter((s) => s.at >= started);
    const warmUp = summarise(allSamples.filter((s) => s.at < started), Math.max(WARMUP_SECONDS, 1));

    const overall = summarise(samples, SECONDS);
    // The minute in 5-second steps: a p99 made by the first seconds (a cold API) reads differently
    // from one made by stalls all along.
    const timeline = Array.from({ length: Math.ceil((WARMUP_SECONDS + SECONDS) / 5) }, (_, step) => {
      const own = allSamples.filter((s) => s.at - visitorsStarted >= step * 5000 && s.at - visitorsStarted < (step + 1) * 5000);
      const { requests, p50Ms, p99Ms, maxMs } = summarise(own, 5);
      return { fromSecond: step * 5 - WARMUP_SECONDS, requests, p50Ms, p99Ms, maxMs };
    });
    const byAction = Object.fromEntries(
      [...new Set(samples.map((s) => s.action))].map((action) => {
        const own = samples.filter((s) => s.action === action);
        const statuses: Record<string, number> = {};
        for (const s of own) if (s.status === 0 || s.status >= 400) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
        return [action, { ...summarise(own, SECONDS), failedStatuses: statuses }];
      }),
    );
    const hits = metric(after.metrics, 'itc_answer_cache_hits_total') - metric(before.metrics, 'itc_answer_cache_hits_total');
    const misses = metric(after.metrics, 'itc_answer_cache_misses_total') - metric(before.metrics, 'itc_answer_cache_misses_total');
    const jobCounts = [...after.metrics.matchAll(/^itc_job_duration_seconds_count\{queue="(\w+)",outcome="(\w+)"\} (\d+)$/gm)].map((m) => ({ queue: m[1], outcome: m[2], jobs: Number(m[3]) }));
    const report = {
      at: new Date().toISOString(),
      visitors: VISITORS,
      seconds: SECONDS,
      warmUpSeconds: WARMUP_SECONDS,
      warmUp,
      thinkMs: THINK_MS,
      professionals: professionals.length,
      filterSets: FILTER_SETS,
      overall,
      goal: GOAL,
      met: overall.p99Ms < GOAL.p99Ms && overall.errors === 0,
      answerCache: { hits, misses, hitRate: hits + misses > 0 ? hits / (hits + misses) : null },
      byAction,
      timeline,
      jobs: jobCounts,
      cpuMs: { api: after.api !== null && before.api !== null ? after.api - before.api : null, worker: after.worker !== null && before.worker !== null ? after.worker - before.worker : null },
      loadAverage: after.load,
    };
    writeFileSync(path.join(resultsDir, 'load.json'), `${JSON.stringify(report, null, 2)}\n`);

    const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
    console.log('');
    console.log(`| action | requests | p50 | p99 | max | errors |`);
    console.log(`|---|---|---|---|---|---|`);
    for (const [action, s] of Object.entries(byAction)) console.log(`| ${action} | ${s.requests} | ${s.p50Ms} ms | ${s.p99Ms} ms | ${s.maxMs} ms | ${s.errors} ${JSON.stringify(s.failedStatuses)} |`);
    console.log(`| all | ${overall.requests} | ${overall.p50Ms} ms | ${overall.p99Ms} ms | ${overall.maxMs} ms | ${overall.errors} |`);
    console.log('');
    console.log(`warm-up (${WARMUP_SECONDS} s before the minute, not in it): ${warmUp.requests} requests, p50 ${warmUp.p50Ms} ms, p99 ${warmUp.p99Ms} ms, ${warmUp.errors} errors`);
    console.log(`every 5 s from the visitors' arrival, the minute from 0 s (p50 / p99 ms): ${timeline.map((t) => `${t.fromSecond}s ${t.p50Ms}/${t.p99Ms}`).join(', ')}`);
    console.log(`throughput ${overall.reqPerSec} req/s, error rate ${pct(overall.errorRate)}, answer cache hit rate ${pct(report.answerCache.hitRate)} (${hits} hits, ${misses} misses)`);
    console.log(`CPU: API ${report.cpuMs.api} ms, worker ${report.cpuMs.worker} ms over ${SECONDS} s; load average ${after.load}`);
    console.log(`goal (p99 < ${GOAL.p99Ms} ms, no errors): ${report.met ? 'met' : 'missed'}; bench/results/load.json written`);
  } finally {
    agent.destroy();
    api.kill('SIGTERM');
    worker.kill('SIGTERM');
    await Promise.all([api, worker].map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))));
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
