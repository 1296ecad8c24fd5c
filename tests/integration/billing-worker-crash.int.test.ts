// The worker killed with SIGKILL in the middle of a reconciliation (issue 10): it had written the
// payment and was still talking to Stripe when it died. BullMQ gives the job to the next worker once
// the dead one's lock lapses; running it again records nothing twice: one payment, one e-mail.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postJson, solveCaptcha, uniqueEmail } from '../../api/src/testing/accounts';
import { startBillingStack, type BillingStack } from '../support/billing-stack';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let s: BillingStack;
let proxy: Server;
let proxyUrl: string;
/** After the worker has read the paid invoice (and so written the payment), its next Stripe call hangs here. */
let holdAfterInvoice = false;
let sawInvoice = false;
/** Stripe calls since the invoice was read: the first reads its subscription, then the payment is written. */
let callsSinceInvoice = 0;
let held: (() => void) | null = null;
let heldArrived: () => void = () => {};
const heldPromise = new Promise<void>((resolve) => (heldArrived = resolve));

function startWorkerProcess(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...s.workerEnv, STRIPE_API_URL: proxyUrl, WORKER_LOCK_MS: '2000', LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
}

beforeAll(async () => {
  s = await startBillingStack({ withWorker: false });
  // A pass-through to the stand-in that can hold one request open (the worker is "in Stripe").
  proxy = createServer((req, res) => {
    const forward = () => {
      const upstream = request(`${s.stripe.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    };
    if (holdAfterInvoice && sawInvoice && !held && ++callsSinceInvoice > 1) {
      held = () => res.destroy();
      heldArrived();
      return;
    }
    if (req.url?.startsWith('/v1/invoices/')) sawInvoice = true;
    forward();
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => proxy?.close(() => resolve()));
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

  holdAfterInvoice = true;
  const first = startWorkerProcess();
  const verify = await s.t.fetch(`/api/verify-payment?session_id=${application.checkoutSessionId}&application_id=${applicationId}`);
  expect((await verify.json()).success).toBe(true);
  await heldPromise;
  // Mid-job: the payment is written, the job is not finished.
  expect(await s.db.prisma.payment.count({ where: { professional: { email } } })).toBe(1);
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  held?.();
  holdAfterInvoice = false;

  const second = startWorkerProcess();
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
