// The API's performance budgets, each stated both ways (decision 0034), in this one place: the
// bench reads them and docs/performance.md quotes them (budgets.test.ts checks that it does).
//   absolute  what the issues set for a 2-core machine like this one: p99 and req/s. The bench
//             prints them met or missed, beside;
//   relative  the same against the part's ceiling (ceiling.ts: the same HTTP stack sending a
//             prepared answer, measured in the same run): req/s as a share of the ceiling's, and
//             p99 scaled by how the ceiling compares with the reference ceiling, the one this
//             machine measured when the shares were set. The bench judges these (PASS or FAIL):
//             a machine half as fast halves the ceiling with the mixes, and the verdicts hold.
// Budgets that speed does not move stay absolute and judged: the map's gzip size, the staleness
// after a write, the writer's rates.

export interface LoadBudget {
  /** p99 at the reference ceiling, ms. */
  p99Ms?: number;
  /** Answers per second at the reference ceiling. */
  reqPerSec?: number;
}

/**
 * The ceiling this machine measured at each concurrency the mixes use when the shares were set,
 * answers a second (decision 0034 says how, from which runs, and why the best).
 */
export const REFERENCE_CEILING: Readonly<Record<number, number>> = { 50: 6_900, 4: 4_700, 1: 4_600 };

export const BUDGETS = {
  /** Issue 15: a search of the directory as deployed (the answer cache on). */
  cachedSearch: { p99Ms: 50, reqPerSec: 2_000 },
  /** Issue 15 item 1: every search computed (`DIRECTORY_CACHE_MB=0`). */
  databasePathSearch: { p99Ms: 50, reqPerSec: 1_000 },
  databasePathText: { p99Ms: 50, reqPerSec: 500 },
  profile: { p99Ms: 20, reqPerSec: 4_000 },
  /** Map points for a whole search at 100k (a latency budget: asked by 1 or 4 clients). */
  map: { p99Ms: 300 },
  /** Issue 15 item 2: 20,000 searches drawn Zipf-wise while reviews and approvals are written. */
  longTail: { p99Ms: 50, reqPerSec: 2_000 },
} as const satisfies Record<string, LoadBudget>;

export const MAP_GZIP_MAX_BYTES = 1.5 * 1024 * 1024;
/** The long tail: no answer without a write's change arrives later than this after its commit. */
export const STALENESS_MAX_MS = 2_000;
/** Issue 33 item 4: the worker builds the whole set of sitemaps at 100,000 listings in seconds. */
export const SITEMAP_BUILD_MAX_MS = 10_000;

function referenceCeiling(connections: number): number {
  const reference = REFERENCE_CEILING[connections];
  if (!reference) throw new Error(`no reference ceiling at ${connections} connections (scripts/bench/budgets.ts)`);
  return reference;
}

/** The share of its part's ceiling a budget's req/s is, to a tenth of a percent: what the bench judges. */
export function budgetShare(reqPerSec: number, connections: number): number {
  return Math.round((1000 * reqPerSec) / referenceCeiling(connections)) / 1000;
}

/** A p99 budget on a machine (or at a moment) whose ceiling is `ceilingReqPerSec`, whole ms. */
export function scaledP99Ms(p99Ms: number, connections: number, ceilingReqPerSec: number): number {
  return Math.round((p99Ms * referenceCeiling(connections)) / ceilingReqPerSec);
}

export const percent = (share: number) => `${(100 * share).toFixed(1)}%`;
const n = (value: number) => value.toLocaleString('en-GB');

/** The budget's two ways, as docs/performance.md's table states them. */
function bothWays(budget: LoadBudget, connections: number[]): [string, string] {
  const absolute: string[] = [];
  const relative: string[] = [];
  if (budget.p99Ms !== undefined) {
    absolute.push(`p99 ≤ ${n(budget.p99Ms)} ms`);
    const references = connections.map((c) => n(referenceCeiling(c)));
    relative.push(`p99 ≤ ${n(budget.p99Ms)} ms × ${references.join(' or ')} ÷ the ceiling`);
  }
  if (budget.reqPerSec !== undefined) {
    absolute.push(`≥ ${n(budget.reqPerSec)} req/s`);
    relative.push(`≥ ${percent(budgetShare(budget.reqPerSec, connections[0]!))} of the ceiling`);
  }
  return [absolute.join(', '), relative.join(', ')];
}

/** The API rows of docs/performance.md's budget table (area, absolute, judged). */
export function apiBudgetRows(): string[] {
  const rows: [string, LoadBudget, number[]][] = [
    ['Directory search API (filters + text + distance + sort + page), 100,000 live professionals, 50 connections', BUDGETS.cachedSearch, [50]],
    ['The same searches by the database path alone (`DIRECTORY_CACHE_MB=0`, issue 15)', BUDGETS.databasePathSearch, [50]],
    ['The same, text searches', BUDGETS.databasePathText, [50]],
    ['Profile by slug, 50 connections', BUDGETS.profile, [50]],
    ['Long tail under writes (`long-tail`), 50 connections', BUDGETS.longTail, [50]],
    ['Map points for a whole search at 100k, 1 or 4 connections', BUDGETS.map, [1, 4]],
  ];
  return rows.map(([area, budget, connections]) => `| ${area} | ${bothWays(budget, connections).join(' | ')} |`);
}
