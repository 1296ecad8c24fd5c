import { describe, expect, it } from 'vitest';
import { UK_LOCATIONS } from './locations';
import { PAGE_IDS, PAGES } from './pages';
import { readServicePlace, SERVICE_SLUGS, servicePlaceIntro, servicePlacePath, slugOf, type ServicePlaceSummary } from './service-places';
import { SERVICES } from './services';

describe('the service-and-place addresses', () => {
  it('write each name as lower-case words joined by single hyphens', () => {
    expect(servicePlacePath('Web Design', 'Leeds')).toBe('/web-design/leeds');
    expect(servicePlacePath('SEO & SEM', 'Greater London')).toBe('/seo-sem/greater-london');
    expect(servicePlacePath('UI/UX Design', 'Derry/Londonderry')).toBe('/ui-ux-design/derry-londonderry');
    expect(slugOf('Kingston upon Hull')).toBe('kingston-upon-hull');
    for (const name of [...SERVICES, ...UK_LOCATIONS.map((p) => p.name)]) expect(slugOf(name), name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('give every service and every place its own slug, read back to the same one', () => {
    expect(new Set(SERVICES.map(slugOf)).size).toBe(SERVICES.length);
    expect(new Set(UK_LOCATIONS.map((p) => slugOf(p.name))).size).toBe(UK_LOCATIONS.length);
    for (const service of SERVICES) {
      for (const place of UK_LOCATIONS) {
        const [, serviceSlug, placeSlug] = servicePlacePath(service, place.name).split('/');
        expect(readServicePlace(serviceSlug!, placeSlug!)).toEqual({ service, place });
      }
    }
  });

  it('read nothing from a slug that names no service or no place', () => {
    expect(readServicePlace('web-design', 'atlantis')).toBeNull();
    expect(readServicePlace('knitting', 'leeds')).toBeNull();
    expect(readServicePlace('Web-Design', 'leeds')).toBeNull();
    expect(readServicePlace('web-design', '')).toBeNull();
  });

  it('never take a first segment another page’s address uses', () => {
    const firstSegments = PAGE_IDS.map((id) => PAGES[id].path.split('/')[1]).filter((segment): segment is string => !!segment && !segment.startsWith(':') && segment !== '*');
    expect(firstSegments).toContain('professionals');
    for (const segment of firstSegments) expect(SERVICE_SLUGS, segment).not.toContain(segment);
  });
});

describe('a service-and-place page’s introduction', () => {
  const base: ServicePlaceSummary = {
    service: 'Web Design',
    place: { name: 'Leeds', kind: 'city' },
    path: '/web-design/leeds',
    count: 3,
    averageRating: 4,
    reviewCount: 3,
    hourlyRange: { minPence: 3750, maxPence: 4500, listings: 2 },
    projectBased: 1,
    nearby: [{ name: 'York', path: '/web-design/york', count: 1 }],
    related: [],
    indexable: true,
    checks: [],
  };

  it('says each figure the data has, and only those', () => {
    expect(servicePlaceIntro(base)).toEqual([
      '3 live Web Design professionals are based in or around Leeds on ITConnect.',
      '3 published reviews give them an average of 4.0 stars.',
      "2 of them charge £37.50 to £45 an hour (a day's rate counted as 8 hours).",
      '1 of them quotes per project instead.',
      'The nearest other city with Web Design professionals is York.',
    ]);
    expect(servicePlaceIntro({ ...base, count: 1, averageRating: null, reviewCount: 0, hourlyRange: { minPence: 4500, maxPence: 4500, listings: 1 }, projectBased: 0, nearby: [] })).toEqual([
      '1 live Web Design professional is based in or around Leeds on ITConnect.',
      'They have no published review yet.',
      "They charge £45 an hour (a day's rate counted as 8 hours).",
    ]);
    expect(servicePlaceIntro({ ...base, hourlyRange: null, projectBased: 3 })[2]).toBe('They all quote per project, with no hourly rate.');
  });
});
