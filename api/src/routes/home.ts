// GET /api/home: HomeSummary (category counts, top rated, live statistics; product rules 6 and 18),
// the answer the server also renders the home page with (domain/directory/directory-answers.ts).
import type Router from '@koa/router';
import { SUMMARY_PATHS } from '../../../core/api-paths';
import { sendAnswer } from './send-answer';
import type { AppDeps } from '../deps';
import { createRouter } from './create-router';

export function homeRouter({ access, directoryAnswers }: Pick<AppDeps, 'access' | 'directoryAnswers'>): Router {
  const router = createRouter();
  router.get(SUMMARY_PATHS.home, access.public, async (ctx) => {
    sendAnswer(ctx, await directoryAnswers.home());
  });
  return router;
}
