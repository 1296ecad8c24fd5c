// Sessions: the `sid` cookie's flags and the data in Redis under the app's prefix.
// The session's own behaviour, apart from sign-in: this file mounts a test-only route that counts
// visits in the session (accounts' use of it is tested in routes/auth.int.test.ts), and one that
// signs in, for what sign-in keeps for the list of signed-in devices (routes/account-sessions.int.test.ts).
import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';
import { USER_AGENT_MAX } from '../../../core/sessions';
import {
  beginSignedInSession,
  currentSessionId,
  endUserSessions,
  SESSION_MAX_AGE_MS,
  SESSION_RENEW_AFTER_MS,
  sessionHandle,
  sessionKey,
  userSessionsKey,
} from './session';

function visitsRouter(): Router {
  const router = new Router();
  router.post('/test/visit', (ctx) => {
    const visits = (typeof ctx.session?.visits === 'number' ? ctx.session.visits : 0) + 1;
    if (ctx.session) ctx.session.visits = visits;
    ctx.body = { visits };
  });
  router.post('/test/sign-out', (ctx) => {
    ctx.session = null;
    ctx.body = { ok: true };
  });
  router.get('/test/peek', (ctx) => {
    ctx.body = { visits: ctx.session?.visits ?? null };
  });
  router.post('/test/sign-in/:userId', async (ctx) => {
    await beginSignedInSession(ctx, Number(ctx.params.userId));
    ctx.body = { ok: true };
  });
  router.get('/test/current', (ctx) => {
    const id = currentSessionId(ctx);
    ctx.body = { handle: id === undefined ? null : sessionHandle(id) };
  });
  return router;
}

interface ParsedCookie {
  name: string;
  value: string;
  attributes: Map<string, string | true>;
}

function parseSetCookie(header: string): ParsedCookie {
  const [pair = '', ...attrs] = header.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const attributes = new Map<string, string | true>();
  for (const attr of attrs) {
    const i = attr.indexOf('=');
    if (i === -1) attributes.set(attr.toLowerCase(), true);
    else attributes.set(attr.slice(0, i).toLowerCase(), attr.slice(i + 1));
  }
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
}

function cookiesOf(res: Response): ParsedCookie[] {
  return res.headers.getSetCookie().map(parseSetCookie);
}

function cookieHeader(cookies: ParsedCookie[]): string {
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

function expectSevenDays(cookie: ParsedCookie): void {
  const maxAge = cookie.attributes.get('max-age');
  const expires = cookie.attributes.get('expires');
  const ms = typeof maxAge === 'string' ? Number(maxAge) * 1000 : Date.parse(String(expires)) - Date.now();
  expect(Math.abs(ms - SESSION_MAX_AGE_MS)).toBeLessThan(60_000);
}

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, extraApiRouters: [visitsRouter()] });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

describe('sessions', () => {
  it('sets no cookie for a visitor whose session is empty', async () => {
    const res = await t.fetch('/api/test/peek');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('sets a signed, HttpOnly, SameSite=Lax `sid` cookie for 7 days and keeps the data in Redis', async () => {
    const res = await t.fetch('/api/test/visit', { method: 'POST' });
    expect(await res.json()).toEqual({ visits: 1 });

    const cookies = cookiesOf(res);
    const sid = cookies.find((c) => c.name === 'sid');
    expect(sid).toBeDefined();
    expect(cookies.some((c) => c.name === 'sid.sig')).toBe(true);
    expect(sid!.attributes.get('httponly')).toBe(true);
    expect(String(sid!.attributes.get('samesite')).toLowerCase()).toBe('lax');
    expect(sid!.attributes.get('path')).toBe('/');
    expect(sid!.attributes.has('secure')).toBe(false);
    expectSevenDays(sid!);

    const key = sessionKey(t.env.REDIS_PREFIX, sid!.value);
    expect(key.startsWith(`${t.env.REDIS_PREFIX}:sess:`)).toBe(true);
    const stored = JSON.parse((await t.redis.get(key)) ?? 'null');
    expect(stored.visits).toBe(1);
    const ttl = await t.redis.pttl(key);
    expect(ttl).toBeGreaterThan(SESSION_MAX_AGE_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(SESSION_MAX_AGE_MS + 11_000);
  });

  it('reads the session back, renews cookie and Redis expiry when used 10 minutes after its last save (not on every request), and ends it on sign-out', async () => {
    const first = await t.fetch('/api/test/visit', { method: 'POST' });
    const cookie = cookieHeader(cookiesOf(first));
    const sid = cookiesOf(first).find((c) => c.name === 'sid')!.value;
    const key = sessionKey(t.env.REDIS_PREFIX, sid);

    const second = await t.fetch('/api/test/visit', { method: 'POST', headers: { Cookie: cookie } });
    expect(await second.json()).toEqual({ visits: 2 });

    // A request that changes nothing, soon after the last save, writes nothing.
    await t.redis.pexpire(key, 3_600_000);
    const peek = await t.fetch('/api/test/peek', { headers: { Cookie: cookie } });
    expect(await peek.json()).toEqual({ visits: 2 });
    expect(peek.headers.getSetCookie()).toEqual([]);
    expect(await t.redis.pttl(key)).toBeLessThanOrEqual(3_600_000);

    // Used again more than SESSION_RENEW_AFTER_MS after its last save: 7 more days, cookie and Redis.
    const stored = JSON.parse((await t.redis.get(key))!) as Record<string, unknown>;
    expect(typeof stored.renewedAt).toBe('number');
    await t.redis.set(key, JSON.stringify({ ...stored, renewedAt: Date.now() - SESSION_RENEW_AFTER_MS - 1_000 }), 'PX', 3_600_000);
    const later = await t.fetch('/api/test/peek', { headers: { Cookie: cookie } });
    expect(await later.json()).toEqual({ visits: 2 });
    const renewed = cookiesOf(later).find((c) => c.name === 'sid');
    expect(renewed?.value).toBe(sid);
    expectSevenDays(renewed!);
    expect(await t.redis.pttl(key)).toBeGreaterThan(SESSION_MAX_AGE_MS - 60_000);
    expect((JSON.parse((await t.redis.get(key))!) as { renewedAt: number }).renewedAt).toBeGreaterThan(Date.now() - 60_000);

    const out = await t.fetch('/api/test/sign-out', { method: 'POST', headers: { Cookie: cookie } });
    expect(out.status).toBe(200);
    expect(await t.redis.exists(key)).toBe(0);
    const after = await t.fetch('/api/test/peek', { headers: { Cookie: cookie } });
    expect(await after.json()).toEqual({ visits: null });
  });

  it('ignores a cookie whose signature does not match', async () => {
    const first = await t.fetch('/api/test/visit', { method: 'POST' });
    const sid = cookiesOf(first).find((c) => c.name === 'sid')!.value;
    const forged = await t.fetch('/api/test/peek', { headers: { Cookie: `sid=${sid}; sid.sig=forged` } });
    expect(await forged.json()).toEqual({ visits: null });
  });

  it('marks the cookie Secure in production (behind a TLS-terminating proxy)', async () => {
    const prod = await serveTestApp({
      database: db,
      env: { NODE_ENV: 'production', TRUST_PROXY_HOPS: '1', PUBLIC_URL: 'https://itconnect.example' },
      extraApiRouters: [visitsRouter()],
    });
    try {
      const res = await prod.fetch('/api/test/visit', { method: 'POST', headers: { 'X-Forwarded-Proto': 'https' } });
      expect(res.status).toBe(200);
      // ASVS V3.3.1/V3.3.3: the `__Host-` prefix, so the browser keeps the cookie only if it is
      // Secure, for the whole site (Path=/) and for this host alone (no Domain).
      const cookies = cookiesOf(res);
      expect(cookies.map((c) => c.name).sort()).toEqual(['__Host-sid', '__Host-sid.sig']);
      for (const cookie of cookies) {
        expect(cookie.attributes.get('secure')).toBe(true);
        expect(cookie.attributes.get('path')).toBe('/');
        expect(cookie.attributes.has('domain')).toBe(false);
      }
      expect(cookies[0]!.attributes.get('httponly')).toBe(true);
      const again = await prod.fetch('/api/test/visit', { method: 'POST', headers: { 'X-Forwarded-Proto': 'https', Cookie: cookieHeader(cookies) } });
      expect(await again.json()).toEqual({ visits: 2 });
    } finally {
      await prod.close();
    }
  });
});

describe('what sign-in keeps for the list of signed-in devices', () => {
  function signInAs(userId: number, userAgent: string) {
    return t.fetch(`/api/test/sign-in/${userId}`, { method: 'POST', headers: { 'User-Agent': userAgent } });
  }

  it('keeps the User-Agent, cut to USER_AGENT_MAX characters, with the user and the sign-in time, and indexes the session under the user', async () => {
    const userAgent = `Mozilla/5.0 (X11; Linux x86_64) ${'x'.repeat(500)}`;
    const res = await signInAs(41, userAgent);
    const sid = cookiesOf(res).find((c) => c.name === 'sid')!.value;
    const stored = JSON.parse((await t.redis.get(sessionKey(t.env.REDIS_PREFIX, sid)))!) as Record<string, unknown>;
    expect(stored).toMatchObject({ userId: 41, userAgent: userAgent.slice(0, USER_AGENT_MAX), signedInAt: expect.any(Number) });
    expect(await t.redis.sismember(userSessionsKey(t.env.REDIS_PREFIX, 41), sid)).toBe(1);
  });

  it('knows the session a request carries by its cookie, and names it by a handle that is not its id', async () => {
    const res = await signInAs(42, 'Mozilla/5.0');
    const cookies = cookiesOf(res);
    const sid = cookies.find((c) => c.name === 'sid')!.value;
    const current = (await (await t.fetch('/api/test/current', { headers: { Cookie: cookieHeader(cookies) } })).json()) as { handle: string };
    expect(current.handle).toBe(sessionHandle(sid));
    expect(current.handle).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(current.handle).not.toContain(sid.slice(0, 8));
    expect(sessionHandle(`${sid}x`)).not.toBe(current.handle);
    expect(await (await t.fetch('/api/test/current')).json()).toEqual({ handle: null });
  });

  it('endUserSessions ends every session of the user and counts only the live ones', async () => {
    const userId = 43;
    const sids = [];
    for (let i = 0; i < 2; i++) sids.push(cookiesOf(await signInAs(userId, 'Mozilla/5.0')).find((c) => c.name === 'sid')!.value);
    const other = cookiesOf(await signInAs(44, 'Mozilla/5.0')).find((c) => c.name === 'sid')!.value;
    await t.redis.sadd(userSessionsKey(t.env.REDIS_PREFIX, userId), 'an-id-whose-session-expired');
    expect(await endUserSessions(t.redis, t.env.REDIS_PREFIX, userId)).toBe(2);
    for (const sid of sids) expect(await t.redis.exists(sessionKey(t.env.REDIS_PREFIX, sid))).toBe(0);
    expect(await t.redis.exists(userSessionsKey(t.env.REDIS_PREFIX, userId))).toBe(0);
    expect(await t.redis.exists(sessionKey(t.env.REDIS_PREFIX, other))).toBe(1);
    expect(await endUserSessions(t.redis, t.env.REDIS_PREFIX, userId)).toBe(0);
  });
});
