// Jobs that run on a clock, added by BullMQ's job scheduler: one scheduler per job, upserted at
// every worker start (idempotent: several workers, or a restart, keep one schedule), in UK time.
//   anonymise-archived-accounts  daily at 03:30 (product rule 14)
//   reconcile-with-stripe        daily at 04:15 (our billing records against Stripe's; issue 29)
//   build-sitemaps               daily at 02:45 (the safety net under the change feed; decision 0039)
//   watch-credentials            daily at 00:05 (expiry reminders and removals, evidence retention; issue 34)
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DEFAULT_JOB_OPTIONS, JOBS, queuePrefix } from '../../core/jobs';

export const RETENTION_SCHEDULER_ID = 'anonymise-archived-accounts-daily';
export const RETENTION_PATTERN = '30 3 * * *';
export const STRIPE_RECONCILIATION_SCHEDULER_ID = 'reconcile-with-stripe-daily';
export const STRIPE_RECONCILIATION_PATTERN = '15 4 * * *';
export const SITEMAPS_SCHEDULER_ID = 'build-sitemaps-daily';
export const SITEMAPS_PATTERN = '45 2 * * *';
export const CREDENTIALS_SCHEDULER_ID = 'watch-credentials-daily';
export const CREDENTIALS_PATTERN = '5 0 * * *';
export const SCHEDULE_TIME_ZONE = 'Europe/London';

const SCHEDULES = [
  { id: RETENTION_SCHEDULER_ID, pattern: RETENTION_PATTERN, job: 'anonymiseArchivedAccounts' },
  { id: STRIPE_RECONCILIATION_SCHEDULER_ID, pattern: STRIPE_RECONCILIATION_PATTERN, job: 'reconcileWithStripe' },
  { id: SITEMAPS_SCHEDULER_ID, pattern: SITEMAPS_PATTERN, job: 'buildSitemaps' },
  { id: CREDENTIALS_SCHEDULER_ID, pattern: CREDENTIALS_PATTERN, job: 'watchCredentials' },
] as const;

/** Upserts every schedule; returns the queues it opened (the caller closes them). */
export async function scheduleRecurringJobs({ redis, redisPrefix }: { redis: Redis; redisPrefix: string }): Promise<Queue[]> {
  const queues = new Map<string, Queue>();
  const { backoff, removeOnComplete, removeOnFail } = DEFAULT_JOB_OPTIONS;
  for (const schedule of SCHEDULES) {
    const contract = JOBS[schedule.job];
    let queue = queues.get(contract.queue);
    if (!queue) {
      queue = new Queue(contract.queue, { connection: redis, prefix: queuePrefix(redisPrefix) });
      queues.set(contract.queue, queue);
    }
    const attempts = 'options' in contract ? contract.options.attempts : DEFAULT_JOB_OPTIONS.attempts;
    await queue.upsertJobScheduler(
      schedule.id,
      { pattern: schedule.pattern, tz: SCHEDULE_TIME_ZONE },
      { name: contract.name, data: contract.payload.parse({}), opts: { attempts, backoff, removeOnComplete, removeOnFail } },
    );
  }
  return [...queues.values()];
}
