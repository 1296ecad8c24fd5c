import { describe, expect, it } from 'vitest';
import { sessionId } from './session';

describe('session ids', () => {
  it('are 24 random bytes in base64url, never repeated across many draws of the pool', () => {
    const ids = Array.from({ length: 5_000 }, () => sessionId());
    for (const id of ids.slice(0, 300)) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(24);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // The bytes look random: every base64url character turns up, none far more than its share.
    const seen = new Map<string, number>();
    for (const c of ids.join('')) seen.set(c, (seen.get(c) ?? 0) + 1);
    expect(seen.size).toBe(64);
    expect(Math.max(...seen.values())).toBeLessThan((ids.length * 32 * 2) / 64);
  });
});
