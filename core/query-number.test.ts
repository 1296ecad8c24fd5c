import { describe, expect, it } from 'vitest';
import { optionalQueryNumber, queryInteger } from './query-number';
import { readQueryNumber } from './query-values';

describe('numbers in a query string', () => {
  it('reads plain decimals within the range', () => {
    expect(readQueryNumber('20', 'limit', { min: 1, max: 100, isInteger: true })).toBe(20);
    expect(readQueryNumber('4.5', 'minRating', { min: 0, max: 5 })).toBe(4.5);
  });

  it('refuses other notations that Number() would accept', () => {
    for (const value of ['0x10', '1e1', 'Infinity', '0b11', '1_000', '.5', '5.', '+3']) {
      expect(readQueryNumber(value, 'limit', { min: 0, max: 1e9 })).toBe('limit must be a number');
    }
  });

  it('says a fraction is not a whole number, and names the range', () => {
    expect(readQueryNumber('1.5', 'limit', { min: 1, max: 100, isInteger: true })).toBe('limit must be a whole number');
    expect(readQueryNumber('101', 'limit', { min: 1, max: 100, isInteger: true })).toBe('limit must be between 1 and 100');
  });

  it('leaves an absent value unset, or gives the fallback', () => {
    expect(optionalQueryNumber('x', { min: 0, max: 1 }).parse(undefined)).toBeUndefined();
    expect(optionalQueryNumber('x', { min: 0, max: 1 }).parse(' ')).toBeUndefined();
    expect(queryInteger('offset', { min: 0, max: 10, fallback: 0 }).parse(undefined)).toBe(0);
    expect(queryInteger('offset', { min: 0, max: 10, fallback: 0 }).safeParse('1e1').success).toBe(false);
  });
});
