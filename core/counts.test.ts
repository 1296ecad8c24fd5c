import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countOf, formatCount, formatPoundsGrouped, penceOfPounds, professionalsText } from './counts';

const EN_GB = new Intl.NumberFormat('en-GB');
const WHOLE_POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
const POUNDS_AND_PENCE = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 });

describe('counts', () => {
  it('writes numbers with en-GB thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(100000)).toBe('100,000');
    expect(formatCount(-1234567)).toBe('-1,234,567');
  });

  it('groups every whole number as Intl.NumberFormat en-GB does, and anything else through it', () => {
    // Except -0, which Intl writes '-0'.
    const edges = [1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 999999, 1000000, Number.MAX_SAFE_INTEGER];
    for (const n of [...edges, ...edges.map((e) => -e)]) expect(formatCount(n)).toBe(EN_GB.format(n));
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => formatCount(n) === EN_GB.format(n)), { numRuns: 2000 });
    fc.assert(fc.property(fc.double({ noNaN: true }), (n) => formatCount(n) === (Object.is(n, -0) ? '0' : EN_GB.format(n))), { numRuns: 500 });
  });

  it('writes pence as grouped pounds, with the pence only when there are some', () => {
    expect(formatPoundsGrouped(4500)).toBe('£45');
    expect(formatPoundsGrouped(4375)).toBe('£43.75');
    expect(formatPoundsGrouped(437505)).toBe('£4,375.05');
    expect(formatPoundsGrouped(0)).toBe('£0');
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (pence) =>
        formatPoundsGrouped(pence) === (pence % 100 === 0 ? WHOLE_POUNDS : POUNDS_AND_PENCE).format(pence / 100),
      ),
      { numRuns: 2000 },
    );
    expect(() => formatPoundsGrouped(12.5)).toThrow(RangeError);
    expect(formatPoundsGrouped(-350)).toBe('-£3.50');
  });

  it('reads pounds as typed into pence, and back from formatPoundsGrouped', () => {
    expect(penceOfPounds('450')).toBe(45_000);
    expect(penceOfPounds(' 49.5 ')).toBe(4950);
    expect(penceOfPounds('37.50')).toBe(3750);
    expect(penceOfPounds('0.07')).toBe(7);
    for (const bad of ['', '£', '12.345', '1,2', '-5', '4.5e3', 'ten', '1.']) expect(penceOfPounds(bad), bad).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_99 }), (pence) => penceOfPounds(formatPoundsGrouped(pence)) === pence),
      { numRuns: 2000 },
    );
  });

  it('says one thing in the singular and any other number in the plural', () => {
    expect(countOf(1, 'review', 'reviews')).toBe('1 review');
    expect(countOf(0, 'review', 'reviews')).toBe('0 reviews');
    expect(countOf(1200, 'review', 'reviews')).toBe('1,200 reviews');
    expect(professionalsText(1)).toBe('1 professional');
    expect(professionalsText(12345)).toBe('12,345 professionals');
  });
});
