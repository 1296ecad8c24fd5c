// GET /api/reviews/summary?professionalId=: the profile's rating breakdown in one call: the visible
// reviews of a live professional counted per star, their mean (rounded as the worker rounds the
// professional's rating, so the two agree once the worker has run) and how many would recommend.
import type { ReviewSummary } from '../../../../core/reviews';
import type { PrismaClient } from '../../../../prisma/db';
import { LISTED, PUBLISHED_REVIEW } from '../directory/directory-sql';

export async function getReviewSummary({ prisma }: { prisma: PrismaClient }, { professionalId }: { professionalId: number }): Promise<ReviewSummary> {
  const rows = await prisma.$queryRaw<{ stars: number; count: number; recommend: number }[]>`
    SELECT r.rating AS stars, count(*)::int AS count, (count(*) FILTER (WHERE r.would_recommend))::int AS recommend
    FROM reviews r JOIN professionals p ON p.id = r.professional_id
    WHERE r.professional_id = ${professionalId}::int AND ${PUBLISHED_REVIEW} AND ${LISTED}
    GROUP BY r.rating`;
  const counts = new Map(rows.map((row) => [row.stars, row.count]));
  const reviewCount = rows.reduce((sum, row) => sum + row.count, 0);
  const total = rows.reduce((sum, row) => sum + row.stars * row.count, 0);
  return {
    professionalId,
    reviewCount,
    averageRating: reviewCount > 0 ? roundToTenth(total / reviewCount) : null,
    breakdown: ([5, 4, 3, 2, 1] as const).map((stars) => ({ stars, count: counts.get(stars) ?? 0 })),
    recommendCount: rows.reduce((sum, row) => sum + row.recommend, 0),
  };
}

/**
 * PostgreSQL's round(numeric, 1), which the worker uses: halves away from zero. The mean of whole
 * stars has at most a few decimals, so scaling by 10 and nudging by a tiny epsilon is exact here.
 */
export function roundToTenth(value: number): number {
  return Math.round(value * 10 + 1e-9) / 10;
}
