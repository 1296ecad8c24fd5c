import { describe, expect, it } from 'vitest';
import { DirectoryQuery } from './directory-query';

describe('DirectoryQuery', () => {
  it('treats defaults and empty values as no filter', () => {
    expect(DirectoryQuery.parse({ service: 'All Services', location: 'All UK', minRating: '', search: '  ' })).toEqual({
      service: undefined, location: undefined, minRating: undefined, minHourlyRate: undefined, maxHourlyRate: undefined,
      search: undefined, near: undefined, radiusMiles: undefined, sort: undefined, limit: undefined, offset: undefined,
    });
  });

  it('normalises service and place names and numbers', () => {
    const q = DirectoryQuery.parse({ service: 'web design', location: 'greater manchester', minRating: '4.5', maxHourlyRate: '200' });
    expect(q).toMatchObject({ service: 'Web Design', location: 'Greater Manchester', minRating: 4.5, maxHourlyRate: 200 });
  });

  it('rejects bad values with messages', () => {
    const r = DirectoryQuery.safeParse({ minRating: 'abc', radiusMiles: '-1', sort: 'cheapest', service: 'Plumbing' });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining(['minRating must be a number', `radiusMiles must be between 0.1 and 600`, 'Unknown service "Plumbing"']),
    );
    expect(messages.some((m) => m.startsWith('sort must be one of'))).toBe(true);
  });

  it('needs near for distance sort and an ordered price range', () => {
    expect(DirectoryQuery.safeParse({ sort: 'distance' }).success).toBe(false);
    expect(DirectoryQuery.safeParse({ minHourlyRate: '50', maxHourlyRate: '20' }).success).toBe(false);
    expect(DirectoryQuery.safeParse({ sort: 'distance', near: 'M1 1AE' }).success).toBe(true);
  });
});
