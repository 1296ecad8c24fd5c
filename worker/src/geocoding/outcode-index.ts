// The offline geocoder: postcode district (outcode) centroids from core/geo/uk-outcodes.csv
// (OGL v3 + compiled NI rows, see core/geo/GEODATA.md), held in a Map so a lookup is a hash probe.
// The file is read once per process. It is found by walking up from this module, because the same
// code runs from worker/src (tsx, vitest) and bundled into dist/worker/main.js (esbuild), and the
// CSV is never bundled: it stays at <repo>/core/geo/uk-outcodes.csv.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { outcodeOf } from '../../../core/postcode';

export const OUTCODES_CSV_RELATIVE_PATH = join('core', 'geo', 'uk-outcodes.csv');

export interface OutcodeEntry {
  outcode: string;
  lat: number;
  lng: number;
  /** Local authority district holding most of the outcode's postcodes (not the post town). */
  town: string;
  region: string;
}

export interface OutcodeIndex {
  readonly size: number;
  /** Milliseconds it took to read and parse the CSV (reported in the worker's start-up log). */
  readonly loadMs: number;
  /** 'M1 1AE', 'm11ae' or 'M1' → the M1 entry; an unknown district or a malformed postcode → null. */
  lookup(postcodeOrOutcode: string): OutcodeEntry | null;
}

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
          'the worker needs the repository (or at least core/geo/) next to its code.',
      );
    }
    dir = parent;
  }
}

/** Splits one CSV line; handles double-quoted fields with commas ("Bournemouth, Christchurch and Poole"). */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (inQuotes) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        inQuotes = false;
      } else {
        field += ch;
      }
    } else if (ch === '"') {
      inQuotes = true;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
    } else {
      field += ch;
    }
  }
  fields.push(field);
  return fields;
}

export function parseOutcodesCsv(text: string): Map<string, OutcodeEntry> {
  const lines = text.split(/\r?\n/);
  const header = lines[0]?.trim();
  if (header !== 'outcode,lat,lng,town,region') {
    throw new Error(`Unexpected outcode CSV header: ${JSON.stringify(header)}`);
  }
  const map = new Map<string, OutcodeEntry>();
  for (let n = 1; n < lines.length; n++) {
    const line = lines[n]!;
    if (line.trim() === '') continue;
    const [outcode, lat, lng, town, region] = splitCsvLine(line);
    const entry = { outcode: outcode!.trim().toUpperCase(), lat: Number(lat), lng: Number(lng), town: town ?? '', region: region ?? '' };
    if (!entry.outcode || !Number.isFinite(entry.lat) || !Number.isFinite(entry.lng)) {
      throw new Error(`Bad outcode CSV row ${n + 1}: ${line}`);
    }
    map.set(entry.outcode, entry);
  }
  return map;
}

export function createOutcodeIndex(entries: Map<string, OutcodeEntry>, loadMs = 0): OutcodeIndex {
  return {
    size: entries.size,
    loadMs,
    lookup(postcodeOrOutcode) {
      const outcode = outcodeOf(postcodeOrOutcode);
      return outcode ? (entries.get(outcode) ?? null) : null;
    },
  };
}

const loaded = new Map<string, OutcodeIndex>();

/** The index for a CSV path (default: found from this module), read once per process and path. */
export function loadOutcodeIndex(options: { csvPath?: string } = {}): OutcodeIndex {
  const csvPath = resolve(options.csvPath ?? findOutcodesCsv());
  const cached = loaded.get(csvPath);
  if (cached) return cached;
  const started = performance.now();
  const entries = parseOutcodesCsv(readFileSync(csvPath, 'utf8'));
  const index = createOutcodeIndex(entries, performance.now() - started);
  loaded.set(csvPath, index);
  return index;
}
