// Gives every request an id: a sane incoming X-Request-Id (from a proxy or the caller) or a fresh
// one. It is echoed in the response, carried by every log line of the request (the rest of the
// request runs inside request-context.ts, which the logger's mixin reads), carried into the data of
// every job the request enqueues (queue.ts) and from there onto the worker's log lines, and quoted
// in 500 messages so a user's report can be matched with the logs.
// An incoming id is a correlation label, never trusted for anything else: only letters, digits, '.',
// '_' and '-', at most 64 characters (it cannot break a log line or a job's data), otherwise a new
// UUID (docs/decisions/0014-observability.md).
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { REQUEST_ID_PATTERN } from '../../../core/jobs';
import { requestContext } from '../request-context';

export const REQUEST_ID_HEADER = 'X-Request-Id';

export function requestId(logger: Logger): Middleware {
  return (ctx, next) => {
    const incoming = ctx.get(REQUEST_ID_HEADER);
    const id = REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    // The logger's mixin adds the id from the request context (a child binding would repeat it).
    ctx.state.log = logger;
    ctx.set(REQUEST_ID_HEADER, id);
    return requestContext.run({ requestId: id }, next);
  };
}
