// Sign-up and password reset across the API and the worker, through a real SMTP server (docs/security.md,
// item 6). Neither form says whether an address has an account: the API answers the same after the
// same work, and the worker e-mails the address's owner. No job, queue or log holds a usable link:
// the worker makes each token and stores only its hash.
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../core/auth';
import { JOBS } from '../../core/jobs';
import { cookiesFrom, createUser, postJson, signIn, solveCaptcha, TEST_PASSWORD, uniqueEmail } from '../../api/src/testing/accounts';
import { serveTestApp } from '../../api/src/testing/serve-test-app';
import { useAppAndWorker } from '../support/app-worker';

const s = useAppAndWorker({
  apiEnv: { REGISTER_LIMIT_PER_IP: '1000', RESET_LIMIT_PER_IP: '1000', RESET_LIMIT_PER_EMAIL: '1000', LOGIN_LIMIT_PER_IP: '1000' },
});

/** The one e-mail to `address` that the worker sends after `action`, once it has arrived. */
async function nextMailTo(address: string, action: () => Promise<unknown>): Promise<string> {
  const before = s.smtp.to(address).length;
  await action();
  await expect.poll(() => s.smtp.to(address).length, { timeout: 10_000 }).toBe(before + 1);
  return s.smtp.to(address).at(-1)!.text;
}

function linkIn(mail: string, path: string): string {
  const link = new RegExp(`https?://[^\\s"'<>]+${path}\\?token=[\\w%-]+`).exec(mail)?.[0];
  if (!link) throw new Error(`no ${path} link in:\n${mail}`);
  return link;
}

const register = async (email: string, name = 'Ada Lovelace') =>
  postJson(s.t, '/api/auth/register', { name, email, password: 'a long password', captcha: await solveCaptcha(s.t), role: 'admin' });

/** Everything the email queue holds about its jobs (data and return values), as text. */
async function emailQueueText(): Promise<string> {
  const jobs = await s.t.api.queues.get('email').getJobs(['completed', 'failed', 'waiting', 'active', 'delayed']);
  return JSON.stringify(jobs.map((job) => ({ data: job.data, returnvalue: job.returnvalue as unknown })));
}

describe('sign-up with a confirmed address', () => {
  it('answers a new and a taken address the same, e-mails a link to one and a note to the other', async () => {
    const owner = await createUser(s.db.prisma, { name: 'Existing Owner' });
    const fresh = uniqueEmail('fresh');

    let forNew!: Response;
    let forTaken!: Response;
    const confirmMail = await nextMailTo(fresh, async () => (forNew = await register(fresh)));
    const ownerMail = await nextMailTo(owner.email, async () => (forTaken = await register(owner.email)));

    expect(forNew.status).toBe(202);
    expect(forTaken.status).toBe(202);
    const [newBody, takenBody] = [await forNew.json(), await forTaken.json()];
    expect(newBody).toEqual({ ok: true, message: AUTH_MESSAGES.registrationSent });
    expect(takenBody).toEqual(newBody);
    // Neither answer signs anyone in.
    expect(cookiesFrom(forNew)).toBe('');
    expect(cookiesFrom(forTaken)).toBe('');

    expect(confirmMail).toMatch(/^Subject: Confirm your e-mail to finish creating your ITConnect account$/m);
    expect(ownerMail).toMatch(/^Subject: You already have an ITConnect account$/m);
    expect(ownerMail).toContain('Hello Existing Owner,');
    expect(ownerMail).toContain(`${s.t.env.PUBLIC_URL}/forgot-password`);
    expect(ownerMail).not.toMatch(/token=/);
    // The owner's account is untouched and their pending sign-up is gone.
    expect(await s.db.prisma.user.count({ where: { email: owner.email } })).toBe(1);
    // (The worker removes it just after the e-mail is handed over, so the mail can arrive first.)
    await expect.poll(() => s.db.prisma.pendingRegistration.count({ where: { email: owner.email } }), { timeout: 3_000 }).toBe(0);

    // The link creates a customer (whatever role the form asked for) and signs it in.
    const token = new URL(linkIn(confirmMail, '/confirm-email')).searchParams.get('token')!;
    const confirmed = await postJson(s.t, '/api/auth/register/confirm', { token, password: 'a long password' });
    expect(confirmed.status).toBe(201);
    expect(await confirmed.json()).toMatchObject({ email: fresh, name: 'Ada Lovelace', role: 'customer' });
    const me = await s.t.fetch('/api/auth/me', { headers: { Cookie: cookiesFrom(confirmed) } });
    expect(await me.json()).toMatchObject({ email: fresh });
    await signIn(s.t, fresh, 'a long password');

    // Used once only.
    const again = await postJson(s.t, '/api/auth/register/confirm', { token, password: 'a long password' });
    expect(again.status).toBe(400);
    expect((await again.json()).error.message).toBe(AUTH_MESSAGES.registrationInvalid);
  });

  it('keeps no usable link in the queue: only the worker ever saw the token', async () => {
    const email = uniqueEmail('queue');
    const mail = await nextMailTo(email, () => register(email));
    const token = new URL(linkIn(mail, '/confirm-email')).searchParams.get('token')!;
    expect(await emailQueueText()).not.toContain(token);
    const row = await s.db.prisma.pendingRegistration.findFirstOrThrow({ where: { email } });
    expect(row.tokenHash).not.toBeNull();
    expect(row.tokenHash).not.toContain(token);
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('refuses an expired link, and a link for an address that got an account meanwhile', async () => {
    const late = uniqueEmail('late');
    const lateToken = new URL(linkIn(await nextMailTo(late, () => register(late)), '/confirm-email')).searchParams.get('token')!;
    await s.db.prisma.pendingRegistration.updateMany({ where: { email: late }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await postJson(s.t, '/api/auth/register/confirm', { token: lateToken, password: 'a long password' });
    expect(expired.status).toBe(400);

    const raced = uniqueEmail('raced');
    const racedToken = new URL(linkIn(await nextMailTo(raced, () => register(raced)), '/confirm-email')).searchParams.get('token')!;
    await createUser(s.db.prisma, { email: raced });
    const conflict = await postJson(s.t, '/api/auth/register/confirm', { token: racedToken, password: 'a long password' });
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).error.message).toBe(AUTH_MESSAGES.emailTaken);
  });

  it('does not spend the sign-up limit on malformed input', async () => {
    const limited = await serveTestApp({ database: s.db, env: { REGISTER_LIMIT_PER_IP: '1' } });
    try {
      for (let i = 0; i < 3; i += 1) {
        const bad = await postJson(limited, '/api/auth/register', { name: 'Nul\u0000Name', email: uniqueEmail('nul'), password: 'a long password', captcha: 'x' });
        expect(bad.status).toBe(400);
      }
      const good = await postJson(limited, '/api/auth/register', {
        name: 'Real Person',
        email: uniqueEmail('real'),
        password: 'a long password',
        captcha: await solveCaptcha(limited),
      });
      expect(good.status).toBe(202);
    } finally {
      await limited.close();
    }
  });
});

describe('password reset off the request path', () => {
  const requestReset = async (email: string) => postJson(s.t, '/api/auth/password-reset/request', { email, captcha: await solveCaptcha(s.t) });

  it('answers known and unknown addresses the same, after the same work, and e-mails only the owner', async () => {
    const user = await createUser(s.db.prisma);
    const ghost = uniqueEmail('ghost');
    const known = await requestReset(user.email);
    const unknown = await requestReset(ghost);
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    // The request path only enqueued: both jobs have the same shape, and neither has a token yet.
    const jobs = await s.t.api.queues.get('email').getJobs(['waiting', 'active', 'completed', 'delayed']);
    const resetJobs = jobs.filter((job) => job.name === JOBS.sendPasswordReset.name && [user.email, ghost].includes(job.data.email));
    expect(resetJobs.map((job) => Object.keys(job.data).sort())).toEqual([
      ['email', 'meta', 'requestId'],
      ['email', 'meta', 'requestId'],
    ]);

    await expect.poll(() => s.smtp.to(user.email).length, { timeout: 10_000 }).toBe(1);
    const mail = s.smtp.to(user.email)[0]!.text;
    const link = linkIn(mail, '/reset-password');
    const token = new URL(link).searchParams.get('token')!;
    // Give the ghost's job time to finish: it sends nothing.
    await expect
      .poll(async () => (await s.t.api.queues.get('email').getJobs(['completed'])).filter((job) => job.data.email === ghost).length, { timeout: 10_000 })
      .toBe(1);
    expect(s.smtp.to(ghost)).toEqual([]);

    // No token anywhere but the e-mail.
    expect(await emailQueueText()).not.toContain(token);
    const row = await s.db.prisma.passwordResetToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(59 * 60_000);

    // The link works, once.
    const reset = await postJson(s.t, '/api/auth/password-reset', { token, password: 'a brand new password' });
    expect(reset.status).toBe(200);
    await signIn(s.t, user.email, 'a brand new password');
    const old = await postJson(s.t, '/api/auth/login', { email: user.email, password: TEST_PASSWORD, captcha: await solveCaptcha(s.t) });
    expect(old.status).toBe(401);
  });

  it('sends one e-mail per request even when its job runs again', async () => {
    const user = await createUser(s.db.prisma);
    await requestReset(user.email);
    await expect.poll(() => s.smtp.to(user.email).length, { timeout: 10_000 }).toBe(1);
    // The mail is handed over just before the job is marked completed: wait for that too.
    const completed = async () => (await s.t.api.queues.get('email').getJobs(['completed'])).find((j) => j.data.email === user.email);
    await expect.poll(completed, { timeout: 10_000 }).toBeDefined();
    const job = await completed();
    // The same request delivered to the worker a second time (a retry after a crash, a duplicate).
    await job!.retry('completed');
    await expect.poll(async () => (await s.t.api.queues.get('email').getJob(job!.id!))?.finishedOn !== job!.finishedOn, { timeout: 10_000 }).toBe(true);
    expect(s.smtp.to(user.email)).toHaveLength(1);
    expect(await s.db.prisma.passwordResetToken.count({ where: { userId: user.id } })).toBe(1);
  });
});
