import { describe, expect, it } from 'vitest';
import { percentile, summariseLags, watch } from './long-tail-writer';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('watch', () => {
  it('reports when the last stale answer arrived, and the first fresh one', async () => {
    const since = performance.now();
    // Answers take 30 ms; the change shows in answers asked 200 ms or more after `since`.
    const result = await watch(since, async () => {
      const askedAt = performance.now();
      await sleep(30);
      return askedAt - since >= 200;
    });
    // Timers run late on a busy machine: the bounds below hold however late.
    expect(result.staleFor).toBeGreaterThanOrEqual(200);
    expect(result.staleFor).toBeLessThan(1000);
    expect(result.freshAfter).toBeGreaterThanOrEqual(230);
    expect(result.freshAfter).toBeLessThan(1500);
  });

  it('says 0 when the first answer already shows the change', async () => {
    expect((await watch(performance.now(), () => Promise.resolve(true))).staleFor).toBe(0);
  });
});

describe('summariseLags', () => {
  it('gives p50, p99 and max, a timed-out sample counting as the timeout', () => {
    expect(summariseLags([5, 1, 3, null])).toEqual({ samples: 4, timeouts: 1, p50Ms: 3, p99Ms: 10_000, maxMs: 10_000 });
    expect(summariseLags([])).toEqual({ samples: 0, timeouts: 0, p50Ms: null, p99Ms: null, maxMs: null });
  });

  it('takes the nearest-rank percentile', () => {
    const values = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(percentile(values, 99)).toBe(198);
    expect(percentile(values, 50)).toBe(100);
  });
});
