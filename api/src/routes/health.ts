// GET /api/health: the process is alive (no I/O, for liveness probes).
// GET /api/ready: each dependency with its status and latency (domain/health/check-readiness.ts);
// 503 with a message naming what failed when a required one (PostgreSQL, Redis) does. `npm start`,
// the e2e runner and the benches poll it.
import type Router from '@koa/router';
import { checkReadiness, type ReadinessDeps } from '../domain/health/check-readiness';
import type { AppDeps } from '../deps';
import { createRouter } from './create-router';

export function healthRouter({
  prisma,
  redis,
  access,
  feeds,
  directoryIndex,
  workerQueue,
}: Pick<AppDeps, 'prisma' | 'redis' | 'access'> & Pick<ReadinessDeps, 'feeds' | 'directoryIndex' | 'workerQueue'>): Router {
  const router = createRouter();

  router.get('/health', access.public, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });

  router.get('/ready', access.public, async (ctx) => {
    const readiness = await checkReadiness({ prisma, redis, feeds, directoryIndex, workerQueue });
    ctx.set('Cache-Control', 'no-store');
    const problems = Object.values(readiness.checks).filter((check) => check.status !== 'ok' && check.status !== 'off');
    if (readiness.isReady) {
      ctx.body = { status: problems.length === 0 ? 'ok' : 'degraded', checks: readiness.checks };
      return;
    }
    const failed = problems.filter((check) => check.required).map((check) => check.message);
    ctx.status = 503;
    ctx.body = {
      error: { code: 'unavailable', message: `Not ready: ${failed.join('; ')}.` },
      checks: readiness.checks,
    };
  });

  return router;
}
