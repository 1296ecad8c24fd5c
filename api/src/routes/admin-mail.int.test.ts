// The admin mail page's API over a folder of .eml files (as the worker writes them): newest
// first, one message's text and HTML, strict file names (no path traversal), and nothing while
// SMTP_URL is set.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFileName, summaryFileName, type MailSummary } from '../../../core/mail-folder';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { createUser, signIn } from '../testing/accounts';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';

let db: TestDatabase;
let t: TestApp;
let mailDir: string;
let admin: string;

async function writeMail(sentAt: Date, jobId: string, subject: string): Promise<string> {
  const file = mailFileName(sentAt, jobId);
  const summary: MailSummary = { file, to: 'grace@example.com', subject, date: sentAt.toISOString(), text: `text of ${subject}`, html: `<p>${subject}</p>` };
  await writeFile(path.join(mailDir, summaryFileName(file)), JSON.stringify(summary));
  await writeFile(path.join(mailDir, file), `To: grace@example.com\nSubject: ${subject}\n\nbody`);
  return file;
}

beforeAll(async () => {
  db = await createTestDatabase();
  mailDir = await mkdtemp(path.join(tmpdir(), 'itc-admin-mail-'));
  t = await serveTestApp({ database: db, env: { MAIL_DIR: mailDir } });
  admin = await signIn(t, (await createUser(db.prisma, { role: 'admin' })).email);
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

describe('admin mail folder', () => {
  it('lists the messages newest first and shows one', async () => {
    const older = await writeMail(new Date('2026-01-01T10:00:00Z'), 'email_password-reset_1', 'First');
    const newer = await writeMail(new Date('2026-01-02T10:00:00Z'), 'email_password-reset_2', 'Second');
    await writeFile(path.join(mailDir, 'notes.txt'), 'not an e-mail');

    const list = await t.fetch('/api/admin/mail', { headers: { Cookie: admin } });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([
      { file: newer, to: 'grace@example.com', subject: 'Second', date: '2026-01-02T10:00:00.000Z' },
      { file: older, to: 'grace@example.com', subject: 'First', date: '2026-01-01T10:00:00.000Z' },
    ]);

    const one = await t.fetch(`/api/admin/mail/${newer}`, { headers: { Cookie: admin } });
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ file: newer, subject: 'Second', text: 'text of Second', html: '<p>Second</p>' });
  });

  it('refuses any file name outside the strict pattern', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2E%2E%2Fsecrets.json', 'notes.txt']) {
      const res = await t.fetch(`/api/admin/mail/${name}`, { headers: { Cookie: admin } });
      expect(res.status).toBe(404);
    }
    // A NUL is refused before any route sees it (docs/security.md, item 5).
    expect((await t.fetch('/api/admin/mail/1700000000000-x.eml%00.txt', { headers: { Cookie: admin } })).status).toBe(400);
  });

  it('is not there while SMTP_URL is set', async () => {
    const smtp = await serveTestApp({ database: db, env: { MAIL_DIR: mailDir, SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      const cookie = await signIn(smtp, (await createUser(db.prisma, { role: 'admin' })).email);
      expect((await smtp.fetch('/api/admin/mail', { headers: { Cookie: cookie } })).status).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});
