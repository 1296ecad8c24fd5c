import { describe, expect, it } from 'vitest';
import { clusterLabel } from './cluster-label';

describe('clusterLabel', () => {
  it('says what the count is and what selecting it does', () => {
    expect(clusterLabel(12)).toBe('12 professionals here: select to see them');
    expect(clusterLabel(1234)).toBe('1,234 professionals here: select to see them');
  });
});
