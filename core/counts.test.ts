import { describe, expect, it } from 'vitest';
import { countOf, formatCount, professionalsText } from './counts';

describe('counts', () => {
  it('writes numbers with en-GB thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(100000)).toBe('100,000');
  });

  it('says one thing in the singular and any other number in the plural', () => {
    expect(countOf(1, 'review', 'reviews')).toBe('1 review');
    expect(countOf(0, 'review', 'reviews')).toBe('0 reviews');
    expect(countOf(1200, 'review', 'reviews')).toBe('1,200 reviews');
    expect(professionalsText(1)).toBe('1 professional');
    expect(professionalsText(12345)).toBe('12,345 professionals');
  });
});
