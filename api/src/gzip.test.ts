import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipBody, LARGE_BODY_BYTES } from './gzip';

const json = (points: number) => JSON.stringify({ points: Array.from({ length: points }, (_, i) => [i, 51.5 + i / 1e5, -0.1 - i / 1e5]) });

describe('gzipBody', () => {
  it('gzips a small body at level 1 and gives back every byte', async () => {
    const small = json(100);
    expect(Buffer.byteLength(small)).toBeLessThan(LARGE_BODY_BYTES);
    const out = await gzipBody(small);
    expect(out.equals(gzipSync(small, { level: 1 }))).toBe(true);
    expect(gunzipSync(out).toString()).toBe(small);
  });

  it('gzips a large body at level 1 in one pass, and gives back every byte', async () => {
    const large = Buffer.from(json(50_000));
    expect(large.length).toBeGreaterThan(1_000_000);
    const out = await gzipBody(large);
    expect(out.equals(gzipSync(large, { level: 1 }))).toBe(true);
    expect(gunzipSync(out).equals(large)).toBe(true);
  });
});
