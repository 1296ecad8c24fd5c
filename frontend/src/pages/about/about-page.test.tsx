import { describe, expect, it } from 'vitest';
import { UK_LOCATIONS } from '../../../../core/locations';
import { renderPage, stripTags, textOf } from '../../testing/render-page';
import { ABOUT_CITIES, ABOUT_SERVICES } from './about-content';
import { AboutPage } from './about-page';

const html = renderPage(AboutPage, '/about');
const text = stripTags(html);

describe('About page', () => {
  it('links to the directory and to the application', () => {
    expect(textOf(html, 'h1')).toEqual(['About ITConnect']);
    expect(html).toContain('href="/professionals"');
    expect(html).toContain('href="/apply"');
  });

  it('states the flat prices and no commission', () => {
    expect(text).toContain('£3 a month, or £28 a year (save 22%)');
    expect(text).toContain('no commission');
  });

  it('names 12 services and 12 places from the shared lists', () => {
    expect(ABOUT_SERVICES).toHaveLength(12);
    expect(ABOUT_CITIES).toHaveLength(12);
    const places = new Set(UK_LOCATIONS.map((place) => place.name));
    for (const city of ABOUT_CITIES) expect(places.has(city), city).toBe(true);
  });
});
