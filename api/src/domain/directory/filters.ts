// The directory's filters, each defined once (docs/decisions/0032-one-table-per-directory-filter.md).
//
// A search is answered by SQL (directory-sql.ts) or by the in-memory index (directory-index.ts,
// decision 0019), and its kept answers are forgotten by the answer cache when a change of a
// listing can alter them (answer-cache.ts, decisions 0005, 0019, 0026). Each of the three needs
// every filter in its own form, and the forms must agree listing for listing: a listing the SQL
// finds and the index does not is a wrong answer, and one the cache's per-listing test misses is a
// page kept stale. So each filter is one entry of FILTERS below, holding all its forms:
//   - read:    its value in a parsed DirectoryQuery (undefined: the search does not use it);
//   - sql:     its condition over `professionals p` (buildDirectorySql ANDs them after LISTED);
//   - sets:    the bitsets the index keeps for it (slot-sets.ts builds them from `setsOf`);
//   - compile: for one search, its narrowing over the index's sets (plus per-slot checks for what
//              no set says exactly), its per-listing test, and what the answer cache files the
//              search's kept answers under (the services and places a matching listing is in).
// The SQL path, the index's selection and the answer cache's matcher loop over this table; none
// of them names a filter. A new enum or boolean filter is `enumFilter(...)` here plus the field on
// IndexedListing: the index builds a set per value and reads the column it names.
//
// tests: filters.test.ts (narrowing = per-listing test, and the cache's kept pages, over
// generated listings, searches and changes) and tests/integration/directory-filters.int.test.ts
// (the SQL against the other two in PostgreSQL); both fail when an entry goes ungenerated.
import { DEFAULT_RADIUS_MILES } from '../../../../core/directory';
import type { DirectoryQuery } from '../../../../core/directory-query';
import { KM_PER_MILE } from '../../../../core/geo/distance';
import { findLocation } from '../../../../core/locations';
import { SERVICES } from '../../../../core/services';
import { SEARCHED_WORK_MODES, WORK_MODES_FOUND, type SearchedWorkMode, type WorkMode } from '../../../../core/work-mode';
import type { EmployeeCount } from '../../../../core/listing-fields';
import { TEAM_SIZES, TEAM_SIZES_FOUND, type TeamSize } from '../../../../core/team-size';
import { Prisma } from '../../../../prisma/db';
import type { BoundText } from './bound-text';
import { circle, circleKey, holdsCell, inside, resolveNear, withinSql, type Circle } from './circle';
import { serviceBit, type IndexedListing, type ListingMatcher, type SearchMatcher } from './indexed-listing';
import type { ListingColumns } from './listing-columns';
import { boxPlaces, regionPlace } from './listing-places';
import { intersect, type SetFamily } from './slot-sets';
import { tsquerySql } from './tsquery-text';

/** A test of one slot, for what no set says exactly (read from the columns). */
export type SlotCheck = (slot: number) => boolean;

/** What a filter's index form may ask of the index beyond its columns and sets. */
export interface IndexView {
  /** Makes the visitor's text known to the index (PostgreSQL's tsquery for it, asked once per word). */
  parseText(search: string): Promise<void>;
  /** The text bound to the index's dictionary; null when the index cannot evaluate it (not parsed, or syntax it leaves to SQL). */
  boundText(search: string): BoundText | null;
  /** The set of the slots whose listings the text finds. */
  textSet(text: BoundText): Uint32Array;
}

/** One filter as one search sets it, in the index's forms. */
export interface CompiledFilter {
  /**
   * ANDs into `result` (the columns' `sets.words` long) the sets of the slots that can match, and
   * pushes onto `checks` a test per slot for what the sets do not say exactly. Together they say
   * exactly what `test` says of each slot's listing.
   */
  narrow(c: ListingColumns, result: Uint32Array, checks: SlotCheck[]): void;
  /** The condition for one listing's snapshot (what the answer cache asks of a changed listing). */
  test: ListingMatcher;
  /** For the answer cache: a matching listing offers one of these services (serviceMask bits); absent: any. */
  services?: number;
  /**
   * For the answer cache: the places a matching listing is in one of (listing-places.ts); absent
   * or null: anywhere. Asked only for the cache's matcher, not for every search.
   */
  places?(): readonly string[] | null;
}

/** One entry of the table: a filter in all its forms (see the top of this file). */
export interface DirectoryFilter<V = unknown, C extends CompiledFilter = CompiledFilter> {
  readonly name: string;
  /** The sets the index keeps for it (slot-sets.ts), if it narrows by sets of its own. */
  readonly sets?: SetFamily;
  /**
   * Columns the index reads for it besides the public ones (IndexedListing field → SQL over
   * `professionals p`): the index's row SELECTs each and copies it onto the listing as it comes.
   */
  readonly columns?: Readonly<Record<string, string>>;
  /** Its value in the query; undefined when the query does not use it. Bad input throws an AppError (a 400). */
  read(query: DirectoryQuery): V | undefined;
  /** Its condition over `professionals p`. */
  sql(value: V): Prisma.Sql;
  /** What the index must learn first (it may ask PostgreSQL), before `compile` can answer. */
  prepare?(value: V, index: IndexView): Promise<void>;
  /** Its index forms for this value; null when the index cannot evaluate it (then SQL answers the search). */
  compile(value: V, index: IndexView): C | null;
}

/** A filter the query uses, with its value. */
export interface ActiveFilter {
  readonly filter: DirectoryFilter;
  readonly value: unknown;
}

// ---- service ---------------------------------------------------------------------------------

const serviceSets: SetFamily = {
  size: SERVICES.length,
  setsOf(listing, visit) {
    for (let mask = listing.serviceMask; mask !== 0; mask &= mask - 1) visit(31 - Math.clz32(mask & -mask));
  },
};

export const serviceFilter: DirectoryFilter<string> = {
  name: 'service',
  sets: serviceSets,
  read: (query) => query.service || undefined,
  sql: (service) => Prisma.sql`p.services @> ARRAY[${service}]::text[]`,
  compile(service) {
    const bit = serviceBit(service);
    const index = 31 - Math.clz32(bit);
    return {
      narrow(c, result) {
        if (bit === 0) result.fill(0, 0, c.sets.words);
        else intersect(result, c.sets.of(serviceSets)[index]!, c.sets.words);
      },
      test: (listing) => (listing.serviceMask & bit) !== 0,
      services: bit,
    };
  },
};

// ---- location: a place's region, or inside its circle ----------------------------------------

export interface PlaceValue {
  name: string;
  area: Circle;
}

export const locationFilter: DirectoryFilter<PlaceValue> = {
  name: 'location',
  read(query) {
    if (!query.location) return undefined;
    const place = findLocation(query.location)!;
    return { name: place.name, area: circle(place, place.radiusKm / KM_PER_MILE) };
  },
  sql: ({ name, area }) => Prisma.sql`(p.region = ${name} OR ${withinSql(area)})`,
  compile({ name, area }) {
    return {
      narrow(c, result) {
        // The place's set: its region's slots and those inside its circle, kept per place (slot-sets.ts).
        const set = c.sets.within(`place:${name}`, area, c.regionIdOf(name), (slot) => c.region[slot] === c.regionIdOf(name) || inside(area, c.lat[slot]!, c.lng[slot]!));
        intersect(result, set, c.sets.words);
      },
      test: (listing) => listing.region === name || inside(area, listing.lat, listing.lng),
      places() {
        // Inside the circle (the squares its box covers) or in the region, wherever its point is.
        const squares = boxPlaces(area);
        return squares && [...squares, regionPlace(name)];
      },
    };
  },
};

// ---- minimum rating ----------------------------------------------------------------------------

/** Ratings run 0.0–5.0: thresholds in tenths up to this have their own sets. */
export const MAX_RATING_TENTHS = 50;

/** The least rating in tenths that `ratingTenths / 10 >= minRating` lets through (exactly, whatever the float). */
export function tenthsAtLeast(minRating: number): number {
  if (!Number.isFinite(minRating)) return minRating;
  let tenths = Math.ceil(minRating * 10);
  while ((tenths - 1) / 10 >= minRating) tenths -= 1;
  while (tenths / 10 < minRating) tenths += 1;
  return tenths;
}

/** [t]: ratingTenths ≥ t, for t = 0…MAX_RATING_TENTHS. */
const ratingSets: SetFamily = {
  size: MAX_RATING_TENTHS + 1,
  setsOf(listing, visit) {
    const tenths = Math.min(listing.ratingTenths, MAX_RATING_TENTHS);
    for (let t = 0; t <= tenths; t++) visit(t);
  },
};

export const minRatingFilter: DirectoryFilter<number> = {
  name: 'minRating',
  sets: ratingSets,
  read: (query) => query.minRating,
  sql: (minRating) => Prisma.sql`p.rating >= ${minRating}::numeric`,
  compile(minRating) {
    const min = tenthsAtLeast(minRating);
    return {
      narrow(c, result, checks) {
        if (min <= 0) return;
        if (min <= MAX_RATING_TENTHS) intersect(result, c.sets.of(ratingSets)[min]!, c.sets.words);
        else checks.push((slot) => c.ratingTenths[slot]! >= min);
      },
      test: (listing) => listing.ratingTenths >= min,
    };
  },
};

// ---- hourly rate bounds ------------------------------------------------------------------------

/** Price bounds of whole pounds up to this have their own sets (the search form offers £10 steps to £100). */
export const PRICE_GRID_POUNDS = 200;

/** Pounds per hour, either bound or both (a daily rate counts as rate ÷ 8, product rule 16). */
export interface RateBounds {
  min: number | undefined;
  max: number | undefined;
}

/**
 * [0]: priced (the hourly equivalent is known and the listing is not project-based); [1 + k]:
 * priced and pence ≤ k × 100; [AT_LEAST + k]: priced and pence ≥ k × 100, for k = 0…PRICE_GRID_POUNDS.
 */
const PRICED = 0;
const AT_MOST = 1;
const AT_LEAST = AT_MOST + PRICE_GRID_POUNDS + 1;
const priceSets: SetFamily = {
  size: AT_LEAST + PRICE_GRID_POUNDS + 1,
  setsOf(listing, visit) {
    const pence = listing.hourlyPence;
    if (pence < 0 || listing.projectBased) return;
    visit(PRICED);
    for (let k = 0; k <= PRICE_GRID_POUNDS; k++) {
      if (pence <= k * 100) visit(AT_MOST + k);
      if (pence >= k * 100) visit(AT_LEAST + k);
    }
  },
};

const onPriceGrid = (pence: number) => pence % 100 === 0 && pence >= 0 && pence <= PRICE_GRID_POUNDS * 100;

export const hourlyRateFilter: DirectoryFilter<RateBounds> = {
  name: 'hourlyRate',
  sets: priceSets,
  read: ({ minHourlyRate: min, maxHourlyRate: max }) => (min === undefined && max === undefined ? undefined : { min, max }),
  sql({ min, max }) {
    // Prices compare the hourly equivalent (a daily rate ÷ 8, stored); a NULL never passes, so
    // project-based and rate-less professionals drop out only when a price bound is set.
    const conditions: Prisma.Sql[] = [];
    if (min !== undefined) conditions.push(Prisma.sql`p.hourly_rate_pence >= ${Math.round(min * 100)}::int`);
    if (max !== undefined) conditions.push(Prisma.sql`p.hourly_rate_pence <= ${Math.round(max * 100)}::int`);
    conditions.push(Prisma.sql`NOT p.is_project_based`);
    return Prisma.join(conditions, ' AND ');
  },
  compile({ min, max }) {
    const minPence = min === undefined ? -Infinity : Math.round(min * 100);
    const maxPence = max === undefined ? Infinity : Math.round(max * 100);
    return {
      narrow(c, result, checks) {
        const sets = c.sets.of(priceSets);
        const words = c.sets.words;
        intersect(result, sets[PRICED]!, words);
        if (Number.isFinite(minPence)) {
          if (onPriceGrid(minPence)) intersect(result, sets[AT_LEAST + minPence / 100]!, words);
          else checks.push((slot) => c.pence[slot]! >= minPence);
        }
        if (Number.isFinite(maxPence)) {
          if (onPriceGrid(maxPence)) intersect(result, sets[AT_MOST + maxPence / 100]!, words);
          else checks.push((slot) => c.pence[slot]! <= maxPence);
        }
      },
      test: (listing) => listing.hourlyPence >= 0 && !listing.projectBased && listing.hourlyPence >= minPence && listing.hourlyPence <= maxPence,
    };
  },
};

// ---- free text ---------------------------------------------------------------------------------

/** The text filter's index form also hands its bound text to the relevance order (directory-index.ts). */
export interface TextCompiled extends CompiledFilter {
  text: BoundText;
}

export const textFilter: DirectoryFilter<string, TextCompiled> = {
  name: 'text',
  read: (query) => query.search || undefined,
  sql: (search) => Prisma.sql`p.search_vector @@ ${tsquerySql(search)}`,
  prepare: (search, index) => index.parseText(search),
  compile(search, index) {
    const text = index.boundText(search);
    if (!text) return null;
    return {
      text,
      narrow: (c, result) => intersect(result, index.textSet(text), c.sets.words),
      test: (listing) => text.finds(listing.text),
    };
  },
};

// ---- near a postcode or place, within a radius --------------------------------------------------

/** The near filter's index form also hands its circle to the distance order (directory-index.ts). */
export interface NearCompiled extends CompiledFilter {
  circle: Circle;
}

/** The slots inside a circle (kept per circle by SlotSets.within); the nearest-first orders are built from it too. */
export function circleSet(c: ListingColumns, near: Circle): Uint32Array {
  return c.sets.within(circleKey(near), near, -1, (slot) => inside(near, c.lat[slot]!, c.lng[slot]!), (cell) => holdsCell(near, cell));
}

export const nearFilter: DirectoryFilter<Circle, NearCompiled> = {
  name: 'near',
  read: (query) => (query.near ? circle(resolveNear(query.near), query.radiusMiles ?? DEFAULT_RADIUS_MILES) : undefined),
  sql: (near) => withinSql(near),
  compile: (near) => ({
    circle: near,
    narrow: (c, result) => intersect(result, circleSet(c, near), c.sets.words),
    test: (listing) => inside(near, listing.lat, listing.lng),
    places: () => boxPlaces(near),
  }),
};

// ---- enum and boolean fields -------------------------------------------------------------------

/**
 * A filter on one field of the listing with a few values (an enum column, or a boolean): the
 * search names one value; the index keeps a set per value. A value outside `values` matches
 * nothing, in every form. NULL is no value (it never matches).
 */
export function enumFilter<const V extends string | boolean, L extends IndexedListing = IndexedListing, S = V>({
  name,
  field,
  column,
  values,
  finds,
  read,
}: {
  name: string;
  /** The listing's field (IndexedListing), copied from the row's column of the same name. */
  field: keyof L & string;
  /** The column over `professionals p` as SQL text of ours (never input), e.g. 'p.work_mode'. */
  column: string;
  /** The values a search can name. */
  values: readonly V[];
  /** The stored values each searched value finds, when not only itself (work mode 'both' is found by either mode). */
  finds?: Readonly<Record<Extract<V, string>, readonly S[]>>;
  read: (query: DirectoryQuery) => V | undefined;
}): DirectoryFilter<V> {
  const valueOf = (listing: IndexedListing): unknown => (listing as L)[field];
  const indexOf = (value: unknown) => (values as readonly unknown[]).indexOf(value);
  /** The stored values the searched value at `at` finds. */
  const found = values.map((value): readonly unknown[] => (finds as Record<string, readonly unknown[]> | undefined)?.[String(value)] ?? [value]);
  const sets: SetFamily = {
    size: values.length,
    // A set per searched value, of the listings it finds (a stored value may be in several).
    setsOf(listing, visit) {
      const stored = valueOf(listing);
      for (let at = 0; at < found.length; at++) if (found[at]!.includes(stored)) visit(at);
    },
  };
  return {
    name,
    sets,
    columns: { [field]: column },
    read,
    sql(value) {
      const at = indexOf(value);
      if (at < 0) return Prisma.sql`false`;
      const stored = found[at]!;
      return stored.length === 1 ? Prisma.sql`${Prisma.raw(column)} = ${stored[0]}` : Prisma.sql`${Prisma.raw(column)} IN (${Prisma.join(stored)})`;
    },
    compile(value) {
      const at = indexOf(value);
      const stored = at < 0 ? [] : found[at]!;
      return {
        narrow(c, result) {
          if (at < 0) result.fill(0, 0, c.sets.words);
          else intersect(result, c.sets.of(sets)[at]!, c.sets.words);
        },
        test: (listing) => stored.includes(valueOf(listing)),
      };
    },
  };
}

/** Where the professional works (product rule 39): a search for one mode finds those who do both too. */
export const workModeFilter = enumFilter<SearchedWorkMode, IndexedListing, WorkMode>({
  name: 'workMode',
  field: 'workMode',
  column: 'p.work_mode',
  values: SEARCHED_WORK_MODES,
  finds: WORK_MODES_FOUND,
  read: (query) => query.workMode,
});

/** How many work in the business (issue 34): a band finds the stored employee counts it covers. */
export const teamSizeFilter = enumFilter<TeamSize, IndexedListing, EmployeeCount>({
  name: 'teamSize',
  field: 'employeeCount',
  column: 'p.employee_count',
  values: TEAM_SIZES,
  finds: TEAM_SIZES_FOUND,
  read: (query) => query.teamSize,
});

// The three checks are flags the database keeps from approved credentials in force (product rule
// 45, decision 0041): a trigger's UPDATE of professionals, which the change feed hears like any
// other, so the index reads the new flags with the row. Only `true` is searched for.

export const insuredFilter = enumFilter<true>({ name: 'insured', field: 'isInsured', column: 'p.is_insured', values: [true], read: (query) => query.insured });

export const cyberEssentialsFilter = enumFilter<true>({
  name: 'cyberEssentials',
  field: 'hasCyberEssentials',
  column: 'p.has_cyber_essentials',
  values: [true],
  read: (query) => query.cyberEssentials,
});

export const companyRegisteredFilter = enumFilter<true>({
  name: 'companyRegistered',
  field: 'isCompanyRegistered',
  column: 'p.is_company_registered',
  values: [true],
  read: (query) => query.companyRegistered,
});

/** Taking on new clients (product rule 46): the professional's own say. */
export const acceptingNewClientsFilter = enumFilter<true>({
  name: 'acceptingNewClients',
  field: 'acceptingNewClients',
  column: 'p.accepting_new_clients',
  values: [true],
  read: (query) => query.acceptingNewClients,
});

// ---- the table ----------------------------------------------------------------------------------

/** Every filter of the directory, in the order their SQL conditions are written. */
export const FILTERS: readonly DirectoryFilter[] = [
  serviceFilter,
  locationFilter,
  minRatingFilter,
  hourlyRateFilter,
  textFilter,
  nearFilter,
  workModeFilter,
  teamSizeFilter,
  insuredFilter,
  cyberEssentialsFilter,
  companyRegisteredFilter,
  acceptingNewClientsFilter,
];

/** The filters `query` uses, with their values (an unknown place throws its 400 here, whoever answers). */
export function readFilters(query: DirectoryQuery, filters: readonly DirectoryFilter[] = FILTERS): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  for (const filter of filters) {
    const value = filter.read(query);
    if (value !== undefined) active.push({ filter, value });
  }
  return active;
}

/** The value `filter` has in a query's active filters, if it is one of them. */
export function valueOf<V>(active: readonly ActiveFilter[], filter: DirectoryFilter<V, CompiledFilter>): V | undefined {
  for (const entry of active) if (entry.filter === filter) return entry.value as V;
  return undefined;
}

/** A search's filters in the index's forms, in table order. */
export class CompiledQuery {
  constructor(
    private readonly filters: readonly DirectoryFilter[],
    readonly compiled: readonly CompiledFilter[],
  ) {}

  /** `filter`'s index form in this search, if the search uses it. */
  of<C extends CompiledFilter>(filter: DirectoryFilter<unknown, C>): C | undefined {
    const at = this.filters.indexOf(filter as DirectoryFilter);
    return at < 0 ? undefined : (this.compiled[at] as C);
  }
}

/**
 * Learns what the active filters need the index to know (PostgreSQL's tsquery of a new text); null
 * when none needs anything, so that a search without text does not wait a turn for nothing.
 */
export function prepareFilters(active: readonly ActiveFilter[], index: IndexView): Promise<void> | null {
  if (!active.some(({ filter }) => filter.prepare)) return null;
  return (async () => {
    for (const { filter, value } of active) if (filter.prepare) await filter.prepare(value, index);
  })();
}

/** The active filters' index forms; null when one cannot be evaluated by the index (SQL answers). */
export function compileFilters(active: readonly ActiveFilter[], index: IndexView): CompiledQuery | null {
  const compiled: CompiledFilter[] = [];
  for (const { filter, value } of active) {
    const form = filter.compile(value, index);
    if (!form) return null;
    compiled.push(form);
  }
  return new CompiledQuery(
    active.map((entry) => entry.filter),
    compiled,
  );
}

/**
 * The answer cache's matcher for a search: every filter's per-listing test, and what to file the
 * search's answers under. Each filter's hint holds every listing it lets through, so any one of
 * them holds every listing the search matches: the narrowest is taken (the fewest services, the
 * fewest places). Intersecting two would not hold them (a listing of the place's region outside
 * the squares of the place's circle, but inside a `near` circle's).
 */
export function searchMatcher(query: CompiledQuery): SearchMatcher {
  const tests = query.compiled.map((form) => form.test);
  let services = -1;
  let places: readonly string[] | null = null;
  for (const form of query.compiled) {
    if (form.services !== undefined && (services === -1 || bitCount(form.services) < bitCount(services))) services = form.services;
    const formPlaces = form.places?.() ?? null;
    if (formPlaces && (places === null || formPlaces.length < places.length)) places = formPlaces;
  }
  return { matches: allTests(tests), services, places };
}

/**
 * The tests as one: a change is tested against thousands of kept searches, so the usual one to
 * three filters are joined directly rather than by a loop.
 */
function allTests(tests: readonly ListingMatcher[]): ListingMatcher {
  const [a, b, c] = tests;
  switch (tests.length) {
    case 0:
      return () => true;
    case 1:
      return a!;
    case 2:
      return (listing) => a!(listing) && b!(listing);
    case 3:
      return (listing) => a!(listing) && b!(listing) && c!(listing);
    default:
      return (listing) => {
        for (const test of tests) if (!test(listing)) return false;
        return true;
      };
  }
}

function bitCount(mask: number): number {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count += 1;
  return count;
}
