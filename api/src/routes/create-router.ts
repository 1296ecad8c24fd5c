// The one way to make an API router, and how the /api routes are dispatched. Paths are
// case-sensitive (`sensitive: true`) in every router, so route matching and guards agree on what a
// path is; middleware/canonical-path.ts has already given each request path its one spelling (no
// double slashes, no trailing slash, no encoded letters). Guards go on each route as its first
// middleware (middleware/require-role.ts), never on router.use().
//
// One router holds every /api route (the route table: route-guards.int.test.ts and the fuzz walk
// its stack), but a request is not matched against all of it: @koa/router tests every route's
// pattern for every request (docs/decisions/0033-router-per-first-path-segment.md). routesByFirstSegment
// serves the table through one router per first path segment after the prefix
// (/api/professionals/… → the routes under /api/professionals), found with a Map lookup; each is
// made from the table's routes with @koa/router's public route methods, in the table's order.
import Router, { type RouterMiddleware } from '@koa/router';
import type { Middleware } from 'koa';

type Layer = Router['stack'][number];
type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

export function createRouter(prefix?: string): Router {
  return new Router({ ...(prefix ? { prefix } : {}), sensitive: true });
}

/** The route method that registers a route with `methods` (GET brings HEAD with it). */
const VERBS: Record<string, Verb> = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete', HEAD: 'head', OPTIONS: 'options' };

/** A first segment spelled only with characters that are plain text in a route pattern. */
const FIXED_SEGMENT = /^[A-Za-z0-9_-]+(?=\/|$)/;

export interface SegmentRouters {
  /** A router per fixed first segment after the table's prefix ('professionals'). */
  bySegment: Map<string, Router>;
  /** For every other path: the routes that could match whatever the segment (none in the API today). */
  others: Router;
}

/**
 * The first segment after `prefix` that every path a route matches starts with, or undefined when
 * the route can match more than one (a parameter or a pattern there, a RegExp route, a path-less
 * middleware, a case-insensitive route).
 */
function fixedFirstSegment(layer: Layer, prefix: string): string | undefined {
  if (typeof layer.path !== 'string' || layer.opts.pathAsRegExp || layer.opts.sensitive !== true || layer.methods.length === 0) return undefined;
  if (!layer.path.startsWith(`${prefix}/`)) return undefined;
  return FIXED_SEGMENT.exec(layer.path.slice(prefix.length + 1))?.[0];
}

/** The first segment of a request path after `prefix` ('' for '/api/'), or undefined when the path is not under it. */
function firstSegment(path: string, prefix: string): string | undefined {
  if (!path.startsWith(prefix) || path.charCodeAt(prefix.length) !== 47 /* '/' */) return undefined;
  const end = path.indexOf('/', prefix.length + 1);
  return path.slice(prefix.length + 1, end === -1 ? undefined : end);
}

/** Whether `copy` matches, captures and runs exactly as `layer`. */
function isSameRoute(copy: Layer, layer: Layer): boolean {
  return (
    copy.path === layer.path &&
    copy.regexp.source === layer.regexp.source &&
    copy.regexp.flags === layer.regexp.flags &&
    copy.methods.join() === layer.methods.join() &&
    copy.name === layer.name &&
    JSON.stringify(copy.paramNames) === JSON.stringify(layer.paramNames) &&
    Boolean(copy.opts.ignoreCaptures) === Boolean(layer.opts.ignoreCaptures) &&
    copy.stack.length === layer.stack.length &&
    copy.stack.every((middleware, i) => middleware === layer.stack[i])
  );
}

/**
 * Adds `layer`'s route to the end of `router`, as it is: registered by its route method on a router
 * of its own options (a test's route may not be createRouter's), then mounted. Checks the copy.
 */
function copyRoute(router: Router, layer: Layer): void {
  const methods = layer.methods.filter((method) => !(method === 'HEAD' && layer.methods.includes('GET')));
  const verb = methods.length === 1 ? VERBS[methods[0]!] : undefined;
  const describe = `${layer.methods.join(',')} ${String(layer.path)}`;
  if (!verb) throw new Error(`${describe}: an API route is registered with one of ${Object.values(VERBS).join(', ')}, so it can be served by its first segment`);
  const single = new Router({ sensitive: layer.opts.sensitive === true, strict: layer.opts.strict === true });
  const middleware = layer.stack as RouterMiddleware[];
  if (layer.name) single[verb](layer.name, layer.path, ...middleware);
  else single[verb](layer.path, ...middleware);
  router.use(single.routes());
  const copy = router.stack.at(-1);
  if (!copy || !isSameRoute(copy, layer)) throw new Error(`${describe}: its copy for dispatch by first segment does not match as it does`);
}

/** The table's routes in a router per first segment after its prefix, each in the table's order. */
export function splitByFirstSegment(table: Router): SegmentRouters {
  const prefix = table.opts.prefix ?? '';
  const newRouter = () => new Router({ sensitive: true });
  const bySegment = new Map<string, Router>();
  const others = newRouter();
  /** Routes that can match under any segment: each segment's router has them, in their place. */
  const anySegment: Layer[] = [];
  for (const layer of table.stack) {
    const segment = fixedFirstSegment(layer, prefix);
    if (segment === undefined) {
      anySegment.push(layer);
      for (const router of [...bySegment.values(), others]) copyRoute(router, layer);
      continue;
    }
    let router = bySegment.get(segment);
    if (!router) {
      router = newRouter();
      for (const earlier of anySegment) copyRoute(router, earlier);
      bySegment.set(segment, router);
    }
    copyRoute(router, layer);
  }
  return { bySegment, others };
}

/**
 * Serves `table`'s routes as `table.routes()` does (the same route runs, with the same params,
 * ctx.matched and ctx._matchedRoute, so `table.allowedMethods()` answers 405 and 501 as before),
 * matching a request only against the routes under its first segment. Routes added to the table
 * later (tests) are seen: the split is made again when the table's size changes.
 */
export function routesByFirstSegment(table: Router): Middleware {
  const prefix = table.opts.prefix ?? '';
  let split: { size: number; bySegment: Map<string, Middleware>; others: Middleware } | undefined;
  const current = () => {
    if (split?.size !== table.stack.length) {
      const { bySegment, others } = splitByFirstSegment(table);
      split = {
        size: table.stack.length,
        bySegment: new Map([...bySegment].map(([segment, router]) => [segment, router.routes() as Middleware])),
        others: others.routes() as Middleware,
      };
    }
    return split;
  };
  current();
  return (ctx, next) => {
    const { bySegment, others } = current();
    const segment = firstSegment(ctx.path, prefix);
    return ((segment !== undefined && bySegment.get(segment)) || others)(ctx, next);
  };
}
