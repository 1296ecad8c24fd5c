// What /api/metrics reports, in Prometheus' text format (prom-client, one registry per app):
//   itc_http_request_duration_seconds{method,route}  histogram per route pattern (never the raw URL)
//   itc_http_errors_total{method,route,class}         4xx and 5xx answers per route
//   itc_queue_jobs{queue,state}                       waiting/active/delayed/failed, read at scrape time
//   itc_job_duration_seconds{queue,outcome}           histogram of every worker's jobs (from Redis,
//                                                      core/job-metrics.ts: N workers add into one hash)
//   itc_answer_cache_{hits,misses}_total, _entries, _bytes, _live   this process's answer cache
//   itc_client_errors_reported_total{source}         front-end error reports stored (product rule 37)
//   itc_api_process_* / itc_api_nodejs_*              prom-client's process metrics (CPU, memory,
//                                                      event-loop lag)
// The HTTP and answer-cache figures are this API process's own (each process is scraped on its
// own); queue depths and job durations are the deployment's, the same from any process.
// docs/decisions/0014-observability.md says why.
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { JOB_DURATION_BUCKETS, JOB_OUTCOMES, jobDurationKey } from '../../../../core/job-metrics';
import type { ClientErrorSource } from '../../../../core/client-error-limits';
import { QUEUE_NAMES } from '../../../../core/jobs';
import type { AnswerCache } from '../directory/answer-cache';

/** Job states whose counts are reported per queue. */
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
/** Request latency buckets (seconds): the budgets are 20–300 ms, so most resolution sits below 1 s. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  /** Counts one answered request under its route pattern. */
  observeRequest(request: { method: string; route: string; status: number; seconds: number }): void;
  /** Counts one front-end error report stored (POST /api/client-errors). */
  countClientError(source: ClientErrorSource): void;
  /** The whole text exposition (reads the queues and Redis). */
  render(): Promise<{ contentType: string; body: string }>;
}

export function createMetrics({
  queues,
  redis,
  redisPrefix,
  answers,
  directory = null,
}: {
  /** The queue of each name (created on first use). */
  queues: (name: (typeof QUEUE_NAMES)[number]) => Queue;
  redis: Redis;
  redisPrefix: string;
  answers: AnswerCache;
  directory?: { readonly ready: boolean; readonly size: number; readonly counts: { readonly refreshes: number; readonly refreshMs: number } } | null;
}): Metrics {
  const registry = new Registry();
  // Process metrics start with the first scrape (an app that is never scraped, as in most tests,
  // sets up no event-loop monitor).
  let processMetrics = false;

  const latency = new Histogram({
    name: 'itc_http_request_duration_seconds',
    help: 'Time from the request arriving to its answer, per route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'itc_http_errors_total',
    help: 'Answers with a 4xx or 5xx status, per route pattern.',
    labelNames: ['method', 'route', 'class'] as const,
    registers: [registry],
  });

  const clientErrors = new Counter({
    name: 'itc_client_errors_reported_total',
    help: 'Front-end error reports stored, per where the SPA caught them (product rule 37).',
    labelNames: ['source'] as const,
    registers: [registry],
  });

  new Gauge({
    name: 'itc_queue_jobs',
    help: 'Jobs in each queue by state, read from BullMQ at scrape time.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const counts = await Promise.all(QUEUE_NAMES.map((name) => queues(name).getJobCounts(...QUEUE_STATES)));
      QUEUE_NAMES.forEach((queue, i) => {
        for (const state of QUEUE_STATES) this.set({ queue, state }, counts[i]![state] ?? 0);
      });
    },
  });

  const cacheCounter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  const cacheGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  cacheCounter('itc_answer_cache_hits_total', 'Directory answers served from memory (decision 0005).', () => answers.stats().hits);
  cacheCounter('itc_answer_cache_misses_total', 'Directory answers computed from the database.', () => answers.stats().misses);
  cacheGauge('itc_answer_cache_entries', 'Answers kept in memory.', () => answers.stats().entries);
  cacheGauge('itc_answer_cache_bytes', 'Bytes of answers kept in memory.', () => answers.stats().bytes);
  cacheGauge('itc_answer_cache_live', '1 while the change feed is live (answers may be kept), else 0.', () => (answers.stats().live ? 1 : 0));
  cacheGauge('itc_directory_index_ready', '1 while searches are answered from the in-memory directory index (decision 0019), else 0.', () => (directory?.ready ? 1 : 0));
  cacheGauge('itc_directory_index_listings', 'Live listings held by the directory index.', () => directory?.size ?? 0);
  cacheCounter('itc_directory_index_refreshes_total', 'Changed listings re-read into the directory index (one per batch of NOTIFYs).', () => directory?.counts.refreshes ?? 0);
  cacheCounter('itc_directory_index_refresh_seconds_total', 'Time spent re-reading and applying those changes.', () => (directory?.counts.refreshMs ?? 0) / 1000);

  async function jobDurations(): Promise<string> {
    const batch = redis.multi();
    for (const queue of QUEUE_NAMES) batch.hgetall(jobDurationKey(redisPrefix, queue));
    const results = (await batch.exec()) ?? [];
    const lines = [
      '# HELP itc_job_duration_seconds Time the worker spent on each job, per queue and outcome (every worker process).',
      '# TYPE itc_job_duration_seconds histogram',
    ];
    QUEUE_NAMES.forEach((queue, i) => {
      const [err, hash] = results[i] ?? [];
      if (err || !hash) return;
      const fields = hash as Record<string, string>;
      for (const outcome of JOB_OUTCOMES) {
        const count = Number(fields[`${outcome}_count`] ?? 0);
        if (count === 0) continue;
        const labels = `queue="${queue}",outcome="${outcome}"`;
        for (const bound of JOB_DURATION_BUCKETS) {
          lines.push(`itc_job_duration_seconds_bucket{${labels},le="${bound}"} ${Number(fields[`${outcome}_le_${bound}`] ?? 0)}`);
        }
        lines.push(`itc_job_duration_seconds_bucket{${labels},le="+Inf"} ${count}`);
        lines.push(`itc_job_duration_seconds_sum{${labels}} ${Number(fields[`${outcome}_sum`] ?? 0)}`);
        lines.push(`itc_job_duration_seconds_count{${labels}} ${count}`);
      }
    });
    return `${lines.join('\n')}\n`;
  }

  return {
    observeRequest({ method, route, status, seconds }) {
      latency.observe({ method, route }, seconds);
      if (status >= 400) errors.inc({ method, route, class: status >= 500 ? '5xx' : '4xx' });
    },
    countClientError(source) {
      clientErrors.inc({ source });
    },
    async render() {
      if (!processMetrics) {
        collectDefaultMetrics({ register: registry, prefix: 'itc_api_' });
        processMetrics = true;
      }
      const [own, jobs] = await Promise.all([registry.metrics(), jobDurations()]);
      return { contentType: registry.contentType, body: `${own}${jobs}` };
    },
  };
}
