import { describe, expect, it } from 'vitest';
import { rateComparisonNote } from './rate-comparison';

describe('rateComparisonNote', () => {
  it('explains a daily rate under an hourly price filter as rate ÷ 8', () => {
    expect(rateComparisonNote({ hourlyRate: '350', rateType: 'daily' }, { maxHourlyRate: 50 })).toBe(
      'Compared as £43.75/hour (£350 a day ÷ 8 hours)',
    );
    expect(rateComparisonNote({ hourlyRate: '400', rateType: 'daily' }, { minHourlyRate: 20 })).toBe(
      'Compared as £50/hour (£400 a day ÷ 8 hours)',
    );
  });

  it('says nothing without a price filter, for an hourly rate, or without a rate', () => {
    expect(rateComparisonNote({ hourlyRate: '350', rateType: 'daily' }, {})).toBeNull();
    expect(rateComparisonNote({ hourlyRate: '45', rateType: 'hourly' }, { maxHourlyRate: 50 })).toBeNull();
    expect(rateComparisonNote({ hourlyRate: null, rateType: null }, { maxHourlyRate: 50 })).toBeNull();
  });
});
