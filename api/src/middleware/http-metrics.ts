// Times every request and counts its errors under the route pattern the router matched
// ('/api/professionals/:slug'), never the raw URL, so the number of series stays bounded whatever
// paths callers invent. Sits beside request-log.ts, outside the error middleware, so it sees the
// status the client really received.
import type { Context, Middleware } from 'koa';
import type { Metrics } from '../domain/metrics/metrics';

/** Doors answered by middleware rather than a router: their own label. */
const MIDDLEWARE_DOORS = new Set(['/api/stripe/webhook']);

/** The route label of an answered request. */
export function routeLabel(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (MIDDLEWARE_DOORS.has(ctx.path)) return ctx.path;
  if (ctx.path.startsWith('/api/')) return '/api/(no route)';
  if (ctx.path === '/admin/queues' || ctx.path.startsWith('/admin/queues/')) return '/admin/queues';
  return '(pages and files)';
}

export function httpMetrics(metrics: Metrics): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeRequest({ method: ctx.method, route: routeLabel(ctx), status: ctx.status, seconds });
    }
  };
}
