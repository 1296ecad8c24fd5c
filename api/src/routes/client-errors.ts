// POST /api/client-errors (product rule 37): an error the SPA caught (a page's or the map's error
// boundary, an uncaught error, a rejected promise), from anyone, signed in or not. Same-origin like
// every write (middleware/same-origin.ts), a body of at most 16 KB (app.ts's jsonBody: 413 beyond),
// parsed, then CLIENT_ERROR_LIMIT_PER_IP per hour; stored in its group and counted in /api/metrics.
// Answers 202 with no body: the reporter reads nothing back.
// GET /api/admin/client-errors: the groups for the admin dashboard's 'Reported errors', admins only.
import type Router from '@koa/router';
import { ClientErrorInput } from '../../../core/client-errors';
import type { AppDeps } from '../deps';
import { listClientErrors } from '../domain/client-errors/list-client-errors';
import { recordClientError } from '../domain/client-errors/record-client-error';
import type { Metrics } from '../domain/metrics/metrics';
import { createRouter } from './create-router';

export function clientErrorsRouter({ env, prisma, limits, access }: Pick<AppDeps, 'env' | 'prisma' | 'limits' | 'access'>, metrics: Pick<Metrics, 'countClientError'>): Router {
  const router = createRouter();
  const perIp = limits.limiter({ keyPrefix: 'client-errors-ip', points: env.CLIENT_ERROR_LIMIT_PER_IP, duration: 3600 });

  router.post('/client-errors', access.public, async (ctx) => {
    const report = ClientErrorInput.parse(ctx.request.body);
    await perIp.consume(ctx.ip, ctx.state.log);
    await recordClientError({ prisma }, report);
    metrics.countClientError(report.source);
    // Koa answers a bare status with its text: an explicit null body first, then the status.
    ctx.body = null;
    ctx.status = 202;
  });

  router.get('/admin/client-errors', access.only('admin'), async (ctx) => {
    ctx.body = await listClientErrors({ prisma });
  });

  return router;
}
