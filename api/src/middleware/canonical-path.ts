// One spelling per path, before anything routes on it. Every later piece (static files, the rate
// limits, the API routers and their role guards, Bull Board's guard, the SPA) reads ctx.path after
// this middleware, so a path spelled differently reaches the same route and the same guard, or no
// route at all. Without it, a guard that matched paths one way and a router that matched them
// another could be told apart by a client: that is how `GET /api/Admin/Mail` once skipped the
// admin check (docs/security.md, item 1).
//
// The rule (the RFC 3986 equivalences, plus two of our own):
//   - percent-encoded unreserved characters are decoded (`%61` → `a`); other escapes keep their
//     meaning, with upper-case hex (`%2f` → `%2F`, so an encoded slash never becomes a separator);
//   - runs of slashes become one (`//api//auth` → `/api/auth`);
//   - `.` and `..` segments are resolved, never above the root;
//   - a trailing slash is dropped (`/api/auth/me/` → `/api/auth/me`).
// Letter case is NOT folded: paths are case-sensitive everywhere (every router is created with
// `sensitive: true`), so `/api/Admin/Mail` is simply not a route (404).
import type { Middleware } from 'koa';

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

function decodeUnreserved(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/** The canonical spelling of a request path (see the rule above). */
export function canonicalPath(path: string): string {
  const segments: string[] = [];
  for (const segment of decodeUnreserved(path).split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

export function canonicalPaths(): Middleware {
  return async (ctx, next) => {
    const canonical = canonicalPath(ctx.path);
    if (canonical !== ctx.path) ctx.path = canonical;
    return next();
  };
}
