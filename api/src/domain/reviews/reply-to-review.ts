// The professional's one public reply to a review (product rule 7): set (or change) it, or remove
// it. Only the account linked to the reviewed listing may; a hidden review shows nothing publicly,
// so it cannot be answered either. A reply changes no rating: no recalculation.
import type { ReviewItem } from '../../../../core/directory';
import { REVIEW_MESSAGES } from '../../../../core/reviews';
import type { PrismaClient } from '../../../../prisma/db';
import { AppError } from '../app-error';

/** A visible review of the user's own listing: 404 for none (or hidden), 403 for another listing's. */
async function findAnswerableReview(prisma: PrismaClient, { reviewId, professionalId }: { reviewId: number; professionalId: number | null }) {
  const review = await prisma.review.findUnique({ where: { id: reviewId }, select: { id: true, professionalId: true, hiddenAt: true, isPublic: true, reply: true } });
  if (!review || review.hiddenAt !== null || !review.isPublic) throw new AppError('not_found', REVIEW_MESSAGES.reviewNotFound);
  if (professionalId === null || review.professionalId !== professionalId) throw new AppError('forbidden', REVIEW_MESSAGES.notProfessional);
  return review;
}

export async function setReviewReply(
  { prisma }: { prisma: PrismaClient },
  { professionalId, reviewId, reply }: { professionalId: number | null; reviewId: number; reply: string },
): Promise<Pick<ReviewItem, 'id' | 'reply' | 'repliedAt'>> {
  await findAnswerableReview(prisma, { reviewId, professionalId });
  const review = await prisma.review.update({ where: { id: reviewId }, data: { reply, repliedAt: new Date() }, select: { id: true, reply: true, repliedAt: true } });
  return { id: review.id, reply: review.reply, repliedAt: review.repliedAt?.toISOString() ?? null };
}

export async function removeReviewReply(
  { prisma }: { prisma: PrismaClient },
  { professionalId, reviewId }: { professionalId: number | null; reviewId: number },
): Promise<Pick<ReviewItem, 'id' | 'reply' | 'repliedAt'>> {
  const review = await findAnswerableReview(prisma, { reviewId, professionalId });
  if (review.reply === null) throw new AppError('not_found', REVIEW_MESSAGES.noReply);
  await prisma.review.update({ where: { id: reviewId }, data: { reply: null, repliedAt: null } });
  return { id: reviewId, reply: null, repliedAt: null };
}
