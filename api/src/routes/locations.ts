// GET /api/locations: RegionSummary[] (live professionals by region, true mean rating; DECISIONS #5).
import Router from '@koa/router';
import { sendAnswer } from '../domain/directory/answer-cache';
import { listRegionSummaries } from '../domain/directory/region-summaries';
import type { AppDeps } from '../deps';

export function locationsRouter({ prisma, answers }: Pick<AppDeps, 'prisma' | 'answers'>): Router {
  const router = new Router();
  const answer = () =>
    answers.answer('locations', async () => ({
      body: await listRegionSummaries({ prisma }),
      headers: { 'Cache-Control': 'public, max-age=60' },
    }));
  answers.keepWarm(answer);
  router.get('/locations', async (ctx) => {
    sendAnswer(ctx, (await answer())!);
  });
  return router;
}
