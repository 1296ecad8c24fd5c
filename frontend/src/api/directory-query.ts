// The directory's filters and their two spellings: the page's address (/professionals?…, only
// non-default values, product rule 17) and the API's query string (core/directory-query.ts, same
// names plus limit/offset). Pure functions, unit tested; the hooks in use-professionals.ts build on
// them. Constants come from core/directory.ts, which is zod-free (the schema lives apart).
//
// Reading an address is lenient: a value the API would refuse (an unknown service, 'abc' as a
// rating, sort=distance without near) is dropped rather than turned into a failed request.
import { DEFAULT_PAGE_SIZE, DEFAULT_RADIUS_MILES, MAX_RADIUS_MILES, SORTS, type Sort } from '../../../core/directory';
import { directoryPageText } from '../../../core/directory-title';
import { ALL_UK, findLocation } from '../../../core/locations';
import { ALL_SERVICES, SERVICES } from '../../../core/services';

export interface DirectoryFilters {
  /** A service name or 'All Services'. */
  service: string;
  /** A core/locations place or 'All UK'. */
  location: string;
  minRating?: number;
  /** Pounds per hour. */
  minHourlyRate?: number;
  maxHourlyRate?: number;
  /** Free text ('' for none). */
  search: string;
  /** A postcode, outcode or place to measure distance from ('' for none). */
  near: string;
  /** Only with `near`. */
  radiusMiles?: number;
  sort?: Sort;
}

export const DEFAULT_FILTERS: DirectoryFilters = { service: ALL_SERVICES, location: ALL_UK, search: '', near: '' };

/** The address order of the parameters (stable URLs and SWR keys). */
const PARAM_ORDER = [
  'search',
  'service',
  'location',
  'minRating',
  'minHourlyRate',
  'maxHourlyRate',
  'near',
  'radiusMiles',
  'sort',
] as const;

const serviceByLowerName = new Map(SERVICES.map((s) => [s.toLowerCase(), s as string]));

function numberParam(value: string | null, min: number, max: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) return undefined;
  return n;
}

/** The sorts that make sense for these filters: relevance only with text, distance only with near. */
export function availableSorts(filters: Pick<DirectoryFilters, 'search' | 'near'>): Sort[] {
  return SORTS.filter(
    (sort) => (sort !== 'relevance' || filters.search !== '') && (sort !== 'distance' || filters.near !== ''),
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
  for (const key of ['minRating', 'minHourlyRate', 'maxHourlyRate', 'radiusMiles', 'sort'] as const) {
    if (result[key] === undefined) delete result[key];
  }
  return result;
}

/** The filters an address asks for (defaults for what is absent or unusable). */
export function filtersFromSearchParams(params: URLSearchParams): DirectoryFilters {
  const serviceParam = params.get('service')?.trim() ?? '';
  const locationParam = params.get('location')?.trim() ?? '';
  const sortParam = params.get('sort');
  const filters: DirectoryFilters = {
    service: serviceByLowerName.get(serviceParam.toLowerCase()) ?? ALL_SERVICES,
    location: findLocation(locationParam)?.name ?? ALL_UK,
    minRating: numberParam(params.get('minRating'), 0, 5),
    minHourlyRate: numberParam(params.get('minHourlyRate'), 0, 100_000),
    // A maximum of £0 matches nobody (only project-based firms have no rate, and a price filter
    // leaves them out): it is never offered, and an address asking for it is read as no maximum.
    maxHourlyRate: numberParam(params.get('maxHourlyRate'), 1, 100_000),
    search: (params.get('search') ?? '').slice(0, 200),
    near: (params.get('near') ?? '').slice(0, 100),
    radiusMiles: numberParam(params.get('radiusMiles'), 0.1, MAX_RADIUS_MILES),
    sort: SORTS.find((sort) => sort === sortParam),
  };
  return normaliseFilters(filters);
}

/** The parameters that differ from the defaults, in a stable order. */
export function filterEntries(filters: DirectoryFilters): [string, string][] {
  const f = normaliseFilters(filters);
  const values: Record<(typeof PARAM_ORDER)[number], string | undefined> = {
    search: f.search || undefined,
    service: f.service !== ALL_SERVICES && f.service !== '' ? f.service : undefined,
    location: f.location !== ALL_UK && f.location !== '' ? f.location : undefined,
    minRating: f.minRating !== undefined && f.minRating > 0 ? String(f.minRating) : undefined,
    minHourlyRate: f.minHourlyRate !== undefined && f.minHourlyRate > 0 ? String(f.minHourlyRate) : undefined,
    maxHourlyRate: f.maxHourlyRate !== undefined ? String(f.maxHourlyRate) : undefined,
    near: f.near || undefined,
    radiusMiles: f.radiusMiles !== undefined ? String(f.radiusMiles) : undefined,
    sort: f.sort,
  };
  return PARAM_ORDER.flatMap((key) => {
    const value = values[key];
    return value === undefined ? [] : [[key, value] as [string, string]];
  });
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
  return `/api/professionals?${params.toString()}`;
}

/** GET /api/professionals/map: every match of the filters (the sort doesn't matter there). */
export function mapPointsApiPath(filters: DirectoryFilters): string {
  const params = filtersToSearchParams({ ...filters, sort: undefined });
  const query = params.toString();
  return query === '' ? '/api/professionals/map' : `/api/professionals/map?${query}`;
}

export const RATING_OPTIONS: readonly { label: string; value: number | undefined }[] = [
  { label: 'Any rating', value: undefined },
  { label: '4+ stars', value: 4 },
  { label: '4.5+ stars', value: 4.5 },
  { label: '5 stars only', value: 5 },
];

export const RADIUS_OPTIONS: readonly number[] = [5, 10, 25, 50, 100];

export const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Best match',
  distance: 'Nearest first',
  rating: 'Highest rated',
  price: 'Lowest price',
  newest: 'Newest',
};

export interface FilterChip {
  /** The filter(s) removing the chip clears. */
  keys: (keyof DirectoryFilters)[];
  label: string;
}

function money(n: number): string {
  return `£${n.toLocaleString('en-GB')}`;
}

/** The active filters as removable chips, e.g. 'Web Design', 'Manchester', '4+ stars', 'Up to £50/hour'. */
export function activeFilterChips(filters: DirectoryFilters): FilterChip[] {
  const f = normaliseFilters(filters);
  const chips: FilterChip[] = [];
  if (f.search) chips.push({ keys: ['search'], label: `“${f.search}”` });
  if (f.service !== ALL_SERVICES) chips.push({ keys: ['service'], label: f.service });
  if (f.location !== ALL_UK) chips.push({ keys: ['location'], label: f.location });
  if (f.minRating !== undefined && f.minRating > 0) {
    chips.push({ keys: ['minRating'], label: f.minRating >= 5 ? '5 stars only' : `${f.minRating}+ stars` });
  }
  const min = f.minHourlyRate !== undefined && f.minHourlyRate > 0 ? f.minHourlyRate : undefined;
  const max = f.maxHourlyRate;
  if (min !== undefined || max !== undefined) {
    let label: string;
    if (min !== undefined && max !== undefined) label = `${money(min)}–${money(max)}/hour`;
    else if (min !== undefined) label = `From ${money(min)}/hour`;
    else label = `Up to ${money(max ?? 0)}/hour`;
    chips.push({ keys: ['minHourlyRate', 'maxHourlyRate'], label });
  }
  if (f.near) {
    chips.push({
      keys: ['near', 'radiusMiles'],
      label: `Within ${f.radiusMiles ?? DEFAULT_RADIUS_MILES} miles of ${f.near}`,
    });
  }
  return chips;
}

/** The filters without the given ones (a removed chip). */
export function withoutFilters(filters: DirectoryFilters, keys: readonly (keyof DirectoryFilters)[]): DirectoryFilters {
  const next: DirectoryFilters = { ...filters };
  for (const key of keys) {
    if (key === 'service') next.service = ALL_SERVICES;
    else if (key === 'location') next.location = ALL_UK;
    else if (key === 'search' || key === 'near') next[key] = '';
    else delete next[key];
  }
  return normaliseFilters(next);
}

/** The page title, by the rule the server's page head uses too (core/directory-title.ts). */
export function directoryTitle(filters: DirectoryFilters): string {
  const f = normaliseFilters(filters);
  return directoryPageText({
    service: f.service !== ALL_SERVICES ? f.service : undefined,
    location: f.location !== ALL_UK ? f.location : undefined,
    search: f.search || undefined,
    near: f.near || undefined,
  }).title;
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
