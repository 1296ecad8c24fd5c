// How `npm run bench` says what it measured: one table per part (cache on, cache off, long tail
// under writes, front end), each mix on a line with its figures and every budget it has, judged
// against the part's ceiling (PASS or FAIL) with the absolute budgets met or missed beside
// (budgets.ts, decision 0034); and which parts to run (BENCH_ONLY).
import { budgetShare, percent, scaledP99Ms, type LoadBudget } from './budgets';

export const BENCH_PARTS = ['cache-on', 'cache-off', 'long-tail', 'front-end', 'sitemaps'] as const;
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
  /** Judged (PASS or FAIL, counted in the tally), or an absolute budget printed beside (met or missed; decision 0034). */
  judged: boolean;
}

export const check = (budget: string, pass: boolean): BudgetCheck => ({ budget, pass, judged: true });
const absolute = (budget: string, pass: boolean): BudgetCheck => ({ budget, pass, judged: false });
export const verdict = (c: BudgetCheck) => `${c.budget} ${c.judged ? (c.pass ? 'PASS' : 'FAIL') : c.pass ? 'met' : 'missed'}`;
export const n = (value: number) => value.toLocaleString('en-GB');

/** A part's ceiling at one concurrency (ceiling.ts), before and after its mixes. */
export interface CeilingFigures {
  connections: number;
  beforeReqPerSec: number;
  afterReqPerSec: number;
  /** What the mixes are judged against: the mean of before and after. */
  reqPerSec: number;
  /** After against before, %: how much the machine's speed moved during the part. */
  driftPercent: number;
}

export function ceilingFigures(connections: number, beforeReqPerSec: number, afterReqPerSec: number): CeilingFigures {
  return {
    connections,
    beforeReqPerSec,
    afterReqPerSec,
    reqPerSec: Math.round((beforeReqPerSec + afterReqPerSec) / 2),
    driftPercent: beforeReqPerSec > 0 ? Math.round((1000 * (afterReqPerSec - beforeReqPerSec)) / beforeReqPerSec) / 10 : 0,
  };
}

/** A mix's req/s as a share of its ceiling; null without a ceiling. */
export const shareOf = (reqPerSec: number, ceiling: CeilingFigures | null): number | null =>
  ceiling && ceiling.reqPerSec > 0 ? reqPerSec / ceiling.reqPerSec : null;

/**
 * The budgets of a load mix, judged against the part's ceiling at the mix's concurrency: req/s as
 * a share of it, p99 scaled by it (budgets.ts), and no failed answers; then the absolute budgets,
 * met or missed. A run with no answer passes no latency budget; without a ceiling, no relative one.
 */
export function loadChecks(
  b: LoadBudget,
  r: { p99Ms: number; reqPerSec: number; requests: number; non2xx: number; errors: number },
  ceiling: CeilingFigures | null,
): BudgetCheck[] {
  const judged: BudgetCheck[] = [];
  const absolutes: BudgetCheck[] = [];
  const answered = r.requests > 0;
  if (b.p99Ms !== undefined) {
    const scaled = ceiling && ceiling.reqPerSec > 0 ? scaledP99Ms(b.p99Ms, ceiling.connections, ceiling.reqPerSec) : null;
    judged.push(scaled === null ? check('p99 against the ceiling (none measured)', false) : check(`p99 ≤ ${n(scaled)} ms`, answered && r.p99Ms <= scaled));
    absolutes.push(absolute(`p99 ≤ ${n(b.p99Ms)} ms`, answered && r.p99Ms <= b.p99Ms));
  }
  if (b.reqPerSec !== undefined) {
    const share = shareOf(r.reqPerSec, ceiling);
    judged.push(
      ceiling === null
        ? check('share of the ceiling (none measured)', false)
        : check(`≥ ${percent(budgetShare(b.reqPerSec, ceiling.connections))} of the ceiling`, share !== null && share >= budgetShare(b.reqPerSec, ceiling.connections)),
    );
    absolutes.push(absolute(`≥ ${n(b.reqPerSec)} req/s`, r.reqPerSec >= b.reqPerSec));
  }
  judged.push(check('no errors', r.non2xx === 0 && r.errors === 0));
  return [...judged, ...absolutes];
}

export interface TableRow {
  cells: string[];
  checks: BudgetCheck[];
}

/** The verdicts of a row: the judged ones, then the absolute ones beside. */
function verdicts(checks: BudgetCheck[]): string {
  if (checks.length === 0) return '-';
  const judged = checks.filter((c) => c.judged).map(verdict);
  const absolutes = checks.filter((c) => !c.judged).map(verdict);
  return [judged.join(' · '), absolutes.length ? `absolute: ${absolutes.join(' · ')}` : ''].filter(Boolean).join('; ');
}

/** A fixed-width table: the header's columns, then 'budgets' with each verdict. */
export function formatTable(title: string, header: string[], rows: TableRow[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r.cells[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const out = [title, `${line(header)}  budgets`];
  for (const row of rows) out.push(`${line(row.cells)}  ${verdicts(row.checks)}`);
  return out.join('\n');
}

/** All checks of a report: how many judged ones passed and the failed ones by name; the absolute ones missed, by name. */
export function tally(rows: { name: string; checks: BudgetCheck[] }[]): { total: number; failed: string[]; absolutes: number; missed: string[] } {
  const named = (judged: boolean) => rows.flatMap((r) => r.checks.filter((c) => c.judged === judged).map((c) => ({ ...c, name: r.name })));
  const judged = named(true);
  const absolutes = named(false);
  return {
    total: judged.length,
    failed: judged.filter((c) => !c.pass).map((c) => `${c.name}: ${c.budget}`),
    absolutes: absolutes.length,
    missed: absolutes.filter((c) => !c.pass).map((c) => `${c.name}: ${c.budget}`),
  };
}

/** The summary line of a part. */
export function tallyLine(part: string, t: ReturnType<typeof tally>): string {
  const judged = `${part}: ${t.total - t.failed.length} of ${t.total} budgets PASS${t.failed.length ? ` (FAIL: ${t.failed.join('; ')})` : ''}`;
  if (t.absolutes === 0) return judged;
  return `${judged}; absolute budgets ${t.absolutes - t.missed.length} of ${t.absolutes} met${t.missed.length ? ` (missed: ${t.missed.join('; ')})` : ''}`;
}
