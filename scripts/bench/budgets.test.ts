import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiBudgetRows, BUDGETS, budgetShare, REFERENCE_CEILING } from './budgets';

const PERFORMANCE_MD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/performance.md');

describe('the budgets', () => {
  it('are quoted by docs/performance.md as the bench judges them', () => {
    const doc = readFileSync(PERFORMANCE_MD, 'utf8').split('\n');
    for (const row of apiBudgetRows()) expect(doc).toContain(row);
  });

  it('state each req/s budget as its share of the reference ceiling at its concurrency', () => {
    const [search] = apiBudgetRows();
    const share = budgetShare(BUDGETS.cachedSearch.reqPerSec, 50);
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(1);
    expect(search).toContain(`≥ ${(100 * share).toFixed(1)}% of the ceiling`);
    expect(search).toContain(`p99 ≤ 50 ms × ${REFERENCE_CEILING[50]!.toLocaleString('en-GB')} ÷ the ceiling`);
  });
});
