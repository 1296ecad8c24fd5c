// Account settings across the API and the worker (product rule 32), through a real SMTP server:
// a change of e-mail address sends a single-use, expiring link to the new address and tells the
// current one, and changes nothing until the link is used; a password change needs the current
// password and ends every other session while this one carries on.
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../core/account';
import { cookiesFrom, createUser, postJson, signIn, TEST_PASSWORD, uniqueEmail } from '../../api/src/testing/accounts';
import { useAppAndWorker } from '../support/app-worker';

const s = useAppAndWorker({ apiEnv: { LOGIN_LIMIT_PER_IP: '1000', RESET_SUBMIT_LIMIT_PER_IP: '1000' } });

async function waitForMail(address: string, count: number): Promise<string> {
  await expect.poll(() => s.smtp.to(address).length, { timeout: 10_000 }).toBe(count);
  return s.smtp.to(address).at(-1)!.text;
}

function tokenIn(mail: string): string {
  const link = /https?:\/\/[^\s"'<>]+\/confirm-email-change\?token=[\w%-]+/.exec(mail)?.[0];
  if (!link) throw new Error(`no confirm-email-change link in:\n${mail}`);
  return new URL(link).searchParams.get('token')!;
}

const me = async (cookie: string) => (await s.t.fetch('/api/auth/me', { headers: { Cookie: cookie } })).json() as Promise<{ email: string; name: string } | null>;

function send(method: string, path: string, body: unknown, cookie: string): Promise<Response> {
  return s.t.fetch(path, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify(body) });
}

describe('changing the name', () => {
  it('changes it for a signed-in user, validates it, and refuses anonymous visitors', async () => {
    const user = await createUser(s.db.prisma, { name: 'Old Name' });
    const cookie = await signIn(s.t, user.email);
    const res = await send('PATCH', '/api/account/name', { name: '  New Name  ' }, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { name: 'New Name' }, message: ACCOUNT_MESSAGES.nameChanged });
    expect((await me(cookie))?.name).toBe('New Name');

    const short = await send('PATCH', '/api/account/name', { name: 'x' }, cookie);
    expect(short.status).toBe(422);
    expect((await short.json()).error.fields.name).toBe('Name must be at least 2 characters');
    expect((await send('PATCH', '/api/account/name', { name: 'Someone' }, '')).status).toBe(401);
  });
});

describe('changing the e-mail address', () => {
  it('sends a link to the new address, tells the old one, and changes only when the link is used, once', async () => {
    const user = await createUser(s.db.prisma, { name: 'Mover' });
    const cookie = await signIn(s.t, user.email);
    const newEmail = uniqueEmail('moved');

    const res = await postJson(s.t, '/api/account/email', { email: newEmail, currentPassword: TEST_PASSWORD }, cookie);
    expect(res.status).toBe(202);
    expect((await res.json()).message).toBe(ACCOUNT_MESSAGES.emailChangeSent);

    const confirmMail = await waitForMail(newEmail, 1);
    const noticeMail = await waitForMail(user.email, 1);
    expect(confirmMail).toMatch(/^Subject: Confirm your new e-mail address for ITConnect$/m);
    expect(noticeMail).toMatch(/^Subject: Your ITConnect e-mail address is about to change$/m);
    expect(noticeMail).toContain(newEmail);
    expect(noticeMail).not.toMatch(/token=/);

    // Nothing has changed yet.
    expect((await me(cookie))?.email).toBe(user.email);
    await signIn(s.t, user.email);

    const token = tokenIn(confirmMail);
    // The token is only in the e-mail: the database holds its hash.
    const row = await s.db.prisma.emailChangeToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).not.toBeNull();
    expect(row.tokenHash).not.toContain(token);

    const confirmed = await postJson(s.t, '/api/account/email/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ email: newEmail, message: ACCOUNT_MESSAGES.emailChanged });
    expect((await me(cookie))?.email).toBe(newEmail);
    await signIn(s.t, newEmail);

    const again = await postJson(s.t, '/api/account/email/confirm', { token });
    expect(again.status).toBe(400);
    expect((await again.json()).error.message).toBe(ACCOUNT_MESSAGES.emailChangeInvalid);
  });

  it('refuses a wrong current password, an expired link, a link replaced by a newer one, and an address taken meanwhile', async () => {
    const user = await createUser(s.db.prisma);
    const cookie = await signIn(s.t, user.email);

    const wrong = await postJson(s.t, '/api/account/email', { email: uniqueEmail('x'), currentPassword: 'not the password' }, cookie);
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error.fields.currentPassword).toBe(ACCOUNT_MESSAGES.wrongCurrentPassword);

    const bad = await postJson(s.t, '/api/account/email', { email: 'not an address', currentPassword: TEST_PASSWORD }, cookie);
    expect(bad.status).toBe(422);

    const first = uniqueEmail('first');
    await postJson(s.t, '/api/account/email', { email: first, currentPassword: TEST_PASSWORD }, cookie);
    const firstToken = tokenIn(await waitForMail(first, 1));
    const second = uniqueEmail('second');
    await postJson(s.t, '/api/account/email', { email: second, currentPassword: TEST_PASSWORD }, cookie);
    const secondToken = tokenIn(await waitForMail(second, 1));
    expect((await postJson(s.t, '/api/account/email/confirm', { token: firstToken })).status).toBe(400);

    await s.db.prisma.emailChangeToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await postJson(s.t, '/api/account/email/confirm', { token: secondToken })).status).toBe(400);

    const third = uniqueEmail('third');
    await postJson(s.t, '/api/account/email', { email: third, currentPassword: TEST_PASSWORD }, cookie);
    const thirdToken = tokenIn(await waitForMail(third, 1));
    await createUser(s.db.prisma, { email: third });
    const taken = await postJson(s.t, '/api/account/email/confirm', { token: thirdToken });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.message).toBe(ACCOUNT_MESSAGES.emailTaken);
    expect((await me(cookie))?.email).toBe(user.email);
  });
});

describe('changing the password', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const user = await createUser(s.db.prisma);
    const cookie = await signIn(s.t, user.email);
    const res = await postJson(s.t, '/api/account/password', { currentPassword: 'wrong password', newPassword: 'a brand new password' }, cookie);
    expect(res.status).toBe(403);
    expect((await res.json()).error.fields.currentPassword).toBe(ACCOUNT_MESSAGES.wrongCurrentPassword);
    await signIn(s.t, user.email);

    const short = await postJson(s.t, '/api/account/password', { currentPassword: TEST_PASSWORD, newPassword: 'short' }, cookie);
    expect(short.status).toBe(422);
    expect((await short.json()).error.fields.newPassword).toBe('Password must be at least 8 characters');
  });

  it('ends every other session and keeps this one signed in', async () => {
    const user = await createUser(s.db.prisma);
    const here = await signIn(s.t, user.email);
    const elsewhere = await signIn(s.t, user.email);
    expect((await me(elsewhere))?.email).toBe(user.email);

    const res = await postJson(s.t, '/api/account/password', { currentPassword: TEST_PASSWORD, newPassword: 'a brand new password' }, here);
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(ACCOUNT_MESSAGES.passwordChanged);
    const renewed = cookiesFrom(res);
    expect(renewed).toMatch(/sid=/);

    expect(await me(elsewhere)).toBeNull();
    expect((await me(renewed))?.email).toBe(user.email);
    await signIn(s.t, user.email, 'a brand new password');
    const old = await postJson(s.t, '/api/auth/login', { email: user.email, password: TEST_PASSWORD, captcha: 'x' });
    expect(old.status).not.toBe(200);
  });
});
