// The request a piece of code runs for, without passing it down: the request-id middleware runs the
// rest of the request inside this store, so the logger (logger.ts, its mixin) puts the request id on
// every line logged during the request, whichever logger the code holds, and the producers
// (queue.ts) carry it into the job data of every job the request enqueues.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The id of the request under way, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}
