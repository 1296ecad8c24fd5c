import { describe, expect, it } from 'vitest';
import { SORTS } from '../../../core/directory';
import {
  activeFilterChips,
  activeFilterCount,
  availableSorts,
  DEFAULT_FILTERS,
  directoryPath,
  directoryTitle,
  filtersFromSearchParams,
  filtersToSearchParams,
  looserSearches,
  mapPointsApiPath,
  professionalsApiPath,
  withoutFilters,
  withoutNear,
  type DirectoryFilters,
} from './directory-query';

const read = (query: string) => filtersFromSearchParams(new URLSearchParams(query));

describe('reading the address', () => {
  it('gives the defaults for an empty query', () => {
    expect(read('')).toEqual(DEFAULT_FILTERS);
  });

  it('reads every filter, numbers as numbers', () => {
    expect(
      read('service=web%20design&location=manchester&minRating=4.5&minHourlyRate=20&maxHourlyRate=60&search=wordpress&near=M1%201AE&radiusMiles=10&sort=price'),
    ).toEqual({
      service: 'Web Design',
      location: 'Manchester',
      minRating: 4.5,
      minHourlyRate: 20,
      maxHourlyRate: 60,
      search: 'wordpress',
      near: 'M1 1AE',
      radiusMiles: 10,
      sort: 'price',
    });
  });

  it('drops what the API would refuse instead of failing', () => {
    expect(read('service=Plumbing&location=Atlantis&minRating=abc&maxHourlyRate=-5&radiusMiles=0&sort=cheapest')).toEqual(
      DEFAULT_FILTERS,
    );
    expect(read('sort=distance')).toEqual(DEFAULT_FILTERS);
    expect(read('sort=relevance')).toEqual(DEFAULT_FILTERS);
    expect(read('radiusMiles=10')).toEqual(DEFAULT_FILTERS);
    expect(read('minHourlyRate=80&maxHourlyRate=20')).toEqual({ ...DEFAULT_FILTERS, maxHourlyRate: 20 });
  });

  it('keeps the defaults as no filter', () => {
    expect(read('service=All%20Services&location=All%20UK&search=%20%20')).toEqual(DEFAULT_FILTERS);
  });
});

describe('writing the address', () => {
  it('writes only non-default values', () => {
    expect(filtersToSearchParams(DEFAULT_FILTERS).toString()).toBe('');
    expect(directoryPath(DEFAULT_FILTERS)).toBe('/professionals');
    expect(directoryPath({ ...DEFAULT_FILTERS, service: 'Web Design', location: 'Manchester' })).toBe(
      '/professionals?service=Web+Design&location=Manchester',
    );
    expect(directoryPath({ ...DEFAULT_FILTERS, minRating: 0, minHourlyRate: 0, sort: 'rating' })).toBe('/professionals');
  });

  it('round-trips', () => {
    const filters: DirectoryFilters = {
      service: 'UI/UX Design',
      location: 'Greater London',
      minRating: 4,
      maxHourlyRate: 200,
      search: 'react & node',
      near: 'LS1',
      radiusMiles: 50,
      sort: 'newest',
    };
    const query = filtersToSearchParams(filters).toString();
    expect(read(query)).toEqual(filters);
  });

  it('keeps a radius only with near and a sort only where it applies', () => {
    expect(directoryPath({ ...DEFAULT_FILTERS, radiusMiles: 10, sort: 'distance' })).toBe('/professionals');
    expect(directoryPath({ ...DEFAULT_FILTERS, near: 'M1', radiusMiles: 10, sort: 'price' })).toBe(
      '/professionals?near=M1&radiusMiles=10&sort=price',
    );
  });
});

describe('API paths', () => {
  it('pages with limit and offset and an explicit sort', () => {
    expect(professionalsApiPath(DEFAULT_FILTERS, 0)).toBe('/api/professionals?sort=rating&limit=24&offset=0');
    expect(professionalsApiPath({ ...DEFAULT_FILTERS, search: 'cloud' }, 48)).toBe(
      '/api/professionals?search=cloud&sort=relevance&limit=24&offset=48',
    );
  });

  it('asks the map for every match without a sort', () => {
    expect(mapPointsApiPath({ ...DEFAULT_FILTERS, service: 'DevOps', sort: 'price' })).toBe(
      '/api/professionals/map?service=DevOps',
    );
    expect(mapPointsApiPath(DEFAULT_FILTERS)).toBe('/api/professionals/map');
  });
});

describe('sorts, chips and title', () => {
  it('offers relevance only with text and distance only with near', () => {
    expect(availableSorts({ search: '', near: '' })).toEqual(['rating', 'price', 'newest']);
    expect(availableSorts({ search: 'x', near: 'M1' })).toEqual(SORTS);
    // A place is measured from its centre (issue 34); 'All UK' is no place.
    expect(availableSorts({ search: '', near: '', location: 'Leeds' })).toEqual(['distance', 'rating', 'price', 'newest']);
    expect(availableSorts({ search: '', near: '', location: 'All UK' })).toEqual(['rating', 'price', 'newest']);
    expect(read('location=Leeds&sort=distance').sort).toBe('distance');
    expect(read('sort=distance').sort).toBeUndefined();
  });

  it('lists active filters as chips and removes them', () => {
    const filters: DirectoryFilters = {
      ...DEFAULT_FILTERS,
      service: 'Web Design',
      location: 'Leeds',
      minRating: 4,
      maxHourlyRate: 50,
      near: 'LS1',
    };
    const chips = activeFilterChips(filters);
    expect(chips.map((c) => c.label)).toEqual(['Web Design', 'Leeds', '4+ stars', 'Up to £50/hour', 'Within 25 miles of LS1']);
    expect(withoutFilters(filters, chips[0]?.keys ?? [])).toEqual({ ...filters, service: 'All Services' });
    expect(withoutFilters(filters, ['minHourlyRate', 'maxHourlyRate'])).not.toHaveProperty('maxHourlyRate');
    expect(activeFilterChips(DEFAULT_FILTERS)).toEqual([]);
  });

  it('titles the page after the filters, by the rule of the server\'s page head', () => {
    expect(directoryTitle(DEFAULT_FILTERS)).toBe('Browse IT Professionals');
    expect(directoryTitle({ ...DEFAULT_FILTERS, service: 'Web Design', location: 'Manchester' })).toBe(
      'Web Design in Manchester',
    );
    expect(directoryTitle({ ...DEFAULT_FILTERS, search: 'backup' })).toBe('Results for "backup"');
  });
});

describe('no price limit of £0', () => {
  it('reads maxHourlyRate=0 as no maximum, so no chip reads "Up to £0/hour"', () => {
    expect(read('maxHourlyRate=0')).toEqual(DEFAULT_FILTERS);
    expect(activeFilterChips({ ...DEFAULT_FILTERS, maxHourlyRate: 0 })).toEqual([]);
    expect(filtersToSearchParams({ ...DEFAULT_FILTERS, maxHourlyRate: 0 }).toString()).toBe('');
  });
});

describe('the Filters (n) count and an unknown place', () => {
  it('counts one per active filter (price range and distance count once)', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount(read('service=Web%20Design&minHourlyRate=20&maxHourlyRate=60&near=M1&radiusMiles=10&sort=price'))).toBe(3);
  });

  it('sets the distance search aside and keeps the rest', () => {
    expect(withoutNear(read('service=Web%20Design&near=ZZ99&radiusMiles=10&sort=distance'))).toEqual({
      ...DEFAULT_FILTERS,
      service: 'Web Design',
    });
  });
});

describe('looserSearches (a search with no results)', () => {
  it('offers a place as a distance search around it, then each filter on its own', () => {
    const suggestions = looserSearches(read('service=Graphic%20Design&location=Inverness&minRating=4.5'));
    expect(suggestions.map((s) => s.label)).toEqual([
      'Search within 25 miles of Inverness',
      'Remove Graphic Design',
      'Remove Inverness',
      'Remove 4.5+ stars',
    ]);
    expect(directoryPath(suggestions[0]!.filters)).toBe('/professionals?service=Graphic+Design&minRating=4.5&near=Inverness');
    expect(directoryPath(suggestions[3]!.filters)).toBe('/professionals?service=Graphic+Design&location=Inverness');
  });

  it('widens a distance search to the next radius, and stops at the widest', () => {
    expect(looserSearches(read('near=M1&radiusMiles=10')).map((s) => s.label)).toEqual(['Search within 25 miles of M1']);
    expect(looserSearches(read('near=M1')).map((s) => directoryPath(s.filters))).toEqual(['/professionals?near=M1&radiusMiles=50']);
    expect(looserSearches(read('near=M1&radiusMiles=100'))).toEqual([]);
  });

  it('offers nothing for one filter that is not a place (Clear Filters covers it)', () => {
    expect(looserSearches(read('search=qqxzzy'))).toEqual([]);
    expect(looserSearches(DEFAULT_FILTERS)).toEqual([]);
  });
});
