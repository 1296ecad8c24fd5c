// Generated directory searches for the filter table's tests (api/src/domain/directory/filters.test.ts
// over listings in memory, tests/integration/directory-filters.int.test.ts over rows in PostgreSQL):
// one generator per entry of the table, test-only enum and boolean entries made as a new filter
// would be ('support hours', 'taking on clients'), and a tally that fails a test whose generators
// leave an entry of the table unused.
import fc from 'fast-check';
import { expect } from 'vitest';
import { SORTS } from '../../../core/directory';
import { DirectoryQuery } from '../../../core/directory-query';
import { findLocation } from '../../../core/locations';
import { SERVICES } from '../../../core/services';
import { EMPLOYEE_COUNTS } from '../../../core/listing-fields';
import { TEAM_SIZES } from '../../../core/team-size';
import { SEARCHED_WORK_MODES } from '../../../core/work-mode';
import { resolveNear } from '../domain/directory/circle';
import { enumFilter, FILTERS, type DirectoryFilter } from '../domain/directory/filters';
import type { IndexedListing } from '../domain/directory/indexed-listing';

/** A test-only enum ('support hours'), as a new enum filter would be written (the column is added by the integration test). */
export const SUPPORT_HOURS = ['office', 'evenings', 'always'] as const;
export type SupportHours = (typeof SUPPORT_HOURS)[number];
/** A value stored that the entry does not list (a column's newer value): it matches nothing. */
export const UNLISTED = 'weekends';
export type StoredSupportHours = SupportHours | typeof UNLISTED;

/** A listing with the test-only fields (null: no value stored). */
export type TestListing = IndexedListing & { supportHours: StoredSupportHours | null; takingClients: boolean | null };
/** A query with the test-only fields (DirectoryQuery does not parse them). */
export type TestQuery = DirectoryQuery & { supportHours?: StoredSupportHours; takingClients?: boolean };

/** Test-only: 'support hours' as its enum filter would be written. */
export const supportHoursFilter = enumFilter<StoredSupportHours, TestListing>({
  name: 'supportHours',
  field: 'supportHours',
  column: 'p.support_hours',
  values: SUPPORT_HOURS as readonly StoredSupportHours[],
  read: (query) => (query as TestQuery).supportHours,
});

/** Test-only: 'taking on new clients' as its boolean filter would be written. */
export const takingClientsFilter = enumFilter<boolean, TestListing>({
  name: 'takingClients',
  field: 'takingClients',
  column: 'p.taking_clients',
  values: [true, false],
  read: (query) => (query as TestQuery).takingClients,
});

/** The directory's filters and the test-only ones. */
export const TEST_TABLE: readonly DirectoryFilter[] = [...FILTERS, supportHoursFilter, takingClientsFilter];

export const SEARCHED_SERVICES = SERVICES.slice(0, 8);
export const PLACES = ['Manchester', 'London', 'Leeds', 'Bristol', 'Kent', 'Wales', 'Belfast', 'Scotland', 'Greater London'];
export const NEARS = ['M1 1AE', 'SW1A 1AA', 'LS1 4DY', 'B1 1AA', 'BS1 4DJ', 'Leeds', 'CF10'];

/** Generated listings' regions: the places searched, and one no search names. */
export const REGIONS = [...PLACES, 'Nowhere Test Region'];
/** Where generated listings are put: around the places and postcodes searched, and far from them. */
const CENTRES = [...PLACES.map((name) => findLocation(name)!), ...NEARS.map((near) => resolveNear(near)), { lat: 58.2, lng: -6.4 }];

/**
 * The listing's profile facts and checks the directory filters on (issue 34), as generated for a
 * listing in memory or a row: every stored employee count and none; the flags mostly off, as most
 * listings have no checks yet; most listings taking on new clients.
 */
export const factsArbitrary = fc.record({
  employeeCount: fc.constantFrom<string | null>(...EMPLOYEE_COUNTS, null),
  isInsured: fc.boolean(),
  hasCyberEssentials: fc.boolean(),
  isCompanyRegistered: fc.boolean(),
  acceptingNewClients: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
});
export type GeneratedFacts = typeof factsArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** A generated listing's position (null: none stored, one in six), and the point it gives. */
export const positionArbitrary = fc.option(
  fc.record({
    centre: fc.constantFrom(...CENTRES),
    dLat: fc.oneof(fc.constant(0), fc.double({ min: -0.6, max: 0.6, noNaN: true })),
    dLng: fc.oneof(fc.constant(0), fc.double({ min: -1, max: 1, noNaN: true })),
  }),
  { nil: null, freq: 6 },
);
export type GeneratedPosition = typeof positionArbitrary extends fc.Arbitrary<infer T> ? T : never;

export function positionPoint(position: GeneratedPosition): { lat: number; lng: number } | null {
  return position && { lat: position.centre.lat + position.dLat, lng: position.centre.lng + position.dLng };
}

/**
 * Each entry's query fields, by entry name, as a visitor's query string gives them (the test-only
 * ones typed). `texts`: the search texts to draw from (visitors' words, or tsquery texts where the
 * test parses them itself).
 */
export function entryArbitraries(texts: readonly string[]): Record<string, fc.Arbitrary<Record<string, unknown>>> {
  return {
    service: fc.constantFrom(...SEARCHED_SERVICES).map((service) => ({ service })),
    location: fc.constantFrom(...PLACES).map((location) => ({ location })),
    minRating: fc.constantFrom('0', '0.1', '3', '3.33', '3.5', '4', '4.5', '4.95', '5').map((minRating) => ({ minRating })),
    hourlyRate: fc
      .record({ minHourlyRate: fc.constantFrom('0', '10', '30', '45.5', '60', '100', '199.99', '250'), maxHourlyRate: fc.constantFrom('0', '40', '80', '80.5', '150', '200', '2000') }, { requiredKeys: [] })
      .filter((bounds) => Object.keys(bounds).length > 0),
    text: fc.constantFrom(...texts).map((search) => ({ search })),
    near: fc.record({ near: fc.constantFrom(...NEARS), radiusMiles: fc.constantFrom('1', '5', '10', '25', '60', '200') }, { requiredKeys: ['near'] }),
    workMode: fc.constantFrom(...SEARCHED_WORK_MODES).map((workMode) => ({ workMode })),
    teamSize: fc.constantFrom(...TEAM_SIZES).map((teamSize) => ({ teamSize })),
    insured: fc.constant({ insured: 'true' }),
    cyberEssentials: fc.constant({ cyberEssentials: 'true' }),
    companyRegistered: fc.constant({ companyRegistered: 'true' }),
    acceptingNewClients: fc.constant({ acceptingNewClients: 'true' }),
    supportHours: fc.constantFrom<StoredSupportHours>(...SUPPORT_HOURS, UNLISTED).map((supportHours) => ({ supportHours })),
    takingClients: fc.boolean().map((takingClients) => ({ takingClients })),
  };
}

const pageFields = fc.record({ sort: fc.constantFrom(...SORTS), limit: fc.constantFrom('1', '3', '5', '12'), offset: fc.constantFrom('0', '2', '5', '40') }, { requiredKeys: [] });

/** A generated search: each entry it uses with its own fields, and the whole query (up to three entries, so that many match). */
export interface GeneratedSearch {
  parts: { name: string; fields: Record<string, unknown> }[];
  query: TestQuery;
}

export function searchArbitrary(entries: Record<string, fc.Arbitrary<Record<string, unknown>>>): fc.Arbitrary<GeneratedSearch> {
  return fc
    .uniqueArray(fc.constantFrom(...Object.keys(entries)), { maxLength: 3 })
    .chain((names) => fc.tuple(pageFields, ...names.map((name) => entries[name]!.map((fields) => ({ name, fields })))))
    .map(([page, ...parts]) => ({ parts, query: toQuery(Object.assign({}, ...parts.map((part) => part.fields), page)) }));
}

/** A valid query of these fields: no distance order without a circle or a place, no minimum above the maximum. */
export function toQuery(raw: Record<string, unknown>): TestQuery {
  const { supportHours, takingClients, ...rest } = raw;
  if (rest.sort === 'distance' && !rest.near && !rest.location) delete rest.sort;
  if (rest.minHourlyRate !== undefined && rest.maxHourlyRate !== undefined && Number(rest.minHourlyRate) > Number(rest.maxHourlyRate)) delete rest.minHourlyRate;
  const query: TestQuery = DirectoryQuery.parse(rest);
  if (supportHours !== undefined) query.supportHours = supportHours as StoredSupportHours;
  if (takingClients !== undefined) query.takingClients = takingClients as boolean;
  return query;
}

/** How often each entry was in use, and whether it ever both let a listing through and turned one down. */
export class EntryUsage {
  private readonly used = new Map<string, { searches: number; matched: boolean; excluded: boolean }>();

  note(name: string, matched: number, of: number): void {
    const entry = this.used.get(name) ?? { searches: 0, matched: false, excluded: false };
    entry.searches += 1;
    entry.matched ||= matched > 0;
    entry.excluded ||= matched < of;
    this.used.set(name, entry);
  }

  /** Fails unless every entry of `table` was used `atLeast` times, matching some listing and excluding some. */
  expectEveryEntry(table: readonly DirectoryFilter[], atLeast: number): void {
    for (const { name } of table) {
      const entry = this.used.get(name);
      expect(entry?.searches ?? 0, `the generators leave "${name}" unused`).toBeGreaterThanOrEqual(atLeast);
      expect(entry?.matched && entry.excluded, `"${name}" never both matched and turned down a listing`).toBe(true);
    }
  }
}
