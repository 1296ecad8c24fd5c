// The directory's filters and their two spellings: the page's address (/professionals?…, only
// non-default values, product rule 17) and the API's query string (core/directory-query.ts, same
// names plus limit/offset). Both come from the parameter table (core/directory-params.ts: each
// filter's lenient reading, its written form, its place in the address, its chip); this file binds
// the table's functions (core/directory-address.ts) and adds the rules that join filters. Pure
// functions, unit tested; the hooks in use-professionals.ts build on them. Zod-free.
//
// Reading an address is lenient: a value the API would refuse (an unknown service, 'abc' as a
// rating, sort=distance without near or a place) is dropped rather than turned into a failed request.
import { apiPath, PROFESSIONALS_PATHS } from '../../../core/api-paths';
import { DEFAULT_PAGE_SIZE, DEFAULT_RADIUS_MILES, SORTS, type Sort } from '../../../core/directory';
import {
  activeValues,
  addressEntries,
  filterChips,
  noFilters,
  readAddress,
  valueLabel,
  withoutParams,
  type FilterChip as TableChip,
} from '../../../core/directory-address';
import { DIRECTORY_PARAMS, type FiltersOf } from '../../../core/directory-params';
import { directoryPageText } from '../../../core/directory-title';
import { ALL_UK } from '../../../core/locations';

/** The page's filters: one key per page parameter of the table ('All Services', '' when off, or left out). */
export type DirectoryFilters = FiltersOf<typeof DIRECTORY_PARAMS>;

export const DEFAULT_FILTERS: DirectoryFilters = noFilters(DIRECTORY_PARAMS);

/**
 * The sorts that make sense for these filters: relevance only with text, distance only with near
 * or a place (measured from the place's centre, issue 34).
 */
export function availableSorts(filters: Pick<DirectoryFilters, 'search' | 'near'> & { location?: string }): Sort[] {
  const hasPlace = filters.location !== undefined && filters.location !== '' && filters.location !== ALL_UK;
  return SORTS.filter(
    (sort) => (sort !== 'relevance' || filters.search !== '') && (sort !== 'distance' || filters.near !== '' || hasPlace),
  );
}

/** What the list is ordered by when no sort is chosen (as the API orders it). */
export function defaultSort(filters: Pick<DirectoryFilters, 'search' | 'near'>): Sort {
  if (filters.search !== '') return 'relevance';
  if (filters.near !== '') return 'distance';
  return 'rating';
}

/** Drops what the filters can't combine: a sort they don't allow, a radius without near, min above max. */
export function normaliseFilters(filters: DirectoryFilters): DirectoryFilters {
  const result: DirectoryFilters = {
    ...filters,
    search: filters.search.trim(),
    near: filters.near.trim(),
  };
  if (result.near === '') delete result.radiusMiles;
  if (result.maxHourlyRate !== undefined && result.maxHourlyRate <= 0) delete result.maxHourlyRate;
  if (result.sort !== undefined && !availableSorts(result).includes(result.sort)) delete result.sort;
  if (result.sort !== undefined && result.sort === defaultSort(result)) delete result.sort;
  if (
    result.minHourlyRate !== undefined &&
    result.maxHourlyRate !== undefined &&
    result.minHourlyRate > result.maxHourlyRate
  ) {
    delete result.minHourlyRate;
  }
  for (const key of Object.keys(result) as (keyof DirectoryFilters)[]) {
    if (result[key] === undefined) delete result[key];
  }
  return result;
}

/** The filters an address asks for (defaults for what is absent or unusable). */
export function filtersFromSearchParams(params: URLSearchParams): DirectoryFilters {
  return normaliseFilters(readAddress(DIRECTORY_PARAMS, params));
}

/** The parameters that differ from the defaults, in a stable order. */
export function filterEntries(filters: DirectoryFilters): [string, string][] {
  return addressEntries(DIRECTORY_PARAMS, normaliseFilters(filters));
}

/** The page's query string ('' for the defaults), e.g. 'service=Web+Design&location=Manchester'. */
export function filtersToSearchParams(filters: DirectoryFilters): URLSearchParams {
  return new URLSearchParams(filterEntries(filters));
}

/** /professionals with only the non-default filters. */
export function directoryPath(filters: DirectoryFilters): string {
  const query = filtersToSearchParams(filters).toString();
  return query === '' ? '/professionals' : `/professionals?${query}`;
}

/** GET /api/professionals for one page of results. */
export function professionalsApiPath(filters: DirectoryFilters, offset: number, limit = DEFAULT_PAGE_SIZE): string {
  const params = filtersToSearchParams(filters);
  // The order is always explicit, so the sort control shows what the API really did.
  params.set('sort', normaliseFilters(filters).sort ?? defaultSort(normaliseFilters(filters)));
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  return `${apiPath(PROFESSIONALS_PATHS.list)}?${params.toString()}`;
}

/** GET /api/professionals/map: every match of the filters (the sort doesn't matter there). */
export function mapPointsApiPath(filters: DirectoryFilters): string {
  const params = filtersToSearchParams({ ...filters, sort: undefined });
  const query = params.toString();
  const path = apiPath(PROFESSIONALS_PATHS.map);
  return query === '' ? path : `${path}?${query}`;
}

/** Radii the filter form offers and a search with no results widens to. */
export const RADIUS_OPTIONS: readonly number[] = DIRECTORY_PARAMS.radiusMiles.page.options.map((option) => option.value);

/** What the sort control calls an order ('Nearest first'). */
export function sortLabel(sort: Sort): string {
  return valueLabel(DIRECTORY_PARAMS.sort.page, sort);
}

export type FilterChip = TableChip<keyof DirectoryFilters>;

/** The active filters as removable chips, e.g. 'Web Design', 'Manchester', '4+ stars', 'Up to £50/hour'. */
export function activeFilterChips(filters: DirectoryFilters): FilterChip[] {
  return filterChips(DIRECTORY_PARAMS, normaliseFilters(filters));
}

/** The filters without the given ones (a removed chip). */
export function withoutFilters(filters: DirectoryFilters, keys: readonly (keyof DirectoryFilters)[]): DirectoryFilters {
  return normaliseFilters(withoutParams(DIRECTORY_PARAMS, filters, keys));
}

/** The page title, by the rule the server's page head uses too (core/directory-title.ts). */
export function directoryTitle(filters: DirectoryFilters): string {
  return directoryPageText(activeValues(DIRECTORY_PARAMS, normaliseFilters(filters))).title;
}

/** How many filters are active (the mobile 'Filters (n)' button): one per removable chip. */
export function activeFilterCount(filters: DirectoryFilters): number {
  return activeFilterChips(filters).length;
}

/** The filters without the distance search (a removed chip, or searching on without an unknown postcode). */
export function withoutNear(filters: DirectoryFilters): DirectoryFilters {
  return withoutFilters(filters, ['near', 'radiusMiles']);
}

export interface LooserSearch {
  /** What the button says: 'Search within 25 miles of Inverness', 'Remove Web Design'. */
  label: string;
  filters: DirectoryFilters;
}

/**
 * What a search with no results could loosen, most useful first: a place becomes a distance
 * search around it (nearby places), a distance search reaches further, then each active filter
 * can go on its own (fewer filters). 'Clear Filters' (everything) stays beside these.
 */
export function looserSearches(filters: DirectoryFilters): LooserSearch[] {
  const f = normaliseFilters(filters);
  const suggestions: LooserSearch[] = [];
  if (f.location !== ALL_UK && f.near === '') {
    suggestions.push({
      label: `Search within ${DEFAULT_RADIUS_MILES} miles of ${f.location}`,
      filters: normaliseFilters({ ...f, location: ALL_UK, near: f.location, radiusMiles: undefined }),
    });
  }
  if (f.near !== '') {
    const radius = f.radiusMiles ?? DEFAULT_RADIUS_MILES;
    const wider = RADIUS_OPTIONS.find((miles) => miles > radius);
    if (wider !== undefined) {
      suggestions.push({
        label: `Search within ${wider} miles of ${f.near}`,
        filters: normaliseFilters({ ...f, radiusMiles: wider }),
      });
    }
  }
  const chips = activeFilterChips(f);
  if (chips.length > 1) {
    for (const chip of chips) suggestions.push({ label: `Remove ${chip.label}`, filters: withoutFilters(f, chip.keys) });
  }
  return suggestions;
}
