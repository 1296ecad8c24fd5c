import { describe, expect, it } from 'vitest';
import { FAILED_TILES_LIMIT, tileHealth } from './tile-health';

describe('tileHealth', () => {
  it('is ok once any tile has loaded, whatever failed around it', () => {
    expect(tileHealth({ loaded: 1, failed: 20, timedOut: true })).toBe('ok');
  });

  it('fails after several failed tiles with none loaded, or when none loads in time', () => {
    expect(tileHealth({ loaded: 0, failed: FAILED_TILES_LIMIT, timedOut: false })).toBe('failed');
    expect(tileHealth({ loaded: 0, failed: 0, timedOut: true })).toBe('failed');
  });

  it('waits while fewer tiles failed and time is left', () => {
    expect(tileHealth({ loaded: 0, failed: 0, timedOut: false })).toBe('waiting');
    expect(tileHealth({ loaded: 0, failed: FAILED_TILES_LIMIT - 1, timedOut: false })).toBe('waiting');
  });
});
