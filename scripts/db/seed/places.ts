// Real places for the demo professionals: postcode districts (outcodes) from
// core/geo/uk-outcodes.csv, chosen by distance from a place of core/locations.ts, so that a
// professional's `region` (a UK_LOCATIONS name) and its postcode agree.
import { haversineMiles, KM_PER_MILE } from '../../../core/geo/distance';
import type { OutcodeEntry } from '../../../core/geo/outcode-table';
import { loadOutcodeIndex } from '../../../core/geo/outcodes.server';

export type Outcode = OutcodeEntry;

/** Every district of the outcode table (the same file and loader as the API and the worker). */
export function loadOutcodes(): readonly Outcode[] {
  return loadOutcodeIndex().entries();
}

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  return haversineMiles(a.lat, a.lng, b.lat, b.lng) * KM_PER_MILE;
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
