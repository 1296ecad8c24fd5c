import { describe, expect, it } from 'vitest';
import { isDirectoryAnswerKey } from './use-figures-refresh';

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
