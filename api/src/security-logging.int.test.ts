// Logging of security events, without secrets (ASVS 5.0 V16.3.1, V16.2.5, docs/security.md
// "Logging"): the app runs with its own logger writing to memory, goes through failed and
// successful sign-ins, a password reset, a password change, an e-mail
// change request, sign-out and account deletion, and the captured lines are read back.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/services';
import { hashToken, newToken } from '../../prisma/tokens';
import { createLogger } from './logger';
import { cookiesFrom, createUser, postJson, sidOf, signIn, solveCaptcha, TEST_PASSWORD, uniqueEmail } from './testing/accounts';
import { serveTestApp, type TestApp } from './testing/serve-test-app';

let db: TestDatabase;
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  // The API's own logger (its request-id mixin and redaction), writing to memory.
  t = await serveTestApp({ database: db, env: { LOGIN_LIMIT_PER_IP: '1000' }, logger: createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, sink) });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

type LogLine = Record<string, unknown>;
const events = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine).filter((line) => String(line.event ?? '').startsWith('auth.'));

describe('security events in the log', () => {
  it('logs every sign-in, sign-out and credential change with who, what, outcome and request id, and no secret at all', async () => {
    const newPassword = 'lantern orchard 47 quietly';
    const user = await createUser(db.prisma);
    const other = await createUser(db.prisma);
    const secrets: string[] = [TEST_PASSWORD, newPassword, 'a wrong guess typed here', user.email, other.email];

    // A failed sign-in with a wrong password, one with an unknown address, then a good one.
    for (const [email, password] of [[user.email, 'a wrong guess typed here'], [uniqueEmail('nobody'), TEST_PASSWORD]] as const) {
      const captcha = await solveCaptcha(t);
      secrets.push(captcha);
      expect((await postJson(t, '/api/auth/login', { email, password, captcha })).status).toBe(401);
    }
    const captcha = await solveCaptcha(t);
    secrets.push(captcha);
    const login = await postJson(t, '/api/auth/login', { email: user.email, password: TEST_PASSWORD, captcha });
    expect(login.status).toBe(200);
    let cookie = cookiesFrom(login);
    secrets.push(sidOf(cookie)!, /sid\.sig=([^;]+)/.exec(cookie)![1]!);

    // A password reset from an e-mailed link (the worker's token, made here).
    const token = newToken();
    secrets.push(token, hashToken(token));
    await db.prisma.passwordResetToken.create({
      data: { userId: other.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000), sentAt: new Date() },
    });
    expect((await postJson(t, '/api/auth/password-reset', { token, password: newPassword })).status).toBe(200);

    // A wrong current password, then a change; an e-mail change request; sign-out.
    expect((await postJson(t, '/api/account/password', { currentPassword: 'not it at all', newPassword }, cookie)).status).toBe(403);
    const changed = await postJson(t, '/api/account/password', { currentPassword: TEST_PASSWORD, newPassword }, cookie);
    expect(changed.status).toBe(200);
    cookie = cookiesFrom(changed);
    secrets.push(sidOf(cookie)!);
    const newEmail = uniqueEmail('moved');
    secrets.push(newEmail);
    expect((await postJson(t, '/api/account/email', { email: newEmail, currentPassword: newPassword }, cookie)).status).toBe(202);
    expect((await postJson(t, '/api/auth/logout', {}, cookie)).status).toBe(200);

    // Deleting the other account, with a wrong password first.
    const otherCookie = await signIn(t, other.email, newPassword);
    secrets.push(sidOf(otherCookie)!);
    expect((await postJson(t, '/api/auth/archive', { password: 'not it either' }, otherCookie)).status).toBe(403);
    expect((await postJson(t, '/api/auth/archive', { password: newPassword }, otherCookie)).status).toBe(200);

    const summary = events().map(({ event, outcome, userId, reason }) => ({ event, outcome, userId, reason }));
    expect(summary).toEqual([
      { event: 'auth.sign-in', outcome: 'failure', userId: user.id, reason: 'invalid' },
      { event: 'auth.sign-in', outcome: 'failure', userId: undefined, reason: 'invalid' },
      { event: 'auth.sign-in', outcome: 'success', userId: user.id, reason: undefined },
      { event: 'auth.password-reset', outcome: 'success', userId: other.id, reason: undefined },
      { event: 'auth.password-change', outcome: 'failure', userId: user.id, reason: 'wrong-password' },
      { event: 'auth.password-change', outcome: 'success', userId: user.id, reason: undefined },
      { event: 'auth.email-change-request', outcome: 'success', userId: user.id, reason: undefined },
      { event: 'auth.sign-out', outcome: 'success', userId: user.id, reason: undefined },
      { event: 'auth.sign-in', outcome: 'success', userId: other.id, reason: undefined },
      { event: 'auth.account-delete', outcome: 'failure', userId: other.id, reason: 'wrong-password' },
      { event: 'auth.account-delete', outcome: 'success', userId: other.id, reason: undefined },
    ]);
    for (const line of events()) {
      expect(line).toMatchObject({ reqId: expect.any(String), ip: expect.any(String), time: expect.any(Number) });
      expect(line.level).toBe(line.outcome === 'success' ? 30 : 40);
    }

    // Not one line of the whole run, request lines included, holds a secret or an address.
    expect(lines.length).toBeGreaterThan(20);
    for (const secret of secrets) {
      expect(lines.filter((line) => line.includes(secret)), `a log line holds ${secret.slice(0, 12)}…`).toEqual([]);
    }
  });
});
