import { describe, expect, it } from 'vitest';
import { apiPath, matchApiPath, PROFESSIONALS_PATHS, REVIEWS_PATHS } from './api-paths';

describe('matchApiPath', () => {
  it('matches a fixed path exactly', () => {
    expect(matchApiPath(PROFESSIONALS_PATHS.list, '/api/professionals')).toEqual({});
    expect(matchApiPath(PROFESSIONALS_PATHS.list, '/api/professionals/')).toBeNull();
    expect(matchApiPath(PROFESSIONALS_PATHS.list, '/professionals')).toBeNull();
    expect(matchApiPath(REVIEWS_PATHS.summary, '/api/reviews/summary')).toEqual({});
    expect(matchApiPath(REVIEWS_PATHS.list, '/api/reviews/summary')).toBeNull();
  });

  it('gives a parameter segment percent-decoded, never empty or across a slash', () => {
    expect(matchApiPath(PROFESSIONALS_PATHS.bySlug, '/api/professionals/slug/acme-it')).toEqual({ slug: 'acme-it' });
    expect(matchApiPath(PROFESSIONALS_PATHS.bySlug, '/api/professionals/slug/caf%C3%A9%20it')).toEqual({ slug: 'café it' });
    expect(matchApiPath(PROFESSIONALS_PATHS.bySlug, '/api/professionals/slug/')).toBeNull();
    expect(matchApiPath(PROFESSIONALS_PATHS.bySlug, '/api/professionals/slug/a/b')).toBeNull();
    expect(matchApiPath(PROFESSIONALS_PATHS.bySlug, '/api/professionals/slug/%E0%A4%A')).toBeNull();
    expect(matchApiPath(PROFESSIONALS_PATHS.card, '/api/professionals/42/card')).toEqual({ id: '42' });
  });

  it('prefixes a pattern with /api', () => {
    expect(apiPath(PROFESSIONALS_PATHS.map)).toBe('/api/professionals/map');
  });
});
