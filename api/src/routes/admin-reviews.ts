// Review moderation for admins (product rule 7; the calls of core/admin.ts):
//   GET  /api/admin/review-reports?state=open|resolved|all&search=&limit=&offset=
//        reported reviews with their reports, total in X-Total-Count
//   POST /api/admin/reviews/:id/hide     { reason }  hide the review, resolve its reports
//   POST /api/admin/reviews/:id/restore  { reason }  show it again (or keep a reported one), resolve its reports
// Each decision is written to the audit log; the worker then recalculates the rating.
import type Router from '@koa/router';
import { ModerateReviewInput, ReviewReportsQuery } from '../../../core/admin';
import { TOTAL_COUNT_HEADER } from '../../../core/directory';
import { REVIEW_MESSAGES } from '../../../core/reviews';
import { listReviewReports } from '../domain/reviews/list-review-reports';
import { hideReview, restoreReview } from '../domain/reviews/moderate-review';
import type { AppDeps } from '../deps';
import { signedInUser } from '../middleware/require-role';
import { createRouter } from './create-router';
import { parseQuery, pathId } from './route-params';

export function adminReviewsRouter({ prisma, queues, access }: Pick<AppDeps, 'prisma' | 'queues' | 'access'>): Router {
  const router = createRouter('/admin');

  router.get('/review-reports', access.only('admin'), async (ctx) => {
    const { items, total } = await listReviewReports({ prisma }, parseQuery(ctx, ReviewReportsQuery));
    ctx.set(TOTAL_COUNT_HEADER, String(total));
    ctx.body = items;
  });

  for (const [action, moderate] of [
    ['hide', hideReview],
    ['restore', restoreReview],
  ] as const) {
    router.post(`/reviews/:id/${action}`, access.only('admin'), async (ctx) => {
      const reviewId = pathId(ctx.params.id, REVIEW_MESSAGES.reviewNotFound);
      const { reason } = ModerateReviewInput.parse(ctx.request.body);
      ctx.body = await moderate({ prisma, queues }, { adminId: signedInUser(ctx).id, reviewId, reason });
    });
  }

  return router;
}
