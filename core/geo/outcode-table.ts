// The pure half of the offline geocoder: postcode district (outcode) centroids parsed from the text
// of core/geo/uk-outcodes.csv into a Map, and lookups by postcode or outcode. No file access here:
// core/geo/outcodes.server.ts reads the file (for Node code only) and hands the text to parseOutcodesCsv.
import { outcodeOf } from '../postcode';

export const OUTCODES_CSV_HEADER = 'outcode,lat,lng,town,region';

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
  /** Milliseconds it took to read and parse the CSV (reported in start-up logs). */
  readonly loadMs: number;
  /** 'M1 1AE', 'm11ae' or 'M1' → the M1 entry; an unknown district or a malformed postcode → null. */
  lookup(postcodeOrOutcode: string): OutcodeEntry | null;
  /** Every district, in file order. */
  entries(): readonly OutcodeEntry[];
}

/** Splits one CSV line; handles double-quoted fields with commas ("Bournemouth, Christchurch and Poole"). */
export function splitCsvLine(line: string): string[] {
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
  if (header !== OUTCODES_CSV_HEADER) {
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
    entries: () => [...entries.values()],
  };
}
