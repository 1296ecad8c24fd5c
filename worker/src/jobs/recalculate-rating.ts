// recalculate-rating (product rule 7): a professional's rating, reviewCount and recommendCount,
// set from their visible reviews (published, not hidden) in one statement, so no change made
// meanwhile can be half counted: the rating is the mean to one decimal (0.0 without reviews),
// recommendCount the visible reviews whose author would recommend. Idempotent: it reads the reviews
// as they are, whatever the number of changes that asked for it (the contract deduplicates per
// professional, with one more run kept waiting for a change made during a run). A professional
// already showing the right figures is not written, so no needless change notification empties
// the API's answer cache.
import { JOBS } from '../../../core/jobs';
import type { PrismaClient } from '../../../prisma/db';
import { defineJobHandler } from './job-handler';

export async function recalculateRating({ prisma }: { prisma: PrismaClient }, { professionalId }: { professionalId: number }) {
  const changed = await prisma.$executeRaw`
    UPDATE professionals p
    SET rating = s.rating, review_count = s.review_count, recommend_count = s.recommend_count
    FROM (
      SELECT coalesce(round(avg(r.rating)::numeric, 1), 0) AS rating,
        count(*)::int AS review_count,
        (count(*) FILTER (WHERE r.would_recommend))::int AS recommend_count
      FROM reviews r
      WHERE r.professional_id = ${professionalId}::int AND r.is_public AND r.hidden_at IS NULL
    ) s
    WHERE p.id = ${professionalId}::int
      AND (p.rating, p.review_count, p.recommend_count) IS DISTINCT FROM (s.rating, s.review_count, s.recommend_count)`;
  return { professionalId, changed: changed > 0 };
}

export const recalculateRatingHandler = defineJobHandler(JOBS.recalculateRating, (payload, { prisma }) => recalculateRating({ prisma }, payload));
