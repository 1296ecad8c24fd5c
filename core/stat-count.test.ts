import { describe, expect, it } from 'vitest';
import { formatStatCount } from './stat-count';

describe('formatStatCount', () => {
  it('is exact up to 100 and rounds down with a plus above', () => {
    expect(formatStatCount(0)).toBe('0');
    expect(formatStatCount(60)).toBe('60');
    expect(formatStatCount(190)).toBe('190+');
    expect(formatStatCount(1234)).toBe('1,200+');
    expect(formatStatCount(15_678)).toBe('15,000+');
  });
});
