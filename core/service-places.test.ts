import { describe, expect, it } from 'vitest';
import { UK_LOCATIONS } from './locations';
import { PAGE_IDS, PAGES } from './pages';
import { readServicePlace, SERVICE_SLUGS, servicePlacePath, slugOf } from './service-places';
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
