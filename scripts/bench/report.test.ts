import { describe, expect, it } from 'vitest';
import { BENCH_PARTS, formatTable, loadChecks, parseBenchOnly, tally } from './report';

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

describe('loadChecks and the table', () => {
  it('gives each budget its verdict, and errors one of their own', () => {
    const checks = loadChecks({ p99Ms: 50, reqPerSec: 2000 }, { p99Ms: 61, reqPerSec: 2500, requests: 25_000, non2xx: 0, errors: 0 });
    expect(checks).toEqual([
      { budget: 'p99 ≤ 50 ms', pass: false },
      { budget: '≥ 2,000 req/s', pass: true },
      { budget: 'no errors', pass: true },
    ]);
    const table = formatTable('cache on', ['mix', 'p99'], [{ cells: ['search: text', '61 ms'], checks }]);
    expect(table.split('\n')).toEqual([
      'cache on',
      `${'mix'.padEnd(12)}    p99  budgets`,
      'search: text  61 ms  p99 ≤ 50 ms FAIL · ≥ 2,000 req/s PASS · no errors PASS',
    ]);
    expect(tally([{ name: 'search: text', checks }])).toEqual({ total: 3, failed: ['search: text: p99 ≤ 50 ms'] });
  });

  it('passes no latency budget when nothing was answered', () => {
    expect(loadChecks({ p99Ms: 50 }, { p99Ms: 0, reqPerSec: 0, requests: 0, non2xx: 0, errors: 0 })[0]).toEqual({ budget: 'p99 ≤ 50 ms', pass: false });
  });
});
