import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUkDate, isBritishSummerTime } from './uk-date';

const UK_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
const HOUR_MS = 3_600_000;

describe('formatUkDate', () => {
  it('writes the day in the UK, in British English', () => {
    expect(formatUkDate('2026-11-23T10:00:00Z')).toBe('23 November 2026');
    expect(formatUkDate('2026-03-03T00:00:00Z')).toBe('3 March 2026');
    // 23:30 GMT on 30 June is 00:30 BST on 1 July in the UK; in January it is still the same day.
    expect(formatUkDate('2026-06-30T23:30:00Z')).toBe('1 July 2026');
    expect(formatUkDate('2026-01-31T23:30:00Z')).toBe('31 January 2026');
    expect(formatUkDate(new Date(Date.UTC(2025, 0, 3, 12)))).toBe('3 January 2025');
  });

  it('changes the clocks at 01:00 GMT on the last Sunday of March and of October', () => {
    // 2026: BST from 29 March 01:00 GMT to 25 October 01:00 GMT.
    expect(isBritishSummerTime(Date.UTC(2026, 2, 29, 0, 59, 59, 999))).toBe(false);
    expect(isBritishSummerTime(Date.UTC(2026, 2, 29, 1))).toBe(true);
    expect(isBritishSummerTime(Date.UTC(2026, 9, 25, 0, 59, 59, 999))).toBe(true);
    expect(isBritishSummerTime(Date.UTC(2026, 9, 25, 1))).toBe(false);
    expect(formatUkDate(new Date(Date.UTC(2026, 2, 28, 23, 30)))).toBe('28 March 2026');
    expect(formatUkDate(new Date(Date.UTC(2026, 4, 31, 23, 30)))).toBe('1 June 2026');
  });

  it('agrees with Intl’s Europe/London on every instant, transitions included', () => {
    const transitions = fc.integer({ min: 1996, max: 2099 }).chain((year) =>
      fc.tuple(fc.constantFrom(2, 9), fc.integer({ min: -2 * HOUR_MS, max: 2 * HOUR_MS })).map(([month, offset]) => {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1) + offset;
      }),
    );
    const anyInstant = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) - 1 });
    const midnights = fc.integer({ min: Date.UTC(1996, 0, 1) / HOUR_MS, max: Date.UTC(2099, 11, 31) / HOUR_MS }).map((h) => h * HOUR_MS - 1);
    for (const instants of [transitions, anyInstant, midnights]) {
      fc.assert(fc.property(instants, (ms) => formatUkDate(new Date(ms)) === UK_DAY.format(ms)), { numRuns: 3000 });
    }
  });

  it('answers null for a date that cannot be read', () => {
    expect(formatUkDate('not a date')).toBeNull();
    expect(formatUkDate('')).toBeNull();
    expect(formatUkDate(null)).toBeNull();
    expect(formatUkDate(undefined)).toBeNull();
  });
});
