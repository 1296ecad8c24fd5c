import { describe, expect, it } from 'vitest';
import { renderPage, textOf } from '../../testing/render-page';
import { NotFoundPage } from './not-found-page';

describe('404 page', () => {
  it("reads '404 Page Not Found' and links home", () => {
    const html = renderPage(NotFoundPage, '/no-such-page');
    expect(textOf(html, 'h1')).toEqual(['404 Page Not Found']);
    expect(html).toContain('href="/"');
  });
});
