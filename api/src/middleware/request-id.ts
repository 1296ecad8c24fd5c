// Gives every request an id: a sane incoming X-Request-Id (from a proxy or the caller) or a fresh
// one. It is echoed in the response, carried by every log line, and quoted in 500 messages so a
// user's report can be matched with the logs.
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get(REQUEST_ID_HEADER);
    const id = SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.state.log = logger.child({ reqId: id });
    ctx.set(REQUEST_ID_HEADER, id);
    await next();
  };
}
