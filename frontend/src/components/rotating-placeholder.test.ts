import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_PLACEHOLDER_INTERVAL_MS, SEARCH_PLACEHOLDERS } from '../../../core/services';
import { nextPlaceholderIndex, startRotation } from './rotating-placeholder';

afterEach(() => {
  vi.useRealTimers();
});

describe('nextPlaceholderIndex', () => {
  it('moves to the next placeholder and wraps after the last', () => {
    expect(nextPlaceholderIndex(0, 7)).toBe(1);
    expect(nextPlaceholderIndex(5, 7)).toBe(6);
    expect(nextPlaceholderIndex(6, 7)).toBe(0);
  });

  it('copes with an empty list', () => {
    expect(nextPlaceholderIndex(0, 0)).toBe(0);
  });
});

describe('startRotation', () => {
  it('shows each of the seven placeholders in turn, one every 2.5 s', () => {
    vi.useFakeTimers();
    expect(SEARCH_PLACEHOLDER_INTERVAL_MS).toBe(2500);
    expect(SEARCH_PLACEHOLDERS).toHaveLength(7);

    const shown: string[] = [];
    const stop = startRotation(SEARCH_PLACEHOLDERS.length, (index) => shown.push(SEARCH_PLACEHOLDERS[index] ?? ''));

    vi.advanceTimersByTime(2499);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['Search for PC help...']);

    vi.advanceTimersByTime(2500 * 6);
    expect(shown).toEqual([...SEARCH_PLACEHOLDERS.slice(1), SEARCH_PLACEHOLDERS[0]]);

    stop();
    vi.advanceTimersByTime(10_000);
    expect(shown).toHaveLength(7);
  });
});
