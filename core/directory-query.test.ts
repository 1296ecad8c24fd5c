import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Sort } from './directory';
import { DirectoryQuery, parseDirectoryQuery, profileNear } from './directory-query';
import type { Service } from './services';

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
    // A place is measured from its centre (issue 34); 'All UK' is no place.
    expect(DirectoryQuery.safeParse({ sort: 'distance', location: 'Leeds' }).success).toBe(true);
    expect(DirectoryQuery.safeParse({ sort: 'distance', location: 'All UK' }).error?.issues[0]?.message).toBe('sort=distance needs near (a postcode or place) or location');
  });
});

describe('DirectoryQuery built from the parameter table', () => {
  it('keeps the type the directory domain consumes', () => {
    expectTypeOf<DirectoryQuery>().toEqualTypeOf<{
      service: Service | undefined;
      location: string | undefined;
      minRating: number | undefined;
      minHourlyRate: number | undefined;
      maxHourlyRate: number | undefined;
      search: string | undefined;
      near: string | undefined;
      radiusMiles: number | undefined;
      sort?: Sort | undefined;
      workMode?: 'on_site' | 'remote' | undefined;
      limit: number | undefined;
      offset: number | undefined;
      teamSize?: 'solo' | 'small' | 'medium' | 'large' | undefined;
      insured: true | undefined;
      cyberEssentials: true | undefined;
      companyRegistered: true | undefined;
      acceptingNewClients: true | undefined;
    }>();
  });

  it('names the first bad value in the historic order, and zod\'s own message for a long near', () => {
    const r = DirectoryQuery.safeParse({ search: 'x'.repeat(201), offset: '-1', service: 'Plumbing', near: 'y'.repeat(101) });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Unknown service "Plumbing"',
      'search must be at most 200 characters',
      'Too big: expected string to have <=100 characters',
      'offset must be between 0 and 1000000',
    ]);
  });
});

describe('parseDirectoryQuery', () => {
  it('reads the first of a repeated key, as the API does', () => {
    const parsed = parseDirectoryQuery({ service: ['DevOps', 'Plumbing'], limit: '5' });
    expect(parsed.success && parsed.data).toMatchObject({ service: 'DevOps', limit: 5 });
    expect(parseDirectoryQuery({ service: ['Plumbing', 'DevOps'] }).error?.issues[0]?.message).toBe('Unknown service "Plumbing"');
  });
});

describe('profileNear', () => {
  it('trims, treats blank as none and refuses what is longer than the directory allows', () => {
    expect(profileNear({ near: '  M1 1AE ' })).toEqual({ near: 'M1 1AE' });
    expect(profileNear({ near: ['LS1', 'M1'] })).toEqual({ near: 'LS1' });
    expect(profileNear({ near: '   ' })).toEqual({ near: undefined });
    expect(profileNear({})).toEqual({ near: undefined });
    expect(profileNear({ near: 'x'.repeat(100) })).toEqual({ near: 'x'.repeat(100) });
    expect(profileNear({ near: 'x'.repeat(101) })).toEqual({ refusal: 'near must be at most 100 characters' });
  });
});
