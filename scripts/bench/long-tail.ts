// The mix "long tail under writes" (issue 15): the directory as crawlers and visitors spread over it
// while the data changes.
//   - 20,000 distinct searches (long-tail-urls.ts), each request's drawn with a Zipf sampler
//     (exponent 1, seeded), at 50 connections with the answer cache on (autocannon in a thread);
//   - meanwhile a writer (long-tail-writer.ts, in another thread) posts 10 reviews a second as
//     signed-in customers and approves 2 paid applications a second as the admin, through the API
//     over HTTP, and a real worker process (worker/src/main.ts, started as `npm run dev` starts it,
//     with this mix's own Redis prefix and a local SMTP sink) recalculates ratings, geocodes and
//     sends the e-mails;
//   - before the measured seconds, the same searches and writes for BENCH_LONG_TAIL_WARM_SECONDS
//     (10; another draw from the same curve), so they measure a running site, not its cold start
//     (the writer's figures and staleness cover both);
//   - staleness: for a sample of the writes, how long after the commit an API answer (the profile,
//     a search that includes the professional) still shows the old data;
//   - the part's ceiling (ceiling.ts) at the same connections, before the warm-up and after the
//     writer is done, with the worker process up and idle; the searches' req/s as a share of it,
//     and the API's CPU per search: the process's over the measured seconds, less the load
//     thread's, the writer's and the SMTP sink's (so the API's work for the writes and the
//     probes is counted in it; decision 0034).
// What the writer changes is put back first (writer-accounts.ts resetWriterEffects), so each run
// starts from the same data.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startBenchApi, type BenchApi } from './api';
import { BUDGETS, STALENESS_MAX_MS } from './budgets';
import { measureCeilings, partCeilings, type PartCeiling } from './ceiling';
import { cpuMsPerRequest, startLoadRunner } from './load-runner';
import type { LongTailLoadInput, LongTailLoadResult } from './long-tail-load';
import { longTailPaths } from './long-tail-urls';
import type { WriterInput, WriterResult } from './long-tail-writer';
import { loadOutcodes } from './seed';
import { startSmtpSink } from './smtp-sink';
import type { AnswerCacheStats } from '../../api/src/domain/directory/answer-cache';
import type { DirectoryIndex } from '../../api/src/domain/directory/directory-index';
import { cpuMsOf, startApiCpuMeter, type ApiCpuMeter } from './meters';
import { startThread } from './thread';
import { resetWriterEffects } from './writer-accounts';

/** The measured seconds' draws, and the warm-up's: the same curve, another sequence. */
const MEASURED_SEED = 20261125;
const WARM_UP_SEED = 20261124;

export interface LongTailOptions {
  root: string;
  databaseUrl: string;
  redisPrefix: string;
  seconds: number;
  /** Seconds of the same searches (another draw of them) and writes before the measured ones (not judged). */
  warmSeconds: number;
  connections: number;
  pool: number;
  reviewsPerSecond: number;
  approvalsPerSecond: number;
  /** Zipf exponent of the search popularity. */
  exponent: number;
  log: (line: string) => void;
}

export interface LongTailResult {
  name: string;
  urls: number;
  connections: number;
  seconds: number;
  exponent: number;
  /** The warm-up's own figures (from a cold cache and a fresh process; not judged), or null without one. */
  warmUp: LongTailLoadResult | null;
  load: LongTailLoadResult;
  /** Share of the directory answers served from the answer cache during the run, %. */
  cacheHitPercent: number | null;
  /** Kept pages the writes gave a new total instead of forgetting them (AnswerCache.recount). */
  pagesRecounted: number;
  writer: WriterResult;
  /** E-mails the worker delivered to the SMTP sink during the run (approvals, new reviews). */
  emailsDelivered: number;
  /** The ceiling at the load's connections, before the warm-up and after the writer. */
  ceiling: PartCeiling;
  ceilingAnswer: BenchApi['ceilingAnswer'];
  /** The API's CPU time over the measured seconds, ms, and per search answered. */
  apiCpuMs: number | null;
  apiCpuMsPerRequest: number | null;
  budget: typeof BUDGETS.longTail & { stalenessMaxMs: number };
}

async function startWorkerProcess(root: string, env: NodeJS.ProcessEnv, logFile: string): Promise<ChildProcess> {
  mkdirSync(path.dirname(logFile), { recursive: true });
  const out = createWriteStream(logFile);
  // As `npm run dev` runs it (scripts/lib/stack.ts serverCommands): from source with tsx.
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  return child;
}

async function stopWorkerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function waitForWorker(bench: BenchApi, child: ChildProcess): Promise<void> {
  const started = Date.now();
  const queue = bench.api.queues.get('email');
  while ((await queue.getWorkersCount()) === 0) {
    if (child.exitCode !== null) throw new Error(`the worker exited (${child.exitCode}) before it connected: see bench/results/long-tail-worker.log`);
    if (Date.now() - started > 60_000) throw new Error('the worker did not connect to the queues within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Waits (up to 30 s) until the worker process has done starting: under a second's CPU for each 10 of
 * wall time. Its start (compiling, connecting, its schedules) would otherwise load the machine
 * during the ceiling measured next, which is meant with the worker up and idle (decision 0034).
 */
async function waitForIdle(child: ChildProcess): Promise<void> {
  const started = Date.now();
  let before = cpuMsOf(child.pid);
  while (before !== null && Date.now() - started < 30_000) {
    await new Promise((r) => setTimeout(r, 1_000));
    const now = cpuMsOf(child.pid);
    if (now === null || now - before < 100) return;
    before = now;
  }
}

/** Puts back what a writer did (before the run, and after it, so later parts see the seeded data). */
async function putBack(databaseUrl: string, log: (line: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const undone = await resetWriterEffects(client);
    if (undone.reviews || undone.applications) log(`put back what the writer did (${undone.reviews} reviews, ${undone.applications} approvals)`);
  } finally {
    await client.end();
  }
}

export async function runLongTail(o: LongTailOptions): Promise<LongTailResult> {
  await putBack(o.databaseUrl, o.log);
  const paths = longTailPaths({ outcodes: loadOutcodes(o.root).map((c) => c.outcode) });
  const redisPrefix = `${o.redisPrefix}longtail`;
  const smtp = await startSmtpSink();
  const bench = await startBenchApi({ databaseUrl: o.databaseUrl, redisPrefix, cacheMb: 64, pool: o.pool });
  const worker = await startWorkerProcess(
    o.root,
    {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: o.databaseUrl,
      DATABASE_POOL_MAX: '4',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: redisPrefix,
      SMTP_URL: smtp.url,
      PUBLIC_URL: bench.baseUrl,
      API_URL: bench.baseUrl,
    },
    path.join(o.root, 'bench', 'results', 'long-tail-worker.log'),
  );
  const runner = await startLoadRunner();
  try {
    await waitForWorker(bench, worker);
    await waitForIdle(worker);
    const { runs: ceilingBefore, warmSeconds: ceilingWarmSeconds } = await measureCeilings(runner, bench.baseUrl, [o.connections], true);
    o.log(`ceiling before: ${ceilingBefore.get(o.connections)!.reqPerSec} req/s at ${o.connections} connections (after ${ceilingWarmSeconds} s of warm-up)`);
    // Warm the pool, the plans and the 100 most asked searches (the head of the Zipf curve: ranks
    // follow the order of `paths`). The load thread then serves the same traffic for warmSeconds
    // (another draw from the same Zipf curve), the writer already writing, before the measured
    // seconds, so they see a running site under writes: its cache holding what it has been asked
    // and what the writes left of it, its code (and the load generator's) compiled. Without it
    // the measured window began with a cold start, which alone held most of its slowest 1%; and
    // after a warm-up without writes, the first writes' forgetting held its first seconds
    // (decision 0025). The warm-up's own figures are printed beside.
    for (const p of paths.slice(0, 100)) await fetch(`${bench.baseUrl}${p}`).then((r) => r.arrayBuffer());

    const writerInput: WriterInput = {
      role: 'long-tail-writer',
      baseUrl: bench.baseUrl,
      databaseUrl: o.databaseUrl,
      // Through the warm-up too: the measured seconds start under writes already going on.
      seconds: o.warmSeconds + o.seconds,
      reviewsPerSecond: o.reviewsPerSecond,
      approvalsPerSecond: o.approvalsPerSecond,
      probeEveryReview: 5,
      customers: 10,
    };
    let markReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    const writer = startThread<WriterResult>(new URL('./long-tail-writer.ts', import.meta.url), writerInput, (m) => {
      if ((m as { kind?: string }).kind === 'ready') markReady();
    });
    await Promise.race([ready, writer.result]);

    const mailsBefore = await smtp.received();
    // Taken when the measured seconds start (after the warm-up, when there is one).
    let before!: AnswerCacheStats;
    let indexBefore: DirectoryIndex['counts'] | null = null;
    let warmUp: LongTailLoadResult | null = null;
    let apiCpu!: ApiCpuMeter;
    const startMeasuring = () => {
      apiCpu = startApiCpuMeter([load, writer, smtp.thread, runner.thread]);
      before = bench.api.deps.answers.stats();
      indexBefore = bench.api.deps.directory ? { ...bench.api.deps.directory.counts } : null;
    };
    const loadInput: LongTailLoadInput = {
      role: 'long-tail-load',
      baseUrl: bench.baseUrl,
      paths,
      connections: o.connections,
      seconds: o.seconds,
      exponent: o.exponent,
      seed: MEASURED_SEED,
      warmSeconds: o.warmSeconds,
      warmSeed: WARM_UP_SEED,
    };
    const load = startThread<LongTailLoadResult>(new URL('./long-tail-load.ts', import.meta.url), loadInput, (m) => {
      const message = m as { kind?: string; value?: LongTailLoadResult };
      if (message.kind !== 'warmed') return;
      warmUp = message.value!;
      o.log(`warm-up (${o.warmSeconds} s of the same searches and writes, from a cold cache; not judged): ${warmUp.reqPerSec} req/s, p50 ${warmUp.p50Ms} ms, p99 ${warmUp.p99Ms} ms, max ${warmUp.maxMs} ms, ${warmUp.distinctAsked} distinct asked`);
      startMeasuring();
    });
    writer.post({ kind: 'start' });
    if (o.warmSeconds <= 0) {
      // Before the load thread has loaded its module and begun: its CPU time is known from its start.
      await load.started;
      startMeasuring();
    }
    const loadResult = await load.result;
    const apiCpuMs = apiCpu.stop();
    const after = bench.api.deps.answers.stats();
    const counts = bench.api.deps.directory?.counts;
    if (counts && indexBefore) {
      // The measured seconds alone (the warm-up's searches are not counted); the longest refresh of the whole run.
      const since = (key: Exclude<keyof typeof counts, 'refreshMaxMs'>) => counts[key] - indexBefore![key];
      const index = { answered: since('answered'), toSql: since('toSql'), refreshes: since('refreshes'), refreshMs: since('refreshMs'), refreshFailures: since('refreshFailures'), loads: since('loads'), refreshMaxMs: counts.refreshMaxMs };
      console.log(`  directory index during the mix: ${index.answered} searches answered, ${index.toSql} left to SQL, ` +
        `${index.refreshes} refreshes (mean ${(index.refreshMs / Math.max(1, index.refreshes)).toFixed(1)} ms, max ${index.refreshMaxMs.toFixed(0)} ms), ` +
        `${index.refreshFailures} failed, ${index.loads} loads`);
    }
    console.log(`  answer cache during the mix: ${after.recounted - before.recounted} kept pages given a new total instead of being forgotten; ${after.entries} answers kept at the end`);
    const writerResult = await writer.result;
    await Promise.all([load.stop(), writer.stop()]);
    const { runs: ceilingAfter } = await measureCeilings(runner, bench.baseUrl, [o.connections], false);
    o.log(`ceiling after: ${ceilingAfter.get(o.connections)!.reqPerSec} req/s at ${o.connections} connections`);
    const asked = after.hits - before.hits + (after.misses - before.misses);
    return {
      name: 'long tail under writes',
      urls: paths.length,
      connections: o.connections,
      seconds: o.seconds,
      exponent: o.exponent,
      warmUp,
      load: loadResult,
      cacheHitPercent: asked > 0 ? Math.round((1000 * (after.hits - before.hits)) / asked) / 10 : null,
      pagesRecounted: after.recounted - before.recounted,
      writer: writerResult,
      emailsDelivered: (await smtp.received()) - mailsBefore,
      ceiling: partCeilings(ceilingBefore, ceilingAfter).get(o.connections)!,
      ceilingAnswer: bench.ceilingAnswer,
      apiCpuMs,
      apiCpuMsPerRequest: cpuMsPerRequest(apiCpuMs, loadResult.requests),
      budget: { ...BUDGETS.longTail, stalenessMaxMs: STALENESS_MAX_MS },
    };
  } finally {
    await runner.stop();
    await stopWorkerProcess(worker);
    await bench.close();
    await smtp.close();
    await putBack(o.databaseUrl, o.log);
  }
}
