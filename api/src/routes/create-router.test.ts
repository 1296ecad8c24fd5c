// The /api routes served by their first path segment (docs/decisions/0033-router-per-first-path-segment.md)
// answer as one router holding them all: over HTTP, the same status, Allow header and body for
// routes, wrong methods (405), unknown methods (501), unknown paths, other letter case and encoded
// paths; and no router has a method patched on the instance (decision 0027's patch of `match`).
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../testing/raw-request';
import { createRouter, routesByFirstSegment, splitByFirstSegment } from './create-router';

/** A route's answer: which route ran, with what params. */
const answer: Middleware = (ctx) => {
  ctx.body = { route: (ctx as unknown as { _matchedRoute?: unknown })._matchedRoute, params: ctx.params as unknown };
};

/** The shapes of the API's routers: prefixed ones, a '/' route, routes sharing a first segment in a set order, a parameter first. */
function routeTable(): Router {
  const auth = createRouter('/auth');
  auth.get('/me', answer);
  auth.post('/login', answer);
  const myProfile = createRouter('/professionals/my-profile');
  myProfile.get('/', answer);
  myProfile.patch('/', answer);
  const directory = createRouter();
  directory.get('/professionals', answer);
  directory.get('/professionals/map', answer);
  directory.get('/professionals/slug/:slug', answer);
  directory.get('/professionals/:id', answer);
  directory.post('/professionals/:id/messages', answer);
  // Can match under any first segment, and comes before the reviews: it must keep its place.
  const anywhere = createRouter();
  anywhere.get('/:section/about', answer);
  anywhere.get(/^\/api\/legacy\/(\d+)$/, answer);
  const reviews = createRouter();
  reviews.get('/reviews/about', answer);
  reviews.patch('/reviews/:id', answer);
  reviews.delete('/reviews/:id', answer);
  reviews.put('/reviews/:id/reply', answer);
  const media = createRouter();
  media.get('/media/:name', answer);
  media.options('/media/:name', answer);
  // A test's extra router (app.int.test.ts) made without createRouter: it matches any letter case.
  const insensitive = new Router();
  insensitive.post('/test/signup', answer);
  const table = createRouter('/api');
  for (const router of [auth, myProfile, directory, anywhere, reviews, media, insensitive]) table.use(router.routes());
  return table;
}

const REQUESTS: [method: string, path: string][] = [
  ['GET', '/api/auth/me'],
  ['POST', '/api/auth/login'],
  ['GET', '/api/auth/login'],
  ['GET', '/api/professionals'],
  ['HEAD', '/api/professionals'],
  ['GET', '/api/professionals/'],
  ['GET', '/api/professionals/map'],
  ['GET', '/api/professionals/42'],
  ['GET', '/api/professionals/my-profile'],
  ['PATCH', '/api/professionals/my-profile'],
  ['DELETE', '/api/professionals/my-profile'],
  ['POST', '/api/professionals/42/messages'],
  ['GET', '/api/professionals/42/messages'],
  ['GET', '/api/professionals/slug/acme%20it'],
  ['GET', '/api/professionals/slug/a%2Fb'],
  ['GET', '/api/professionals/about'],
  ['GET', '/api/anything/about'],
  ['GET', '/api/legacy/12'],
  ['GET', '/api/legacy/x'],
  ['GET', '/api/reviews/about'],
  ['PUT', '/api/reviews/7'],
  ['DELETE', '/api/reviews/7'],
  ['OPTIONS', '/api/reviews/7'],
  ['PUT', '/api/reviews/7/reply'],
  ['OPTIONS', '/api/media/logo.webp'],
  ['GET', '/api/media/logo.webp'],
  ['POST', '/api/test/signup'],
  ['POST', '/api/TEST/Signup'],
  ['GET', '/api/test/signup'],
  ['PROPFIND', '/api/professionals'],
  ['PROPFIND', '/api/nowhere'],
  ['DELETE', '/api/professionals'],
  ['GET', '/api/Professionals'],
  ['GET', '/api/PROFESSIONALS/map'],
  ['GET', '/api/professionals/MAP'],
  ['GET', '/api/%70rofessionals'],
  ['GET', '/api/professionals/%6Dap'],
  ['GET', '/api/nowhere'],
  ['GET', '/api'],
  ['GET', '/api/'],
  ['GET', '/api//professionals'],
  ['GET', '/apiprofessionals'],
  ['GET', '/other/professionals'],
  ['GET', `/api/professionals/${'x'.repeat(300)}`],
];

let servers: Server[] = [];
const baseUrls: { oneRouter: string; bySegment: string } = { oneRouter: '', bySegment: '' };

async function serve(middleware: Middleware[]): Promise<string> {
  const app = new Koa();
  for (const m of middleware) app.use(m);
  const server = createServer(app.callback());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const one = routeTable();
  const split = routeTable();
  baseUrls.oneRouter = await serve([one.routes() as Middleware, one.allowedMethods() as Middleware]);
  baseUrls.bySegment = await serve([routesByFirstSegment(split), split.allowedMethods() as Middleware]);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});

describe('routes served by their first segment', () => {
  it('answer every request as one router holding every route does: status, Allow and body', async () => {
    const differences: string[] = [];
    const statuses = new Set<number>();
    for (const [method, path] of REQUESTS) {
      const [one, split] = await Promise.all([rawRequest(baseUrls.oneRouter, { method, path }), rawRequest(baseUrls.bySegment, { method, path })]);
      statuses.add(one.status);
      const seen = (r: typeof one) => JSON.stringify({ status: r.status, allow: r.headers.allow, body: r.body });
      if (seen(one) !== seen(split)) differences.push(`${method} ${path}: ${seen(one)} ≠ ${seen(split)}`);
    }
    expect(differences).toEqual([]);
    // The set covers answers, wrong methods, unknown methods and unknown paths.
    expect([...statuses].sort()).toEqual([200, 404, 405, 501]);
  });

  it('run the route registered first when two match, with its params', async () => {
    const myProfile = await rawRequest(baseUrls.bySegment, { path: '/api/professionals/my-profile' });
    expect(JSON.parse(myProfile.body)).toEqual({ route: '/api/professionals/my-profile', params: {} });
    const about = await rawRequest(baseUrls.bySegment, { path: '/api/professionals/about' });
    expect(JSON.parse(about.body)).toEqual({ route: '/api/professionals/:id', params: { id: 'about' } });
    const reviewsAbout = await rawRequest(baseUrls.bySegment, { path: '/api/reviews/about' });
    expect(JSON.parse(reviewsAbout.body)).toEqual({ route: '/api/:section/about', params: { section: 'reviews' } });
    const slug = await rawRequest(baseUrls.bySegment, { path: '/api/professionals/slug/acme%20it' });
    expect(JSON.parse(slug.body)).toEqual({ route: '/api/professionals/slug/:slug', params: { slug: 'acme it' } });
  });

  it('match a request only against the routes under its first segment', () => {
    const { bySegment, others } = splitByFirstSegment(routeTable());
    const paths = (router: Router) => router.stack.map((layer) => String(layer.path));
    expect([...bySegment.keys()]).toEqual(['auth', 'professionals', 'reviews', 'media']);
    const legacy = String(/^\/api\/legacy\/(\d+)$/);
    expect(paths(bySegment.get('auth')!)).toEqual(['/api/auth/me', '/api/auth/login', '/api/:section/about', legacy, '/api/test/signup']);
    expect(paths(bySegment.get('professionals')!)).toEqual([
      '/api/professionals/my-profile',
      '/api/professionals/my-profile',
      '/api/professionals',
      '/api/professionals/map',
      '/api/professionals/slug/:slug',
      '/api/professionals/:id',
      '/api/professionals/:id/messages',
      '/api/:section/about',
      legacy,
      '/api/test/signup',
    ]);
    expect(paths(bySegment.get('reviews')!).slice(0, 3)).toEqual(['/api/:section/about', legacy, '/api/reviews/about']);
    expect(paths(others)).toEqual(['/api/:section/about', legacy, '/api/test/signup']);
    expect(paths(bySegment.get('media')!)).toEqual(['/api/:section/about', legacy, '/api/media/:name', '/api/media/:name', '/api/test/signup']);
  });

  it('see a route added to the table after serving began', async () => {
    const table = routeTable();
    const url = await serve([routesByFirstSegment(table), table.allowedMethods() as Middleware]);
    expect((await rawRequest(url, { path: '/api/contact' })).status).toBe(404);
    const late = createRouter();
    late.get('/contact', answer);
    table.use(late.routes());
    expect((await rawRequest(url, { path: '/api/contact' })).status).toBe(200);
  });

  it('refuse, when the app is built, a route registered for several methods at once', () => {
    const table = createRouter('/api');
    const all = createRouter();
    all.all('/everything', answer);
    table.use(all.routes());
    expect(() => routesByFirstSegment(table)).toThrow(/GET.*\/api\/everything: an API route is registered with one of/);
  });
});

describe('createRouter', () => {
  it('makes case-sensitive routers with no method patched on the instance', () => {
    const table = routeTable();
    const { bySegment, others } = splitByFirstSegment(table);
    for (const router of [createRouter(), createRouter('/api'), table, others, ...bySegment.values()]) {
      const shadowing = Object.getOwnPropertyNames(router).filter((name) => typeof (Router.prototype as unknown as Record<string, unknown>)[name] === 'function');
      expect(shadowing).toEqual([]);
      expect(router.opts.sensitive).toBe(true);
    }
  });
});
