// The job a piece of worker code runs for: the processor (start-worker.ts) runs each job inside this
// store, so the logger's mixin (logger.ts) puts the job's request id on every line logged during the
// job, and the jobs it enqueues carry the same id on (core/jobs.ts withJobMeta).
import { AsyncLocalStorage } from 'node:async_hooks';

export interface JobRunContext {
  requestId: string;
}

export const jobContext = new AsyncLocalStorage<JobRunContext>();

export function currentRequestId(): string | undefined {
  return jobContext.getStore()?.requestId;
}
