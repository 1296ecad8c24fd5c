// A reviewer's own review (product rules 7 and 26): write one (at most one per professional, never
// of one's own listing; published at once, negative ones too; verified when the reviewer had
// messaged that professional through the site first; labelled as found through ITConnect when the
// reviewer picked them through a request for quotes, product rule 43), edit it (editedAt) or delete it. After each
// commit the professional's rating is recalculated by the worker; a new review also e-mails the
// professional (its idempotency key is the review's id).
import type { ReviewWriteResult } from '../../../../core/reviews';
import type { CreateReviewInput, UpdateReviewInput } from '../../../../core/review-inputs';
import { REVIEW_MESSAGES } from '../../../../core/reviews';
import { Prisma, type PrismaClient } from '../../../../prisma/db';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';
import { authorDisplayName } from './list-public-reviews';
import { toOwnReview } from './own-review';

export interface ReviewDeps {
  prisma: PrismaClient;
  queues: Pick<Queues, 'enqueue'>;
  /** The site's address, for links in e-mails. */
  publicUrl: string;
}

export interface Reviewer {
  id: number;
  name: string;
  professionalId: number | null;
}

export async function createReview({ prisma, queues, publicUrl }: ReviewDeps, { user, input }: { user: Reviewer; input: CreateReviewInput }): Promise<ReviewWriteResult> {
  if (user.professionalId === input.professionalId) throw new AppError('forbidden', REVIEW_MESSAGES.ownListing);
  // In one query: the professional (public and reviewable), whether this reviewer has reviewed
  // them already, and whether the review is verified (the reviewer had written to this
  // professional through the site before reviewing). Three queries cost three round trips.
  // And whether the reviewer picked them through a request for quotes, asked while signed in or
  // from the account's own address (product rule 43).
  const [professional] = await prisma.$queryRaw<{ id: number; slug: string; email: string; contactName: string; reviewed: boolean; messaged: boolean; picked: boolean }[]>`
    SELECT p.id, p.slug, p.email, p.contact_name AS "contactName",
           EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = ${user.id}::int AND r.professional_id = p.id) AS reviewed,
           EXISTS (SELECT 1 FROM messages m WHERE m.from_user_id = ${user.id}::int AND m.professional_id = p.id) AS messaged,
           EXISTS (SELECT 1 FROM quote_recipients qr JOIN quote_requests q ON q.id = qr.request_id
                   WHERE qr.professional_id = p.id AND qr.outcome = 'chosen'
                     AND (q.user_id = ${user.id}::int OR q.buyer_email = (SELECT u.email FROM users u WHERE u.id = ${user.id}::int))) AS picked
    FROM professionals p
    WHERE p.id = ${input.professionalId}::int AND p.is_approved AND p.subscription_status = 'active'`;
  if (!professional) throw new AppError('not_found', REVIEW_MESSAGES.professionalNotFound);
  if (professional.reviewed) throw new AppError('conflict', REVIEW_MESSAGES.alreadyReviewed);
  let review;
  try {
    review = await prisma.review.create({
      data: {
        userId: user.id,
        professionalId: professional.id,
        rating: input.rating,
        title: input.title,
        comment: input.comment,
        projectType: input.projectType,
        wouldRecommend: input.wouldRecommend,
        isVerified: professional.messaged,
        foundThroughQuote: professional.picked,
      },
    });
  } catch (err) {
    // Two submissions at once: the unique (user, professional) index lets one through.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw new AppError('conflict', REVIEW_MESSAGES.alreadyReviewed);
    throw err;
  }

  await queues.enqueue('recalculateRating', { professionalId: professional.id });
  await queues.enqueue('sendEmail', {
    template: 'new-review',
    to: professional.email,
    data: {
      contactName: professional.contactName,
      reviewerName: authorDisplayName(user.name),
      rating: review.rating,
      title: review.title,
      profileUrl: `${publicUrl.replace(/\/+$/, '')}/professionals/${professional.slug}#customer-reviews`,
    },
    idempotencyKey: `new-review_${review.id}`,
  });
  return { review: toOwnReview(review), message: REVIEW_MESSAGES.created };
}

/** The review, when `userId` wrote it: 404 for no such review, 403 for someone else's. */
async function findOwnReview(prisma: PrismaClient, { reviewId, userId }: { reviewId: number; userId: number }) {
  const review = await prisma.review.findUnique({ where: { id: reviewId } });
  if (!review) throw new AppError('not_found', REVIEW_MESSAGES.reviewNotFound);
  if (review.userId !== userId) throw new AppError('forbidden', REVIEW_MESSAGES.notAuthor);
  return review;
}

export async function updateReview(
  { prisma, queues }: Pick<ReviewDeps, 'prisma' | 'queues'>,
  { userId, reviewId, input }: { userId: number; reviewId: number; input: UpdateReviewInput },
): Promise<ReviewWriteResult> {
  await findOwnReview(prisma, { reviewId, userId });
  // A hidden review stays hidden when its author edits it; an admin restores it if it now fits the policy.
  const review = await prisma.review.update({
    where: { id: reviewId },
    data: {
      ...(input.rating !== undefined ? { rating: input.rating } : {}),
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.comment !== undefined ? { comment: input.comment } : {}),
      ...(input.projectType !== undefined ? { projectType: input.projectType } : {}),
      ...(input.wouldRecommend !== undefined ? { wouldRecommend: input.wouldRecommend } : {}),
      editedAt: new Date(),
    },
  });
  await queues.enqueue('recalculateRating', { professionalId: review.professionalId });
  return { review: toOwnReview(review), message: REVIEW_MESSAGES.updated };
}

export async function deleteReview(
  { prisma, queues }: Pick<ReviewDeps, 'prisma' | 'queues'>,
  { userId, reviewId }: { userId: number; reviewId: number },
): Promise<{ ok: true; message: string }> {
  const review = await findOwnReview(prisma, { reviewId, userId });
  // deleteMany: a second delete racing this one finds nothing and is not an error.
  await prisma.review.deleteMany({ where: { id: review.id, userId } });
  await queues.enqueue('recalculateRating', { professionalId: review.professionalId });
  return { ok: true, message: REVIEW_MESSAGES.deleted };
}
