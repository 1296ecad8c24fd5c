// `npm run bench:lighthouse [-- <base URL>]`: Lighthouse mobile runs of the key pages of a running
// site (`npm run build && npm start` first), against docs/performance.md's budgets (LCP, CLS, TBT, score).
//   pages: '/', '/professionals', a filtered directory (/professionals?service=Web%20Design&location=Manchester),
//   '/locations', one live profile (the first of GET /api/professionals?limit=1) and one
//   service-and-place page (the most listed place of the first service with any);
//   LIGHTHOUSE_PATHS (comma-separated, 'profile' and 'servicePlace' for those two) measures only those.
// Accessibility and SEO must score 100 on each (issue 33).
// Prints a table with OK/MISSED per budget, the LCP element of each page, and writes
// bench/results/lighthouse.json. Exits 1 when a budget is missed.
// Base URL: the first argument, else LIGHTHOUSE_BASE_URL, else http://localhost:3000.
// LIGHTHOUSE_RUNS (default 3): runs per page, the median LCP run is reported.
// LIGHTHOUSE_THROTTLING=devtools: real throttling by Chromium instead of Lighthouse's simulation
// (a cross-check; the budget is judged on the default, simulated run), written to
// bench/results/lighthouse-devtools.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { slugOf, type ServicePlacesOfService } from '../core/service-places';
import { SERVICES } from '../core/services';
import { LIGHTHOUSE_BUDGETS, lighthouseVerdicts, runLighthouse, type LighthousePageResult } from './bench/lighthouse';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = process.argv[2] ?? process.env.LIGHTHOUSE_BASE_URL ?? 'http://localhost:3000';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const throttling = process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate';

async function findProfilePath(): Promise<string> {
  const response = await fetch(new URL('/api/professionals?limit=1', baseUrl));
  if (!response.ok) throw new Error(`GET /api/professionals?limit=1 answered ${response.status}: is the site running at ${baseUrl}?`);
  const professionals = (await response.json()) as { slug: string }[];
  const first = professionals[0];
  if (!first) throw new Error('No live professional to measure a profile page with (seed the demo data: npm run db:seed).');
  return `/professionals/${encodeURIComponent(first.slug)}`;
}

/** The page of the place with most listings of the first service that has any (GET /api/service-places/{service}). */
async function findServicePlacePath(): Promise<string> {
  for (const service of SERVICES) {
    const response = await fetch(new URL(`/api/service-places/${slugOf(service)}`, baseUrl));
    if (!response.ok) throw new Error(`GET /api/service-places/${slugOf(service)} answered ${response.status}: is the site running at ${baseUrl}?`);
    const { places } = (await response.json()) as ServicePlacesOfService;
    if (places[0]) return places[0].path;
  }
  throw new Error('No service-and-place page to measure (seed the demo data: npm run db:seed).');
}

const DEFAULT_PATHS = ['/', '/professionals', '/professionals?service=Web%20Design&location=Manchester', '/locations', 'profile', 'servicePlace'];
const FOUND_PATHS: Record<string, () => Promise<string>> = { profile: findProfilePath, servicePlace: findServicePlacePath };

function verdict(isOk: boolean): string {
  return isOk ? 'OK' : 'MISSED';
}

function printTable(results: LighthousePageResult[]): void {
  const rows = results.map((r) => ({
    page: r.path,
    'LCP ms': r.lcpMs,
    [`LCP ≤ ${LIGHTHOUSE_BUDGETS.lcpMs}`]: verdict(r.lcpMs <= LIGHTHOUSE_BUDGETS.lcpMs),
    CLS: r.cls,
    [`CLS ≤ ${LIGHTHOUSE_BUDGETS.cls}`]: verdict(r.cls <= LIGHTHOUSE_BUDGETS.cls),
    'TBT ms': r.tbtMs,
    [`TBT ≤ ${LIGHTHOUSE_BUDGETS.tbtMs}`]: verdict(lighthouseVerdicts(r).tbt),
    'FCP ms': r.fcpMs,
    score: r.performanceScore,
    [`score ≥ ${LIGHTHOUSE_BUDGETS.performanceScore}`]: verdict(lighthouseVerdicts(r).score),
    a11y: r.accessibilityScore,
    [`a11y = ${LIGHTHOUSE_BUDGETS.accessibilityScore}`]: verdict(lighthouseVerdicts(r).a11y),
    SEO: r.seoScore,
    [`SEO = ${LIGHTHOUSE_BUDGETS.seoScore}`]: verdict(lighthouseVerdicts(r).seo),
    'transfer KB': r.transferKb,
    benchmarkIndex: r.benchmarkIndex,
  }));
  console.table(rows);
  for (const r of results) if (r.failedAudits.length > 0) console.log(`${r.path}: failed audits ${r.failedAudits.join(', ')}`);
}

async function main(): Promise<void> {
  const chosen = process.env.LIGHTHOUSE_PATHS?.split(',').map((p) => p.trim()).filter(Boolean) ?? DEFAULT_PATHS;
  const paths = await Promise.all(chosen.map((p) => FOUND_PATHS[p]?.() ?? Promise.resolve(p)));
  console.log(`Lighthouse (mobile, ${throttling === 'devtools' ? 'DevTools' : 'simulated'} throttling) on ${baseUrl}, ${runs} run(s) per page ...`);
  const started = Date.now();
  const results = await runLighthouse({
    baseUrl,
    paths,
    runs,
    throttling,
    onReport: (page, lhr) => {
      const lcpElement = lhr.audits['largest-contentful-paint-element']?.details;
      const snippet = lcpElement && 'items' in lcpElement ? JSON.stringify(lcpElement.items[0]).match(/"snippet":"((?:[^"\\]|\\.)*)"/)?.[1] : undefined;
      console.log(`  ${page}: LCP element ${snippet ?? '(none reported)'}`);
    },
  });
  printTable(results);
  console.log(`took ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const outDir = path.join(ROOT, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  const outFile = path.join(outDir, throttling === 'devtools' ? 'lighthouse-devtools.json' : 'lighthouse.json');
  const report = { measuredAt: new Date().toISOString(), baseUrl, throttling, runsPerPage: runs, budgets: LIGHTHOUSE_BUDGETS, results };
  writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`wrote ${path.relative(ROOT, outFile)}`);

  const isMissed = results.some((r) => Object.values(lighthouseVerdicts(r)).includes(false));
  if (isMissed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
