// Jobs that run on a clock, added by BullMQ's job scheduler: one scheduler per job, upserted at
// every worker start (idempotent: several workers, or a restart, keep one schedule), in UK time.
//   anonymise-archived-accounts  daily at 03:30 (product rule 14)
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DEFAULT_JOB_OPTIONS, JOBS, queuePrefix } from '../../core/jobs';

export const RETENTION_SCHEDULER_ID = 'anonymise-archived-accounts-daily';
export const RETENTION_PATTERN = '30 3 * * *';
export const SCHEDULE_TIME_ZONE = 'Europe/London';

/** Upserts every schedule; returns the queues it opened (the caller closes them). */
export async function scheduleRecurringJobs({ redis, redisPrefix }: { redis: Redis; redisPrefix: string }): Promise<Queue[]> {
  const job = JOBS.anonymiseArchivedAccounts;
  const queue = new Queue(job.queue, { connection: redis, prefix: queuePrefix(redisPrefix) });
  const { attempts, backoff, removeOnComplete, removeOnFail } = DEFAULT_JOB_OPTIONS;
  await queue.upsertJobScheduler(
    RETENTION_SCHEDULER_ID,
    { pattern: RETENTION_PATTERN, tz: SCHEDULE_TIME_ZONE },
    { name: job.name, data: job.payload.parse({}), opts: { attempts, backoff, removeOnComplete, removeOnFail } },
  );
  return [queue];
}
