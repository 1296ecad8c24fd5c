// The worker killed with SIGKILL in the middle of a reconciliation (issue 10), at two points:
//   - inside the transaction that writes the account, the listing, the payment and the application
//     under review, just before its COMMIT: PostgreSQL rolls it all back;
//   - after that commit, while it hands the "application received" e-mail to the queue.
// Each time BullMQ gives the job to the next worker once the dead one's lock lapses, and the
// payment is recorded once, the application waits for review once, and one e-mail goes out.
// A tripwire proxy between the first worker and PostgreSQL (or Redis) stops it at that exact point.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, postJson, signIn, solveCaptcha, uniqueEmail } from '../../api/src/testing/accounts';
import { startBillingStack, type BillingStack } from '../support/billing-stack';
import { getTestRedisUrl } from '../support/services';
import { startTripwireProxy, type TripwireProxy } from '../support/tripwire-proxy';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let s: BillingStack;

beforeAll(async () => {
  s = await startBillingStack({ withWorker: false });
});

afterAll(async () => {
  await s?.close();
});

/**
 * A worker process. Its lock lasts 5 s: a dead worker's job is taken up again soon, yet a live one
 * whose event loop is held up for a moment (its first Prisma query compiles, on a busy machine) is
 * not taken for dead, which BullMQ counts as a second stall and fails the job for.
 */
function startWorkerProcess(overrides: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...s.workerEnv, WORKER_LOCK_MS: '5000', LOG_LEVEL: 'silent', ...overrides },
    stdio: 'ignore',
  });
}

async function stop(worker: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (worker.exitCode !== null || worker.signalCode !== null) return;
  worker.kill(signal);
  await new Promise((resolve) => worker.once('exit', resolve));
}

/** `url` with its host and port replaced by the proxy's. */
function through(url: string, proxy: TripwireProxy): string {
  const rewritten = new URL(url);
  rewritten.hostname = proxy.host;
  rewritten.port = String(proxy.port);
  return rewritten.toString();
}

/** An application paid at "Stripe" whose events are held: only /application-success's verification will reconcile it. */
async function paidButNotReconciled(label: string) {
  // A customer applies (a visitor's form first waits for the e-mailed link, which needs a worker).
  const { email } = await createUser(s.db.prisma, { email: uniqueEmail(label) });
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
    socialLinks: [],
    captcha: await solveCaptcha(s.t),
  }, await signIn(s.t, email));
  const { applicationId } = (await res.json()) as { applicationId: number };
  const { checkoutSessionId } = await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } });
  s.stripe.controls.pauseDeliveries();
  await s.stripe.controls.pay(checkoutSessionId!);
  return { email, applicationId, sessionId: checkoutSessionId! };
}

/** A second worker finishes the job the first left; then Stripe's own, late deliveries change nothing. */
async function finishAfterCrash({ email, applicationId, sessionId }: { email: string; applicationId: number; sessionId: string }): Promise<void> {
  const second = startWorkerProcess();
  try {
    const queue = s.t.api.queues.get('stripe');
    const jobId = `checkout_${sessionId}`;
    await expect.poll(async () => (await queue.getJob(jobId))?.finishedOn !== undefined, { timeout: 60_000, interval: 500 }).toBe(true);
    const job = await queue.getJob(jobId);
    expect(job!.failedReason ?? null).toBeNull();
    s.stripe.controls.resumeDeliveries();
    await s.stripe.controls.waitForDeliveries();
    await expect.poll(async () => (await queue.getJobCounts('waiting', 'active', 'delayed')) as Record<string, number>, { timeout: 30_000 }).toEqual({
      waiting: 0,
      active: 0,
      delayed: 0,
    });
    expect(await s.db.prisma.payment.count({ where: { professional: { email } } })).toBe(1);
    expect(await s.db.prisma.professional.count({ where: { email } })).toBe(1);
    expect(await s.db.prisma.user.count({ where: { email } })).toBe(1);
    expect((await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } })).status).toBe('pending');
    await expect.poll(() => s.smtp.to(email).length, { timeout: 20_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(s.smtp.to(email)).toHaveLength(1);
  } finally {
    s.stripe.controls.resumeDeliveries();
    await stop(second, 'SIGTERM');
  }
}

it('killed inside the transaction, just before its COMMIT: nothing is kept, and the next worker records the payment once', { timeout: 150_000 }, async () => {
  const paid = await paidButNotReconciled('crash-in-tx');
  const database = new URL(s.workerEnv.DATABASE_URL!);
  // The first COMMIT after the payment's INSERT is the reconciliation's own.
  let sawPayment = false;
  const proxy = await startTripwireProxy({
    target: { host: database.hostname, port: Number(database.port || 5432) },
    trip: (chunk) => {
      if (chunk.includes('"payments"')) sawPayment = true;
      return sawPayment && chunk.includes('COMMIT');
    },
  });
  const first = startWorkerProcess({ DATABASE_URL: through(s.workerEnv.DATABASE_URL!, proxy) });
  try {
    const verify = await s.t.fetch(`/api/verify-payment?session_id=${paid.sessionId}&application_id=${paid.applicationId}`);
    expect((await verify.json()).success).toBe(true);
    await proxy.tripped;
    await stop(first, 'SIGKILL');
    proxy.cut();
    // Everything the transaction wrote is gone with it.
    await expect.poll(() => s.db.prisma.payment.count({ where: { professional: { email: paid.email } } }), { timeout: 10_000 }).toBe(0);
    expect((await s.db.prisma.user.findUniqueOrThrow({ where: { email: paid.email } })).professionalId).toBeNull();
    expect((await s.db.prisma.application.findUniqueOrThrow({ where: { id: paid.applicationId } })).status).toBe('pending_payment');
  } finally {
    await stop(first, 'SIGKILL');
    await proxy.close();
  }
  await finishAfterCrash(paid);
});

it('killed after its commit, while it queues the e-mail: the next worker finishes the job, writing the payment once', { timeout: 150_000 }, async () => {
  const paid = await paidButNotReconciled('crash-after-commit');
  const redis = new URL(getTestRedisUrl());
  // The worker's sendEmail: BullMQ's add script with the template's name in the job's data.
  const proxy = await startTripwireProxy({ target: { host: redis.hostname, port: Number(redis.port || 6379) }, trip: (chunk) => chunk.includes('application-received') });
  const first = startWorkerProcess({ REDIS_URL: through(getTestRedisUrl(), proxy) });
  try {
    const verify = await s.t.fetch(`/api/verify-payment?session_id=${paid.sessionId}&application_id=${paid.applicationId}`);
    expect((await verify.json()).success).toBe(true);
    await proxy.tripped;
    // Mid-job: the payment and the application are committed, the e-mail is not queued, the job is not finished.
    expect(await s.db.prisma.payment.count({ where: { professional: { email: paid.email } } })).toBe(1);
    expect((await s.db.prisma.application.findUniqueOrThrow({ where: { id: paid.applicationId } })).status).toBe('pending');
    await stop(first, 'SIGKILL');
    proxy.cut();
  } finally {
    await stop(first, 'SIGKILL');
    await proxy.close();
  }
  await finishAfterCrash(paid);
});
