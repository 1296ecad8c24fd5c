// Producers: the API's side of the job contracts in core/jobs.ts. One BullMQ Queue per queue
// name, created on first use, on one Redis connection of their own (a duplicate of the app's, with
// the same fault behaviour: redis-options.ts) and the deployment's prefix. Not on the app's own
// connection: BullMQ defines its ~50 scripts on the client it is given, and ioredis copies every
// script onto each pipeline it makes, so the app's auto-pipelined session and rate-limit commands
// (redis-options.ts) spent 4% of the API's thread under load building pipelines.
// enqueue() validates the payload with the contract's schema and uses its deterministic job id,
// so enqueueing the same work twice does it once; a job that failed for good is retried instead.
// Enqueue after the database transaction commits (docs/architecture.md, Jobs).
// The job's data also carries the id of the request under way (`meta`, core/jobs.ts withJobMeta),
// outside the payload the id is made from, so the worker logs the job with the request's id.
import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { JOBS, QUEUE_NAMES, isDeduplicated, jobOptions, queuePrefix, withJobMeta, type JobKey, type JobPayload, type QueueName } from '../../core/jobs';
import { currentRequestId } from './request-context';

export type EnqueueOutcome = 'added' | 'exists' | 'retried';

export interface Queues {
  /** Adds the job unless a job with its id exists; a failed one is retried. */
  enqueue<K extends JobKey>(key: K, payload: z.input<(typeof JOBS)[K]['payload']>): Promise<{ jobId: string; outcome: EnqueueOutcome }>;
  /**
   * Adds the job in one round trip (BullMQ ignores an id it has), without looking for a failed one
   * to retry: for hot paths whose caller retries on its own (Stripe redelivers a webhook).
   */
  add<K extends JobKey>(key: K, payload: z.input<(typeof JOBS)[K]['payload']>): Promise<void>;
  /** The queue of that name (created on first use). */
  get(name: QueueName): Queue;
  /** Every core queue (creates them): for Bull Board. */
  all(): Queue[];
  /** Closes the queues created so far and their connection; the app's Redis connection stays open for its owner. */
  close(): Promise<void>;
}

/** The payload with the current request's id beside it (the job id is made from the payload alone). */
function withMeta(payload: object): object {
  return withJobMeta(payload, { requestId: currentRequestId() });
}

export function createQueues({
  redis,
  redisPrefix,
  logger,
}: {
  redis: Redis;
  redisPrefix: string;
  logger: Logger;
}): Queues {
  const queues = new Map<QueueName, Queue>();
  let connection: Redis | null = null;
  const prefix = queuePrefix(redisPrefix);
  let lastErrorLogged = 0;

  function get(name: QueueName): Queue {
    let queue = queues.get(name);
    if (!queue) {
      connection ??= redis.duplicate({ enableAutoPipelining: false });
      queue = new Queue(name, { connection, prefix });
      // While Redis is away every queue reports each reconnection attempt: one line per 10 s in all.
      queue.on('error', (err) => {
        if (Date.now() - lastErrorLogged < 10_000) return;
        lastErrorLogged = Date.now();
        logger.warn({ err, queue: name }, 'queue error');
      });
      queues.set(name, queue);
    }
    return queue;
  }

  async function enqueue<K extends JobKey>(
    key: K,
    payload: z.input<(typeof JOBS)[K]['payload']>,
  ): Promise<{ jobId: string; outcome: EnqueueOutcome }> {
    const job = JOBS[key];
    const data = job.payload.parse(payload);
    const options = jobOptions(key, data as JobPayload<K>);
    const jobId = job.jobId(data as never);
    const queue = get(job.queue);
    // A deduplicated contract's id is not the job's own: BullMQ keeps at most one job running and
    // one waiting for it, and a failed one is not retried by a later change (the next job redoes it).
    if (isDeduplicated(key)) {
      await queue.add(job.name, withMeta(data), options);
      return { jobId, outcome: 'added' };
    }

    const existing = await queue.getJob(jobId);
    if (existing) {
      if ((await existing.getState()) !== 'failed') return { jobId, outcome: 'exists' };
      try {
        await existing.retry('failed');
        logger.info({ queue: job.queue, jobId }, 'failed job retried on re-enqueue');
        return { jobId, outcome: 'retried' };
      } catch (err) {
        // Another producer retried it first, or it left the failed state meanwhile.
        logger.debug({ err, queue: job.queue, jobId }, 'failed job already moved on');
        return { jobId, outcome: 'exists' };
      }
    }
    // BullMQ ignores an add whose job id exists, so a race between two producers adds one job.
    await queue.add(job.name, withMeta(data), options);
    return { jobId, outcome: 'added' };
  }

  async function add<K extends JobKey>(key: K, payload: z.input<(typeof JOBS)[K]['payload']>): Promise<void> {
    const job = JOBS[key];
    const data = job.payload.parse(payload);
    await get(job.queue).add(job.name, withMeta(data), jobOptions(key, data as JobPayload<K>) as JobsOptions);
  }

  return {
    enqueue,
    add,
    get,
    all: () => QUEUE_NAMES.map(get),
    close: async () => {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      queues.clear();
      await connection?.quit().catch(() => connection?.disconnect());
      connection = null;
    },
  };
}
