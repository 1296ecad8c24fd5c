// What a reviewer, a professional answering a review, and anyone reporting one may send (product
// rules 7 and 26), validated the same way by the profile's forms and the API, with the messages of
// core/reviews.ts. Apart from it so that showing reviews does not load zod.
import { z } from 'zod';
import { REVIEW_LIMITS, REVIEW_MESSAGES, REVIEW_SORTS, REVIEWS_PAGE_SIZE_MAX } from './reviews';
import { text } from './text';

const Rating = z
  .number({ error: REVIEW_MESSAGES.rating })
  .int(REVIEW_MESSAGES.rating)
  .min(1, REVIEW_MESSAGES.rating)
  .max(5, REVIEW_MESSAGES.rating);
const Title = text({ error: REVIEW_MESSAGES.titleShort })
  .trim()
  .min(REVIEW_LIMITS.titleMin, REVIEW_MESSAGES.titleShort)
  .max(REVIEW_LIMITS.titleMax, REVIEW_MESSAGES.titleLong);
const Comment = text({ error: REVIEW_MESSAGES.commentShort })
  .trim()
  .min(REVIEW_LIMITS.commentMin, REVIEW_MESSAGES.commentShort)
  .max(REVIEW_LIMITS.commentMax, REVIEW_MESSAGES.commentLong);
/** Optional: '' or null means none (stored as null). */
const ProjectType = text()
  .trim()
  .max(REVIEW_LIMITS.projectTypeMax, REVIEW_MESSAGES.projectTypeLong)
  .nullish()
  .transform((v) => v || null);
const WouldRecommend = z.boolean({ error: REVIEW_MESSAGES.wouldRecommend });

const reviewFields = { rating: Rating, title: Title, comment: Comment, projectType: ProjectType, wouldRecommend: WouldRecommend };

/** The review form's fields (the profile validates with this before sending). */
export const ReviewFields = z.object({ ...reviewFields, wouldRecommend: WouldRecommend.default(true) });
export type ReviewFields = z.infer<typeof ReviewFields>;

/** POST /api/reviews */
export const CreateReviewInput = ReviewFields.extend({
  professionalId: z.number({ error: 'professionalId must be a positive whole number' }).int().min(1).max(2_147_483_647),
});
export type CreateReviewInput = z.infer<typeof CreateReviewInput>;

/** PATCH /api/reviews/{id}: any of the fields; at least one. */
export const UpdateReviewInput = z
  .object({
    rating: Rating.optional(),
    title: Title.optional(),
    comment: Comment.optional(),
    projectType: ProjectType.optional(),
    wouldRecommend: WouldRecommend.optional(),
  })
  .refine((input) => Object.values(input).some((v) => v !== undefined), REVIEW_MESSAGES.nothingToChange);
export type UpdateReviewInput = z.infer<typeof UpdateReviewInput>;

/** PUT /api/reviews/{id}/reply */
export const ReviewReplyInput = z.object({
  reply: text({ error: REVIEW_MESSAGES.replyShort })
    .trim()
    .min(REVIEW_LIMITS.replyMin, REVIEW_MESSAGES.replyShort)
    .max(REVIEW_LIMITS.replyMax, REVIEW_MESSAGES.replyLong),
});
export type ReviewReplyInput = z.infer<typeof ReviewReplyInput>;

/** POST /api/reviews/{id}/report */
export const ReportReviewInput = z.object({
  reason: text({ error: REVIEW_MESSAGES.reasonShort })
    .trim()
    .min(REVIEW_LIMITS.reportReasonMin, REVIEW_MESSAGES.reasonShort)
    .max(REVIEW_LIMITS.reportReasonMax, REVIEW_MESSAGES.reasonLong),
});
export type ReportReviewInput = z.infer<typeof ReportReviewInput>;

/** GET /api/reviews: the order and the page (without them: newest first, up to REVIEWS_PAGE_SIZE_MAX). */
export const ReviewListQuery = z.object({
  sort: z.enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(', ')}` }).default('newest'),
  limit: z.coerce.number({ error: 'limit must be a whole number' }).int('limit must be a whole number').min(1).max(REVIEWS_PAGE_SIZE_MAX).default(REVIEWS_PAGE_SIZE_MAX),
  offset: z.coerce.number({ error: 'offset must be a whole number' }).int('offset must be a whole number').min(0).max(1_000_000).default(0),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;
