// The long-tail mix's searches (scripts/bench/long-tail.ts): many distinct /api/professionals URLs,
// as crawlers and visitors spread over the directory's filters, and a Zipf sampler to draw them
// (a few searches asked often, most asked rarely). Both deterministic: the same seed gives the same
// URLs and the same draws, so runs compare. The URLs combine what the bench data holds (the seed's
// services, places, company-name words, outcodes and rates), each one valid (core/directory-query)
// and each a different query: a filter at its default value (offset 0, sort relevance) is left
// out, so two URLs never ask the same thing in two spellings.
import { UK_LOCATIONS } from '../../core/locations';
import { SERVICES } from '../../core/services';
import { ADJECTIVES, NOUNS, prng, SUFFIXES } from './seed';

export const LONG_TAIL_URL_COUNT = 20_000;

const SORTS = ['rating', 'price', 'newest'] as const;
const OFFSETS = [24, 48, 72, 96, 192] as const;
const MIN_RATINGS = [3, 3.5, 4, 4.5, 4.8] as const;
/** Pounds per hour; the seed's hourly rates run from £25 to £147.50 (daily ones ÷ 8 from £25). */
const MAX_RATES = [30, 40, 50, 60, 75, 100, 150] as const;
const RADII = [2, 5, 10, 25, 50] as const;

/** Search words people type: the seed's company-name words and lower-case service words. */
function searchWords(): string[] {
  const serviceWords = SERVICES.flatMap((s) => s.toLowerCase().split(/\s+/)).filter((w) => w.length > 3);
  return [...new Set([...ADJECTIVES, ...NOUNS, ...SUFFIXES].map((w) => w.toLowerCase()).concat(serviceWords))];
}

export interface LongTailUrlOptions {
  /** Outcodes of the bench data (core/geo/uk-outcodes.csv), for `near`. */
  outcodes: readonly string[];
  count?: number;
  seed?: number;
}

/**
 * `count` distinct search paths. Each filter is present with its own chance (a service half the
 * time, a place half the time, a page beyond the first a third ...), so most searches have two to
 * four filters and a few have none or many; duplicates are drawn again.
 */
export function longTailPaths({ outcodes, count = LONG_TAIL_URL_COUNT, seed = 20261125 }: LongTailUrlOptions): string[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const chance = (p: number) => random() < p;
  const places = UK_LOCATIONS.map((l) => l.name);
  const words = searchWords();
  const seen = new Set<string>();
  const paths: string[] = [];
  for (let attempts = 0; paths.length < count; attempts++) {
    if (attempts > count * 50) throw new Error(`only ${paths.length} distinct searches could be made`);
    const params: [string, string][] = [];
    if (chance(0.3)) params.push(['search', chance(0.3) ? `${pick(words)} ${pick(words)}` : pick(words)]);
    if (chance(0.5)) params.push(['service', pick(SERVICES)]);
    const near = chance(0.25) ? pick(outcodes) : undefined;
    if (near) {
      params.push(['near', near]);
      if (chance(0.7)) params.push(['radiusMiles', String(pick(RADII))]);
    } else if (chance(0.5)) params.push(['location', pick(places)]);
    if (chance(0.25)) params.push(['minRating', String(pick(MIN_RATINGS))]);
    if (chance(0.25)) params.push(['maxHourlyRate', String(pick(MAX_RATES))]);
    if (near && chance(0.5)) params.push(['sort', 'distance']);
    else if (chance(0.4)) params.push(['sort', pick(SORTS)]);
    if (chance(0.3)) params.push(['offset', String(pick(OFFSETS))]);
    const path = `/api/professionals${params.length ? `?${new URLSearchParams(params).toString()}` : ''}`;
    if (seen.has(path)) continue;
    seen.add(path);
    paths.push(path);
  }
  return paths;
}

/**
 * Draws ranks 0 … n-1 with P(rank k) ∝ 1 / (k + 1)^exponent (Zipf; exponent 1 is the classic
 * spread of search and page popularity), from a seeded generator: a table of cumulative weights
 * and a binary search per draw.
 */
export function zipfSampler({ n, exponent = 1, seed }: { n: number; exponent?: number; seed: number }): () => number {
  if (!Number.isInteger(n) || n < 1) throw new Error('a Zipf sampler needs n ≥ 1');
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let k = 0; k < n; k++) {
    total += 1 / (k + 1) ** exponent;
    cumulative[k] = total;
  }
  const random = prng(seed);
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}
