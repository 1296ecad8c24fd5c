import { describe, expect, it } from 'vitest';
import { authorDisplayName } from '../reviews/list-public-reviews';
import { formatRate } from './professional-row';

describe('formatRate', () => {
  it('writes whole pounds bare and anything else with pence', () => {
    expect(formatRate(4500, false)).toBe('45');
    expect(formatRate(3750, false)).toBe('37.50');
    expect(formatRate(3705, false)).toBe('37.05');
    expect(formatRate(0, false)).toBe('0');
  });

  it('is null when project based or not given', () => {
    expect(formatRate(null, false)).toBeNull();
    expect(formatRate(4500, true)).toBeNull();
  });
});

describe('authorDisplayName', () => {
  it('shows the first name and last initial', () => {
    expect(authorDisplayName('Sam Taylor')).toBe('Sam T.');
    expect(authorDisplayName('  mary  ann  smith ')).toBe('mary S.');
    expect(authorDisplayName('Prince')).toBe('Prince');
    expect(authorDisplayName('  ')).toBe('Anonymous');
    // An account anonymised by the retention job (product rule 14): its reviews stay, without a name.
    expect(authorDisplayName('Deleted user')).toBe('Deleted user');
  });
});
