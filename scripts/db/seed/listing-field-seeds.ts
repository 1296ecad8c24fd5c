// The listing fields (core/listing-fields.ts) of seeded listings, for the demo seed and the bench
// seed alike: a value for each field from its options (a boolean: yes or no), unless the seed gives
// its own (the demo's archetypes give employee counts and business types that fit the business),
// and each field's column for the bulk inserts. Each field draws from its own stream, seeded from
// the seed and the field's name, so a field added or removed changes no other field's values and
// none of the seed's other columns.
import type { Choice, ListingFieldValues } from '../../../core/listing-fields';
import { createRandom, type Random } from './random';

/** A field's column: its name in snake_case (Prisma's @map convention), and its PostgreSQL type. */
export interface ListingFieldColumn {
  name: string;
  column: string;
  type: 'text' | 'boolean';
}

export function listingFieldColumns(fields: readonly Choice[]): ListingFieldColumn[] {
  return fields.map((field) => ({
    name: field.name,
    column: field.name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
    type: field.kind === 'enum' ? 'text' : 'boolean',
  }));
}

/** FNV-1a: a field's name as a 32-bit number, to seed its stream. */
function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

function pickValue(field: Choice, random: Random): string | boolean {
  return field.kind === 'enum' ? random.pick(field.options).value : random.chance(0.5);
}

export type ListingFieldSeeder<F extends readonly Choice[]> = (given?: Partial<ListingFieldValues<F>>) => ListingFieldValues<F>;

/**
 * Values for `fields`, one listing per call: `given` as it is, every other field from its options.
 * Deterministic for a seed and a sequence of calls.
 */
export function createListingFieldSeeder<const F extends readonly Choice[]>(seed: number, fields: F): ListingFieldSeeder<F> {
  const streams = new Map(fields.map((field) => [field.name, createRandom(seed ^ nameHash(field.name))]));
  return (given = {}) => {
    const own = given as Record<string, unknown>;
    return Object.fromEntries(fields.map((field) => [field.name, field.name in own ? own[field.name] : pickValue(field, streams.get(field.name)!)])) as ListingFieldValues<F>;
  };
}
