// GET /api/admin/review-reports: reported reviews with their reports, the most recently reported
// first. 'open': a report waits for an admin; 'resolved': every report was dealt with (the review
// hidden, or kept); 'all': every reported review. `search` matches the company, the author, the
// title and the comment.
import type { AdminReportedReview, ReviewReportsQuery } from '../../../../core/admin';
import type { z } from 'zod';
import { Prisma, type PrismaClient } from '../../../../prisma/db';

type Query = z.infer<typeof ReviewReportsQuery>;

const STATE: Record<Query['state'], Prisma.Sql> = {
  open: Prisma.sql`bool_or(rr.resolved_at IS NULL)`,
  resolved: Prisma.sql`NOT bool_or(rr.resolved_at IS NULL)`,
  all: Prisma.sql`true`,
};

export async function listReviewReports({ prisma }: { prisma: PrismaClient }, query: Query): Promise<{ items: AdminReportedReview[]; total: number }> {
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const match = pattern
    ? Prisma.sql`AND (p.company_name ILIKE ${pattern} OR u.name ILIKE ${pattern} OR r.title ILIKE ${pattern} OR r.comment ILIKE ${pattern})`
    : Prisma.empty;
  const rows = await prisma.$queryRaw<{ id: number; total: number }[]>`
    SELECT r.id, (count(*) OVER ())::int AS total
    FROM reviews r
    JOIN review_reports rr ON rr.review_id = r.id
    JOIN professionals p ON p.id = r.professional_id
    JOIN users u ON u.id = r.user_id
    WHERE true ${match}
    GROUP BY r.id
    HAVING ${STATE[query.state]}
    ORDER BY max(rr.created_at) DESC, r.id DESC
    LIMIT ${query.limit}::int OFFSET ${query.offset}::int`;
  const total = rows[0]?.total ?? 0;
  const items = await loadReportedReviews({ prisma }, rows.map((r) => r.id));
  return { items, total };
}

/** The reviews with these ids, with their reports, in the order given. */
export async function loadReportedReviews({ prisma }: { prisma: PrismaClient }, ids: number[]): Promise<AdminReportedReview[]> {
  if (ids.length === 0) return [];
  const reviews = await prisma.review.findMany({
    where: { id: { in: ids } },
    include: {
      professional: { select: { id: true, slug: true, companyName: true } },
      user: { select: { name: true } },
      reports: { include: { user: { select: { name: true } } }, orderBy: { createdAt: 'desc' } },
    },
  });
  const byId = new Map(reviews.map((review) => [review.id, review]));
  return ids.flatMap((id) => {
    const review = byId.get(id);
    if (!review) return [];
    return [
      {
        review: {
          id: review.id,
          professional: review.professional,
          authorName: review.user.name,
          rating: review.rating,
          title: review.title,
          comment: review.comment,
          createdAt: review.createdAt.toISOString(),
          hiddenAt: review.hiddenAt?.toISOString() ?? null,
          hiddenReason: review.hiddenReason,
        },
        reports: review.reports.map((report) => ({
          id: report.id,
          reporterName: report.user.name,
          reason: report.reason,
          createdAt: report.createdAt.toISOString(),
          resolvedAt: report.resolvedAt?.toISOString() ?? null,
        })),
      },
    ];
  });
}
