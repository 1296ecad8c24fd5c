// Guards that a changed path cannot skip (docs/security.md, item 1). Walks EVERY route the API
// registers (its router's stack, so a new route is covered without touching this file) and:
//   - checks each names its access as its first middleware, and matches paths case-sensitively;
//   - calls it as anonymous, customer and provider by its canonical path, then by spellings of the
//     same path (trailing slash, doubled slashes, percent-encoded letters, dot segments), which
//     must answer exactly what the canonical path answers, and by changed letter case, which must
//     be no route at all (404);
// and does the same for Bull Board (/admin/queues), the development mail folder, and the doors
// answered by middleware outside the API router (the Stripe webhook and stand-in, sitemap, robots).
// Every route that is not public must also answer `Cache-Control: no-store` (security.md, item 7).
// Found by probing: `GET /api/Admin/Mail` once answered 200 to anonymous callers.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../core/auth';
import { createTestDatabase, type TestDatabase } from '../../tests/support/services';
import { accessOf } from './middleware/require-role';
import { createUser, signIn } from './testing/accounts';
import { rawRequest, type RawResponse } from './testing/raw-request';
import { registeredRoutes as walkRoutes, withParams } from './testing/route-walk';
import { serveTestApp, type TestApp } from './testing/serve-test-app';

type Caller = 'anonymous' | Exclude<Role, 'admin'>;
const CALLERS: Caller[] = ['anonymous', 'customer', 'provider'];

const SPA_SHELL = '<div id="root">the SPA shell</div>';
/** A value for each path parameter the API uses, so every route can be called. */
const SAMPLE_PARAMS: Record<string, string> = { file: '1700000000000-email_x.eml', id: '1', slug: 'no-such-professional' };

let db: TestDatabase;
let t: TestApp;
let mailDir: string;
let staticDir: string;
const cookies = new Map<Caller, string>();

function registeredRoutes(router: Router) {
  return walkRoutes(router, SAMPLE_PARAMS);
}

function withSampleParams(template: string): string {
  return withParams(template, SAMPLE_PARAMS);
}

/** Spellings that name the same resource: they must reach the same route and the same guard. */
function sameResourceSpellings(canonical: string): string[] {
  const segments = canonical.split('/');
  const last = segments.length - 1;
  const encodeFirstLetter = (segment: string, upper: boolean) =>
    segment.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)[upper ? 'toUpperCase' : 'toLowerCase']()}`);
  return [
    `${canonical}/`,
    `/${canonical}`,
    canonical.replace('/api/', '/api//'),
    `${segments.slice(0, last).join('/')}//${segments[last]}`,
    segments.map((s, i) => (i === 2 ? encodeFirstLetter(s, false) : s)).join('/'),
    segments.map((s, i) => (i === last ? encodeFirstLetter(s, true) : s)).join('/'),
    canonical.replace('/api/', '/api/./'),
    canonical.replace('/api/', '/api/x/../'),
  ];
}

/**
 * Spellings of a route's fixed words in other letter case (`/api/Admin/Mail`): a different path,
 * since paths are case-sensitive, so this route never answers it (404, or 405 when another route
 * has that shape for other methods). Parameter values keep their case: they are data.
 */
function otherCaseSpellings(template: string): string[] {
  const segments = template.split('/');
  const isFixed = (segment: string) => segment !== '' && !segment.startsWith(':');
  const lastFixed = segments.findLastIndex(isFixed);
  const spell = (change: (segment: string, index: number) => string) =>
    withSampleParams(segments.map((segment, i) => (isFixed(segment) ? change(segment, i) : segment)).join('/'));
  return [
    spell((segment) => segment.toUpperCase()),
    spell((segment, i) => (i === 2 ? segment.charAt(0).toUpperCase() + segment.slice(1) : segment)),
    spell((segment, i) => (i === lastFixed ? segment.toUpperCase() : segment)),
  ].filter((variant) => variant !== withSampleParams(template));
}

function rawAs(method: string, requestPath: string, caller: Caller): Promise<RawResponse> {
  const cookie = cookies.get(caller);
  const body = method === 'GET' ? undefined : '{}';
  return rawRequest(t.baseUrl, {
    method,
    path: requestPath,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body,
  });
}

async function statusOf(method: string, requestPath: string, caller: Caller): Promise<number> {
  return (await rawAs(method, requestPath, caller)).status;
}

beforeAll(async () => {
  db = await createTestDatabase();
  mailDir = await mkdtemp(path.join(tmpdir(), 'itc-guards-mail-'));
  await writeFile(path.join(mailDir, SAMPLE_PARAMS.file!), 'To: someone@example.com\r\n\r\nreset link');
  staticDir = await mkdtemp(path.join(tmpdir(), 'itc-guards-static-'));
  await writeFile(path.join(staticDir, 'index.html'), `<!doctype html><html><head><title>t</title></head><body>${SPA_SHELL}</body></html>`);
  t = await serveTestApp({
    database: db,
    env: { LOGIN_LIMIT_PER_IP: '1000', APPLY_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_MINUTE: '100000', MAIL_DIR: mailDir, STATIC_DIR: staticDir, STRIPE_WEBHOOK_SECRET: 'whsec_route_guards' },
  });
  cookies.set('anonymous', '');
  for (const role of ['customer', 'provider'] as const) {
    const user = await createUser(db.prisma, { role });
    cookies.set(role, await signIn(t, user.email));
  }
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
  for (const dir of [mailDir, staticDir]) if (dir) await rm(dir, { recursive: true, force: true });
});

describe('every API route', () => {
  it('names its access as its first middleware and matches paths case-sensitively', () => {
    const { layers } = registeredRoutes(t.api.apiRouter);
    expect(layers.length).toBeGreaterThan(20);
    const unguarded = layers.filter((layer) => accessOf(layer.stack[0]) === undefined).map((layer) => layer.path);
    expect(unguarded).toEqual([]);
    const insensitive = layers.filter((layer) => layer.opts.sensitive !== true).map((layer) => layer.path);
    expect(insensitive).toEqual([]);
  });

  it('answers every spelling of its path as the path itself, for anonymous, customer and provider callers', async () => {
    const { routes } = registeredRoutes(t.api.apiRouter);
    const mismatches: string[] = [];
    for (const route of routes) {
      for (const caller of CALLERS) {
        const canonical = await statusOf(route.method, route.path, caller);
        // A call that did something (sign-out, cancelling a subscription) is not repeated: its guard
        // let this caller in, and refusals are what this test is about. The caller gets a new
        // account and session for what follows (the call may have closed the old account).
        if (route.method !== 'GET' && canonical < 400) {
          if (caller !== 'anonymous') cookies.set(caller, await signIn(t, (await createUser(db.prisma, { role: caller })).email));
          continue;
        }
        for (const variant of sameResourceSpellings(route.path)) {
          const status = await statusOf(route.method, variant, caller);
          if (status !== canonical) mismatches.push(`${caller} ${route.method} ${variant}: ${status}, but ${route.path}: ${canonical}`);
        }
        for (const variant of otherCaseSpellings(route.template)) {
          const status = await statusOf(route.method, variant, caller);
          if (status !== 404 && status !== 405) mismatches.push(`${caller} ${route.method} ${variant}: ${status}, expected no route (404 or 405)`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // About 900 requests: seconds on a quiet machine, more on a busy one.
  }, 120_000);
});

describe('doors outside the API router', () => {
  // Middleware that answers paths of its own: the Stripe webhook (signed) and the search-engine
  // files. Each must answer every spelling of its path as the path itself, and other letter case as
  // no such path.
  const DOORS = [
    { method: 'POST', path: '/api/stripe/webhook' },
    { method: 'GET', path: '/robots.txt' },
    { method: 'GET', path: '/sitemap.xml' },
  ];

  it('answer every spelling of their path as the path itself, and other case as no such path', async () => {
    const mismatches: string[] = [];
    for (const door of DOORS) {
      const canonical = await statusOf(door.method, door.path, 'anonymous');
      for (const variant of sameResourceSpellings(door.path).filter((v) => !v.includes('/api/') || door.path.startsWith('/api/'))) {
        const status = await statusOf(door.method, variant, 'anonymous');
        if (status !== canonical) mismatches.push(`${door.method} ${variant}: ${status}, but ${door.path}: ${canonical}`);
      }
      for (const variant of otherCaseSpellings(door.path)) {
        // The stand-in checks its key before it looks at the path, as Stripe does: the same refusal.
        const status = await statusOf(door.method, variant, 'anonymous');
        const isSameRefusal = status === canonical && (status === 401 || status === 403);
        if (status !== 404 && status !== 405 && !isSameRefusal) mismatches.push(`${door.method} ${variant}: ${status}, expected no such path (404)`);
      }
    }
    expect(mismatches).toEqual([]);
    // The canonical answer itself: a webhook without a signature.
    expect(await statusOf('POST', '/api/stripe/webhook', 'anonymous')).toBe(400);
  });
});

describe('personal answers', () => {
  // The public directory's answers (the same for everyone) choose their own caching; every other
  // answer may be personal and must never be stored by a browser or proxy. A new route is personal
  // until it is added here, on purpose.
  const SHARED_ANSWERS = new Set([
    '/api/site-config',
    '/api/professionals',
    '/api/professionals/map',
    '/api/professionals/slug/:slug',
    '/api/professionals/:id',
    '/api/professionals/:id/card',
    '/api/reviews',
    '/api/home',
    '/api/locations',
  ]);

  it('every other API answer says Cache-Control: no-store, whoever calls', async () => {
    const { routes } = registeredRoutes(t.api.apiRouter);
    const cacheable: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET' && !SHARED_ANSWERS.has(r.template))) {
      for (const caller of CALLERS) {
        const res = await rawAs('GET', route.path, caller);
        if (!/\bno-store\b/.test(String(res.headers['cache-control'] ?? ''))) cacheable.push(`${caller} GET ${route.path}: ${res.status} ${res.headers['cache-control']}`);
      }
    }
    expect(cacheable).toEqual([]);
    expect(routes.filter((r) => r.method === 'GET' && !SHARED_ANSWERS.has(r.template)).length).toBeGreaterThan(8);
  });
});

describe('admin doors', () => {
  const ADMIN_PATHS = ['/api/admin/mail', `/api/admin/mail/${SAMPLE_PARAMS.file}`, '/admin/queues', '/admin/queues/api/queues'];

  it('refuse every spelling to anyone but an admin, and never show the mail folder', async () => {
    for (const adminPath of ADMIN_PATHS) {
      for (const caller of CALLERS) {
        const canonical = await statusOf('GET', adminPath, caller);
        expect(canonical, `${caller} GET ${adminPath}`).toBe(caller === 'anonymous' ? 401 : 403);
        for (const spelling of [...sameResourceSpellings(adminPath), ...otherCaseSpellings(adminPath.replace(SAMPLE_PARAMS.file!, ':file'))]) {
          const { status, body } = await rawAs('GET', spelling, caller);
          // A page path in other case (/ADMIN/QUEUES) is just a page: the SPA shell, which shows its 404.
          const isSpaShell = status === 200 && body.includes(SPA_SHELL) && !spelling.toLowerCase().startsWith('/api/');
          if (!isSpaShell) expect([canonical, 404], `${caller} GET ${spelling} → ${status}`).toContain(status);
          expect(body, `${caller} GET ${spelling}`).not.toContain('reset link');
          expect(body, `${caller} GET ${spelling}`).not.toContain('someone@example.com');
        }
      }
    }
  });

  it('the probe that found it: anonymous GET /api/Admin/Mail', async () => {
    const res = await t.fetch('/api/Admin/Mail');
    expect(res.status).toBe(404);
    const lower = await t.fetch('/api/admin/mail');
    expect(lower.status).toBe(401);
  });
});
