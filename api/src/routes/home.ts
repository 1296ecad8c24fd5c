// GET /api/home: HomeSummary (category counts, top rated, live statistics; DECISIONS #6, #18).
import Router from '@koa/router';
import { getHomeSummary } from '../domain/directory/home-summary';
import type { AppDeps } from '../deps';

export function homeRouter({ prisma }: Pick<AppDeps, 'prisma'>): Router {
  const router = new Router();
  router.get('/home', async (ctx) => {
    const summary = await getHomeSummary({ prisma });
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = summary;
  });
  return router;
}
