// send-email end to end: a job added with the core contract's options → the worker in-process →
// a real SMTP server (smtp-server on 127.0.0.1) receives the message; without SMTP_URL the same
// job writes an .eml file (and its .json summary) under MAIL_DIR. Once per idempotency key, for
// good: asked again after BullMQ has forgotten the job, it sends nothing.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WorkerEnv } from '../../../core/env-schema';
import { JOBS, jobOptions, queuePrefix, type SendEmailPayload } from '../../../core/jobs';
import { MAIL_FILE_PATTERN } from '../../../core/mail-folder';
import { cleanupRedis, createTestDatabase, getTestRedisUrl, uniqueRedisPrefix, type TestDatabase } from '../../../tests/support/services';
import { startTestSmtp, type TestSmtp } from '../../../tests/support/smtp';
import { startWorker, type RunningWorker } from '../start-worker';

let db: TestDatabase;
let prefix: string;
let queueRedis: Redis;
let queue: Queue;
let smtp: TestSmtp;
let running: RunningWorker | undefined;

beforeAll(async () => {
  db = await createTestDatabase();
  prefix = uniqueRedisPrefix();
  queueRedis = new Redis(getTestRedisUrl(), { maxRetriesPerRequest: null });
  queue = new Queue(JOBS.sendEmail.queue, { connection: queueRedis, prefix: queuePrefix(prefix) });
  smtp = await startTestSmtp();
});

afterEach(async () => {
  await running?.close();
  running = undefined;
});

afterAll(async () => {
  await queue?.close();
  await queueRedis?.quit();
  await smtp.close();
  if (prefix) await cleanupRedis(prefix);
  await db?.drop();
});

async function runWorker(overrides: Record<string, string>): Promise<RunningWorker> {
  const env = WorkerEnv.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    REDIS_URL: getTestRedisUrl(),
    REDIS_PREFIX: prefix,
    MAIL_FROM: 'ITConnect <no-reply@itconnect.test>',
    ...overrides,
  });
  running = await startWorker({ env, prisma: db.prisma });
  return running;
}

function waitFor(worker: RunningWorker, jobId: string): Promise<Job> {
  return new Promise((resolve, reject) => {
    const w = worker.workers.get('email')!;
    w.on('completed', (job) => job.id === jobId && resolve(job));
    w.on('failed', (job, err) => job?.id === jobId && (job.attemptsMade >= (job.opts.attempts ?? 1) || job.opts.attempts === undefined) && reject(err));
  });
}

const approvedPayload = (key: string): SendEmailPayload => ({
  template: 'application-approved',
  to: 'grace@example.com',
  data: { contactName: 'Grace <Hopper>', companyName: 'Hopper IT', profileUrl: 'http://localhost:3000/professionals/hopper-it?from=abc' },
  idempotencyKey: key,
});

describe('send-email', () => {
  it('delivers HTML and plain text through a real SMTP server', async () => {
    const worker = await runWorker({ SMTP_URL: smtp.url });
    const payload = approvedPayload(`application-approved_smtp-${Date.now()}`);
    const options = jobOptions('sendEmail', payload);
    expect(options.jobId).toBe(`email_${payload.idempotencyKey}`);
    expect(options.attempts).toBe(12);
    const done = waitFor(worker, options.jobId);
    await queue.add(JOBS.sendEmail.name, payload, options);
    const job = await done;
    expect(job.returnvalue).toMatchObject({ via: 'smtp', template: 'application-approved' });

    const mail = smtp.received.at(-1)!;
    expect(mail.from).toBe('no-reply@itconnect.test');
    expect(mail.to).toEqual(['grace@example.com']);
    expect(mail.raw).toMatch(/^Subject: Your ITConnect listing is live$/m);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.raw).toContain('Grace &lt;Hopper&gt;');
    // Quoted-printable: '=' is written '=3D'.
    expect(mail.raw).toContain('View your profile: http://localhost:3000/professionals/hopper-it?from=3Dabc');
  });

  it('writes an .eml file and its summary under MAIL_DIR when SMTP_URL is unset', async () => {
    const mailDir = await mkdtemp(path.join(tmpdir(), 'itc-mail-'));
    try {
      const worker = await runWorker({ MAIL_DIR: mailDir, SMTP_URL: '' });
      const payload = approvedPayload(`application-approved_folder-${Date.now()}`);
      const options = jobOptions('sendEmail', payload);
      const done = waitFor(worker, options.jobId);
      await queue.add(JOBS.sendEmail.name, payload, options);
      const job = await done;
      expect(job.returnvalue).toMatchObject({ via: 'folder' });

      const files = await readdir(mailDir);
      const eml = files.find((f) => f.endsWith('.eml'))!;
      expect(eml).toMatch(MAIL_FILE_PATTERN);
      expect(eml.endsWith(`-${options.jobId}.eml`)).toBe(true);
      const raw = await readFile(path.join(mailDir, eml), 'utf8');
      expect(raw).toMatch(/^To: grace@example.com$/m);
      const summary = JSON.parse(await readFile(path.join(mailDir, eml.replace(/\.eml$/, '.json')), 'utf8'));
      expect(summary).toMatchObject({ file: eml, to: 'grace@example.com', subject: 'Your ITConnect listing is live' });
      expect(summary.text).toContain('http://localhost:3000/professionals/hopper-it?from=abc');
      expect(summary.html).toContain('<a href="http://localhost:3000/professionals/hopper-it?from=abc"');
    } finally {
      await rm(mailDir, { recursive: true, force: true });
    }
  });

  it('sends once per idempotency key for good: the same e-mail asked for again after BullMQ forgot the job is not sent', async () => {
    const worker = await runWorker({ SMTP_URL: smtp.url });
    const payload = approvedPayload(`application-approved_durable-${Date.now()}`);
    const options = jobOptions('sendEmail', payload);
    const first = waitFor(worker, options.jobId);
    await queue.add(JOBS.sendEmail.name, payload, options);
    expect((await first).returnvalue).toMatchObject({ via: 'smtp' });
    const sent = smtp.received.length;
    const row = await db.prisma.sentEmail.findUniqueOrThrow({ where: { idempotencyKey: payload.idempotencyKey } });
    expect(row.template).toBe('application-approved');

    // The finished job is removed (kept a day or 1,000 jobs), then the same e-mail is asked for
    // again (a Stripe event delivered days later, a retried job): it is not sent a second time.
    await (await queue.getJob(options.jobId))!.remove();
    const second = waitFor(worker, options.jobId);
    await queue.add(JOBS.sendEmail.name, payload, options);
    expect((await second).returnvalue).toMatchObject({ via: 'already-sent', template: 'application-approved' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received).toHaveLength(sent);
    expect(await db.prisma.sentEmail.count({ where: { idempotencyKey: payload.idempotencyKey } })).toBe(1);
  });

  it('refuses the e-mails that carry a secret link: only the job that makes the token sends them', () => {
    for (const template of ['password-reset', 'confirm-registration', 'account-exists']) {
      const payload = { template, to: 'a@example.com', data: { resetUrl: 'http://x/reset-password?token=abc' }, idempotencyKey: 'k' };
      expect(JOBS.sendEmail.payload.safeParse(payload).success, template).toBe(false);
    }
  });

  it('fails a job whose data does not fit its template at once (no retries)', async () => {
    const worker = await runWorker({ SMTP_URL: smtp.url });
    const payload: SendEmailPayload = { template: 'application-rejected', to: 'a@example.com', data: { contactName: 'A' }, idempotencyKey: `bad-${Date.now()}` };
    const options = jobOptions('sendEmail', payload);
    const failed = new Promise<Job>((resolve) => worker.workers.get('email')!.on('failed', (job) => job?.id === options.jobId && resolve(job)));
    await queue.add(JOBS.sendEmail.name, payload, options);
    const job = await failed;
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/invalid data for e-mail template application-rejected/);
  });
});
