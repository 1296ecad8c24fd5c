import { describe, expect, it } from 'vitest';
import type { EarlyClicks } from '../../../core/early-clicks';
import { replayedClickProps, takeEarlyClicks } from './use-replayed-click';

describe('takeEarlyClicks', () => {
  it("takes the control's own clicks, leaves the others' and marks it live", () => {
    const state: EarlyClicks = { clicks: ['open-menu', 'open-filters', 'open-menu'], live: {} };
    expect(takeEarlyClicks('open-menu', state)).toBe(2);
    expect(state).toEqual({ clicks: ['open-filters'], live: { 'open-menu': true } });
    expect(takeEarlyClicks('open-menu', state)).toBe(0);
  });

  it('finds nothing on a page without the inline script', () => {
    expect(takeEarlyClicks('open-menu', undefined)).toBe(0);
  });

  it('marks the element with the attribute the inline script looks for', () => {
    expect(replayedClickProps('open-filters')).toEqual({ 'data-replay-click': 'open-filters' });
  });
});
