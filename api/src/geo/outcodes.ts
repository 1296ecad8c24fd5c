// The API's outcode table (postcode district centroids of core/geo/uk-outcodes.csv), read once per
// process on first use. The CSV is never bundled: it is found by walking up from this module, which
// works from api/src (tsx, vitest) and from the bundled dist/ alike. Parsing lives in core/geo.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOutcodeIndex, parseOutcodesCsv, type OutcodeIndex } from '../../../core/geo/outcode-table';

const CSV_RELATIVE_PATH = join('core', 'geo', 'uk-outcodes.csv');

function findCsv(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, CSV_RELATIVE_PATH);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find ${CSV_RELATIVE_PATH} in any folder above this module`);
    dir = parent;
  }
}

let index: OutcodeIndex | undefined;

export function outcodeTable(): OutcodeIndex {
  if (!index) {
    const started = performance.now();
    const entries = parseOutcodesCsv(readFileSync(findCsv(), 'utf8'));
    index = createOutcodeIndex(entries, performance.now() - started);
  }
  return index;
}
