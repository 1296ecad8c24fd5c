// Reviews (product rules 7 and 26): the limits and messages the profile's forms and the API share,
// and the shapes of the review calls' answers beyond the public list item (ReviewItem,
// core/directory.ts). Zod-free, so a profile page shows reviews without loading zod; what a
// reviewer, a professional answering a review and anyone reporting one may send is validated by
// core/review-inputs.ts, which only the forms and the API load.

/** Length limits (product rule 27), shown by the form and enforced by the API. */
export const REVIEW_LIMITS = {
  titleMin: 3,
  titleMax: 100,
  commentMin: 10,
  commentMax: 2000,
  projectTypeMax: 100,
  replyMin: 2,
  replyMax: 2000,
  reportReasonMin: 10,
  reportReasonMax: 1000,
} as const;

export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = { newest: 'Newest first', highest: 'Highest rated', lowest: 'Lowest rated' };

export const REVIEWS_PAGE_SIZE = 20;
export const REVIEWS_PAGE_SIZE_MAX = 100;

export const REVIEW_MESSAGES = {
  /** The specification's rule (section 5). */
  rating: 'Rating is a number from 1 to 5',
  titleShort: `Please give your review a title (at least ${REVIEW_LIMITS.titleMin} characters)`,
  titleLong: `The title must be at most ${REVIEW_LIMITS.titleMax} characters`,
  commentShort: `Please tell others about your experience (at least ${REVIEW_LIMITS.commentMin} characters)`,
  commentLong: `The review must be at most ${REVIEW_LIMITS.commentMax} characters`,
  projectTypeLong: `The project type must be at most ${REVIEW_LIMITS.projectTypeMax} characters`,
  wouldRecommend: 'Please say whether you would recommend this professional',
  replyShort: `Please write a reply (at least ${REVIEW_LIMITS.replyMin} characters)`,
  replyLong: `The reply must be at most ${REVIEW_LIMITS.replyMax} characters`,
  reasonShort: `Please tell us what is wrong with this review (at least ${REVIEW_LIMITS.reportReasonMin} characters)`,
  reasonLong: `The reason must be at most ${REVIEW_LIMITS.reportReasonMax} characters`,
  nothingToChange: 'Please change at least one field of your review',
  // The API's refusals (409/403/404), shown by the profile as they are.
  alreadyReviewed: 'You have already reviewed this professional. You can edit or delete your review instead.',
  ownListing: 'You cannot review your own listing.',
  professionalNotFound: 'Professional not found',
  reviewNotFound: 'Review not found',
  notAuthor: 'Only the author of a review can change or delete it.',
  notProfessional: 'Only the professional who was reviewed can reply to a review.',
  alreadyReported: 'You have already reported this review. Our team will look at it.',
  ownReviewReport: 'You cannot report your own review. You can edit or delete it instead.',
  noReply: 'This review has no reply to delete.',
  alreadyHidden: 'This review is already hidden.',
  nothingToRestore: 'This review is not hidden and has no open reports.',
  // What the profile says after a change.
  created: 'Thank you: your review is published.',
  updated: 'Your review has been updated.',
  deleted: 'Your review has been deleted.',
  reported: 'Thank you. Our team will look at this review against our review policy.',
} as const;

/** GET /api/reviews/summary?professionalId=: the visible reviews counted per star. */
export interface ReviewSummary {
  professionalId: number;
  /** Visible reviews (published and not hidden). */
  reviewCount: number;
  /** Their mean to one decimal, as the worker computes the professional's rating; null without reviews. */
  averageRating: number | null;
  /** Five rows, 5 stars first. */
  breakdown: { stars: 1 | 2 | 3 | 4 | 5; count: number }[];
  /** Visible reviews whose author would recommend the professional. */
  recommendCount: number;
}

/** The signed-in user's own review of a professional, as only its author sees it. */
export interface OwnReview {
  id: number;
  rating: number;
  title: string;
  comment: string;
  projectType: string | null;
  wouldRecommend: boolean;
  isVerified: boolean;
  createdAt: string;
  editedAt: string | null;
  /** Set when an admin hid it: the author is told, with the reason (product rule 7). */
  hiddenAt: string | null;
  hiddenReason: string | null;
}

/**
 * GET /api/reviews/mine?professionalId=: what the profile's review panel offers the signed-in
 * user: the form (canReview), or why not, and their review if they wrote one.
 */
export interface MyReviewStatus {
  canReview: boolean;
  /** Why not: the listing is theirs, or they have reviewed it already. */
  reason: 'own-listing' | 'already-reviewed' | null;
  review: OwnReview | null;
  /** Review ids of this professional the user has reported (the profile says 'Reported'). */
  reportedReviewIds: number[];
}

/** The answer to POST and PATCH /api/reviews: the author's review as it now is. */
export interface ReviewWriteResult {
  review: OwnReview;
  message: string;
}

/** GET /api/reviews and /summary and /mine: the professional (parsed apart: its message is the spec client's). */
export const PROFESSIONAL_ID_MESSAGE = 'professionalId must be a positive whole number';
