import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatMonth, formatMonthLong, formatPounds, pageRangeText, servicesSummary } from './admin-format';

describe('formatPounds', () => {
  it('shows pounds with pence, in British style', () => {
    expect(formatPounds(0)).toBe('£0.00');
    expect(formatPounds(3)).toBe('£3.00');
    expect(formatPounds(1234.5)).toBe('£1,234.50');
    expect(formatPounds(28.1)).toBe('£28.10');
    expect(formatPounds(-3)).toBe('-£3.00');
  });
});

describe('counts, dates and months', () => {
  it('groups thousands', () => {
    expect(formatCount(100000)).toBe('100,000');
  });

  it('shows dates in UK time, and a dash for none', () => {
    expect(formatDate('2026-06-30T23:30:00Z')).toBe('1 Jul 2026');
    expect(formatDateTime('2026-01-05T09:07:00Z')).toBe('5 Jan 2026, 09:07');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });

  it("names a 'YYYY-MM' month", () => {
    expect(formatMonth('2026-03')).toBe('Mar 2026');
    expect(formatMonthLong('2025-12')).toBe('December 2025');
    expect(formatMonth('soon')).toBe('soon');
  });
});

describe('pageRangeText', () => {
  it("reads 'Showing 1–20 of 57' and follows the pages", () => {
    expect(pageRangeText({ offset: 0, count: 20, total: 57 })).toBe('Showing 1–20 of 57');
    expect(pageRangeText({ offset: 40, count: 17, total: 57 })).toBe('Showing 41–57 of 57');
    expect(pageRangeText({ offset: 0, count: 0, total: 0 })).toBe('Showing 0 of 0');
  });
});

describe('servicesSummary', () => {
  it('keeps the first two services and counts the rest', () => {
    expect(servicesSummary(['Web Design', 'SEO & SEM', 'Cloud Services', 'DevOps'])).toEqual({ shown: ['Web Design', 'SEO & SEM'], more: 2 });
    expect(servicesSummary(['Web Design'])).toEqual({ shown: ['Web Design'], more: 0 });
  });
});
