import { describe, expect, it } from 'vitest';
import type { EarlyClicks } from '../../../core/early-clicks';
import { earlyHrefProps, replayedClickProps, takeEarlyClicks } from './early-clicks';

describe('takeEarlyClicks', () => {
  it("takes the control's own clicks and leaves the others'", () => {
    const state: EarlyClicks = { clicks: ['open-menu', 'open-filters', 'open-menu'], isReactAttached: true };
    expect(takeEarlyClicks('open-menu', state)).toBe(2);
    expect(state.clicks).toEqual(['open-filters']);
    expect(takeEarlyClicks('open-menu', state)).toBe(0);
  });

  it('finds nothing on a page without the inline script', () => {
    expect(takeEarlyClicks('open-menu', undefined)).toBe(0);
  });

  it('marks elements with the attributes the inline script looks for', () => {
    expect(replayedClickProps('open-filters')).toEqual({ 'data-replay-click': 'open-filters' });
    expect(earlyHrefProps('/professionals')).toEqual({ 'data-early-href': '/professionals' });
  });
});
