import { describe, expect, it } from 'vitest';
import { figuresBehind, isDirectoryAnswerKey } from './use-figures-refresh';

describe('isDirectoryAnswerKey', () => {
  it('matches the directory, its pages, the map, profiles, home and locations, and nothing else', () => {
    for (const key of ['/api/professionals?limit=24', '$inf$/api/professionals?service=Web%20Design', '/api/professionals/map', '/api/professionals/slug/acme', '/api/home', '/api/locations']) {
      expect(isDirectoryAnswerKey(key)).toBe(true);
    }
    for (const key of ['/api/auth/me', '/api/reviews?professionalId=1', '$inf$/api/messages/inbox?limit=20&offset=0', '/api/site-config']) {
      expect(isDirectoryAnswerKey(key)).toBe(false);
    }
  });
});

describe('figuresBehind', () => {
  it('is null until the breakdown is known, and while header and breakdown agree', () => {
    expect(figuresBehind({ rating: 4, reviewCount: 1 }, undefined)).toBeNull();
    expect(figuresBehind({ rating: 4, reviewCount: 1 }, { averageRating: 4, reviewCount: 1 })).toBeNull();
    expect(figuresBehind({ rating: 0, reviewCount: 0 }, { averageRating: null, reviewCount: 0 })).toBeNull();
  });

  it('names the breakdown\'s figures when the header is behind: a new review, or a hidden one', () => {
    expect(figuresBehind({ rating: 0, reviewCount: 0 }, { averageRating: 1, reviewCount: 1 })).toEqual({ rating: 1, reviewCount: 1 });
    expect(figuresBehind({ rating: 1, reviewCount: 1 }, { averageRating: null, reviewCount: 0 })).toEqual({ rating: 0, reviewCount: 0 });
    expect(figuresBehind({ rating: 4.5, reviewCount: 2 }, { averageRating: 4.3, reviewCount: 3 })).toEqual({ rating: 4.3, reviewCount: 3 });
  });
});
