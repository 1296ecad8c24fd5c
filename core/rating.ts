// How a professional's rating is shown and ranked (product rule 31), shared by the API (the
// 'Highest rated' order in SQL) and the front end (the rating text and the sort's explanation).
// Zod-free and pure, so the SPA's entry bundle may import it.
import { countOf } from './counts';

/**
 * 'Highest rated' ranks by a Bayesian average: every professional's reviews are topped up with
 * BAYES_PRIOR_WEIGHT imaginary reviews of BAYES_PRIOR_MEAN stars, so a rating counts for more the
 * more reviews it rests on (5.0 from one review ranks below 4.7 from seventy). Decision 0011.
 */
export const BAYES_PRIOR_MEAN = 4;
export const BAYES_PRIOR_WEIGHT = 5;

/** (rating × reviews + prior × weight) ÷ (reviews + weight); the SQL of the directory's sort is the same formula. */
export function weightedRating(rating: number, reviewCount: number): number {
  const count = Math.max(0, reviewCount);
  return (rating * count + BAYES_PRIOR_MEAN * BAYES_PRIOR_WEIGHT) / (count + BAYES_PRIOR_WEIGHT);
}

/** What a professional without reviews reads instead of a rating of 0.0. */
export const NO_REVIEWS_TEXT = 'New — no reviews yet';

/** The explanation next to the 'Highest rated' sort. */
export const RATING_SORT_EXPLANATION =
  `'Highest rated' weighs each rating by how many reviews it rests on: we add ${BAYES_PRIOR_WEIGHT} ` +
  `reviews of ${BAYES_PRIOR_MEAN} stars to everyone's reviews before averaging, so 5.0 from one review ` +
  'does not outrank 4.7 from seventy. Professionals without reviews come last.';
/** The tooltip of 'How is Highest rated ranked?' (product rule 38): the explanation above, in one line. */
export const RATING_SORT_GIST = 'Ratings resting on more reviews count for more: 5.0 from one review ranks below 4.7 from seventy.';

/** What 'Verified Professional' means on this site (true of every listing the public sees: product rule 31). */
export const VERIFIED_PROFESSIONAL_EXPLANATION = [
  'Pays for an active ITConnect subscription',
  'Approved by our team after reviewing their application',
  'Gave a UK postcode district that we checked exists, which places them on the map',
] as const;
/** The tooltip of 'Verified Professional' (product rule 38): the disclosure above, in one line. */
export const VERIFIED_PROFESSIONAL_GIST =
  'Every listing here pays for an active subscription, was approved by our team and gave a UK postcode district we checked exists.';

export type RatingDisplay =
  | { kind: 'new'; text: string }
  | { kind: 'rated'; rating: string; reviews: string; label: string };

/** '4.5' (one decimal, the rating precision). */
export function formatRatingValue(rating: number): string {
  return rating.toFixed(1);
}

/** '1 review', '1,200 reviews'. */
export function reviewsText(reviewCount: number): string {
  return countOf(reviewCount, 'review', 'reviews');
}

/** The rating as a visitor reads it: 'New — no reviews yet' without reviews, never '0.0 (0 reviews)'. */
export function ratingDisplay(rating: number, reviewCount: number): RatingDisplay {
  if (reviewCount <= 0) return { kind: 'new', text: NO_REVIEWS_TEXT };
  const value = formatRatingValue(rating);
  const reviews = reviewsText(reviewCount);
  return { kind: 'rated', rating: value, reviews, label: `Rated ${value} out of 5 from ${reviews}` };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'Member since November 2026' from an ISO date (UK time is close enough for a month: UTC). */
export function memberSinceText(createdAt: string): string | null {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return `Member since ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
