// Real places for the demo professionals: postcode districts (outcodes) from
// core/geo/uk-outcodes.csv, chosen by distance from a place of core/locations.ts, so that a
// professional's `region` (a UK_LOCATIONS name) and its postcode agree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Outcode {
  outcode: string;
  lat: number;
  lng: number;
  /** Local authority district (not the post town). */
  town: string;
  /** ONS region: London, North West, Scotland, … */
  region: string;
}

export const OUTCODES_CSV = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'core', 'geo', 'uk-outcodes.csv');

/** Splits one CSV line; fields may be quoted ("Bournemouth, Christchurch and Poole"). */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

export function parseOutcodes(csv: string): Outcode[] {
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  if (header?.trim() !== 'outcode,lat,lng,town,region') throw new Error(`Unexpected outcodes header: ${header}`);
  return lines.map((line) => {
    const [outcode, lat, lng, town, region] = splitCsvLine(line);
    return { outcode: outcode!, lat: Number(lat), lng: Number(lng), town: town!, region: region! };
  });
}

export function loadOutcodes(file = OUTCODES_CSV): Outcode[] {
  return parseOutcodes(readFileSync(file, 'utf8'));
}

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * Outcodes nearest to `point`, nearest first, within `maxKm`, in the same ONS region as the
 * outcode nearest to the point (so a Chester-side pick never lands in Wales).
 */
export function outcodesNear(outcodes: readonly Outcode[], point: { lat: number; lng: number }, maxKm: number): Outcode[] {
  const sorted = outcodes
    .map((o) => ({ o, km: distanceKm(point, o) }))
    .filter(({ km }) => km <= maxKm)
    .sort((a, b) => a.km - b.km)
    .map(({ o }) => o);
  const region = sorted[0]?.region;
  return sorted.filter((o) => o.region === region);
}

// Inward codes: a digit and two letters, never C, I, K, M, O or V (Royal Mail's rule).
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

/** A plausible full postcode in `outcode` (not necessarily a delivery point that exists). */
export function plausiblePostcode(outcode: string, random: { int(min: number, max: number): number }): string {
  const letter = () => INWARD_LETTERS[random.int(0, INWARD_LETTERS.length - 1)]!;
  return `${outcode} ${random.int(1, 9)}${letter()}${letter()}`;
}
