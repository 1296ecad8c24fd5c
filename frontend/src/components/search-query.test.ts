import { describe, expect, it } from 'vitest';
import { CATEGORY_TILES } from '../../../core/services';
import { buildSearchPath, locationHref, serviceHref } from './search-query';

describe('buildSearchPath', () => {
  it('sends trimmed text to the directory, URL-encoded with %20 for spaces', () => {
    expect(buildSearchPath('web design')).toBe('/professionals?search=web%20design');
    expect(buildSearchPath('  PC help \n')).toBe('/professionals?search=PC%20help');
  });

  it('encodes characters that would break the query string', () => {
    expect(buildSearchPath('C# & .NET?')).toBe('/professionals?search=C%23%20%26%20.NET%3F');
    expect(buildSearchPath('UI/UX')).toBe('/professionals?search=UI%2FUX');
  });

  it('ignores empty and whitespace-only text', () => {
    expect(buildSearchPath('')).toBeNull();
    expect(buildSearchPath('   ')).toBeNull();
    expect(buildSearchPath('\t\n ')).toBeNull();
  });
});

describe('serviceHref and locationHref', () => {
  it('link a service name to its directory listing', () => {
    expect(serviceHref('UI/UX Design')).toBe('/professionals?service=UI%2FUX%20Design');
    expect(serviceHref('Training & Support')).toBe('/professionals?service=Training%20%26%20Support');
  });

  it('round-trip every footer service through URLSearchParams', () => {
    for (const { service } of CATEGORY_TILES) {
      const query = serviceHref(service).split('?')[1] ?? '';
      expect(new URLSearchParams(query).get('service')).toBe(service);
    }
  });

  it('link a place to its directory listing', () => {
    expect(locationHref('Newcastle upon Tyne')).toBe('/professionals?location=Newcastle%20upon%20Tyne');
  });
});
