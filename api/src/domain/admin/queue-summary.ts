// GET /api/admin/queues: how many jobs wait, run, are delayed, failed or done in each queue of
// core/jobs.ts (BullMQ's own counts), for the dashboard's summary. Bull Board (/admin/queues) shows
// the jobs themselves and retries failed ones.
import type { QueueSummary } from '../../../../core/admin';
import { QUEUE_NAMES } from '../../../../core/jobs';
import type { Queues } from '../../queue';

export async function summariseQueues({ queues }: { queues: Pick<Queues, 'get'> }): Promise<QueueSummary[]> {
  return Promise.all(
    QUEUE_NAMES.map(async (name) => {
      const counts = await queues.get(name).getJobCounts('waiting', 'prioritized', 'waiting-children', 'active', 'delayed', 'failed', 'completed');
      return {
        name,
        // Prioritised jobs and parents waiting for children are waiting too.
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts['waiting-children'] ?? 0),
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        failed: counts.failed ?? 0,
        completed: counts.completed ?? 0,
      };
    }),
  );
}
