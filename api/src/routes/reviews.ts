// Reviews (spec section 7; product rules 7 and 26):
//   GET    /api/reviews?professionalId=[&sort=&limit=&offset=]  visible reviews of a live professional,
//                                                  newest first (or highest/lowest), total in X-Total-Count;
//                                                  an unknown or unlisted professional → []
//   GET    /api/reviews/summary?professionalId=     the rating breakdown (count per star)
//   GET    /api/reviews/mine?professionalId=        the signed-in user's review and whether they may write one
//   POST   /api/reviews                             write a review (signed in; not one's own listing; once)
//   PATCH  /api/reviews/:id, DELETE /api/reviews/:id            the author edits or deletes it
//   PUT    /api/reviews/:id/reply, DELETE /api/reviews/:id/reply the reviewed professional's one reply
//   POST   /api/reviews/:id/report                  any signed-in user but the author, once, with a reason
// A missing or malformed professionalId → 400; writes spend the user's REVIEW_LIMIT_PER_USER.
import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { REVIEWS_PATHS } from '../../../core/api-paths';
import { TOTAL_COUNT_HEADER } from '../../../core/directory';
import { PROFESSIONAL_ID_MESSAGE, REVIEW_MESSAGES } from '../../../core/reviews';
import { CreateReviewInput, ReportReviewInput, ReviewListQuery, ReviewReplyInput, UpdateReviewInput } from '../../../core/review-inputs';
import { listPublicReviews } from '../domain/reviews/list-public-reviews';
import { getMyReviewStatus } from '../domain/reviews/own-review';
import { removeReviewReply, setReviewReply } from '../domain/reviews/reply-to-review';
import { reportReview } from '../domain/reviews/report-review';
import { getReviewSummary } from '../domain/reviews/review-summary';
import { createReview, deleteReview, updateReview } from '../domain/reviews/write-review';
import type { AppDeps } from '../deps';
import { signedInUser } from '../middleware/require-role';
import { createRouter } from './create-router';
import { parseQuery, pathId, queryId } from './route-params';

const ONE_HOUR = 3600;

export function reviewsRouter({ env, prisma, queues, limits, access }: Pick<AppDeps, 'env' | 'prisma' | 'queues' | 'limits' | 'access'>): Router {
  const router = createRouter();
  const deps = { prisma, queues, publicUrl: env.PUBLIC_URL };
  const writesPerUser = limits.limiter({ keyPrefix: 'review-user', points: env.REVIEW_LIMIT_PER_USER, duration: ONE_HOUR });
  const spend = (ctx: ParameterizedContext) => writesPerUser.consume(String(signedInUser(ctx).id), ctx.state.log);
  const reviewId = (ctx: ParameterizedContext) => pathId(ctx.params.id, REVIEW_MESSAGES.reviewNotFound);

  router.get(REVIEWS_PATHS.list, access.public, async (ctx) => {
    const professionalId = queryId(ctx, 'professionalId', PROFESSIONAL_ID_MESSAGE);
    const query = parseQuery(ctx, ReviewListQuery);
    const { items, total } = await listPublicReviews({ prisma }, { professionalId, ...query });
    ctx.set('Cache-Control', 'no-cache');
    ctx.set(TOTAL_COUNT_HEADER, String(total));
    ctx.body = items;
  });

  router.get(REVIEWS_PATHS.summary, access.public, async (ctx) => {
    const professionalId = queryId(ctx, 'professionalId', PROFESSIONAL_ID_MESSAGE);
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await getReviewSummary({ prisma }, { professionalId });
  });

  router.get('/reviews/mine', access.signedIn, async (ctx) => {
    const professionalId = queryId(ctx, 'professionalId', PROFESSIONAL_ID_MESSAGE);
    ctx.body = await getMyReviewStatus({ prisma }, { user: signedInUser(ctx), professionalId });
  });

  router.post('/reviews', access.signedIn, async (ctx) => {
    const input = CreateReviewInput.parse(ctx.request.body);
    await spend(ctx);
    ctx.status = 201;
    ctx.body = await createReview(deps, { user: signedInUser(ctx), input });
  });

  router.patch('/reviews/:id', access.signedIn, async (ctx) => {
    const id = reviewId(ctx);
    const input = UpdateReviewInput.parse(ctx.request.body);
    await spend(ctx);
    ctx.body = await updateReview(deps, { userId: signedInUser(ctx).id, reviewId: id, input });
  });

  router.delete('/reviews/:id', access.signedIn, async (ctx) => {
    const id = reviewId(ctx);
    await spend(ctx);
    ctx.body = await deleteReview(deps, { userId: signedInUser(ctx).id, reviewId: id });
  });

  router.put('/reviews/:id/reply', access.only('provider'), async (ctx) => {
    const id = reviewId(ctx);
    const input = ReviewReplyInput.parse(ctx.request.body);
    await spend(ctx);
    ctx.body = await setReviewReply({ prisma }, { professionalId: signedInUser(ctx).professionalId, reviewId: id, reply: input.reply });
  });

  router.delete('/reviews/:id/reply', access.only('provider'), async (ctx) => {
    const id = reviewId(ctx);
    await spend(ctx);
    ctx.body = await removeReviewReply({ prisma }, { professionalId: signedInUser(ctx).professionalId, reviewId: id });
  });

  router.post('/reviews/:id/report', access.signedIn, async (ctx) => {
    const id = reviewId(ctx);
    const input = ReportReviewInput.parse(ctx.request.body);
    await spend(ctx);
    ctx.status = 201;
    ctx.body = await reportReview({ prisma }, { userId: signedInUser(ctx).id, reviewId: id, reason: input.reason });
  });

  return router;
}
