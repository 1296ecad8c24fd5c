// Assembles the worker: one Redis connection, one BullMQ Worker per queue that has processors,
// the adapters the processors share (Prisma, geocoder), per-job structured logs, and an orderly
// close. Each job runs inside job-context.ts with the request id its data carries (or a new one for a
// job no request caused: the clock's, the seed's), so every line it logs and every job it adds carry
// that id; its duration goes into the per-queue histogram in Redis that /api/metrics reports
// (core/job-metrics.ts). main.ts runs it as a process; integration tests run it in-process.
import { randomUUID } from 'node:crypto';
import { Queue, UnrecoverableError, Worker, type JobsOptions, type Processor, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { WorkerEnv } from '../../core/env-schema';
import { jobDurationFields, jobDurationKey, type JobOutcome } from '../../core/job-metrics';
import { JOBS, jobOptions, queuePrefix, splitJobMeta, withJobMeta, type GeocodeProfessionalPayload, type JobPayload, type QueueName, type SendEmailPayload } from '../../core/jobs';
import { createPrisma, type PrismaClient } from '../../prisma/db';
import { loadOutcodeIndex } from '../../core/geo/outcodes.server';
import { stripeClient } from './billing/stripe-client';
import { createPostcodeGeocoder } from './geocoding/postcode-geocoder';
import type { JobDeps, JobHandler } from './jobs/job-handler';
import { currentRequestId, jobContext } from './job-context';
import { JOB_HANDLERS } from './jobs/registry';
import { createLogger } from './logger';
import { startEventSweeper } from './billing/sweep-events';
import { startSitemapTriggers, type SitemapTriggers } from './jobs/sitemap-triggers';
import { scheduleRecurringJobs } from './schedules';

export interface StartWorkerOptions {
  env: WorkerEnv;
  /** A client the caller owns (tests); without one the worker creates and disconnects its own. */
  prisma?: PrismaClient;
  logger?: Logger;
}

export interface RunningWorker {
  /** The BullMQ Worker of each queue with processors (tests listen to their events). */
  workers: ReadonlyMap<QueueName, Worker>;
  /** Stops taking jobs, lets active jobs finish, then closes Redis and (if owned) Prisma. Idempotent. */
  /** One look for stored Stripe events without a job, now (the worker also looks on a timer). */
  sweepStripeEvents(): Promise<string[]>;
  close(): Promise<void>;
}

function groupByQueue(handlers: readonly JobHandler[]): Map<QueueName, Map<string, JobHandler>> {
  const byQueue = new Map<QueueName, Map<string, JobHandler>>();
  for (const handler of handlers) {
    const names = byQueue.get(handler.queue) ?? new Map<string, JobHandler>();
    if (names.has(handler.name)) throw new Error(`two processors for ${handler.queue}/${handler.name}`);
    names.set(handler.name, handler);
    byQueue.set(handler.queue, names);
  }
  return byQueue;
}

function elapsedMs(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}

/** Adds one job's duration to its queue's histogram in Redis (never fails the job). */
type RecordDuration = (queue: QueueName, outcome: JobOutcome, seconds: number) => void;

function durationRecorder(redis: Redis, redisPrefix: string, logger: Logger): RecordDuration {
  return (queue, outcome, seconds) => {
    const key = jobDurationKey(redisPrefix, queue);
    const fields = jobDurationFields(outcome, seconds);
    const batch = redis.multi();
    for (const field of fields.buckets) batch.hincrby(key, field, 1);
    batch.hincrby(key, fields.count, 1).hincrbyfloat(key, fields.sum, seconds);
    batch.exec().catch((err: unknown) => logger.warn({ err, queue }, 'job duration not recorded'));
  };
}

function createProcessor(queue: QueueName, handlers: Map<string, JobHandler>, deps: JobDeps, logger: Logger, record: RecordDuration): Processor {
  // The request that caused the job (its data's meta), or an id of its own for a job no request
  // caused; every line of the job and every job it adds carry it.
  return (job) => {
    const { meta, payload } = splitJobMeta(job.data);
    return jobContext.run({ requestId: meta.requestId ?? `job-${randomUUID()}` }, () => runJob(job, payload));
  };

  async function runJob(job: Parameters<Processor>[0], payload: unknown): Promise<unknown> {
    const attempt = job.attemptsMade + 1;
    const log = logger.child({ queue, jobId: job.id, job: job.name, attempt });
    const handler = handlers.get(job.name);
    if (!handler) {
      // A producer bug: keep the job as failed for an operator instead of retrying it.
      log.error('no processor for this job name');
      throw new UnrecoverableError(`no processor for job "${job.name}" on queue "${queue}"`);
    }
    const started = performance.now();
    log.debug('job started');
    try {
      const result = await handler.run(payload, { ...deps, job, logger: log });
      const durationMs = elapsedMs(started);
      record(queue, 'completed', durationMs / 1000);
      log.info({ durationMs, result }, 'job completed');
      return result;
    } catch (err) {
      const willRetry = !(err instanceof UnrecoverableError) && attempt < (job.opts.attempts ?? 1);
      const fields = { durationMs: elapsedMs(started), err, willRetry };
      record(queue, 'failed', fields.durationMs / 1000);
      if (willRetry) log.warn(fields, 'job failed; will retry');
      else log.error(fields, 'job failed');
      throw err;
    }
  }
}

/** A job's data as the worker adds it: the payload and the running job's request id. */
function carried(payload: object): object {
  return withJobMeta(payload, { requestId: currentRequestId() });
}

export async function startWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  const { env } = options;
  const logger = options.logger ?? createLogger(env);
  const ownsPrisma = !options.prisma;
  const prisma = options.prisma ?? createPrisma(env.DATABASE_URL, { max: env.DATABASE_POOL_MAX });

  // Loaded now so a missing table fails at boot, not in the first job, and the first job is fast.
  const outcodes = loadOutcodeIndex();
  logger.info({ outcodes: outcodes.size, loadMs: Math.round(outcodes.loadMs * 10) / 10, geocoder: env.GEOCODER }, 'outcode index loaded');
  const geocoder = createPostcodeGeocoder({
    env,
    outcodes,
    onWarning: (message, details) => logger.warn(details, message),
  });

  // BullMQ's ESM build cannot load ioredis itself, so it gets an instance. Workers block on Redis
  // and must never give up a command: maxRetriesPerRequest null (BullMQ throws otherwise).
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  redis.on('error', (err) => logger.warn({ err }, 'redis connection error'));

  // Jobs that e-mail enqueue send-email (the same contract the API uses; its id dedupes).
  const emailQueue = new Queue(JOBS.sendEmail.queue, { connection: redis, prefix: queuePrefix(env.REDIS_PREFIX) });
  const sendEmail = async (payload: SendEmailPayload) => {
    const data = JOBS.sendEmail.payload.parse(payload);
    await emailQueue.add(JOBS.sendEmail.name, carried(data), jobOptions('sendEmail', data));
  };
  // A listing made by a payment is geocoded like any other (stored coordinates; product rule 19).
  const geocodeQueue = new Queue(JOBS.geocodeProfessional.queue, { connection: redis, prefix: queuePrefix(env.REDIS_PREFIX) });
  const geocode = async (payload: GeocodeProfessionalPayload) => {
    const data = JOBS.geocodeProfessional.payload.parse(payload);
    await geocodeQueue.add(JOBS.geocodeProfessional.name, carried(data), jobOptions('geocodeProfessional', data));
  };
  // Any other contract's queue, made on first use.
  const otherQueues = new Map<QueueName, Queue>();
  const enqueue: JobDeps['enqueue'] = async (key, payload) => {
    const contract = JOBS[key];
    const data = contract.payload.parse(payload) as JobPayload<typeof key>;
    let queue = otherQueues.get(contract.queue);
    if (!queue) {
      queue = new Queue(contract.queue, { connection: redis, prefix: queuePrefix(env.REDIS_PREFIX) });
      otherQueues.set(contract.queue, queue);
    }
    await queue.add(contract.name, carried(data), jobOptions(key, data) as JobsOptions);
  };
  const deps: JobDeps = { env, prisma, geocoder, stripe: stripeClient(env), sendEmail, geocode, enqueue };

  const record = durationRecorder(redis, env.REDIS_PREFIX, logger);
  const workers = new Map<QueueName, Worker>();
  for (const [queue, handlers] of groupByQueue(JOB_HANDLERS)) {
    const extra: Pick<WorkerOptions, 'limiter' | 'concurrency'> = Object.assign({}, ...[...handlers.values()].map((h) => h.workerOptions?.(env) ?? {}));
    const worker = new Worker(queue, createProcessor(queue, handlers, deps, logger, record), {
      connection: redis,
      prefix: queuePrefix(env.REDIS_PREFIX),
      concurrency: env.WORKER_CONCURRENCY,
      // A job whose worker died (its lock not renewed) is taken up again within about this long.
      lockDuration: env.WORKER_LOCK_MS,
      stalledInterval: env.WORKER_LOCK_MS,
      // Producers set removeOnFail: false (DEFAULT_JOB_OPTIONS); the worker adds no removal of its own.
      ...extra,
    });
    worker.on('error', (err) => logger.error({ queue, err }, 'worker error'));
    worker.on('stalled', (jobId) => logger.warn({ queue, jobId }, 'job stalled; it will be retried'));
    workers.set(queue, worker);
  }

  // The clock's jobs (the daily retention run and check against Stripe): upserted at every start,
  // and again by the sweep below (Redis may lose them), one schedule however many workers.
  let scheduled: Queue[] = [];
  const reschedule = async () => {
    const opened = await scheduleRecurringJobs({ redis, redisPrefix: env.REDIS_PREFIX });
    const previous = scheduled;
    scheduled = opened;
    await Promise.all(previous.map((queue) => queue.close()));
  };
  // Stored Stripe events whose job was lost are queued again (billing/sweep-events.ts).
  const sweeper = startEventSweeper({ prisma, enqueue, logger, olderThanMs: env.STRIPE_EVENT_SWEEP_AFTER_MS, everyMs: env.STRIPE_EVENT_SWEEP_EVERY_MS, reschedule });
  // The sitemaps are built again when listings change, and at start when none is stored (decision 0039).
  let sitemapTriggers: SitemapTriggers | undefined;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      logger.info('worker closing: waiting for active jobs');
      sweeper.stop();
      await sitemapTriggers?.close();
      await Promise.all([...workers.values()].map((w) => w.close()));
      await emailQueue.close();
      await geocodeQueue.close();
      await Promise.all(scheduled.map((queue) => queue.close()));
      await Promise.all([...otherQueues.values()].map((queue) => queue.close()));
      await redis.quit().catch(() => redis.disconnect());
      if (ownsPrisma) await prisma.$disconnect();
      logger.info('worker closed');
    })();
    return closing;
  };

  try {
    await Promise.all([...workers.values()].map((w) => w.waitUntilReady()));
    await reschedule();
    sitemapTriggers = startSitemapTriggers({ databaseUrl: env.DATABASE_URL, prisma, logger, requestBuild: () => enqueue('buildSitemaps', {}) });
  } catch (err) {
    await close();
    throw err;
  }
  logger.info({ queues: [...workers.keys()], concurrency: env.WORKER_CONCURRENCY, prefix: queuePrefix(env.REDIS_PREFIX) }, 'worker started');
  return { workers, sweepStripeEvents: sweeper.runOnce, close };
}
