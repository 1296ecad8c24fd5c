// Two-step verification end to end against real PostgreSQL and Redis (product rule 35, ASVS V6.3.3,
// V6.5.1, V6.5.2): turning it on (password, then a code from the new secret), signing in with a code
// or a recovery code, each good once, the 5-minute and 5-try limits of the second step, turning it
// off, and admins refused until it is on where ADMIN_TWO_STEP_REQUIRED says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP_PERIOD_SECONDS, TWO_STEP_MESSAGES, type TwoStepSetup } from '../../../core/two-step';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { sessionKey, userSessionsKey } from '../middleware/session';
import { cookiesFrom, createUser, errorOf, postJson, sidOf, signIn, solveCaptcha, TEST_PASSWORD } from '../testing/accounts';
import { currentCode } from '../domain/accounts/two-step';
import { awayFromStepEdge } from '../testing/two-step';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';

const GENEROUS_LIMITS = { LOGIN_LIMIT_PER_IP: '1000', LOGIN_FAILURES_PER_SOURCE: '1000' };
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

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

/** The e-mail jobs about two-step verification queued for one address, oldest first. */
async function twoStepEmails(app: TestApp, to: string): Promise<{ id: string; change: unknown }[]> {
  const jobs = await app.api.queues.get('email').getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs
    .filter((job) => job.data?.template === 'two-step-changed' && job.data.to === to)
    .sort((a, b) => a.timestamp - b.timestamp)
    .map((job) => ({ id: job.id!, change: (job.data.data as { change: unknown }).change }));
}

async function me(app: TestApp, cookie: string): Promise<{ email: string; twoStepEnabled: boolean } | null> {
  return (await (await app.fetch('/api/auth/me', { headers: { Cookie: cookie } })).json()) as { email: string; twoStepEnabled: boolean } | null;
}

/** Turns two-step verification on for a new user (enabling with the previous step's code); answers what a test needs. */
async function userWithTwoStep(app: TestApp = t, role: 'customer' | 'admin' = 'customer') {
  const user = await createUser(db.prisma, { role });
  let cookie = await signIn(app, user.email);
  const setupRes = await postJson(app, '/api/account/two-step/setup', { currentPassword: TEST_PASSWORD }, cookie);
  expect(setupRes.status).toBe(200);
  const setup = (await setupRes.json()) as TwoStepSetup;
  await awayFromStepEdge();
  const enableRes = await postJson(app, '/api/account/two-step/enable', { code: currentCode(setup.secret, Date.now() - STEP_MS) }, cookie);
  expect(enableRes.status).toBe(200);
  cookie = cookiesFrom(enableRes);
  const { recoveryCodes } = (await enableRes.json()) as { recoveryCodes: string[] };
  return { user, cookie, secret: setup.secret, recoveryCodes };
}

/** The password step: answers the cookie of the half-done sign-in and the answer's body. */
async function passwordStep(app: TestApp, email: string): Promise<{ cookie: string; body: unknown; status: number }> {
  const res = await postJson(app, '/api/auth/login', { email, password: TEST_PASSWORD, captcha: await solveCaptcha(app) });
  return { cookie: cookiesFrom(res), body: await res.json(), status: res.status };
}

describe('turning two-step verification on', () => {
  it('asks for the password, keeps the secret out of the database until a code from it is right, then stores it with 10 hashed recovery codes', async () => {
    const user = await createUser(db.prisma);
    const cookie = await signIn(t, user.email);
    const other = await signIn(t, user.email);

    const wrong = await postJson(t, '/api/account/two-step/setup', { currentPassword: 'not the password' }, cookie);
    expect(wrong.status).toBe(403);
    expect((await errorOf(wrong)).fields).toHaveProperty('currentPassword');

    const setupRes = await postJson(t, '/api/account/two-step/setup', { currentPassword: TEST_PASSWORD }, cookie);
    expect(setupRes.status).toBe(200);
    const setup = (await setupRes.json()) as TwoStepSetup;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/ITConnect:.+\?issuer=ITConnect&secret=[A-Z2-7]{32}&algorithm=SHA1&digits=6&period=30$/);
    expect(setup.qrSvg).toMatch(/^<svg /);
    expect(await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ totpSecret: null, totpEnabledAt: null });

    const badCode = await postJson(t, '/api/account/two-step/enable', { code: '000000' === currentCode(setup.secret) ? '111111' : '000000' }, cookie);
    expect(badCode.status).toBe(422);
    expect((await errorOf(badCode)).fields).toEqual({ code: TWO_STEP_MESSAGES.codeInvalid });
    const notDigits = await postJson(t, '/api/account/two-step/enable', { code: 'abcdef' }, cookie);
    expect(notDigits.status).toBe(422);

    const res = await postJson(t, '/api/account/two-step/enable', { code: currentCode(setup.secret).replace(/^(\d{3})/, '$1 ') }, cookie);
    expect(res.status).toBe(200);
    const { recoveryCodes, message } = (await res.json()) as { recoveryCodes: string[]; message: string };
    expect(message).toBe(TWO_STEP_MESSAGES.turnedOn);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const row = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.totpSecret).toBe(setup.secret);
    expect(row.totpEnabledAt).toBeInstanceOf(Date);
    expect(row.recoveryCodes).toHaveLength(10);
    for (const hash of row.recoveryCodes) expect(hash).toMatch(/^\$argon2id\$/);
    expect(row.recoveryCodes.join()).not.toContain(recoveryCodes[0]!.replace('-', ''));

    // Every other session ends; this one carries on with a new id.
    const renewed = cookiesFrom(res);
    expect(sidOf(renewed)).not.toBe(sidOf(cookie));
    expect(await me(t, renewed)).toMatchObject({ email: user.email, twoStepEnabled: true });
    expect(await me(t, other)).toBeNull();
    expect(await me(t, cookie)).toBeNull();

    const status = await (await t.fetch('/api/account/two-step', { headers: { Cookie: renewed } })).json();
    expect(status).toEqual({ enabled: true, enabledAt: row.totpEnabledAt!.toISOString(), recoveryCodesLeft: 10 });
    const again = await postJson(t, '/api/account/two-step/setup', { currentPassword: TEST_PASSWORD }, renewed);
    expect(again.status).toBe(409);
    // The account's address is told, once.
    expect(await twoStepEmails(t, user.email)).toEqual([{ id: `email_two-step-on_${user.id}_${row.totpEnabledAt!.getTime()}`, change: 'on' }]);
  });

  it('leaves the secret and the recovery codes out of "Download my data"', async () => {
    const { cookie, secret } = await userWithTwoStep();
    const text = await (await t.fetch('/api/auth/my-data', { headers: { Cookie: cookie } })).text();
    const account = (JSON.parse(text) as { account: Record<string, unknown> }).account;
    expect(account.totpEnabledAt).toEqual(expect.any(String));
    for (const key of ['totpSecret', 'totpLastStep', 'recoveryCodes', 'passwordHash']) expect(account).not.toHaveProperty(key);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('$argon2id$');
  });

  it('refuses to enable without a set-up in this session', async () => {
    const user = await createUser(db.prisma);
    const cookie = await signIn(t, user.email);
    const res = await postJson(t, '/api/account/two-step/enable', { code: '123456' }, cookie);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(TWO_STEP_MESSAGES.setupExpired);
  });

  it('is for signed-in users only', async () => {
    expect((await t.fetch('/api/account/two-step')).status).toBe(401);
    expect((await postJson(t, '/api/account/two-step/setup', { currentPassword: TEST_PASSWORD })).status).toBe(401);
  });
});

describe('signing in with two-step verification on', () => {
  it('signs nobody in after the password; a right code does, and each code is good once', async () => {
    const { user, secret } = await userWithTwoStep();
    const first = await passwordStep(t, user.email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoStepRequired: true, message: TWO_STEP_MESSAGES.codeRequired });
    expect(await me(t, first.cookie)).toBeNull();
    expect((await t.fetch('/api/account/two-step', { headers: { Cookie: first.cookie } })).status).toBe(401);

    await awayFromStepEdge();
    const code = currentCode(secret);
    const res = await postJson(t, '/api/auth/login/two-step', { code }, first.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, email: user.email, twoStepEnabled: true });
    const signedIn = cookiesFrom(res);
    expect(sidOf(signedIn)).not.toBe(sidOf(first.cookie));
    expect(await me(t, signedIn)).toMatchObject({ email: user.email });
    expect(await t.redis.sismember(userSessionsKey(t.env.REDIS_PREFIX, user.id), sidOf(signedIn)!)).toBe(1);

    // The same code again, in a new sign-in: refused (it was seen once); the next step's code is not.
    const second = await passwordStep(t, user.email);
    const replay = await postJson(t, '/api/auth/login/two-step', { code }, second.cookie);
    expect(replay.status).toBe(401);
    expect(await errorOf(replay)).toMatchObject({ message: TWO_STEP_MESSAGES.codeInvalid, fields: { code: TWO_STEP_MESSAGES.codeInvalid } });
    const next = await postJson(t, '/api/auth/login/two-step', { code: currentCode(secret, Date.now() + STEP_MS) }, second.cookie);
    expect(next.status).toBe(200);
  });

  it('starts again from the password after 5 wrong codes, and after 5 minutes', async () => {
    const { user, secret } = await userWithTwoStep();
    const attempt = await passwordStep(t, user.email);
    const right = currentCode(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const res = await postJson(t, '/api/auth/login/two-step', { code: wrong }, attempt.cookie);
      expect(res.status).toBe(401);
      expect((await errorOf(res)).message).toBe(TWO_STEP_MESSAGES.codeInvalid);
    }
    const fifth = await postJson(t, '/api/auth/login/two-step', { code: wrong }, attempt.cookie);
    expect((await errorOf(fifth)).message).toBe(TWO_STEP_MESSAGES.tooManyAttempts);
    const afterwards = await postJson(t, '/api/auth/login/two-step', { code: right }, attempt.cookie);
    expect(afterwards.status).toBe(401);
    expect((await errorOf(afterwards)).message).toBe(TWO_STEP_MESSAGES.signInExpired);

    // A sign-in whose password step was 6 minutes ago.
    const late = await passwordStep(t, user.email);
    const key = sessionKey(t.env.REDIS_PREFIX, sidOf(late.cookie)!);
    const data = JSON.parse((await t.redis.get(key))!) as { twoStep: { startedAt: number } };
    data.twoStep.startedAt -= 6 * 60_000;
    await t.redis.set(key, JSON.stringify(data), 'KEEPTTL');
    const expired = await postJson(t, '/api/auth/login/two-step', { code: right }, late.cookie);
    expect(expired.status).toBe(401);
    expect((await errorOf(expired)).message).toBe(TWO_STEP_MESSAGES.signInExpired);
    expect(await me(t, late.cookie)).toBeNull();
  });

  it('answers 401 to a second step with no password step, and 422 to a malformed code', async () => {
    const none = await postJson(t, '/api/auth/login/two-step', { code: '123456' });
    expect(none.status).toBe(401);
    expect((await errorOf(none)).message).toBe(TWO_STEP_MESSAGES.signInExpired);
    expect((await postJson(t, '/api/auth/login/two-step', { code: '12345' })).status).toBe(422);
    expect((await postJson(t, '/api/auth/login/two-step', { code: '123456', recoveryCode: 'abcde-fghjk' })).status).toBe(422);
  });

  it('takes a recovery code once, in any case and with or without its hyphen', async () => {
    const { user, recoveryCodes } = await userWithTwoStep();
    const first = await passwordStep(t, user.email);
    const res = await postJson(t, '/api/auth/login/two-step', { recoveryCode: ` ${recoveryCodes[3]!.toUpperCase().replace('-', '')} ` }, first.cookie);
    expect(res.status).toBe(200);
    const signedIn = cookiesFrom(res);
    const status = await (await t.fetch('/api/account/two-step', { headers: { Cookie: signedIn } })).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });

    const second = await passwordStep(t, user.email);
    const reused = await postJson(t, '/api/auth/login/two-step', { recoveryCode: recoveryCodes[3] }, second.cookie);
    expect(reused.status).toBe(401);
    expect((await errorOf(reused)).fields).toEqual({ recoveryCode: TWO_STEP_MESSAGES.recoveryCodeInvalid });
  });

  it('uses two different recovery codes at once: both work and both are gone', async () => {
    const { user, recoveryCodes } = await userWithTwoStep();
    const [a, b] = await Promise.all([passwordStep(t, user.email), passwordStep(t, user.email)]);
    const answers = await Promise.all([
      postJson(t, '/api/auth/login/two-step', { recoveryCode: recoveryCodes[0] }, a.cookie),
      postJson(t, '/api/auth/login/two-step', { recoveryCode: recoveryCodes[1] }, b.cookie),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).recoveryCodes).toHaveLength(8);
  });
});

describe('new recovery codes and turning it off', () => {
  it('replaces the recovery codes (the old ones stop working) and turns off with the password', async () => {
    const { user, cookie, recoveryCodes } = await userWithTwoStep();
    const codesRes = await postJson(t, '/api/account/two-step/recovery-codes', { currentPassword: TEST_PASSWORD }, cookie);
    expect(codesRes.status).toBe(200);
    const fresh = ((await codesRes.json()) as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    const attempt = await passwordStep(t, user.email);
    expect((await postJson(t, '/api/auth/login/two-step', { recoveryCode: recoveryCodes[0] }, attempt.cookie)).status).toBe(401);
    expect((await postJson(t, '/api/auth/login/two-step', { recoveryCode: fresh[0] }, attempt.cookie)).status).toBe(200);

    const wrong = await postJson(t, '/api/account/two-step/disable', { currentPassword: 'nope nope' }, cookie);
    expect(wrong.status).toBe(403);
    const off = await postJson(t, '/api/account/two-step/disable', { currentPassword: TEST_PASSWORD }, cookie);
    expect(off.status).toBe(200);
    expect(await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      recoveryCodes: [],
    });
    expect(await me(t, cookiesFrom(off))).toMatchObject({ twoStepEnabled: false });
    expect((await twoStepEmails(t, user.email)).map((email) => email.change)).toEqual(['on', 'off']);
    expect((await postJson(t, '/api/account/two-step/disable', { currentPassword: TEST_PASSWORD }, cookiesFrom(off))).status).toBe(409);
    // A password alone signs in again.
    const plain = await passwordStep(t, user.email);
    expect(plain.body).toMatchObject({ email: user.email });
  });
});

describe('admins and ADMIN_TWO_STEP_REQUIRED', () => {
  it('refuses admin pages to an admin without it where required, and opens them once it is on', async () => {
    const strict = await serveTestApp({ database: db, env: { ...GENEROUS_LIMITS, ADMIN_TWO_STEP_REQUIRED: 'true' } });
    try {
      const admin = await createUser(db.prisma, { role: 'admin' });
      const cookie = await signIn(strict, admin.email);
      const refused = await strict.fetch('/api/admin/stats', { headers: { Cookie: cookie } });
      expect(refused.status).toBe(403);
      expect((await errorOf(refused)).message).toBe(TWO_STEP_MESSAGES.adminRequired);
      // Their own account settings stay open, so they can turn it on.
      expect((await strict.fetch('/api/account/two-step', { headers: { Cookie: cookie } })).status).toBe(200);
      // Off where not required (the test and demo default).
      expect((await t.fetch('/api/admin/stats', { headers: { Cookie: await signIn(t, admin.email) } })).status).toBe(200);

      const { cookie: withTwoStep } = await userWithTwoStep(strict, 'admin');
      expect((await strict.fetch('/api/admin/stats', { headers: { Cookie: withTwoStep } })).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('the team turning it off for someone who lost phone and codes', () => {
  it('turns it off with how they checked in the audit log, tells the account, and is for admins only', async () => {
    const { user } = await userWithTwoStep();
    const admin = await createUser(db.prisma, { role: 'admin' });
    const adminCookie = await signIn(t, admin.email);
    const path = `/api/admin/users/${user.id}/two-step/turn-off`;
    const reason = 'Replied from the account address and confirmed the listing details by phone';

    expect((await postJson(t, path, { reason }, await signIn(t, (await createUser(db.prisma)).email))).status).toBe(403);
    const short = await postJson(t, path, { reason: 'ok' }, adminCookie);
    expect(short.status).toBe(422);
    expect((await errorOf(short)).fields).toHaveProperty('reason');

    const res = await postJson(t, path, { reason }, adminCookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: TWO_STEP_MESSAGES.turnedOffByTeam });
    expect(await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ totpSecret: null, totpEnabledAt: null, recoveryCodes: [] });
    const audit = await db.prisma.auditLog.findFirstOrThrow({ where: { action: 'user.two-step-off', targetId: String(user.id) } });
    expect(audit).toMatchObject({ actorId: admin.id, targetType: 'user' });
    expect(JSON.stringify(audit.details)).toContain(reason);
    expect((await twoStepEmails(t, user.email)).map((email) => email.change)).toEqual(['on', 'off-by-team']);

    // A second click finds it off already: nothing twice.
    expect((await postJson(t, path, { reason }, adminCookie)).status).toBe(409);
    expect(await db.prisma.auditLog.count({ where: { action: 'user.two-step-off', targetId: String(user.id) } })).toBe(1);
    // The password alone signs in now.
    expect((await passwordStep(t, user.email)).body).toMatchObject({ email: user.email });
  });
});
