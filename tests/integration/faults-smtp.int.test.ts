// Fault: the SMTP server down for a minute (issue 14, "Faults"). E-mails asked for meanwhile (a
// contact message to the site team, a password reset) wait in their jobs, which the worker retries
// with exponential backoff; once the server is back each e-mail arrives exactly once, and none is
// given up for good. The real SMTP server (smtp-server) is closed and later started on its old port.
import { expect, it, onTestFinished } from 'vitest';
import { createUser, postJson, solveCaptcha, uniqueEmail } from '../../api/src/testing/accounts';
import { useAppAndWorker } from '../support/app-worker';
import { startTestSmtp, type ReceivedMail } from '../support/smtp';

const ADMIN_EMAIL = 'site-team@example.com';
const OUTAGE_MS = 60_000;

const s = useAppAndWorker({ apiEnv: { ADMIN_EMAIL, CONTACT_LIMIT_PER_IP: '1000', RESET_LIMIT_PER_IP: '1000' }, workerEnv: { ADMIN_EMAIL } });

it('SMTP down for a minute: e-mails retried with backoff, then each delivered once', { timeout: 150_000 }, async () => {
  const user = await createUser(s.db.prisma, { email: uniqueEmail('smtp-fault') });
  const received: ReceivedMail[] = s.smtp.received;
  const port = Number(new URL(s.smtp.url).port);
  await s.smtp.close();
  const downAt = Date.now();

  const contact = await postJson(s.t, '/api/contact', {
    name: 'Fault Tester',
    email: 'fault-tester@example.com',
    subject: 'Written while SMTP was down',
    message: 'Please deliver this once.',
    captcha: await solveCaptcha(s.t),
  });
  expect(contact.status).toBe(201);
  const reset = await postJson(s.t, '/api/auth/password-reset/request', { email: user.email, captcha: await solveCaptcha(s.t) });
  expect(reset.status).toBeLessThan(300);

  // The worker tries, fails, and tries again later: the jobs are not done, and not failed for good.
  const queue = s.t.api.queues.get('email');
  await expect.poll(async () => (await queue.getJobs(['delayed'])).length, { timeout: 10_000 }).toBe(2);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, downAt + OUTAGE_MS - Date.now())));
  expect(received).toHaveLength(0);
  expect(await queue.getJobCountByTypes('failed')).toBe(0);

  // Back on its old port, keeping the same list of messages; the file's own server stays closed.
  const smtp = await startTestSmtp({ port, received });
  onTestFinished(() => smtp.close());
  const toAdmin = () => received.filter((mail) => mail.to.includes(ADMIN_EMAIL) && mail.text.includes('Written while SMTP was down'));
  await expect.poll(() => toAdmin().length, { timeout: 60_000, interval: 500 }).toBe(1);
  await expect.poll(() => smtp.to(user.email).length, { timeout: 60_000, interval: 500 }).toBe(1);
  await expect.poll(async () => queue.getJobCounts('waiting', 'active', 'delayed', 'failed'), { timeout: 10_000 }).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(toAdmin()).toHaveLength(1);
  expect(smtp.to(user.email)).toHaveLength(1);
  expect(received).toHaveLength(2);

  // Backoff, not a tight loop: over a minute a few attempts each (1 s, 2 s, 4 s, ... apart).
  for (const job of await queue.getJobs(['completed'])) {
    expect(job.attemptsMade).toBeGreaterThanOrEqual(4);
    expect(job.attemptsMade).toBeLessThanOrEqual(9);
  }
});
