// The worker killed with SIGKILL in the middle of a reconciliation (issue 10): it had committed the
// payment and the application and was handing the "application received" e-mail to the queue when
// it died. BullMQ gives the job to the next worker once the dead one's lock lapses; running it again
// records nothing twice: one payment, one e-mail.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postJson, solveCaptcha, uniqueEmail } from '../../api/src/testing/accounts';
import { startBillingStack, type BillingStack } from '../support/billing-stack';
import { getTestRedisUrl } from '../support/services';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let s: BillingStack;
/** A TCP pass-through to Redis for the first worker: it stops at the command that queues the e-mail. */
let redisProxy: Server;
let redisProxyUrl: string;
const proxied = new Set<Socket>();
let reachedEmail: () => void = () => {};
const emailReached = new Promise<void>((resolve) => (reachedEmail = resolve));
let stopped = false;

function startWorkerProcess(redisUrl: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...s.workerEnv, REDIS_URL: redisUrl, WORKER_LOCK_MS: '2000', LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
}

beforeAll(async () => {
  s = await startBillingStack({ withWorker: false });
  const redis = new URL(getTestRedisUrl());
  redisProxy = createServer((client) => {
    const upstream = connect(Number(redis.port || 6379), redis.hostname);
    proxied.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      if (stopped) return;
      // The worker's sendEmail: BullMQ's add script with the template's name in the job's data.
      if (chunk.includes('application-received')) {
        stopped = true;
        reachedEmail();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!stopped) client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => redisProxy.listen(0, '127.0.0.1', resolve));
  const proxyUrl = new URL(getTestRedisUrl());
  proxyUrl.hostname = '127.0.0.1';
  proxyUrl.port = String((redisProxy.address() as AddressInfo).port);
  redisProxyUrl = proxyUrl.toString();
});

afterAll(async () => {
  for (const socket of proxied) socket.destroy();
  await new Promise<void>((resolve) => redisProxy?.close(() => resolve()));
  await s?.close();
});

it('a reconciliation cut off by SIGKILL is finished by the next worker, writing the payment once', { timeout: 90_000 }, async () => {
  const email = uniqueEmail('crash');
  const res = await postJson(s.t, '/api/create-application-checkout', {
    subscriptionType: 'monthly',
    companyName: 'Crash Test IT',
    contactName: 'Cass Crash',
    email,
    description: 'Survives a killed worker.',
    services: ['Data Recovery'],
    location: 'Bristol',
    region: 'Bristol',
    postcode: 'BS1 4DJ',
    hourlyRate: '50',
    rateType: 'hourly',
    password: 'crash test password',
    confirmPassword: 'crash test password',
    socialLinks: [],
    captcha: await solveCaptcha(s.t),
  });
  const { applicationId } = (await res.json()) as { applicationId: number };
  const application = await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } });
  // Stripe's webhooks wait: the reconciliation comes from /application-success's verification alone.
  s.stripe.controls.pauseDeliveries();
  await s.stripe.controls.pay(application.checkoutSessionId!);

  const first = startWorkerProcess(redisProxyUrl);
  const verify = await s.t.fetch(`/api/verify-payment?session_id=${application.checkoutSessionId}&application_id=${applicationId}`);
  expect((await verify.json()).success).toBe(true);
  await emailReached;
  // Mid-job: the payment and the application are committed, the e-mail is not queued, the job is not finished.
  expect(await s.db.prisma.payment.count({ where: { professional: { email } } })).toBe(1);
  expect((await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } })).status).toBe('pending');
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  for (const socket of proxied) socket.destroy();

  const second = startWorkerProcess(getTestRedisUrl());
  try {
    const queue = s.t.api.queues.get('stripe');
    const job = await queue.getJob(`checkout_${application.checkoutSessionId}`);
    await expect.poll(async () => (await job!.getState()) === 'completed' || (await queue.getJob(job!.id!))?.finishedOn !== undefined, { timeout: 60_000, interval: 500 }).toBe(true);
    expect((await queue.getJob(job!.id!))!.attemptsMade).toBeGreaterThanOrEqual(1);
    // Stripe's own deliveries, late, change nothing.
    s.stripe.controls.resumeDeliveries();
    await s.stripe.controls.waitForDeliveries();
    await expect.poll(async () => (await queue.getJobCounts('waiting', 'active', 'delayed')) as Record<string, number>, { timeout: 30_000 }).toEqual({
      waiting: 0,
      active: 0,
      delayed: 0,
    });
    expect(await s.db.prisma.payment.count({ where: { professional: { email } } })).toBe(1);
    expect((await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } })).status).toBe('pending');
    await expect.poll(() => s.smtp.to(email).length, { timeout: 20_000 }).toBe(1);
  } finally {
    second.kill('SIGTERM');
    await new Promise((resolve) => second.once('exit', resolve));
  }
});
