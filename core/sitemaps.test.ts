import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_MILES, KM_PER_MILE } from './geo/distance';
import { findLocation } from './locations';
import { isInPlace } from './service-places';
import { escapeXml, profilePath, regionPath, sitemapFileAt, sitemapFileName } from './sitemaps';

describe('the sitemaps’ addresses', () => {
  it('reads back the name of every file a build writes, and nothing else', () => {
    for (const name of ['sitemap.xml', sitemapFileName('pages'), sitemapFileName('services', 1), sitemapFileName('profiles', 12)]) {
      expect(sitemapFileAt(`/${name}`)).toBe(name);
    }
    for (const path of ['/sitemap-1.xml', '/sitemaps/pages-1.xml', '/sitemaps/profiles-0.xml', '/sitemaps/profiles.xml', '/sitemaps/other-1.xml', '/Sitemap.xml', '/sitemaps/profiles-1.xml/']) {
      expect(sitemapFileAt(path), path).toBeNull();
    }
  });

  it('escapes what XML must not carry raw', () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&#39;');
    expect(regionPath('Derry/Londonderry')).toBe('/professionals?location=Derry%2FLondonderry');
    expect(profilePath('bits & bytes')).toBe('/professionals/bits%20%26%20bytes');
  });
});

describe('isInPlace, the membership the sitemaps count service-and-place pages by', () => {
  const leeds = findLocation('Leeds')!;
  const miles = leeds.radiusKm / KM_PER_MILE;
  /** Due north of Leeds's centre: along a meridian the great-circle distance is the latitude's. */
  const north = (m: number) => leeds.lat + (m / EARTH_RADIUS_MILES) * (180 / Math.PI);

  it('takes a listing inside the circle, or in the place as its region wherever it is', () => {
    expect(isInPlace(leeds, { region: 'York', lat: north(miles - 0.001), lng: leeds.lng })).toBe(true);
    expect(isInPlace(leeds, { region: 'York', lat: north(miles + 0.001), lng: leeds.lng })).toBe(false);
    expect(isInPlace(leeds, { region: 'Leeds', lat: 51.5, lng: -0.12 })).toBe(true);
    expect(isInPlace(leeds, { region: 'Leeds', lat: null, lng: null })).toBe(true);
    expect(isInPlace(leeds, { region: 'Bradford', lat: null, lng: null })).toBe(false);
  });
});
