// Accounts end to end against real PostgreSQL and Redis: register, login, logout, me, archive,
// captcha (missing, invalid, replayed), the generic credential message, rate limits, password
// reset (expiry, reuse, sessions ended), cookie flags and session regeneration, my-data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../core/auth';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { hashToken, newToken } from '../../../prisma/tokens';
import { sessionKey, userSessionsKey } from '../middleware/session';
import { cookiesFrom, createUser, errorOf, postJson, sidOf, signIn, solveCaptcha, TEST_PASSWORD, uniqueEmail } from '../testing/accounts';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';

const GENEROUS_LIMITS = {
  LOGIN_LIMIT_PER_IP: '1000',
  LOGIN_FAILURES_PER_SOURCE: '1000',
  REGISTER_LIMIT_PER_IP: '1000',
  RESET_LIMIT_PER_IP: '1000',
  RESET_LIMIT_PER_EMAIL: '1000',
};

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: GENEROUS_LIMITS });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});


async function me(cookie?: string): Promise<unknown> {
  const res = await t.fetch('/api/auth/me', cookie ? { headers: { Cookie: cookie } } : {});
  expect(res.status).toBe(200);
  return res.json();
}

describe('register', () => {
  it('stores a pending sign-up (never an account) and answers 202 without signing in', async () => {
    const email = uniqueEmail('new');
    const res = await postJson(t, '/api/auth/register', {
      name: '  Ada Lovelace ',
      email: `  ${email.toUpperCase()} `,
      password: 'a long password',
      captcha: await solveCaptcha(t),
      role: 'admin',
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ ok: true, message: AUTH_MESSAGES.registrationSent });
    expect(cookiesFrom(res)).toBe('');
    expect(await db.prisma.user.count({ where: { email } })).toBe(0);
    const pending = await db.prisma.pendingRegistration.findFirstOrThrow({ where: { email } });
    expect(pending).toMatchObject({ name: 'Ada Lovelace', tokenHash: null });
    expect(pending.passwordHash).toMatch(/^\$argon2id\$/);
    const job = await t.api.queues.get('email').getJob(`registration_${pending.id}`);
    expect(job?.data).toEqual({ pendingRegistrationId: pending.id, meta: { requestId: expect.any(String) } });
  });

  it('confirms with the e-mailed token and the password chosen at sign-up: a customer account, signed in', async () => {
    const email = uniqueEmail('confirm');
    await postJson(t, '/api/auth/register', { name: 'Grace Hopper', email, password: 'a long password', captcha: await solveCaptcha(t), role: 'admin' });
    // What the worker's send-registration-email does: a token whose hash is stored.
    const token = newToken();
    await db.prisma.pendingRegistration.updateMany({ where: { email }, data: { tokenHash: hashToken(token), sentAt: new Date() } });
    // Whoever holds the link must also know the sign-up's password (decision 0029).
    const wrong = await postJson(t, '/api/auth/register/confirm', { token, password: 'someone else' });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).fields).toEqual({ password: AUTH_MESSAGES.registrationWrongPassword });
    expect(await db.prisma.user.count({ where: { email } })).toBe(0);
    expect((await postJson(t, '/api/auth/register/confirm', { token })).status).toBe(422);
    const res = await postJson(t, '/api/auth/register/confirm', { token, password: 'a long password' });
    expect(res.status).toBe(201);
    const user = (await res.json()) as Record<string, unknown>;
    expect(user).toMatchObject({ email, name: 'Grace Hopper', role: 'customer', professionalId: null, applicationId: null });
    expect(user).not.toHaveProperty('passwordHash');
    expect(await me(cookiesFrom(res))).toMatchObject({ email, role: 'customer' });
    expect(await db.prisma.pendingRegistration.count({ where: { email } })).toBe(0);
  });

  it('validates with the spec messages (422); new passwords need 8 characters', async () => {
    const res = await postJson(t, '/api/auth/register', { name: 'A', email: 'nope', password: 'secret1', captcha: await solveCaptcha(t) });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters',
    });
  });
});

describe('captcha', () => {
  it('serves a signed challenge that expires in about 10 minutes', async () => {
    const res = await t.fetch('/api/captcha/challenge');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const challenge = (await res.json()) as Record<string, unknown>;
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 100 });
    const expires = Number(/expires=(\d+)/.exec(String(challenge.salt))?.[1]) * 1000;
    expect(Math.abs(expires - Date.now() - 10 * 60_000)).toBeLessThan(5000);
  });

  it('answers a missing captcha with 422 "Please complete the captcha"', async () => {
    const res = await postJson(t, '/api/auth/login', { email: 'a@example.com', password: 'secret1' });
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({ message: AUTH_MESSAGES.captchaMissing, fields: { captcha: AUTH_MESSAGES.captchaMissing } });
  });

  it('answers an invalid or tampered captcha with 400', async () => {
    for (const captcha of ['not-base64-json', Buffer.from('{"salt":"x","signature":"y"}').toString('base64')]) {
      const res = await postJson(t, '/api/auth/login', { email: 'a@example.com', password: 'secret1', captcha });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(AUTH_MESSAGES.captchaInvalid);
    }
    const solved = JSON.parse(Buffer.from(await solveCaptcha(t), 'base64').toString()) as { number: number };
    const wrongNumber = Buffer.from(JSON.stringify({ ...solved, number: solved.number + 1 })).toString('base64');
    const res = await postJson(t, '/api/auth/login', { email: 'a@example.com', password: 'secret1', captcha: wrongNumber });
    expect(res.status).toBe(400);
  });

  it('accepts each solved payload once: a replay answers 400 "Captcha already used"', async () => {
    const user = await createUser(db.prisma);
    const captcha = await solveCaptcha(t);
    expect((await postJson(t, '/api/auth/login', { email: user.email, password: TEST_PASSWORD, captcha })).status).toBe(200);
    const replay = await postJson(t, '/api/auth/login', { email: user.email, password: TEST_PASSWORD, captcha });
    expect(replay.status).toBe(400);
    expect((await errorOf(replay)).message).toBe(AUTH_MESSAGES.captchaReplayed);
  });
});

describe('login', () => {
  it('signs in with HttpOnly SameSite=Lax cookies and a new session id (no fixation)', async () => {
    const user = await createUser(db.prisma);
    // An anonymous session that already has an id (e.g. set by another visit).
    const first = await signIn(t, (await createUser(db.prisma)).email);
    const res = await postJson(t, '/api/auth/login', { email: user.email, password: TEST_PASSWORD, captcha: await solveCaptcha(t) }, first);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, email: user.email, role: 'customer' });
    const sidCookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(sidCookie).toMatch(/httponly/i);
    expect(sidCookie).toMatch(/samesite=lax/i);
    const cookie = cookiesFrom(res);
    expect(sidOf(cookie)).toBeDefined();
    expect(sidOf(cookie)).not.toBe(sidOf(first));
    // A random id of 192 bits (ASVS V7.2.3 asks for 128 or more).
    expect(Buffer.from(sidOf(cookie)!, 'base64url')).toHaveLength(24);
    // The old session is gone from Redis; the new one holds the user id (and the sign-in time).
    expect(await t.redis.exists(sessionKey(t.env.REDIS_PREFIX, sidOf(first)!))).toBe(0);
    const stored = JSON.parse((await t.redis.get(sessionKey(t.env.REDIS_PREFIX, sidOf(cookie)!)))!);
    expect(stored.userId).toBe(user.id);
    expect(await t.redis.sismember(userSessionsKey(t.env.REDIS_PREFIX, user.id), sidOf(cookie)!)).toBe(1);
    expect(await me(cookie)).toMatchObject({ id: user.id });
  });

  it('checks the password exactly as typed: no trimming, no change of case (ASVS V6.2.8)', async () => {
    const user = await createUser(db.prisma);
    for (const variant of [`${TEST_PASSWORD} `, ` ${TEST_PASSWORD}`, TEST_PASSWORD.toUpperCase()]) {
      const res = await postJson(t, '/api/auth/login', { email: user.email, password: variant, captcha: await solveCaptcha(t) });
      expect(res.status, JSON.stringify(variant)).toBe(401);
    }
  });

  it('answers the same 401 message for a wrong password and an unknown email', async () => {
    const user = await createUser(db.prisma);
    const wrong = await postJson(t, '/api/auth/login', { email: user.email, password: 'wrong password', captcha: await solveCaptcha(t) });
    const unknown = await postJson(t, '/api/auth/login', { email: uniqueEmail('ghost'), password: 'wrong password', captcha: await solveCaptcha(t) });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await errorOf(wrong)).toEqual(await errorOf(unknown));
    expect((await errorOf(await postJson(t, '/api/auth/login', { email: user.email, password: 'nope nope', captcha: await solveCaptcha(t) }))).message).toBe(
      AUTH_MESSAGES.invalidCredentials,
    );
  });

  it('refuses an archived account with 403 once its password is right', async () => {
    const user = await createUser(db.prisma, { isArchived: true });
    const res = await postJson(t, '/api/auth/login', { email: user.email, password: TEST_PASSWORD, captcha: await solveCaptcha(t) });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe(AUTH_MESSAGES.accountArchived);
    const wrong = await postJson(t, '/api/auth/login', { email: user.email, password: 'wrong password', captcha: await solveCaptcha(t) });
    expect(wrong.status).toBe(401);
  });

  it('re-hashes a password stored in the earlier scrypt form, or with weaker parameters, as argon2id', async () => {
    const user = await createUser(db.prisma);
    const { scrypt } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt(TEST_PASSWORD.normalize('NFKC'), salt, 64, { N: 1024, r: 8, p: 1 }, (e, k) => (e ? reject(e) : resolve(k))),
    );
    const weak = ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    await db.prisma.user.update({ where: { id: user.id }, data: { passwordHash: weak } });
    await signIn(t, user.email);
    const row = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);

    const { hash } = await import('@node-rs/argon2');
    const weaker = await hash(TEST_PASSWORD, { algorithm: 2, memoryCost: 8_192, timeCost: 1, parallelism: 1 });
    await db.prisma.user.update({ where: { id: user.id }, data: { passwordHash: weaker } });
    await signIn(t, user.email);
    const again = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(again.passwordHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
  });
});

describe('me, logout and archive', () => {
  it('GET /api/auth/me answers 200 null for anonymous visitors', async () => {
    const res = await t.fetch('/api/auth/me');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(await res.json()).toBeNull();
  });

  it('logout destroys the session', async () => {
    const user = await createUser(db.prisma);
    const cookie = await signIn(t, user.email);
    const res = await postJson(t, '/api/auth/logout', {}, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await t.redis.exists(sessionKey(t.env.REDIS_PREFIX, sidOf(cookie)!))).toBe(0);
    expect(await me(cookie)).toBeNull();
  });

  it('archive marks the account and ends every one of its sessions', async () => {
    const user = await createUser(db.prisma);
    const laptop = await signIn(t, user.email);
    const phone = await signIn(t, user.email);
    expect((await postJson(t, '/api/auth/archive', { password: TEST_PASSWORD })).status).toBe(401);
    // The password is asked for again: missing → 422, wrong → 403, and nothing changes.
    expect((await postJson(t, '/api/auth/archive', {}, laptop)).status).toBe(422);
    const wrong = await postJson(t, '/api/auth/archive', { password: 'not the password' }, laptop);
    expect(wrong.status).toBe(403);
    expect(await errorOf(wrong)).toMatchObject({ message: AUTH_MESSAGES.wrongPassword, fields: { password: AUTH_MESSAGES.wrongPassword } });
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).isArchived).toBe(false);
    const res = await postJson(t, '/api/auth/archive', { password: TEST_PASSWORD }, laptop);
    expect(res.status).toBe(200);
    const row = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.isArchived).toBe(true);
    expect(row.archivedAt).toBeInstanceOf(Date);
    expect(await me(laptop)).toBeNull();
    expect(await me(phone)).toBeNull();
    expect(await t.redis.exists(userSessionsKey(t.env.REDIS_PREFIX, user.id))).toBe(0);
  });

  it('treats a session whose user was archived elsewhere as anonymous', async () => {
    const user = await createUser(db.prisma);
    const cookie = await signIn(t, user.email);
    await db.prisma.user.update({ where: { id: user.id }, data: { isArchived: true } });
    expect(await me(cookie)).toBeNull();
    expect((await t.fetch('/api/auth/my-data', { headers: { Cookie: cookie } })).status).toBe(401);
  });
});

describe('common passwords (ASVS V6.2.4, V6.2.11, V6.2.12)', () => {
  const TOO_COMMON = { password: AUTH_MESSAGES.passwordTooCommon };

  it('refuses one of the most common passwords, or the site\'s own name, wherever a password is set', async () => {
    for (const password of ['password1', 'baseball', 'Sunshine', 'qwertyuiop', 'ITConnect2026!', 'itconnect.co.uk']) {
      const res = await postJson(t, '/api/auth/register', { name: 'Common Pat', email: uniqueEmail('common'), password, captcha: 'unsolved' });
      expect(res.status, password).toBe(422);
      expect((await errorOf(res)).fields, password).toEqual(TOO_COMMON);
    }
    const fine = await postJson(t, '/api/auth/register', {
      name: 'Uncommon Pat',
      email: uniqueEmail('uncommon'),
      // 70 characters: long passphrases are welcome (ASVS V6.2.9 asks for at least 64).
      password: 'lantern orchard 47 quietly, then the river, then the long road home 1!',
      captcha: await solveCaptcha(t),
    });
    expect(fine.status).toBe(202);

    // A reset link: the common password is refused and the link stays usable.
    const user = await createUser(db.prisma);
    const token = newToken();
    await db.prisma.passwordResetToken.create({
      data: { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000), sentAt: new Date() },
    });
    const reset = await postJson(t, '/api/auth/password-reset', { token, password: 'iloveyou' });
    expect(reset.status).toBe(422);
    expect((await errorOf(reset)).fields).toEqual(TOO_COMMON);
    expect((await postJson(t, '/api/auth/password-reset', { token, password: 'lantern orchard 48 quietly' })).status).toBe(200);

    // A change on /profile.
    const cookie = await signIn(t, user.email, 'lantern orchard 48 quietly');
    const change = await postJson(t, '/api/account/password', { currentPassword: 'lantern orchard 48 quietly', newPassword: 'football' }, cookie);
    expect(change.status).toBe(422);
    expect((await errorOf(change)).fields).toEqual({ newPassword: AUTH_MESSAGES.passwordTooCommon });

    // A visitor's account made at /apply.
    const apply = await postJson(t, '/api/create-application-checkout', {
      subscriptionType: 'monthly',
      companyName: 'Common IT',
      contactName: 'Common Pat',
      email: uniqueEmail('common-apply'),
      description: 'Refused before anything is spent.',
      services: ['Remote Support'],
      location: 'Leeds',
      region: 'Leeds',
      postcode: 'LS1 4DY',
      isProjectBased: true,
      password: 'superman',
      confirmPassword: 'superman',
      socialLinks: [],
      captcha: 'unsolved',
    });
    expect(apply.status).toBe(422);
    expect((await errorOf(apply)).fields).toEqual(TOO_COMMON);
  });
});

describe('session lifetime (ASVS V7.3.2)', () => {
  /** Moves the sign-in time stored in the session back, keeping the session's Redis TTL. */
  async function signedInDaysAgo(cookie: string, days: number): Promise<void> {
    const key = sessionKey(t.env.REDIS_PREFIX, sidOf(cookie)!);
    const data = JSON.parse((await t.redis.get(key)) ?? 'null') as Record<string, unknown>;
    expect(data.signedInAt).toEqual(expect.any(Number));
    data.signedInAt = Date.now() - days * 24 * 3600 * 1000;
    await t.redis.set(key, JSON.stringify(data), 'KEEPTTL');
  }

  it('ends a session 30 days after sign-in however active it stayed, and not before', async () => {
    const user = await createUser(db.prisma);
    const recent = await signIn(t, user.email);
    await signedInDaysAgo(recent, 29);
    expect(await me(recent)).toMatchObject({ id: user.id });

    const old = await signIn(t, user.email);
    await signedInDaysAgo(old, 30.01);
    expect(await me(old)).toBeNull();
    expect(await t.redis.exists(sessionKey(t.env.REDIS_PREFIX, sidOf(old)!))).toBe(0);
    expect((await t.fetch('/api/auth/my-data', { headers: { Cookie: old } })).status).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the email exists, and only enqueues the e-mail', async () => {
    const user = await createUser(db.prisma);
    const known = await postJson(t, '/api/auth/password-reset/request', { email: user.email, captcha: await solveCaptcha(t) });
    const unknown = await postJson(t, '/api/auth/password-reset/request', { email: uniqueEmail('ghost'), captcha: await solveCaptcha(t) });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    // The lookup and the token are the worker's (send-password-reset): nothing stored yet.
    expect(await db.prisma.passwordResetToken.count({ where: { userId: user.id } })).toBe(0);
    const jobs = await t.api.queues.get('email').getJobs(['waiting', 'delayed']);
    const mine = jobs.filter((job) => job.data.email === user.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toBe('send-password-reset');
    expect(Object.keys(mine[0]!.data).sort()).toEqual(['email', 'meta', 'requestId']);
  });

  /** What the worker's send-password-reset does: a token whose hash is stored, valid for an hour. */
  async function issueToken(userId: number): Promise<string> {
    const token = newToken();
    await db.prisma.passwordResetToken.create({
      data: { userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000), sentAt: new Date() },
    });
    return token;
  }

  it('sets the new password once, ends every session, and refuses the token again', async () => {
    const user = await createUser(db.prisma);
    const session = await signIn(t, user.email);
    const token = await issueToken(user.id);

    const short = await postJson(t, '/api/auth/password-reset', { token, password: 'short' });
    expect(short.status).toBe(422);
    expect((await errorOf(short)).message).toBe('Password must be at least 8 characters');

    const res = await postJson(t, '/api/auth/password-reset', { token, password: 'a brand new password' });
    expect(res.status).toBe(200);
    expect(await me(session)).toBeNull();
    await signIn(t, user.email, 'a brand new password');
    const old = await postJson(t, '/api/auth/login', { email: user.email, password: TEST_PASSWORD, captcha: await solveCaptcha(t) });
    expect(old.status).toBe(401);

    const reuse = await postJson(t, '/api/auth/password-reset', { token, password: 'another new password' });
    expect(reuse.status).toBe(400);
    expect((await errorOf(reuse)).message).toBe(AUTH_MESSAGES.resetInvalid);
  });

  it('refuses an expired or unknown token', async () => {
    const user = await createUser(db.prisma);
    const token = await issueToken(user.id);
    await db.prisma.passwordResetToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await postJson(t, '/api/auth/password-reset', { token, password: 'a brand new password' });
    expect(expired.status).toBe(400);
    expect((await errorOf(expired)).message).toBe(AUTH_MESSAGES.resetInvalid);
    const unknown = await postJson(t, '/api/auth/password-reset', { token: 'x'.repeat(43), password: 'a brand new password' });
    expect(unknown.status).toBe(400);
    const malformed = await postJson(t, '/api/auth/password-reset', { token: 'short', password: 'a brand new password' });
    expect(malformed.status).toBe(400);
  });
});

describe('download my data', () => {
  it('sends everything held about the user as a JSON attachment, without the password hash', async () => {
    const user = await createUser(db.prisma, { role: 'provider' });
    const other = await createUser(db.prisma, { role: 'provider' });
    await db.prisma.message.create({ data: { fromUserId: user.id, toUserId: other.id, professionalId: other.professionalId!, subject: 'Hello', content: 'Can you help?' } });
    await db.prisma.message.create({ data: { fromUserId: other.id, toUserId: user.id, professionalId: user.professionalId!, subject: 'Hi', content: 'Question' } });
    await db.prisma.review.create({ data: { userId: user.id, professionalId: other.professionalId!, rating: 5, title: 'Great', comment: 'Very good' } });
    await db.prisma.payment.create({
      data: { professionalId: user.professionalId!, stripeInvoiceId: `in_${user.id}`, amountPence: 300, plan: 'monthly', paidAt: new Date() },
    });
    const cookie = await signIn(t, user.email);

    const res = await t.fetch('/api/auth/my-data', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="itconnect-my-data.json"');
    const text = await res.text();
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('$argon2id$');
    const data = JSON.parse(text);
    expect(data.account).toMatchObject({ id: user.id, email: user.email, role: 'provider' });
    expect(data.professional).toMatchObject({ id: user.professionalId, companyName: 'Test IT Ltd' });
    expect(data.messagesSent).toHaveLength(1);
    expect(data.messagesReceived).toHaveLength(1);
    expect(data.reviews).toHaveLength(1);
    expect(data.payments).toHaveLength(1);
    expect(data.applications).toEqual([]);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await serveTestApp({
      database: db,
      env: {
        LOGIN_LIMIT_PER_IP: '4',
        REGISTER_LIMIT_PER_IP: '1',
        RESET_LIMIT_PER_IP: '2',
        RESET_LIMIT_PER_EMAIL: '1',
        RESET_SUBMIT_LIMIT_PER_IP: '100',
      },
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  function expect429(res: Response, body: { error: { code: string; message: string } }): void {
    expect(res.status).toBe(429);
    const seconds = Number(res.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(/^Too many requests\. Please try again in \d+ (seconds?|minutes?)\.$/);
  }

  it('limits sign-in attempts per IP', async () => {
    const user = await createUser(db.prisma);
    const attempt = async () => postJson(limited, '/api/auth/login', { email: user.email, password: TEST_PASSWORD, captcha: await solveCaptcha(limited) });
    for (let i = 0; i < 4; i += 1) expect((await attempt()).status).toBe(200);
    const perIp = await attempt();
    expect429(perIp, await perIp.json());
  });

  it('limits registrations per IP', async () => {
    const register = async () =>
      postJson(limited, '/api/auth/register', { name: 'New Person', email: uniqueEmail('reg'), password: 'a long password', captcha: await solveCaptcha(limited) });
    expect((await register()).status).toBe(202);
    const res = await register();
    expect429(res, await res.json());
  });

  it('limits password-reset requests per email and per IP, but not the new passwords set from their links', async () => {
    const email = uniqueEmail('reset');
    const ask = async (address = email) => postJson(limited, '/api/auth/password-reset/request', { email: address, captcha: await solveCaptcha(limited) });
    expect((await ask()).status).toBe(200);
    const perEmail = await ask();
    expect429(perEmail, await perEmail.json());
    // The IP's request budget (2) is now spent ...
    const perIp = await ask(uniqueEmail('other'));
    expect429(perIp, await perIp.json());
    // ... and links can still be used from the same address: setting a password has its own budget.
    const user = await createUser(db.prisma);
    const token = newToken();
    await db.prisma.passwordResetToken.create({ data: { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000) } });
    expect((await postJson(limited, '/api/auth/password-reset', { token, password: 'a brand new password' })).status).toBe(200);
  });
});
