// An admin hides a review or restores it, always with a reason (product rule 7). One transaction
// changes the review, resolves its open reports and writes the audit log row (action 'review.hide'
// or 'review.restore', the reason in its details); after the commit the worker recalculates the
// professional's rating, which counts visible reviews only. Restoring a review that is not hidden
// is how an admin keeps a reported review: its open reports are resolved and it stays as it is.
import type { AdminReportedReview } from '../../../../core/admin';
import { REVIEW_MESSAGES } from '../../../../core/reviews';
import type { PrismaClient } from '../../../../prisma/db';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';
import { loadReportedReviews } from './list-review-reports';

interface ModerationDeps {
  prisma: PrismaClient;
  queues: Pick<Queues, 'enqueue'>;
}

interface Moderation {
  adminId: number;
  reviewId: number;
  reason: string;
}

async function moderate(
  { prisma, queues }: ModerationDeps,
  { adminId, reviewId, reason, action }: Moderation & { action: 'review.hide' | 'review.restore' },
): Promise<AdminReportedReview> {
  const now = new Date();
  const professionalId = await prisma.$transaction(async (tx) => {
    // Locked, so two admins deciding at once are decided one after the other.
    const [review] = await tx.$queryRaw<{ id: number; professional_id: number; hidden_at: Date | null }[]>`
      SELECT id, professional_id, hidden_at FROM reviews WHERE id = ${reviewId}::int FOR UPDATE`;
    if (!review) throw new AppError('not_found', REVIEW_MESSAGES.reviewNotFound);
    const openReports = await tx.reviewReport.count({ where: { reviewId, resolvedAt: null } });
    if (action === 'review.hide') {
      if (review.hidden_at !== null) throw new AppError('conflict', REVIEW_MESSAGES.alreadyHidden);
      await tx.review.update({ where: { id: reviewId }, data: { hiddenAt: now, hiddenReason: reason, hiddenById: adminId } });
    } else {
      if (review.hidden_at === null && openReports === 0) throw new AppError('conflict', REVIEW_MESSAGES.nothingToRestore);
      if (review.hidden_at !== null) {
        await tx.review.update({ where: { id: reviewId }, data: { hiddenAt: null, hiddenReason: null, hiddenById: null } });
      }
    }
    await tx.reviewReport.updateMany({ where: { reviewId, resolvedAt: null }, data: { resolvedAt: now } });
    await tx.auditLog.create({
      data: {
        actorId: adminId,
        action,
        targetType: 'review',
        targetId: String(reviewId),
        details: { reason, professionalId: review.professional_id, wasHidden: review.hidden_at !== null, reportsResolved: openReports },
      },
    });
    return review.professional_id;
  });
  await queues.enqueue('recalculateRating', { professionalId });
  const [answer] = await loadReportedReviews({ prisma }, [reviewId]);
  return answer!;
}

export function hideReview(deps: ModerationDeps, moderation: Moderation): Promise<AdminReportedReview> {
  return moderate(deps, { ...moderation, action: 'review.hide' });
}

export function restoreReview(deps: ModerationDeps, moderation: Moderation): Promise<AdminReportedReview> {
  return moderate(deps, { ...moderation, action: 'review.restore' });
}
