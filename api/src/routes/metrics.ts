// GET /api/metrics: Prometheus' text format (domain/metrics/metrics.ts), for an admin's session or a
// scraper holding METRICS_TOKEN (`Authorization: Bearer <token>`); without the token configured,
// admins only. It passes the maintenance gate the same way (app.ts).
import type Router from '@koa/router';
import type { AppDeps } from '../deps';
import type { Metrics } from '../domain/metrics/metrics';
import { createRouter } from './create-router';

export function metricsRouter({ access, env }: Pick<AppDeps, 'access' | 'env'>, metrics: Metrics): Router {
  const router = createRouter();

  router.get('/metrics', access.adminOrToken(env.METRICS_TOKEN), async (ctx) => {
    const { contentType, body } = await metrics.render();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = contentType;
    ctx.body = body;
  });

  return router;
}
