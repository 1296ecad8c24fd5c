import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from './reviews';
import { CreateReviewInput, ReviewListQuery, UpdateReviewInput } from './review-inputs';

const valid = { professionalId: 7, rating: 4, title: 'Great job', comment: 'Fixed our Wi-Fi in an hour.', projectType: '', wouldRecommend: false };

describe('CreateReviewInput', () => {
  it('takes a whole-number rating from 1 to 5 and says so otherwise', () => {
    for (const rating of [1, 5]) expect(CreateReviewInput.safeParse({ ...valid, rating }).success).toBe(true);
    for (const rating of [0, 6, 3.5, '4', null, undefined]) {
      const result = CreateReviewInput.safeParse({ ...valid, rating });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe('Rating is a number from 1 to 5');
    }
  });

  it('trims text, stores an empty project type as null and recommends by default', () => {
    const parsed = CreateReviewInput.parse({ ...valid, title: '  Great job  ', wouldRecommend: undefined });
    expect(parsed).toMatchObject({ title: 'Great job', projectType: null, wouldRecommend: true });
  });

  it('holds the length limits', () => {
    expect(CreateReviewInput.safeParse({ ...valid, title: 'ab' }).error!.issues[0]!.message).toBe(REVIEW_MESSAGES.titleShort);
    expect(CreateReviewInput.safeParse({ ...valid, comment: 'x'.repeat(2001) }).error!.issues[0]!.message).toBe(REVIEW_MESSAGES.commentLong);
    expect(CreateReviewInput.safeParse({ ...valid, comment: 'x\u0000yyyyyyyyyyyy' }).success).toBe(false);
  });
});

describe('UpdateReviewInput', () => {
  it('needs at least one field', () => {
    expect(UpdateReviewInput.safeParse({}).error!.issues[0]!.message).toBe(REVIEW_MESSAGES.nothingToChange);
    expect(UpdateReviewInput.parse({ rating: 2 })).toEqual({ rating: 2 });
  });
});

describe('ReviewListQuery', () => {
  it('defaults to newest first and the largest page, and refuses unknown orders', () => {
    expect(ReviewListQuery.parse({})).toEqual({ sort: 'newest', limit: 100, offset: 0 });
    expect(ReviewListQuery.parse({ sort: 'lowest', limit: '20', offset: '40' })).toEqual({ sort: 'lowest', limit: 20, offset: 40 });
    expect(ReviewListQuery.safeParse({ sort: 'best' }).success).toBe(false);
  });
});
