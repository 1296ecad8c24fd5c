import { describe, expect, it } from 'vitest';
import {
  BAYES_PRIOR_MEAN,
  memberSinceText,
  NO_REVIEWS_TEXT,
  ratingDisplay,
  weightedRating,
} from './rating';

describe('weightedRating (the Bayesian average of the Highest rated sort)', () => {
  it('ranks 4.7 from seventy reviews above 5.0 from one', () => {
    expect(weightedRating(4.7, 70)).toBeGreaterThan(weightedRating(5, 1));
    expect(weightedRating(5, 1)).toBeCloseTo((5 + 4 * 5) / 6, 10);
    expect(weightedRating(4.7, 70)).toBeCloseTo((4.7 * 70 + 20) / 75, 10);
  });

  it('is the prior without reviews and tends to the mean with many', () => {
    expect(weightedRating(0, 0)).toBe(BAYES_PRIOR_MEAN);
    expect(weightedRating(3.2, 100_000)).toBeCloseTo(3.2, 3);
  });

  it('still prefers the better mean at equal counts', () => {
    expect(weightedRating(4.8, 10)).toBeGreaterThan(weightedRating(4.6, 10));
  });
});

describe('ratingDisplay', () => {
  it('says New — no reviews yet without reviews, never 0.0', () => {
    expect(ratingDisplay(0, 0)).toEqual({ kind: 'new', text: NO_REVIEWS_TEXT });
    expect(NO_REVIEWS_TEXT).toBe('New — no reviews yet');
  });

  it('gives the rating to one decimal with the review count', () => {
    expect(ratingDisplay(4.5, 1)).toEqual({ kind: 'rated', rating: '4.5', reviews: '1 review', label: 'Rated 4.5 out of 5 from 1 review' });
    expect(ratingDisplay(4, 1200)).toMatchObject({ rating: '4.0', reviews: '1,200 reviews' });
  });
});

describe('memberSinceText', () => {
  it('is the month and year', () => {
    expect(memberSinceText('2025-03-14T10:00:00.000Z')).toBe('Member since March 2025');
    expect(memberSinceText('not a date')).toBeNull();
  });
});
