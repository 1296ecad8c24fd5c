// GET /api/home: HomeSummary (category counts, top rated, live statistics; DECISIONS #6, #18).
import Router from '@koa/router';
import { sendAnswer } from '../domain/directory/answer-cache';
import { getHomeSummary } from '../domain/directory/home-summary';
import type { AppDeps } from '../deps';

export function homeRouter({ prisma, answers }: Pick<AppDeps, 'prisma' | 'answers'>): Router {
  const router = new Router();
  const answer = () =>
    answers.answer('home', async () => ({
      body: await getHomeSummary({ prisma }),
      headers: { 'Cache-Control': 'public, max-age=60' },
    }));
  answers.keepWarm(answer);
  router.get('/home', async (ctx) => {
    sendAnswer(ctx, (await answer())!);
  });
  return router;
}
