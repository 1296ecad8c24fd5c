import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from './routes';

describe('PAGE_ROUTES', () => {
  it("declares every route of the spec's route list, and a 404 for any other path", () => {
    const paths = PAGE_ROUTES.map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/professionals',
        '/professionals/:slug',
        '/apply',
        '/login',
        '/register',
        '/profile',
        '/admin',
        '/about',
        '/locations',
        '/subscribe',
        '/subscription-success',
        '/application-success',
        '/privacy-policy',
        '/cookie-policy',
        '/terms-of-service',
        '/contact',
        '*',
      ]),
    );
    expect(new Set(paths).size).toBe(paths.length);
  });
});
