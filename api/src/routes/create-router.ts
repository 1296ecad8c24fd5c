// The one way to make an API router. Paths are case-sensitive (`sensitive: true`) in every router,
// so route matching and guards agree on what a path is; middleware/canonical-path.ts has already
// given each request path its one spelling (no double slashes, no trailing slash, no encoded
// letters). Guards go on each route as its first middleware (middleware/require-role.ts), never
// on router.use().
import Router from '@koa/router';
import { LRUCache } from 'lru-cache';

/**
 * Paths a router keeps its matches for. @koa/router tests every route's pattern for every request
 * (about 90 under /api), and allocates as it goes (a debug call per route): 15% of the API's
 * allocations under the long-tail bench, where it ran the young-generation collector about
 * every 250 ms. A path is matched without its query, so every search is one path
 * (/api/professionals) and most requests find theirs kept.
 */
const MATCHES_KEPT = 2_000;
/** Longer paths (no route has one) are matched every time rather than kept. */
const KEPT_PATH_MAX = 256;

export function createRouter(prefix?: string): Router {
  const router = new Router({ ...(prefix ? { prefix } : {}), sensitive: true });
  const match = router.match.bind(router);
  const kept = new LRUCache<string, ReturnType<Router['match']>>({ max: MATCHES_KEPT });
  router.match = (path, method) => {
    if (path.length > KEPT_PATH_MAX) return match(path, method);
    // The routes are all added before a router serves; one added later (tests) makes another key.
    const key = `${router.stack.length} ${method} ${path}`;
    let found = kept.get(key);
    if (!found) kept.set(key, (found = match(path, method)));
    // Copies: the dispatcher keeps `path` as ctx.matched, and a later router adds its own to it.
    return { ...found, path: [...found.path], pathAndMethod: [...found.pathAndMethod] };
  };
  return router;
}
