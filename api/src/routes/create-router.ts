// The one way to make an API router. Paths are case-sensitive (`sensitive: true`) in every router,
// so route matching and guards agree on what a path is; middleware/canonical-path.ts has already
// given each request path its one spelling (no double slashes, no trailing slash, no encoded
// letters). Guards go on each route as its first middleware (middleware/require-role.ts), never on
// router.use(). The routers are @koa/router's own, used through its public API only
// (docs/decisions/0033-stock-router.md).
import Router from '@koa/router';

export function createRouter(prefix?: string): Router {
  return new Router({ ...(prefix ? { prefix } : {}), sensitive: true });
}
