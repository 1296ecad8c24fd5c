// One structured line per request: method, path (no query string: it may carry tokens), status,
// duration and request id. Never bodies, never cookies. Sits outside the error middleware so it
// logs the status the client really received.
import type { Middleware } from 'koa';

export function requestLog(): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const status = ctx.status;
      const line = { method: ctx.method, path: ctx.path, status, ms: Math.round(ms * 10) / 10 };
      if (status >= 500) ctx.state.log.error(line, 'request');
      else ctx.state.log.info(line, 'request');
    }
  };
}
