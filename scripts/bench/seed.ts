// Deterministic bench data: N live professionals spread over the UK's postcode districts (the
// outcode centroids of core/geo/uk-outcodes.csv, jittered), each with its region from the nearest
// core/locations place, 1 to 5 services, a rate (hourly, daily or project based), a rating and its
// listing fields (core/listing-fields.ts, from their options: scripts/db/seed/listing-field-seeds.ts).
// Inserted with INSERT ... SELECT FROM unnest(...) in batches (one round trip per batch).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { parseOutcodesCsv, type OutcodeEntry } from '../../core/geo/outcode-table';
import { UK_LOCATIONS, type UkLocation } from '../../core/locations';
import { SERVICES } from '../../core/services';
import { haversineMiles, KM_PER_MILE } from '../../core/geo/distance';
import { hourlyEquivalentPence } from '../../core/hourly-rate';
import { LISTING_FIELDS } from '../../core/listing-fields';
import { createListingFieldSeeder, listingFieldColumns } from '../db/seed/listing-field-seeds';

export const BENCH_SLUG_PREFIX = 'bench-';

/** mulberry32: a small seeded PRNG, so every run seeds the same rows. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const ADJECTIVES = ['Bright', 'Swift', 'Northern', 'Blue', 'Clear', 'Secure', 'Smart', 'Digital', 'Reliable', 'Agile', 'Cloud', 'Pixel', 'Summit', 'Red', 'Green', 'Harbour', 'Oak', 'Iron', 'Silver', 'Peak'];
export const NOUNS = ['Byte', 'Logic', 'Code', 'Wave', 'Stack', 'Bridge', 'Circuit', 'Signal', 'Forge', 'Grid', 'Node', 'Spark', 'Path', 'Lantern', 'Anchor', 'Beacon', 'Falcon', 'Orbit', 'Tree', 'Works'];
export const SUFFIXES = ['Solutions', 'IT', 'Technologies', 'Consulting', 'Systems', 'Digital', 'Services', 'Labs', 'Support', 'Networks'];
const FIRST = ['Sam', 'Alex', 'Jo', 'Priya', 'Tom', 'Aisha', 'Chris', 'Emma', 'Liam', 'Sofia', 'Owen', 'Grace'];
const LAST = ['Taylor', 'Smith', 'Patel', 'Jones', 'Brown', 'Khan', 'Evans', 'Wilson', 'Murray', 'Hughes', 'Clarke', 'Reid'];
const LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

export function loadOutcodes(root: string): OutcodeEntry[] {
  return [...parseOutcodesCsv(readFileSync(path.join(root, 'core', 'geo', 'uk-outcodes.csv'), 'utf8')).values()];
}

/** The place a professional at (lat, lng) names as its region: the nearest city it lies in, else the nearest county, else region. */
function nearestPlace(lat: number, lng: number): UkLocation {
  let best: UkLocation | undefined;
  for (const kind of ['city', 'county', 'region'] as const) {
    let bestDistance = Infinity;
    for (const place of UK_LOCATIONS) {
      if (place.kind !== kind) continue;
      const km = haversineMiles(lat, lng, place.lat, place.lng) * KM_PER_MILE;
      if (km <= place.radiusKm && km < bestDistance) {
        best = place;
        bestDistance = km;
      }
    }
    if (best) return best;
  }
  let bestDistance = Infinity;
  for (const place of UK_LOCATIONS) {
    const km = haversineMiles(lat, lng, place.lat, place.lng) * KM_PER_MILE;
    if (km < bestDistance) {
      best = place;
      bestDistance = km;
    }
  }
  return best!;
}

/** The listing fields' columns, after the fixed ones. */
const FIELD_COLUMNS = listingFieldColumns(LISTING_FIELDS);

interface Columns {
  slug: string[];
  company: string[];
  contact: string[];
  email: string[];
  description: string[];
  services: string[];
  location: string[];
  region: string[];
  postcode: string[];
  lat: number[];
  lng: number[];
  ratePence: (number | null)[];
  rateType: (string | null)[];
  hourly: (number | null)[];
  projectBased: boolean[];
  rating: number[];
  reviewCount: number[];
  createdAt: string[];
  /** Per FIELD_COLUMNS, its values. */
  fields: unknown[][];
}

function emptyColumns(): Columns {
  return {
    slug: [], company: [], contact: [], email: [], description: [], services: [], location: [], region: [], postcode: [],
    lat: [], lng: [], ratePence: [], rateType: [], hourly: [], projectBased: [], rating: [], reviewCount: [], createdAt: [],
    fields: FIELD_COLUMNS.map(() => []),
  };
}

async function insertBatch(client: pg.ClientBase, c: Columns): Promise<void> {
  // The field columns' names come from core/listing-fields.ts, never from input.
  const fieldNames = FIELD_COLUMNS.map(({ column }) => `, ${column}`).join('');
  const fieldValues = FIELD_COLUMNS.map(({ column }) => `, t.${column}`).join('');
  const fieldParams = FIELD_COLUMNS.map(({ type }, i) => `, $${19 + i}::${type}[]`).join('');
  await client.query(
    `INSERT INTO professionals (slug, company_name, contact_name, email, description, services, location, region, postcode,
       lat, lng, geocoded_postcode, geocoded_at, rate_pence, rate_type, hourly_rate_pence, is_project_based, rating, review_count,
       recommend_count, is_approved, approved_at, subscription_status, subscription_type, created_at, updated_at${fieldNames})
     SELECT t.slug, t.company, t.contact, t.email, t.description, string_to_array(t.services, '|'), t.location, t.region, t.postcode,
       t.lat, t.lng, t.postcode, now(), t.rate_pence, t.rate_type::"RateType", t.hourly, t.project_based, t.rating, t.review_count,
       (t.review_count * 0.9)::int, true, t.created_at, 'active', 'monthly', t.created_at, t.created_at${fieldValues}
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
       $10::float8[], $11::float8[], $12::int[], $13::text[], $14::int[], $15::bool[], $16::numeric[], $17::int[], $18::timestamptz[]${fieldParams})
       AS t(slug, company, contact, email, description, services, location, region, postcode, lat, lng, rate_pence, rate_type,
         hourly, project_based, rating, review_count, created_at${fieldNames})`,
    [
      c.slug, c.company, c.contact, c.email, c.description, c.services, c.location, c.region, c.postcode, c.lat, c.lng,
      c.ratePence, c.rateType, c.hourly, c.projectBased, c.rating, c.reviewCount, c.createdAt, ...c.fields,
    ],
  );
}

/** Replaces every professional with `count` deterministic bench rows. */
export async function seedBenchProfessionals(client: pg.ClientBase, { count, root, batchSize = 5000 }: { count: number; root: string; batchSize?: number }): Promise<void> {
  const outcodes = loadOutcodes(root);
  const regionCache = new Map<string, UkLocation>();
  const random = prng(20261122);
  // The fields draw from streams of their own, so the other columns stay as they were.
  const listingFields = createListingFieldSeeder(20261122, LISTING_FIELDS);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const epoch = Date.UTC(2024, 0, 1);

  await client.query('TRUNCATE professionals RESTART IDENTITY CASCADE');
  let c = emptyColumns();
  for (let i = 0; i < count; i++) {
    const outcode = pick(outcodes);
    const lat = Math.round((outcode.lat + (random() - 0.5) * 0.02) * 1e6) / 1e6;
    const lng = Math.round((outcode.lng + (random() - 0.5) * 0.03) * 1e6) / 1e6;
    let place = regionCache.get(outcode.outcode);
    if (!place) {
      place = nearestPlace(outcode.lat, outcode.lng);
      regionCache.set(outcode.outcode, place);
    }
    const company = `${pick(ADJECTIVES)} ${pick(NOUNS)} ${pick(SUFFIXES)}`;
    const serviceCount = 1 + Math.floor(random() * 5);
    const services = new Set<string>();
    while (services.size < serviceCount) services.add(pick(SERVICES));
    const list = [...services];
    const kind = random();
    let ratePence: number | null = null;
    let rateType: string | null = null;
    let hourly: number | null = null;
    if (kind < 0.8) {
      ratePence = 2500 + Math.floor(random() * 50) * 250;
      rateType = 'hourly';
      hourly = ratePence;
    } else if (kind < 0.92) {
      ratePence = 20000 + Math.floor(random() * 25) * 2500;
      rateType = 'daily';
      hourly = hourlyEquivalentPence(ratePence, 'daily');
    }
    const hasReviews = random() < 0.7;
    const reviewCount = hasReviews ? 1 + Math.floor(random() ** 3 * 200) : 0;
    const rating = hasReviews ? Math.round((3 + random() * 2) * 10) / 10 : 0;
    c.slug.push(`${BENCH_SLUG_PREFIX}${i}-${company.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`);
    c.company.push(company);
    c.contact.push(`${pick(FIRST)} ${pick(LAST)}`);
    c.email.push(`bench${i}@example.test`);
    c.description.push(
      `${company} offers ${list.join(', ')} to homes and businesses in and around ${outcode.town}. ` +
        'Friendly, certified engineers with fixed quotes and no call-out charge.',
    );
    c.services.push(list.join('|'));
    c.location.push(outcode.town);
    c.region.push(place.name);
    c.postcode.push(`${outcode.outcode} ${Math.floor(random() * 10)}${pick([...LETTERS])}${pick([...LETTERS])}`);
    c.lat.push(lat);
    c.lng.push(lng);
    c.ratePence.push(ratePence);
    c.rateType.push(rateType);
    c.hourly.push(hourly);
    c.projectBased.push(kind >= 0.92);
    c.rating.push(rating);
    c.reviewCount.push(reviewCount);
    c.createdAt.push(new Date(epoch + i * 60_000).toISOString());
    const fields = listingFields() as Record<string, unknown>;
    FIELD_COLUMNS.forEach(({ name }, index) => c.fields[index]!.push(fields[name]));
    if (c.slug.length === batchSize) {
      await insertBatch(client, c);
      c = emptyColumns();
    }
  }
  if (c.slug.length > 0) await insertBatch(client, c);
}
