// GET /api/home: HomeSummary (category counts, top rated, live statistics; product rules 6 and 18).
import type Router from '@koa/router';
import { sendAnswer } from './send-answer';
import { getHomeSummary } from '../domain/directory/home-summary';
import type { AppDeps } from '../deps';
import { createRouter } from './create-router';

export function homeRouter({ prisma, answers, access, directory }: Pick<AppDeps, 'prisma' | 'answers' | 'access' | 'directory'>): Router {
  const router = createRouter();
  const answer = () =>
    answers.answer('home', async () => ({
      body: await getHomeSummary({ prisma, directory }),
      headers: { 'Cache-Control': 'public, max-age=60' },
    }));
  answers.keepWarm(answer);
  router.get('/home', access.public, async (ctx) => {
    sendAnswer(ctx, (await answer())!);
  });
  return router;
}
