import { describe, expect, it } from 'vitest';
import { isDeduplicated, jobOptions } from './jobs';

describe('jobOptions', () => {
  it('gives a contract its deterministic job id', () => {
    const options = jobOptions('geocodeProfessional', { professionalId: 42, postcode: 'm1 1ae' });
    expect(options.jobId).toBe('geocode_42_M11AE');
    expect(options).not.toHaveProperty('deduplication');
  });

  it('makes the id of a recalculation a deduplication id that keeps one more job while one runs', () => {
    expect(isDeduplicated('recalculateRating')).toBe(true);
    expect(isDeduplicated('sendEmail')).toBe(false);
    const options = jobOptions('recalculateRating', { professionalId: 7 });
    expect(options.deduplication).toEqual({ id: 'rating_7', keepLastIfActive: true });
    expect(options).not.toHaveProperty('jobId');
    expect(options.removeOnComplete).toBe(true);
  });
});
