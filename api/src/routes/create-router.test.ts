// createRouter keeps each path's match (docs/decisions/0027-routers-keep-their-matches.md): the
// same routes as matching afresh, a copy per request, and routes added later still found.
import { describe, expect, it } from 'vitest';
import { createRouter } from './create-router';

describe('createRouter', () => {
  it('keeps what a path matched, hands each caller its own copy, and sees routes added later', () => {
    const router = createRouter('/api');
    router.get('/professionals', () => undefined);
    router.get('/professionals/:id', () => undefined);
    const first = router.match('/api/professionals', 'GET');
    expect(first.route).toBe(true);
    expect(first.pathAndMethod.map((layer) => layer.path)).toEqual(['/api/professionals']);
    // The dispatcher keeps `path` as ctx.matched and a later router appends to it: not the kept one.
    first.path.push(first.path[0]!);
    const second = router.match('/api/professionals', 'GET');
    expect(second.path).toHaveLength(1);
    expect(second.pathAndMethod).not.toBe(first.pathAndMethod);
    // A wrong method matches the path, not a route (allowedMethods answers 405).
    expect(router.match('/api/professionals', 'DELETE').route).toBe(false);
    expect(router.match('/api/reviews', 'GET').route).toBe(false);
    router.get('/reviews', () => undefined);
    expect(router.match('/api/reviews', 'GET').route).toBe(true);
    // A path too long to keep is matched as ever.
    expect(router.match(`/api/professionals/${'x'.repeat(300)}`, 'GET').route).toBe(true);
  });
});
