// GET /api/health: the process is alive (no I/O, for liveness probes).
// GET /api/ready: PostgreSQL and Redis answer (for readiness probes and `npm start`).
import type Router from '@koa/router';
import { checkReadiness } from '../domain/health/check-readiness';
import type { AppDeps } from '../deps';
import { createRouter } from './create-router';

export function healthRouter({ prisma, redis, access }: Pick<AppDeps, 'prisma' | 'redis' | 'access'>): Router {
  const router = createRouter();

  router.get('/health', access.public, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });

  router.get('/ready', access.public, async (ctx) => {
    const readiness = await checkReadiness({ prisma, redis });
    ctx.set('Cache-Control', 'no-store');
    if (readiness.isReady) {
      ctx.body = { status: 'ok', checks: readiness.checks };
      return;
    }
    const failed = Object.entries(readiness.checks)
      .filter(([, result]) => result !== 'ok')
      .map(([name, result]) => `${name === 'database' ? 'PostgreSQL' : 'Redis'} (${result === 'timeout' ? 'no answer within 1 s' : 'error'})`);
    ctx.status = 503;
    ctx.body = {
      error: { code: 'unavailable', message: `Not ready: ${failed.join(', ')}.` },
      checks: readiness.checks,
    };
  });

  return router;
}
