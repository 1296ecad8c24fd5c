// Fault: the Stripe API failing (issue 14, "Faults"). The Stripe stand-in answers the next calls
// with 500s (its failNextRequests control) while the worker reconciles a payment, then a failed
// renewal; the worker's jobs fail, BullMQ retries them with backoff, and once Stripe answers again
// the listing's state is what Stripe says: one payment, the application waiting for review, one
// e-mail; then the failed renewal marks the listing past due, still with one payment.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBillingStack, type BillingStack } from '../support/billing-stack';
import { billingJourneys } from '../support/billing-journeys';

let s: BillingStack;
let j: ReturnType<typeof billingJourneys>;

beforeAll(async () => {
  s = await startBillingStack();
  j = billingJourneys(s);
});

afterAll(async () => {
  await s?.close();
});

/** Waits until every reconciliation is done (60 s: retries are 1 s, 2 s, 4 s, ... apart), none failed for good. */
async function settleThroughRetries(): Promise<void> {
  await s.stripe.controls.waitForDeliveries();
  const queue = s.t.api.queues.get('stripe');
  await expect
    .poll(async () => (await queue.getJobCounts('waiting', 'active', 'delayed', 'failed')) as Record<string, number>, { timeout: 60_000, interval: 250 })
    .toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
}

/**
 * How many attempts the stripe queue's finished jobs took beyond their first, in all; and each
 * retried job waited its backoff (1 s after the first failure, 2 s after the second, ...).
 */
async function retriesSoFar(): Promise<number> {
  const jobs = await s.t.api.queues.get('stripe').getJobs(['completed']);
  for (const job of jobs) {
    if (job.attemptsMade < 2) continue;
    const backoffMs = (2 ** (job.attemptsMade - 1) - 1) * 1000;
    expect(job.finishedOn! - job.timestamp).toBeGreaterThanOrEqual(backoffMs * 0.9);
  }
  return jobs.reduce((sum, job) => sum + Math.max(0, job.attemptsMade - 1), 0);
}

it('the Stripe API failing: reconciliation retried with backoff, and the listing right once Stripe is back', { timeout: 150_000 }, async () => {
  const { res, body } = await j.apply({ companyName: 'Stripe Outage Ltd' });
  expect(res.status).toBe(200);
  const { applicationId } = (await res.json()) as { applicationId: number };
  const sessionId = await j.checkoutOf(applicationId);
  const retriesBefore = await retriesSoFar();

  // Paid at Stripe; every call the worker makes to reload what happened fails for a while.
  s.stripe.controls.failNextRequests(4, 500);
  await s.stripe.controls.pay(sessionId);
  await settleThroughRetries();
  expect(await retriesSoFar()).toBeGreaterThan(retriesBefore);

  const professional = await s.db.prisma.professional.findUniqueOrThrow({ where: { email: body.email } });
  expect(professional.subscriptionStatus).toBe('active');
  expect(professional.isApproved).toBe(false);
  expect((await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } })).status).toBe('pending');
  expect(await s.db.prisma.payment.count({ where: { professionalId: professional.id } })).toBe(1);
  await expect.poll(() => j.mailsTo(body.email, /We have received your ITConnect application/).length, { timeout: 10_000 }).toBe(1);

  // A renewal Stripe could not charge, reconciled while its API fails again: past due, no payment added.
  const retriesBeforeRenewal = await retriesSoFar();
  await s.stripe.controls.failNextRenewal(professional.stripeSubscriptionId!);
  s.stripe.controls.failNextRequests(4, 503);
  await s.stripe.controls.renew(professional.stripeSubscriptionId!);
  await settleThroughRetries();
  expect(await retriesSoFar()).toBeGreaterThan(retriesBeforeRenewal);
  expect((await s.db.prisma.professional.findUniqueOrThrow({ where: { id: professional.id } })).subscriptionStatus).toBe('past_due');
  expect(await s.db.prisma.payment.count({ where: { professionalId: professional.id } })).toBe(1);
  await expect.poll(() => j.mailsTo(body.email, /Your ITConnect payment did not go through/).length, { timeout: 10_000 }).toBe(1);
});
