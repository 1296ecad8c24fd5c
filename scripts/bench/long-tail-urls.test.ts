import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DirectoryQuery } from '../../core/directory-query';
import { queryKey } from '../../api/src/domain/directory/answer-cache';
import { LONG_TAIL_URL_COUNT, longTailPaths, zipfSampler } from './long-tail-urls';
import { loadOutcodes } from './seed';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const outcodes = loadOutcodes(ROOT).map((o) => o.outcode);

describe('longTailPaths', () => {
  const paths = longTailPaths({ outcodes });

  it('makes 20,000 distinct searches, the same ones every time', () => {
    expect(paths).toHaveLength(LONG_TAIL_URL_COUNT);
    expect(new Set(paths).size).toBe(LONG_TAIL_URL_COUNT);
    expect(longTailPaths({ outcodes })).toEqual(paths);
    expect(longTailPaths({ outcodes, seed: 7 })).not.toEqual(paths);
  }, 30_000);

  it('asks valid queries, no two of them the same query in other spellings', () => {
    const keys = new Set<string>();
    const invalid: string[] = [];
    for (const p of paths) {
      const url = new URL(p, 'http://bench');
      const parsed = DirectoryQuery.safeParse(Object.fromEntries(url.searchParams));
      if (url.pathname !== '/api/professionals' || !parsed.success) invalid.push(p);
      else keys.add(queryKey(parsed.data));
    }
    expect(invalid).toEqual([]);
    expect(keys.size).toBe(LONG_TAIL_URL_COUNT);
  }, 30_000);

  it('spreads over every filter', () => {
    for (const name of ['search', 'service', 'location', 'near', 'radiusMiles', 'minRating', 'maxHourlyRate', 'sort', 'offset']) {
      const share = paths.filter((p) => new URL(p, 'http://bench').searchParams.has(name)).length / paths.length;
      expect(share, name).toBeGreaterThan(0.05);
    }
  }, 30_000);
});

describe('zipfSampler', () => {
  it('draws the same ranks for the same seed, within 0 … n-1', () => {
    const a = zipfSampler({ n: 1000, seed: 1 });
    const b = zipfSampler({ n: 1000, seed: 1 });
    const draws = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(draws);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1000);
  });

  it('draws rank k about 1/(k+1) as often as the first (exponent 1)', () => {
    const n = 20_000;
    const draw = zipfSampler({ n, exponent: 1, seed: 42 });
    const counts = new Map<number, number>();
    const total = 200_000;
    for (let i = 0; i < total; i++) {
      const k = draw();
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    // P(0) = 1 / H(n) ≈ 1 / 10.48 for n = 20,000.
    const harmonic = Array.from({ length: n }, (_, k) => 1 / (k + 1)).reduce((s, x) => s + x, 0);
    expect((counts.get(0) ?? 0) / total).toBeCloseTo(1 / harmonic, 2);
    expect((counts.get(0) ?? 0) / (counts.get(1) ?? 1)).toBeGreaterThan(1.8);
    expect((counts.get(0) ?? 0) / (counts.get(1) ?? 1)).toBeLessThan(2.2);
    expect((counts.get(0) ?? 0) / (counts.get(9) ?? 1)).toBeGreaterThan(8);
    expect((counts.get(0) ?? 0) / (counts.get(9) ?? 1)).toBeLessThan(12);
    // The long tail: the ranks beyond the first 1,000 get about 30% of the draws between them.
    const tail = [...counts].filter(([k]) => k >= 1000).reduce((s, [, c]) => s + c, 0) / total;
    expect(tail).toBeGreaterThan(0.25);
    expect(tail).toBeLessThan(0.35);
  });

  it('gives every rank the same chance with exponent 0', () => {
    const draw = zipfSampler({ n: 4, exponent: 0, seed: 3 });
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 40_000; i++) counts[draw()]! += 1;
    for (const c of counts) expect(c / 40_000).toBeCloseTo(0.25, 1);
  });
});
