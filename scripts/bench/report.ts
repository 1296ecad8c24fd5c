// How `npm run bench` says what it measured: one table per part (cache on, cache off, long tail
// under writes, front end), each mix on a line with its figures and every budget it has, PASS or
// FAIL; and which parts to run (BENCH_ONLY).

export const BENCH_PARTS = ['cache-on', 'cache-off', 'long-tail', 'front-end'] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];

/** BENCH_ONLY=cache-off,long-tail → those parts; unset or empty → all of them. */
export function parseBenchOnly(value: string | undefined): BenchPart[] {
  const names = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) return [...BENCH_PARTS];
  const unknown = names.filter((n) => !(BENCH_PARTS as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown part ${unknown.join(', ')} (parts: ${BENCH_PARTS.join(', ')})`);
  return BENCH_PARTS.filter((p) => names.includes(p));
}

export interface BudgetCheck {
  /** The budget as a reader says it: 'p99 ≤ 50 ms'. */
  budget: string;
  pass: boolean;
}

export const check = (budget: string, pass: boolean): BudgetCheck => ({ budget, pass });
export const verdict = (c: BudgetCheck) => `${c.budget} ${c.pass ? 'PASS' : 'FAIL'}`;
export const n = (value: number) => value.toLocaleString('en-GB');

/** The budgets of a load mix: p99, max (the map), throughput, and no failed answers. A run with no answer passes no latency budget. */
export function loadChecks(
  b: { p99Ms?: number; reqPerSec?: number; maxMs?: number },
  r: { p99Ms: number; reqPerSec: number; requests: number; non2xx: number; errors: number },
): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const answered = r.requests > 0;
  if (b.p99Ms !== undefined) checks.push(check(`p99 ≤ ${b.p99Ms} ms`, answered && r.p99Ms <= b.p99Ms));
  if (b.maxMs !== undefined) checks.push(check(`≤ ${b.maxMs} ms`, answered && r.p99Ms <= b.maxMs));
  if (b.reqPerSec !== undefined) checks.push(check(`≥ ${n(b.reqPerSec)} req/s`, r.reqPerSec >= b.reqPerSec));
  checks.push(check('no errors', r.non2xx === 0 && r.errors === 0));
  return checks;
}

export interface TableRow {
  cells: string[];
  checks: BudgetCheck[];
}

/** A fixed-width table: the header's columns, then 'budgets' with each verdict. */
export function formatTable(title: string, header: string[], rows: TableRow[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r.cells[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const out = [title, `${line(header)}  budgets`];
  for (const row of rows) out.push(`${line(row.cells)}  ${row.checks.length ? row.checks.map(verdict).join(' · ') : '-'}`);
  return out.join('\n');
}

/** All checks of a report: how many passed, and the failed ones by name. */
export function tally(rows: { name: string; checks: BudgetCheck[] }[]): { total: number; failed: string[] } {
  const failed = rows.flatMap((r) => r.checks.filter((c) => !c.pass).map((c) => `${r.name}: ${c.budget}`));
  return { total: rows.reduce((s, r) => s + r.checks.length, 0), failed };
}
