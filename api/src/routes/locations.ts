// GET /api/locations: RegionSummary[] (live professionals by region, true mean rating; product rule 5).
import type Router from '@koa/router';
import { sendAnswer } from './send-answer';
import { listRegionSummaries } from '../domain/directory/region-summaries';
import type { AppDeps } from '../deps';
import { createRouter } from './create-router';

export function locationsRouter({ prisma, answers, access, directory }: Pick<AppDeps, 'prisma' | 'answers' | 'access' | 'directory'>): Router {
  const router = createRouter();
  const answer = () =>
    answers.answer('locations', async () => ({
      body: await listRegionSummaries({ prisma, directory }),
      headers: { 'Cache-Control': 'public, max-age=60' },
    }));
  answers.keepWarm(answer);
  router.get('/locations', access.public, async (ctx) => {
    sendAnswer(ctx, (await answer())!);
  });
  return router;
}
