import { describe, expect, it } from 'vitest';
import { BUDGETS, budgetShare, REFERENCE_CEILING, scaledP99Ms } from './budgets';
import { BENCH_PARTS, ceilingFigures, formatTable, loadChecks, parseBenchOnly, shareOf, tally, tallyLine } from './report';

describe('parseBenchOnly', () => {
  it('runs every part by default, else the ones named, in the bench’s order', () => {
    expect(parseBenchOnly(undefined)).toEqual([...BENCH_PARTS]);
    expect(parseBenchOnly(' ')).toEqual([...BENCH_PARTS]);
    expect(parseBenchOnly('long-tail, cache-off')).toEqual(['cache-off', 'long-tail']);
  });

  it('refuses a part it does not know', () => {
    expect(() => parseBenchOnly('cache-off,longtail')).toThrow(/unknown part longtail/);
  });
});

/** The reference ceiling at 50 connections, so each case reads as "this machine, x times as fast". */
const reference = REFERENCE_CEILING[50]!;
const search = BUDGETS.cachedSearch;
const share = budgetShare(search.reqPerSec, 50);

describe('the ceiling', () => {
  it('is the mean of before and after, with the drift between them', () => {
    expect(ceilingFigures(50, 10_000, 9_000)).toEqual({ connections: 50, beforeReqPerSec: 10_000, afterReqPerSec: 9_000, reqPerSec: 9_500, driftPercent: -10 });
    expect(ceilingFigures(4, 3_000, 3_300).driftPercent).toBe(10);
    expect(shareOf(2_375, ceilingFigures(50, 10_000, 9_000))).toBe(0.25);
    expect(shareOf(2_375, null)).toBeNull();
  });

  it('gives each budget a share of the reference ceiling, and scales a p99 budget by how the ceiling compares with it', () => {
    expect(share).toBeCloseTo(search.reqPerSec / reference, 3);
    expect(scaledP99Ms(50, 50, reference)).toBe(50);
    expect(scaledP99Ms(50, 50, reference / 2)).toBe(100);
    expect(scaledP99Ms(50, 50, reference * 2)).toBe(25);
  });

  it('refuses a concurrency it has no reference for', () => {
    expect(() => budgetShare(2_000, 7)).toThrow(/no reference ceiling at 7 connections/);
  });
});

describe('loadChecks and the table', () => {
  const figures = (reqPerSec: number, p99Ms: number) => ({ p99Ms, reqPerSec, requests: 10 * reqPerSec, non2xx: 0, errors: 0 });

  it('judges the share and the scaled p99, and says beside whether the absolute budgets were met', () => {
    // A machine half as fast as the reference one: the mix at exactly its share, with half the
    // absolute req/s and twice the p99, passes what is judged and misses what is absolute.
    const ceiling = ceilingFigures(50, reference / 2, reference / 2);
    const checks = loadChecks(search, figures(Math.ceil((share * reference) / 2), 100), ceiling);
    expect(checks).toEqual([
      { budget: 'p99 ≤ 100 ms', pass: true, judged: true },
      { budget: `≥ ${(100 * share).toFixed(1)}% of the ceiling`, pass: true, judged: true },
      { budget: 'no errors', pass: true, judged: true },
      { budget: 'p99 ≤ 50 ms', pass: false, judged: false },
      { budget: '≥ 2,000 req/s', pass: false, judged: false },
    ]);
    // The same figures against the reference ceiling: a share half the budget's, a p99 twice it.
    const atReference = loadChecks(search, figures(Math.ceil((share * reference) / 2), 100), ceilingFigures(50, reference, reference));
    expect(atReference.filter((c) => c.judged).map((c) => [c.budget, c.pass])).toEqual([
      ['p99 ≤ 50 ms', false],
      [`≥ ${(100 * share).toFixed(1)}% of the ceiling`, false],
      ['no errors', true],
    ]);
  });

  it('fails what it cannot judge: no ceiling, no answer, failed answers', () => {
    const noCeiling = loadChecks(search, figures(5_000, 10), null);
    expect(noCeiling.filter((c) => c.judged).map((c) => c.pass)).toEqual([false, false, true]);
    expect(noCeiling.filter((c) => !c.judged).map((c) => c.pass)).toEqual([true, true]);
    const ceiling = ceilingFigures(50, reference, reference);
    expect(loadChecks({ p99Ms: 50 }, { p99Ms: 0, reqPerSec: 0, requests: 0, non2xx: 0, errors: 0 }, ceiling)[0]).toEqual({ budget: 'p99 ≤ 50 ms', pass: false, judged: true });
    expect(loadChecks(search, { ...figures(reference, 5), non2xx: 1 }, ceiling).find((c) => c.budget === 'no errors')!.pass).toBe(false);
  });

  it('prints judged verdicts, then the absolute ones, and tallies only what is judged', () => {
    const ceiling = ceilingFigures(50, reference, reference);
    const checks = loadChecks(search, figures(search.reqPerSec - 1, 61), ceiling);
    const table = formatTable('cache on', ['mix', 'p99'], [{ cells: ['search: text', '61 ms'], checks }]);
    const shareText = `${(100 * share).toFixed(1)}%`;
    expect(table.split('\n')).toEqual([
      'cache on',
      `${'mix'.padEnd(12)}    p99  budgets`,
      `search: text  61 ms  p99 ≤ 50 ms FAIL · ≥ ${shareText} of the ceiling FAIL · no errors PASS; absolute: p99 ≤ 50 ms missed · ≥ 2,000 req/s missed`,
    ]);
    const t = tally([{ name: 'search: text', checks }]);
    expect(t).toEqual({
      total: 3,
      failed: ['search: text: p99 ≤ 50 ms', `search: text: ≥ ${shareText} of the ceiling`],
      absolutes: 2,
      missed: ['search: text: p99 ≤ 50 ms', 'search: text: ≥ 2,000 req/s'],
    });
    expect(tallyLine('cache-on', t)).toBe(
      `cache-on: 1 of 3 budgets PASS (FAIL: search: text: p99 ≤ 50 ms; search: text: ≥ ${shareText} of the ceiling); absolute budgets 0 of 2 met (missed: search: text: p99 ≤ 50 ms; search: text: ≥ 2,000 req/s)`,
    );
    expect(formatTable('', ['a'], [{ cells: ['x'], checks: [] }]).split('\n')[2]).toBe('x  -');
  });
});
