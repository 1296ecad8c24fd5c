// Job durations per queue, shared by the worker (which records them) and the API (whose
// /api/metrics reads them): one Redis hash per queue holding a cumulative histogram, so N worker
// processes add into the same counters with HINCRBY and any API process can report them
// (docs/decisions/0014-observability.md). Counters only grow; Prometheus handles a reset.

/** Upper bounds (seconds) of the histogram's buckets; +Inf is the count. */
export const JOB_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60] as const;

export type JobOutcome = 'completed' | 'failed';
export const JOB_OUTCOMES: readonly JobOutcome[] = ['completed', 'failed'];

/** The hash of one queue's job durations ('itc' → 'itc_metrics_job-duration_email'). */
export function jobDurationKey(redisPrefix: string, queue: string): string {
  return `${redisPrefix}_metrics_job-duration_${queue}`;
}

/** Hash fields: `<outcome>_le_<bound>` per bucket, `<outcome>_count`, `<outcome>_sum` (seconds). */
export function jobDurationFields(outcome: JobOutcome, seconds: number): { buckets: string[]; count: string; sum: string } {
  return {
    buckets: JOB_DURATION_BUCKETS.filter((bound) => seconds <= bound).map((bound) => `${outcome}_le_${bound}`),
    count: `${outcome}_count`,
    sum: `${outcome}_sum`,
  };
}
