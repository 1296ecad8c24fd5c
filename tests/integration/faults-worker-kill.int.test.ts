// Fault: the worker killed with SIGKILL in the middle of sending an e-mail (issue 14, "Faults"; the
// payment side of a killed worker is tests/integration/billing-worker-crash.int.test.ts). The real
// SMTP server holds back its reply to the message, so the worker process is caught mid-send; it is
// killed there, its connection drops, and the server keeps nothing (no 250, no delivery: SMTP's
// rule). A second worker process takes the job up once the dead one's lock lapses and the e-mail
// arrives exactly once; the job is completed and its idempotency key recorded once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postJson, solveCaptcha } from '../../api/src/testing/accounts';
import { serveTestApp, type TestApp } from '../../api/src/testing/serve-test-app';
import { appWorkerEnv } from '../support/app-worker';
import { startWorkerProcess, type ChildService } from '../support/fault-stack';
import { createTestDatabase, type TestDatabase } from '../support/services';
import { startTestSmtp, type TestSmtp } from '../support/smtp';

const ADMIN_EMAIL = 'site-team@example.com';

let db: TestDatabase;
let smtp: TestSmtp;
let t: TestApp;
const workers: ChildService[] = [];

beforeAll(async () => {
  [db, smtp] = await Promise.all([createTestDatabase(), startTestSmtp()]);
  t = await serveTestApp({ database: db, env: { ADMIN_EMAIL } });
});

afterAll(async () => {
  for (const worker of workers) await worker.stop('SIGKILL');
  await t?.close();
  await smtp?.close();
  await db?.drop();
});

/** A worker process whose lock lasts 5 s, so a dead one's job is taken up again soon. */
function worker(): ChildService {
  const started = startWorkerProcess({ ...appWorkerEnv(db, t, { SMTP_URL: smtp.url, ADMIN_EMAIL }), WORKER_LOCK_MS: '5000' });
  workers.push(started);
  return started;
}

it('killed while the SMTP server has the message but has not accepted it: the next worker sends it, once', { timeout: 120_000 }, async () => {
  smtp.holdReplies();
  const first = worker();
  const res = await postJson(t, '/api/contact', {
    name: 'Kill Tester',
    email: 'kill-tester@example.com',
    subject: 'Sent across a killed worker',
    message: 'Please deliver this exactly once.',
    captcha: await solveCaptcha(t),
  });
  expect(res.status).toBe(201);

  // Mid-job: the message is with the server, the worker waits for its reply.
  await expect.poll(() => smtp.heldCount(), { timeout: 60_000, interval: 100 }).toBe(1);
  const queue = t.api.queues.get('email');
  expect(await queue.getJobCounts('active')).toEqual({ active: 1 });
  await first.stop('SIGKILL');
  await expect.poll(() => smtp.heldCount(), { timeout: 10_000, interval: 100 }).toBe(0);
  expect(smtp.received).toHaveLength(0);
  expect(await db.prisma.sentEmail.count()).toBe(0);
  smtp.releaseReplies();

  worker();
  await expect.poll(() => smtp.to(ADMIN_EMAIL).length, { timeout: 60_000, interval: 250 }).toBe(1);
  await expect.poll(async () => queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed'), { timeout: 10_000 }).toEqual({
    waiting: 0,
    active: 0,
    delayed: 0,
    failed: 0,
    completed: 1,
  });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(smtp.received).toHaveLength(1);
  expect(smtp.received[0]!.text).toContain('Sent across a killed worker');
  expect(await db.prisma.sentEmail.count()).toBe(1);
});
