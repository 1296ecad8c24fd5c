import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS, prerenderPage } from './prerender';

// The build prerenders these pages in Node: their first render must not touch browser-only APIs.
describe('prerenderPage', () => {
  it('renders each prerendered page with the layout, its content and data sections still loading', async () => {
    const home = await prerenderPage('/');
    expect(home).toContain('id="home-hero-heading"');
    expect(home).toContain('<header');
    expect(home).toContain('<footer');
    const locations = await prerenderPage('/locations');
    expect(locations).toContain('IT professionals by location');
    expect(locations).toContain('Loading locations');
  });

  it('renders the pages that are only text with their whole text', async () => {
    expect(PRERENDERED_PATHS).toEqual(['/', '/locations', '/about', '/privacy-policy', '/cookie-policy', '/terms-of-service', '/review-policy', '/what-we-check']);
    const headings: Record<string, string> = {
      '/about': 'About',
      '/privacy-policy': 'Privacy Policy',
      '/cookie-policy': 'Cookie Policy',
      '/terms-of-service': 'Terms of Service',
      '/review-policy': 'Review Policy',
      '/what-we-check': 'What we check',
    };
    for (const [path, heading] of Object.entries(headings)) {
      const html = await prerenderPage(path);
      expect(html, path).toMatch(new RegExp(`<h1[^>]*>${heading}`));
      expect(html, path).toContain('<footer');
      // Text, not a loading state: every one of these pages is several paragraphs long.
      expect((html.match(/<p[ >]/g) ?? []).length, path).toBeGreaterThan(4);
    }
  });

  it('includes the cookie banner marked pending: the head script hides it when a choice is stored', async () => {
    const home = await prerenderPage('/');
    expect(home).toMatch(/<section aria-labelledby="[^"]+" data-cookie-banner="pending"/);
    expect(home).toContain('Cookies on ITConnect');
    // First after the skip link, before the header, as in the hydrated page's focus order.
    expect(home.indexOf('data-cookie-banner')).toBeLessThan(home.indexOf('<header'));
  });
});
