// The signed-in user's side of a professional's reviews: their own review (hidden or not: its
// author is told when an admin hid it, and why), whether they may write one (product rule 7), and
// which reviews they have reported.
import type { MyReviewStatus, OwnReview } from '../../../../core/reviews';
import type { Prisma, PrismaClient } from '../../../../prisma/db';

type Review = Prisma.ReviewGetPayload<object>;

export function toOwnReview(review: Review): OwnReview {
  return {
    id: review.id,
    rating: review.rating,
    title: review.title,
    comment: review.comment,
    projectType: review.projectType,
    wouldRecommend: review.wouldRecommend,
    isVerified: review.isVerified,
    createdAt: review.createdAt.toISOString(),
    editedAt: review.editedAt?.toISOString() ?? null,
    hiddenAt: review.hiddenAt?.toISOString() ?? null,
    hiddenReason: review.hiddenAt ? review.hiddenReason : null,
  };
}

export async function getMyReviewStatus(
  { prisma }: { prisma: PrismaClient },
  { user, professionalId }: { user: { id: number; professionalId: number | null }; professionalId: number },
): Promise<MyReviewStatus> {
  const [review, reports] = await Promise.all([
    prisma.review.findUnique({ where: { userId_professionalId: { userId: user.id, professionalId } } }),
    prisma.reviewReport.findMany({ where: { userId: user.id, review: { professionalId } }, select: { reviewId: true } }),
  ]);
  const isOwnListing = user.professionalId === professionalId;
  return {
    canReview: !isOwnListing && !review,
    reason: isOwnListing ? 'own-listing' : review ? 'already-reviewed' : null,
    review: review ? toOwnReview(review) : null,
    reportedReviewIds: reports.map((r) => r.reviewId),
  };
}
