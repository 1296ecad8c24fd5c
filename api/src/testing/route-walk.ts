// Every route a router registers, from its stack, so a test that walks them covers a new route
// without being told about it (route-guards.int.test.ts, tests/fuzz/api.fuzz.test.ts).
import type Router from '@koa/router';

export interface RegisteredRoute {
  method: string;
  /** The route as registered ('/api/admin/mail/:file'). */
  template: string;
  /** A path it answers, with `params` filled in ('/api/admin/mail/1700000000000-email_x.eml'). */
  path: string;
  /** The route's layer (its first middleware is its guard). */
  layer: Router['stack'][number];
}

/** Fills each `:name` in a route template with params[name] (or 'x'). */
export function withParams(template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_: string, name: string) => params[name] ?? 'x');
}

/** Every method and path `router` answers (HEAD left out: it is GET without a body). */
export function registeredRoutes(router: Router, params: Record<string, string> = {}): { routes: RegisteredRoute[]; layers: Router['stack'] } {
  const layers = router.stack.filter((layer) => layer.methods.length > 0);
  const routes = layers.flatMap((layer) =>
    layer.methods
      .filter((method) => method !== 'HEAD')
      .map((method) => ({ method, template: String(layer.path), path: withParams(String(layer.path), params), layer })),
  );
  return { routes, layers };
}
