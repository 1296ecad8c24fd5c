// Reporting a review (product rule 7): any signed-in user but its author, once per review, with a
// reason. The report waits for an admin (GET /api/admin/review-reports), who hides the review or
// keeps it; a report never hides anything by itself, so reviews stay honest and unfiltered.
import { REVIEW_MESSAGES } from '../../../../core/reviews';
import { Prisma, type PrismaClient } from '../../../../prisma/db';
import { AppError } from '../app-error';

export async function reportReview(
  { prisma }: { prisma: PrismaClient },
  { userId, reviewId, reason }: { userId: number; reviewId: number; reason: string },
): Promise<{ ok: true; message: string }> {
  const review = await prisma.review.findUnique({ where: { id: reviewId }, select: { userId: true, hiddenAt: true, isPublic: true } });
  if (!review || review.hiddenAt !== null || !review.isPublic) throw new AppError('not_found', REVIEW_MESSAGES.reviewNotFound);
  if (review.userId === userId) throw new AppError('forbidden', REVIEW_MESSAGES.ownReviewReport);
  try {
    await prisma.reviewReport.create({ data: { reviewId, userId, reason } });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw new AppError('conflict', REVIEW_MESSAGES.alreadyReported);
    throw err;
  }
  return { ok: true, message: REVIEW_MESSAGES.reported };
}
