// The one loader of the outcode table (postcode district centroids of core/geo/uk-outcodes.csv;
// OGL v3 + compiled NI rows, see core/geo/GEODATA.md) for the API (distance searches), the worker
// (offline geocoding) and the demo seed. Parsing and lookups are the pure core/geo/outcode-table.ts.
// A `.server.ts` file of core: it reads a file, so only Node code may import it (the lint rule keeps
// the front end out). The file is read once per process and path. It is found by walking up from
// this module, because the same code runs from the sources (tsx, vitest) and bundled into
// dist/api and dist/worker (esbuild), and the CSV is never bundled: it stays in <repo>/core/geo/.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOutcodeIndex, parseOutcodesCsv, type OutcodeIndex } from './outcode-table';

export { createOutcodeIndex, parseOutcodesCsv } from './outcode-table';
export type { OutcodeEntry, OutcodeIndex } from './outcode-table';

export const OUTCODES_CSV_RELATIVE_PATH = join('core', 'geo', 'uk-outcodes.csv');

/** Walks up from `from` (a directory or file URL/path) to the first folder holding core/geo/uk-outcodes.csv. */
export function findOutcodesCsv(from: string | URL = import.meta.url): string {
  const start = from instanceof URL || from.startsWith('file:') ? fileURLToPath(from) : resolve(from);
  let dir = existsSync(start) && statSync(start).isDirectory() ? start : dirname(start);
  for (;;) {
    const candidate = join(dir, OUTCODES_CSV_RELATIVE_PATH);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(
        `Cannot find ${OUTCODES_CSV_RELATIVE_PATH} in any folder above ${start}; ` +
          'the API and the worker need the repository (or at least core/geo/) next to their code.',
      );
    }
    dir = parent;
  }
}

const loaded = new Map<string, OutcodeIndex>();
/** The default path, found once (a distance search asks for the index on every request). */
let defaultCsvPath: string | undefined;

/** The index for a CSV path (default: found from this module), read once per process and path. */
export function loadOutcodeIndex(options: { csvPath?: string } = {}): OutcodeIndex {
  const csvPath = resolve(options.csvPath ?? (defaultCsvPath ??= findOutcodesCsv()));
  const cached = loaded.get(csvPath);
  if (cached) return cached;
  const started = performance.now();
  const entries = parseOutcodesCsv(readFileSync(csvPath, 'utf8'));
  const index = createOutcodeIndex(entries, performance.now() - started);
  loaded.set(csvPath, index);
  return index;
}
