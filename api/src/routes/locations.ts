// GET /api/locations: RegionSummary[] (live professionals by region, true mean rating; product
// rule 5), the answer the server also renders /locations with (domain/directory/directory-answers.ts).
import type Router from '@koa/router';
import { SUMMARY_PATHS } from '../../../core/api-paths';
import { sendAnswer } from './send-answer';
import type { AppDeps } from '../deps';
import { createRouter } from './create-router';

export function locationsRouter({ access, directoryAnswers }: Pick<AppDeps, 'access' | 'directoryAnswers'>): Router {
  const router = createRouter();
  router.get(SUMMARY_PATHS.locations, access.public, async (ctx) => {
    sendAnswer(ctx, await directoryAnswers.locations());
  });
  return router;
}
