// /contact across the API and the worker (issue 12, item 4; product rules 9 and 28): a message to the
// site team is stored and e-mailed to ADMIN_EMAIL through a real SMTP server (or, without it, to the
// admin accounts); the captcha, the messages and the per-IP limit; messages past the retention
// period are deleted by the worker's daily retention run.
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { CONTACT_RETENTION_DAYS, CONTACT_TEXTS } from '../../core/contact';
import { createUser, solveCaptcha } from '../../api/src/testing/accounts';
import { serveTestApp, type TestApp } from '../../api/src/testing/serve-test-app';
import { anonymiseArchivedAccounts } from '../../worker/src/retention/anonymise-archived-accounts';
import { startAppWorker, useAppAndWorker } from '../support/app-worker';
import { call, signedInUser } from '../support/community';

const TEAM = 'team@itconnect.example';

const s = useAppAndWorker({ apiEnv: { ADMIN_EMAIL: TEAM, CONTACT_LIMIT_PER_IP: '3' }, workerEnv: { ADMIN_EMAIL: TEAM } });

const message = async (app: TestApp, fields: Record<string, unknown> = {}, cookie?: string) =>
  call(app, 'POST', '/api/contact', {
    body: {
      name: 'Morgan Visitor',
      email: 'Morgan@Example.com',
      subject: 'Listing question',
      message: 'Can I list two offices under one subscription? <script>alert(1)</script>',
      captcha: await solveCaptcha(app),
      ...fields,
    },
    ...(cookie ? { cookie } : {}),
  });

describe('POST /api/contact', () => {
  it('stores the message and e-mails it to ADMIN_EMAIL; a signed-in sender is remembered', async () => {
    const user = await signedInUser(s.db, s.t, { name: 'Morgan Visitor' });
    const res = await message(s.t, {}, user.cookie);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, message: CONTACT_TEXTS.sent });

    const stored = await s.db.prisma.contactMessage.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(stored).toMatchObject({ name: 'Morgan Visitor', email: 'morgan@example.com', subject: 'Listing question', userId: user.id, handledAt: null });

    await expect.poll(() => s.smtp.to(TEAM).length, { timeout: 10_000 }).toBe(1);
    const mail = s.smtp.to(TEAM)[0]!.text;
    expect(mail).toMatch(/^Subject: Contact form: Listing question$/m);
    expect(mail).toContain('Morgan Visitor (morgan@example.com) wrote through the contact form:');
    expect(mail).toContain('Can I list two offices under one subscription?');
    // The HTML part escapes what the sender typed.
    expect(mail).toContain('&lt;script&gt;');
  });

  it('checks the fields and the captcha before storing anything', async () => {
    const before = await s.db.prisma.contactMessage.count();
    const bad = await call(s.t, 'POST', '/api/contact', { body: { name: 'M', email: 'not-an-email', subject: 'Hi', message: 'Short', captcha: '' } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toMatchObject({
      name: CONTACT_TEXTS.nameShort,
      email: 'Invalid email address',
      subject: CONTACT_TEXTS.subjectShort,
      message: CONTACT_TEXTS.messageShort,
      captcha: 'Please complete the captcha',
    });
    expect(await s.db.prisma.contactMessage.count()).toBe(before);
  });

  it('the daily retention run deletes messages older than the retention period', async () => {
    const old = await s.db.prisma.contactMessage.create({
      data: { name: 'Old', email: 'old@example.com', subject: 'Old', message: 'An old message.', createdAt: new Date(Date.now() - (CONTACT_RETENTION_DAYS + 1) * 86_400_000) },
    });
    const recent = await s.db.prisma.contactMessage.create({
      data: { name: 'Recent', email: 'recent@example.com', subject: 'Recent', message: 'A recent message.', createdAt: new Date(Date.now() - (CONTACT_RETENTION_DAYS - 1) * 86_400_000) },
    });
    const run = await anonymiseArchivedAccounts({ prisma: s.db.prisma, logger: pino({ level: 'silent' }) });
    expect(run.contactMessagesDeleted).toBe(1);
    expect(await s.db.prisma.contactMessage.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await s.db.prisma.contactMessage.findUnique({ where: { id: recent.id } })).not.toBeNull();
  });

  it('is limited per IP (429) after CONTACT_LIMIT_PER_IP messages an hour', async () => {
    // One was sent above (the invalid one spent nothing); the second and third are the last.
    expect((await message(s.t)).status).toBe(201);
    expect((await message(s.t)).status).toBe(201);
    const over = await message(s.t);
    expect(over.status).toBe(429);
    expect(over.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('goes to the admin accounts when ADMIN_EMAIL is not set', async () => {
    const noAddress = await serveTestApp({ database: s.db });
    const noAddressWorker = await startAppWorker(s.db, noAddress, { SMTP_URL: s.smtp.url });
    try {
      const adminUser = await createUser(s.db.prisma, { role: 'admin' });
      expect((await message(noAddress, { subject: 'No team address' })).status).toBe(201);
      await expect.poll(() => s.smtp.to(adminUser.email).length, { timeout: 10_000 }).toBe(1);
      expect(s.smtp.to(adminUser.email)[0]!.text).toMatch(/^Subject: Contact form: No team address$/m);
    } finally {
      await noAddressWorker.close();
      await noAddress.close();
    }
  });
});
