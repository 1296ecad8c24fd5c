// GET /api/locations: RegionSummary[] (live professionals by region, true mean rating; DECISIONS #5).
import Router from '@koa/router';
import { listRegionSummaries } from '../domain/directory/region-summaries';
import type { AppDeps } from '../deps';

export function locationsRouter({ prisma }: Pick<AppDeps, 'prisma'>): Router {
  const router = new Router();
  router.get('/locations', async (ctx) => {
    const regions = await listRegionSummaries({ prisma });
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = regions;
  });
  return router;
}
