// GET /api/reviews?professionalId=: published reviews of a live professional, newest first
// (an unknown or unlisted professional → []). A missing or malformed id → 400.
import type Router from '@koa/router';
import { AppError } from '../domain/app-error';
import { listPublicReviews } from '../domain/reviews/list-public-reviews';
import type { AppDeps } from '../deps';
import { createRouter } from './create-router';

export function reviewsRouter({ prisma, access }: Pick<AppDeps, 'prisma' | 'access'>): Router {
  const router = createRouter();
  router.get('/reviews', access.public, async (ctx) => {
    const raw = ctx.query.professionalId;
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!(id >= 1 && id <= 2_147_483_647)) {
      const message = 'professionalId must be a positive whole number';
      throw new AppError('bad_request', message, { fields: { professionalId: message } });
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await listPublicReviews({ prisma }, { professionalId: id });
  });
  return router;
}
