// Signed-in devices (/api/account/sessions, ASVS V7.5.2) against the real app and Redis: the list
// (this device flagged, devices named from the User-Agent kept at sign-in, never a session id),
// ending one other device and all the others, another user's handle, stale index entries, the
// per-user budget, and anonymous callers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MESSAGES, type AccountSession, type AccountSessions, type SessionsEnded } from '../../../core/sessions';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { cookiesFrom, createUser, postJson, sidOf, signIn, solveCaptcha, TEST_PASSWORD } from '../testing/accounts';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';
import { SESSION_ABSOLUTE_MS, sessionKey, userSessionsKey } from '../middleware/session';
import { SESSION_ENDS_PER_HOUR } from './account-sessions';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { LOGIN_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_MINUTE: '100000' } });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

/** Signs in through POST /api/auth/login from a browser with this User-Agent; the session cookie header. */
async function signInFrom(email: string, userAgent: string): Promise<string> {
  const res = await t.fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent },
    body: JSON.stringify({ email, password: TEST_PASSWORD, captcha: await solveCaptcha(t) }),
  });
  expect(res.status).toBe(200);
  return cookiesFrom(res);
}

async function listSessions(cookie: string): Promise<{ status: number; text: string; sessions: AccountSession[] }> {
  const res = await t.fetch('/api/account/sessions', { headers: { Cookie: cookie } });
  const text = await res.text();
  return { status: res.status, text, sessions: res.status === 200 ? (JSON.parse(text) as AccountSessions).sessions : [] };
}

function endSession(cookie: string, handle: string) {
  return t.fetch(`/api/account/sessions/${handle}`, { method: 'DELETE', headers: { Cookie: cookie } });
}

function endOthers(cookie: string) {
  return postJson(t, '/api/account/sessions/end-others', undefined, cookie);
}

async function me(cookie: string): Promise<{ id: number } | null> {
  return (await (await t.fetch('/api/auth/me', { headers: { Cookie: cookie } })).json()) as { id: number } | null;
}

describe('GET /api/account/sessions', () => {
  it('lists this device first and flagged, the others named from their User-Agent, with their sign-in and last-use times', async () => {
    const user = await createUser(db.prisma);
    const phone = await signInFrom(user.email, SAFARI_ON_IPHONE);
    const laptop = await signInFrom(user.email, CHROME_ON_WINDOWS);
    const before = Date.now();

    const { status, sessions } = await listSessions(laptop);
    expect(status).toBe(200);
    expect(sessions.map((s) => [s.device, s.isCurrent])).toEqual([
      ['Chrome on Windows', true],
      ['Safari on iPhone', false],
    ]);
    for (const session of sessions) {
      expect(session.handle).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Date.parse(session.signedInAt!)).toBeLessThanOrEqual(before);
      expect(Date.parse(session.signedInAt!)).toBeGreaterThan(before - 60_000);
      expect(Date.parse(session.lastActiveAt!)).toBeGreaterThanOrEqual(Date.parse(session.signedInAt!));
    }
    // Seen from the phone, the phone is this device.
    const fromPhone = await listSessions(phone);
    expect(fromPhone.sessions.map((s) => [s.device, s.isCurrent])).toEqual([
      ['Safari on iPhone', true],
      ['Chrome on Windows', false],
    ]);
    expect(new Set(fromPhone.sessions.map((s) => s.handle))).toEqual(new Set(sessions.map((s) => s.handle)));
  });

  it('never sends a session id, nor the User-Agent itself', async () => {
    const user = await createUser(db.prisma);
    const other = await signInFrom(user.email, SAFARI_ON_IPHONE);
    const cookie = await signInFrom(user.email, CHROME_ON_WINDOWS);
    const { text, sessions } = await listSessions(cookie);
    expect(sessions).toHaveLength(2);
    for (const id of [sidOf(cookie)!, sidOf(other)!]) {
      expect(text).not.toContain(id);
      // Nor the id in any of the encodings a client might try to read back.
      expect(text).not.toContain(Buffer.from(id, 'base64url').toString('hex'));
    }
    expect(text).not.toContain('Mozilla');
  });

  it('shows a session that kept no User-Agent as an unknown device', async () => {
    const user = await createUser(db.prisma);
    // The test helper signs in as Node's fetch ('node'): no browser, no system.
    const cookie = await signIn(t, user.email);
    const { sessions } = await listSessions(cookie);
    expect(sessions).toEqual([expect.objectContaining({ device: 'Unknown device', isCurrent: true })]);
    // A session from before devices were kept has no userAgent at all.
    const key = sessionKey(t.env.REDIS_PREFIX, sidOf(cookie)!);
    const data = JSON.parse((await t.redis.get(key))!) as Record<string, unknown>;
    delete data.userAgent;
    await t.redis.set(key, JSON.stringify(data), 'KEEPTTL');
    expect((await listSessions(cookie)).sessions).toEqual([expect.objectContaining({ device: 'Unknown device', isCurrent: true })]);
  });

  it('skips ids whose session has gone and removes them from the index, and skips sessions past their lifetime', async () => {
    const user = await createUser(db.prisma);
    const old = await signInFrom(user.email, SAFARI_ON_IPHONE);
    const cookie = await signInFrom(user.email, CHROME_ON_WINDOWS);
    const index = userSessionsKey(t.env.REDIS_PREFIX, user.id);
    // An id whose session expired (its key is gone, the index still names it).
    await t.redis.sadd(index, 'expired-session-id-000000000000');
    // A session signed in more than 30 days ago: its next use would end it.
    const oldKey = sessionKey(t.env.REDIS_PREFIX, sidOf(old)!);
    const data = JSON.parse((await t.redis.get(oldKey))!) as Record<string, unknown>;
    await t.redis.set(oldKey, JSON.stringify({ ...data, signedInAt: Date.now() - SESSION_ABSOLUTE_MS - 60_000 }), 'KEEPTTL');

    const { sessions } = await listSessions(cookie);
    expect(sessions.map((s) => s.device)).toEqual(['Chrome on Windows']);
    expect(await t.redis.sismember(index, 'expired-session-id-000000000000')).toBe(0);
    expect(await t.redis.sismember(index, sidOf(old)!)).toBe(0);
    expect(await t.redis.exists(oldKey)).toBe(0);
    expect(await t.redis.sismember(index, sidOf(cookie)!)).toBe(1);
  });

  it('asks anonymous callers to sign in', async () => {
    expect((await t.fetch('/api/account/sessions')).status).toBe(401);
    expect((await endSession('', 'a'.repeat(22))).status).toBe(401);
    expect((await endOthers('')).status).toBe(401);
  });
});

describe('DELETE /api/account/sessions/:handle', () => {
  it('signs out another device: its cookie is anonymous from then on, this device stays signed in', async () => {
    const user = await createUser(db.prisma);
    const phone = await signInFrom(user.email, SAFARI_ON_IPHONE);
    const laptop = await signInFrom(user.email, CHROME_ON_WINDOWS);
    const other = (await listSessions(laptop)).sessions.find((s) => !s.isCurrent)!;

    const res = await endSession(laptop, other.handle);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 1, message: SESSION_MESSAGES.signedOut('Safari on iPhone') } satisfies SessionsEnded);
    expect(await me(phone)).toBeNull();
    expect((await listSessions(phone)).status).toBe(401);
    expect(await t.redis.exists(sessionKey(t.env.REDIS_PREFIX, sidOf(phone)!))).toBe(0);
    expect(await me(laptop)).toMatchObject({ id: user.id });
    expect((await listSessions(laptop)).sessions.map((s) => s.device)).toEqual(['Chrome on Windows']);
    // Ended already: no such device.
    expect((await endSession(laptop, other.handle)).status).toBe(404);
  });

  it('does nothing with another user’s handle (404), nor with a handle that is no handle', async () => {
    const owner = await createUser(db.prisma);
    const ownerCookie = await signInFrom(owner.email, SAFARI_ON_IPHONE);
    const ownerHandle = (await listSessions(ownerCookie)).sessions[0]!.handle;
    const intruder = await signInFrom((await createUser(db.prisma)).email, CHROME_ON_WINDOWS);

    const res = await endSession(intruder, ownerHandle);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(SESSION_MESSAGES.notFound);
    expect(await me(ownerCookie)).toMatchObject({ id: owner.id });
    // The raw session id is not a handle either.
    expect((await endSession(ownerCookie, sidOf(ownerCookie)!)).status).toBe(404);
    expect((await endSession(ownerCookie, 'not-a-handle')).status).toBe(404);
    expect(await me(ownerCookie)).toMatchObject({ id: owner.id });
  });

  it('does not sign out this device (that is Sign Out)', async () => {
    const user = await createUser(db.prisma);
    const cookie = await signInFrom(user.email, CHROME_ON_WINDOWS);
    const current = (await listSessions(cookie)).sessions[0]!;
    const res = await endSession(cookie, current.handle);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(SESSION_MESSAGES.isCurrent);
    expect(await me(cookie)).toMatchObject({ id: user.id });
  });
});

describe('POST /api/account/sessions/end-others', () => {
  it('signs out every other device and keeps this one', async () => {
    const user = await createUser(db.prisma);
    const others = [await signInFrom(user.email, SAFARI_ON_IPHONE), await signIn(t, user.email)];
    const cookie = await signInFrom(user.email, CHROME_ON_WINDOWS);
    const bystander = await signInFrom((await createUser(db.prisma)).email, SAFARI_ON_IPHONE);

    const res = await endOthers(cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 2, message: SESSION_MESSAGES.othersSignedOut(2) } satisfies SessionsEnded);
    for (const other of others) expect(await me(other)).toBeNull();
    expect(await me(cookie)).toMatchObject({ id: user.id });
    expect((await listSessions(cookie)).sessions).toEqual([expect.objectContaining({ device: 'Chrome on Windows', isCurrent: true })]);
    expect(await t.redis.smembers(userSessionsKey(t.env.REDIS_PREFIX, user.id))).toEqual([sidOf(cookie)]);
    // Someone else's sessions are untouched.
    expect(await me(bystander)).not.toBeNull();

    const again = await endOthers(cookie);
    expect(await again.json()).toEqual({ ended: 0, message: SESSION_MESSAGES.othersSignedOut(0) });
  });

  it(`spends the user's budget of ${SESSION_ENDS_PER_HOUR} sign-outs an hour`, async () => {
    const user = await createUser(db.prisma);
    const cookie = await signIn(t, user.email);
    for (let i = 0; i < SESSION_ENDS_PER_HOUR; i++) expect((await endOthers(cookie)).status).toBe(200);
    const refused = await endOthers(cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect((await endSession(cookie, 'a'.repeat(22))).status).toBe(429);
    // Reading the list is not a write: it still answers.
    expect((await listSessions(cookie)).status).toBe(200);
  });
});
