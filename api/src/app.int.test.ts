// The app's HTTP behaviour end to end, against real PostgreSQL and Redis: error bodies, health and
// readiness, security headers, request ids and the SPA's static serving.
import { createHmac } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Router from '@koa/router';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../tests/support/services';
import { serveTestApp, TEST_SESSION_KEY, type TestApp } from './testing/serve-test-app';

// Routes that exist only in this test: no production route validates input or fails yet.
function testOnlyRouter(): Router {
  const router = new Router();
  const Signup = z.object({
    name: z.string().min(2, 'Name must be at least 2 characters'),
    email: z.email('Invalid email address'),
  });
  router.post('/test/signup', (ctx) => {
    const input = Signup.parse(ctx.request.body);
    ctx.body = { ok: true, name: input.name };
  });
  router.get('/test/bug', () => {
    throw new Error('an unexpected bug with a secret detail');
  });
  return router;
}

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { BODY_LIMIT: '1kb' }, extraApiRouters: [testOnlyRouter()] });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

function postJson(pathname: string, body: string): Promise<Response> {
  return t.fetch(pathname, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
}

describe('error bodies', () => {
  it('answers malformed JSON with 400 and the error body', async () => {
    const res = await postJson('/api/test/signup', '{"name": "Ada",');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: { code: 'bad_request', message: 'Malformed JSON body' } });
  });

  it('answers a body over BODY_LIMIT with 413', async () => {
    const res = await postJson('/api/test/signup', JSON.stringify({ name: 'x'.repeat(5000), email: 'a@b.co' }));
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.error.code).toBe('payload_too_large');
    expect(body.error.message).toContain('1kb');
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await t.fetch('/api/test/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=Ada',
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error.code).toBe('unsupported_media_type');
  });

  it('answers invalid input (a thrown ZodError) with 422 and per-field messages', async () => {
    const res = await postJson('/api/test/signup', JSON.stringify({ name: 'A', email: 'nope' }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'Name must be at least 2 characters',
        fields: { name: 'Name must be at least 2 characters', email: 'Invalid email address' },
      },
    });
  });

  it('passes valid JSON to the route', async () => {
    const res = await postJson('/api/test/signup', JSON.stringify({ name: 'Ada', email: 'ada@example.com' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, name: 'Ada' });
  });

  it('answers an unknown /api path with 404 JSON', async () => {
    const res = await t.fetch('/api/no-such-thing');
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.error.code).toBe('not_found');
  });

  it('answers a wrong method on an existing route with 405 JSON and Allow', async () => {
    const res = await t.fetch('/api/health', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('HEAD, GET');
    expect((await res.json()).error.code).toBe('method_not_allowed');
  });

  it('answers an unexpected error with a generic 500 that quotes the request id', async () => {
    const res = await t.fetch('/api/test/bug', { headers: { 'X-Request-Id': 'support-case-42' } });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.error.code).toBe('internal');
    expect(body.error.message).toContain('support-case-42');
    expect(body.error.message).not.toContain('secret');
  });
});

describe('request ids', () => {
  it('echoes a sane incoming X-Request-Id', async () => {
    const res = await t.fetch('/api/health', { headers: { 'X-Request-Id': 'abc-123.def' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123.def');
  });

  it('replaces an unusable one with a generated id', async () => {
    const res = await t.fetch('/api/health', { headers: { 'X-Request-Id': 'no spaces <allowed>' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health and readiness', () => {
  it('GET /api/health answers 200 ok', async () => {
    const res = await t.fetch('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready answers 200 when PostgreSQL and Redis answer, reporting each dependency', async () => {
    const res = await t.fetch('/api/ready');
    expect(res.status).toBe(200);
    const body = await res.json();
    const ok = { status: 'ok', required: true, latencyMs: expect.any(Number) };
    expect(body.checks).toMatchObject({ database: ok, redis: ok, directoryChanges: { status: 'ok', required: false }, siteSettingsChanges: { status: 'ok', required: false } });
    // No worker runs beside this app: reported, but not a reason to be unready.
    expect(body.checks.workers).toMatchObject({ status: 'down', required: false, message: 'no worker is connected to the queues' });
    expect(body.status).toBe('degraded');
  });

  it('GET /api/ready answers 503 naming Redis when Redis is unreachable', async () => {
    // Port 1 on loopback: nothing listens, the connection is refused.
    const deadRedis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    deadRedis.on('error', () => undefined);
    const broken = await serveTestApp({ database: db, redis: deadRedis });
    try {
      const started = Date.now();
      const res = await broken.fetch('/api/ready');
      expect(Date.now() - started).toBeLessThan(2500);
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body.error.code).toBe('unavailable');
      expect(body.error.message).toContain('Redis');
      expect(body.checks.database.status).toBe('ok');
      expect(body.checks.redis).toMatchObject({ status: 'error', required: true });

      // The API keeps answering what does not need Redis (the rate limiter lets requests through).
      expect((await broken.fetch('/api/health')).status).toBe(200);
      expect((await broken.fetch('/api/site-config')).status).toBe(200);

      // A signed-in visitor's session cannot be read: 503, not a 500.
      const signature = createHmac('sha1', TEST_SESSION_KEY).update('sid=some-session').digest('base64url');
      const withSession = await broken.fetch('/api/site-config', {
        headers: { Cookie: `sid=some-session; sid.sig=${signature}` },
      });
      expect(withSession.status).toBe(503);
      expect((await withSession.json()).error.code).toBe('unavailable');
    } finally {
      await broken.close();
      deadRedis.disconnect();
    }
  });
});

describe('site config', () => {
  it('serves the map tiles and leaves out social links that are not configured', async () => {
    const res = await t.fetch('/api/site-config');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.mapTileUrl).toBe(t.env.MAP_TILE_URL);
    expect(body.mapTileAttribution).toContain('OpenStreetMap');
    expect(body.social).toEqual({});
  });

  it('includes configured social links', async () => {
    const other = await serveTestApp({
      database: db,
      env: { SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/itconnect' },
    });
    try {
      const body = await (await other.fetch('/api/site-config')).json();
      expect(body.social).toEqual({ linkedin: 'https://www.linkedin.com/company/itconnect' });
    } finally {
      await other.close();
    }
  });
});

describe('security headers', () => {
  it('sends a CSP that allows the map tiles and the ALTCHA worker, and no HSTS outside production', async () => {
    const res = await t.fetch('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob: https://*.tile.openstreetmap.org");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS in production', async () => {
    const prod = await serveTestApp({ database: db, env: { NODE_ENV: 'production' } });
    try {
      const res = await prod.fetch('/api/health');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    } finally {
      await prod.close();
    }
  });
});

describe('the SPA', () => {
  let staticDir: string;
  let spa: TestApp;

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'itc-static-'));
    await mkdir(path.join(staticDir, 'assets'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>ITConnect</title><div id="root"></div>');
    await writeFile(path.join(staticDir, 'assets', 'x.js'), 'console.log("x")');
    await writeFile(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    spa = await serveTestApp({ database: db, env: { STATIC_DIR: staticDir } });
  });

  afterAll(async () => {
    await spa?.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('serves index.html, never cached, for client-side routes', async () => {
    for (const route of ['/', '/about', '/professionals', '/index.html']) {
      const res = await spa.fetch(route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
    // A profile that doesn't exist still renders the SPA ('Professional Not Found'), with a 404
    // status so search engines drop it.
    const missing = await spa.fetch('/professionals/no-such-company');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root">');
  });

  it('serves hashed assets with a long, immutable cache', async () => {
    const res = await spa.fetch('/assets/x.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("x")');
  });

  it('serves other files revalidated', async () => {
    const res = await spa.fetch('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing asset with 404, not index.html', async () => {
    const res = await spa.fetch('/assets/missing.js');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<div id="root">');
  });

  it('keeps /api paths out of the SPA', async () => {
    const res = await spa.fetch('/api/nothing-here');
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });

  it('refuses path traversal', async () => {
    const res = await spa.fetch('/assets/..%2f..%2fetc%2fpasswd');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('answers pages with a clear 503 when the front end is not built', async () => {
    const res = await t.fetch('/about');
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/front end has not been built/);
  });
});
