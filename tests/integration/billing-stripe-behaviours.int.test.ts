// What real Stripe does that a first integration never sees (issue 29), each shown by the Stripe
// stand-in (stand-ins/stripe/) and handled by the product through the same calls and events:
//   - Stripe's customer portal: cancel at the end of the period (the listing stays live until then,
//     /profile says so, no refund), cancel at once (the 30-day guarantee's refund), a plan switch
//     (the new plan, period and payment recorded, whatever the subscription's metadata says);
//   - a delayed payment method at Checkout (Bacs Direct Debit): 'processing' on /application-success,
//     then paid (the listing made, e-mailed) or refused (e-mailed; paying again closes it for good);
//   - every idempotency key carries the deployment's prefix; /subscribe's subscription is made once
//     however many times it is asked for at once;
//   - nothing paid is lost: an event whose job went with Redis is queued again by the sweep, and
//     the daily reconciliation repairs what it can from Stripe's state and flags the rest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../core/admin';
import { APPLY_MESSAGES } from '../../core/billing';
import { postJson } from '../../api/src/testing/accounts';
import { startAppWorker } from '../support/app-worker';
import { billingJourneys } from '../support/billing-journeys';
import { startBillingStack, type BillingStack } from '../support/billing-stack';
import { cleanupRedis } from '../support/services';
import type { RunningWorker } from '../../worker/src/start-worker';

const PREFIX = 'itc-behaviours';
let s: BillingStack;
let j: ReturnType<typeof billingJourneys>;

beforeAll(async () => {
  s = await startBillingStack({ apiEnv: { STRIPE_IDEMPOTENCY_PREFIX: PREFIX }, workerEnv: { STRIPE_IDEMPOTENCY_PREFIX: PREFIX } });
  j = billingJourneys(s);
});

afterAll(async () => {
  await s?.close();
});

const stripeGet = <T>(path: string) => j.stripeGet<T>(path);

/** A paid, approved-to-be listing and its owner's session. */
async function payingProvider() {
  const paid = await j.paidApplication();
  const listing = await s.db.prisma.professional.findUniqueOrThrow({ where: { email: paid.body.email } });
  return { ...paid, listing };
}

/** The owner's 'Manage billing': the stand-in's billing page (Stripe's customer portal). */
async function portalOf(cookie: string): Promise<string> {
  const res = await postJson(s.t, '/api/professional/billing-portal', {}, cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

/** A button of the billing page, pressed as the browser does (a form post, then the 303). */
async function pressPortal(portalUrl: string, subscriptionId: string, action: string, form: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${portalUrl}/subscriptions/${subscriptionId}/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  const next = res.headers.get('location') ?? '';
  expect(next).not.toMatch(/error=/);
  await j.settle();
  return next;
}

describe("Stripe's customer portal", () => {
  it('cancelling at the end of the period keeps the listing live until then, says so on /profile, and then removes it without a refund', async () => {
    const { listing, cookie, body } = await payingProvider();
    const portal = await portalOf(cookie);
    expect(await (await fetch(portal)).text()).toContain('Cancel plan at the end of this period');
    await pressPortal(portal, listing.stripeSubscriptionId!, 'cancel');

    const ending = await s.db.prisma.professional.findUniqueOrThrow({ where: { id: listing.id } });
    expect(ending).toMatchObject({ subscriptionStatus: 'active', cancelledAt: null });
    expect(ending.cancelAt?.getTime()).toBe(ending.currentPeriodEnd?.getTime());
    const summary = await (await s.t.fetch('/api/professional/subscription', { headers: { Cookie: cookie } })).json();
    expect(summary).toMatchObject({ status: 'active', cancelAt: ending.cancelAt!.toISOString() });

    // 'Don't cancel' undoes it; cancelling again sets it again.
    await pressPortal(portal, listing.stripeSubscriptionId!, 'keep');
    expect((await s.db.prisma.professional.findUniqueOrThrow({ where: { id: listing.id } })).cancelAt).toBeNull();
    await pressPortal(portal, listing.stripeSubscriptionId!, 'cancel');

    // The period ends: the plan with it, and the listing leaves the directory. Nothing is refunded,
    // though this is within 30 days of the first payment: the plan ran the time paid for.
    await pressPortal(portal, listing.stripeSubscriptionId!, 'renew');
    const ended = await s.db.prisma.professional.findUniqueOrThrow({ where: { id: listing.id }, include: { payments: true, user: true } });
    expect(ended).toMatchObject({ subscriptionStatus: 'cancelled', cancelAt: null });
    expect(ended.payments.map((p) => p.refundedPence)).toEqual([0]);
    expect(ended.user!.isArchived).toBe(false);
    await expect.poll(() => j.mailsTo(body.email, /Your ITConnect subscription has ended/).length, { timeout: 10_000 }).toBe(1);
    expect(j.mailsTo(body.email, /Your ITConnect subscription has ended/)[0]!.text).not.toMatch(/refunded/);
  });

  it('cancelling at once within 30 days of the first payment refunds it in full, e-mailed once', async () => {
    const { listing, cookie, body } = await payingProvider();
    // A portal configured to cancel at once (Stripe's other mode), made the account's default.
    const stripe = await s.t.api.deps.payments.stripe();
    const configuration = await stripe.billingPortal.configurations.create({ features: { subscription_cancel: { enabled: true, mode: 'immediately' } } });
    const session = await stripe.billingPortal.sessions.create({ customer: listing.stripeCustomerId!, configuration: configuration.id });
    void cookie;
    await pressPortal(session.url, listing.stripeSubscriptionId!, 'cancel');
    const ended = await s.db.prisma.professional.findUniqueOrThrow({ where: { id: listing.id }, include: { payments: true } });
    expect(ended.subscriptionStatus).toBe('cancelled');
    await expect.poll(async () => (await s.db.prisma.payment.findFirstOrThrow({ where: { professionalId: listing.id } })).refundedPence, { timeout: 10_000 }).toBe(300);
    await expect.poll(() => j.mailsTo(body.email, /Your ITConnect subscription has ended/).length, { timeout: 10_000 }).toBe(1);
    expect(j.mailsTo(body.email, /Your ITConnect subscription has ended/)[0]!.text).toMatch(/refunded \S*3 in full under our money-back guarantee/);
    // Stripe's refund event adds no second e-mail, and nothing is refunded twice.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(j.mailsTo(body.email, /Your ITConnect refund/)).toHaveLength(0);
    const refunds = await stripeGet<{ data: unknown[] }>(`/v1/refunds?payment_intent=${ended.payments[0]!.stripePaymentIntentId}`);
    expect(refunds.data).toHaveLength(1);
  });

  it('a plan switched there is recorded as the new plan, with its period and its payment, whatever the metadata says', async () => {
    const { listing, cookie } = await payingProvider();
    expect(listing.subscriptionType).toBe('monthly');
    const portal = await portalOf(cookie);
    const page = await (await fetch(portal)).text();
    expect(page).toContain('Switch to £28.00 per year');
    const yearly = /name="price" value="([^"]+)"><button type="submit" class="secondary">Switch to £28\.00 per year/.exec(page)![1]!;
    await pressPortal(portal, listing.stripeSubscriptionId!, 'switch', { price: yearly });

    const switched = await s.db.prisma.professional.findUniqueOrThrow({ where: { id: listing.id }, include: { payments: { orderBy: { paidAt: 'asc' } } } });
    expect(switched.subscriptionType).toBe('yearly');
    expect(switched.currentPeriodEnd!.getTime() - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
    expect(switched.payments.map((p) => [p.amountPence, p.plan])).toEqual([
      [300, 'monthly'],
      [2800, 'yearly'],
    ]);
    // Stripe kept the metadata the subscription was made with: it says monthly still.
    const subscription = await stripeGet<{ metadata: Record<string, string> }>(`/v1/subscriptions/${listing.stripeSubscriptionId}`);
    expect(subscription.metadata.plan).toBe('monthly');
    const summary = await (await s.t.fetch('/api/professional/subscription', { headers: { Cookie: cookie } })).json();
    expect(summary).toMatchObject({ status: 'active', plan: 'yearly' });
  });
});

describe('events late, twice and out of order', () => {
  it('a whole life of a listing with every event delivered twice and each call\'s events newest first: every payment and e-mail once', async () => {
    s.stripe.controls.setDeliveryChaos({ duplicates: true, reorder: true });
    try {
      const { listing, cookie, body } = await payingProvider();
      await s.stripe.controls.renew(listing.stripeSubscriptionId!);
      await j.settle();
      const portal = await portalOf(cookie);
      const yearly = /name="price" value="([^"]+)"><button type="submit" class="secondary">Switch to £28\.00 per year/.exec(await (await fetch(portal)).text())![1]!;
      await pressPortal(portal, listing.stripeSubscriptionId!, 'switch', { price: yearly });
      await pressPortal(portal, listing.stripeSubscriptionId!, 'cancel');
      expect((await s.db.prisma.professional.findUniqueOrThrow({ where: { id: listing.id } })).subscriptionStatus).toBe('active');
      await pressPortal(portal, listing.stripeSubscriptionId!, 'renew');

      const ended = await s.db.prisma.professional.findUniqueOrThrow({ where: { id: listing.id }, include: { payments: { orderBy: { paidAt: 'asc' } } } });
      expect(ended).toMatchObject({ subscriptionStatus: 'cancelled', subscriptionType: 'yearly', cancelAt: null });
      expect(ended.payments.map((p) => p.amountPence)).toEqual([300, 300, 2800]);
      expect(ended.payments.every((p) => p.refundedPence === 0)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(j.mailsTo(body.email, /We have received your ITConnect application/)).toHaveLength(1);
      expect(j.mailsTo(body.email, /Your ITConnect subscription has ended/)).toHaveLength(1);
      // Every event was delivered twice.
      const deliveries = await s.stripe.controls.deliveries();
      expect(deliveries.some((d) => d.id.endsWith('_again'))).toBe(true);
      const failed = await s.t.api.queues.get('stripe').getJobs(['failed']);
      expect(failed.map((job) => job.failedReason)).toEqual([]);
    } finally {
      s.stripe.controls.setDeliveryChaos({});
    }
  });
});

describe('a delayed payment method at Checkout (Bacs Direct Debit)', () => {
  it("says 'processing' (not failed) while the bank has it, then records the payment once it is paid, and e-mails that", async () => {
    const { res, body, cookie } = await j.apply();
    const { applicationId } = (await res.json()) as { applicationId: number };
    const sessionId = await j.checkoutOf(applicationId);
    await s.stripe.controls.payByDirectDebit(sessionId);
    await j.settle();
    const verify = async () => (await s.t.fetch(`/api/verify-payment?session_id=${sessionId}&application_id=${applicationId}`)).json();
    expect(await verify()).toEqual({ success: false, applicationStatus: 'pending_payment', paymentStatus: 'processing' });
    // Nothing is made while the bank has it, and sending the application again is refused (it may still be paid).
    expect((await s.db.prisma.user.findUniqueOrThrow({ where: { email: body.email } })).professionalId).toBeNull();
    const again = await postJson(s.t, '/api/application/checkout', {}, cookie);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(APPLY_MESSAGES.paymentProcessing);

    await s.stripe.controls.settleDirectDebit(sessionId, 'succeeded');
    await j.settle();
    expect(await verify()).toEqual({ success: true, applicationStatus: 'pending' });
    const listing = await s.db.prisma.professional.findUniqueOrThrow({ where: { email: body.email }, include: { payments: true } });
    expect(listing).toMatchObject({ subscriptionStatus: 'active', isApproved: false });
    expect(listing.payments.map((p) => p.amountPence)).toEqual([300]);
    await expect.poll(() => j.mailsTo(body.email, /We have received your ITConnect application/).length, { timeout: 10_000 }).toBe(1);
  });

  it('refused by the bank: e-mailed once, and paying again closes the refused one for good', async () => {
    const { res, body, cookie } = await j.apply();
    const { applicationId } = (await res.json()) as { applicationId: number };
    const refused = await j.checkoutOf(applicationId);
    await s.stripe.controls.payByDirectDebit(refused);
    await s.stripe.controls.settleDirectDebit(refused, 'failed');
    await j.settle();
    expect(await (await s.t.fetch(`/api/verify-payment?session_id=${refused}&application_id=${applicationId}`)).json()).toEqual({
      success: false,
      applicationStatus: 'pending_payment',
      paymentStatus: 'failed',
    });
    await expect.poll(() => j.mailsTo(body.email, /Your bank did not pay the Direct Debit/).length, { timeout: 10_000 }).toBe(1);

    const again = await postJson(s.t, '/api/application/checkout', {}, cookie);
    expect(again.status).toBe(200);
    // The refused checkout's subscription, which Stripe would keep for a payment, is ended.
    const first = await stripeGet<{ subscription: string }>(`/v1/checkout/sessions/${refused}`);
    expect((await stripeGet<{ status: string }>(`/v1/subscriptions/${first.subscription}`)).status).toBe('canceled');
    await s.stripe.controls.pay(await j.checkoutOf(applicationId));
    await j.settle();
    const listing = await s.db.prisma.professional.findUniqueOrThrow({ where: { email: body.email }, include: { payments: true } });
    expect(listing.payments).toHaveLength(1);
    expect(j.mailsTo(body.email, /Your bank did not pay the Direct Debit/)).toHaveLength(1);
  });
});

describe('idempotency', () => {
  it("puts the deployment's prefix on every key it sends Stripe", async () => {
    const { cookie, listing } = await payingProvider();
    const before = (await s.stripe.controls.events()).length;
    expect((await postJson(s.t, '/api/professional/cancel-subscription', {}, cookie)).status).toBe(200);
    await j.settle();
    const events = (await s.stripe.controls.events()).slice(before);
    const keys = events.map((e) => e.request.idempotency_key).filter((key): key is string => key !== null);
    // The first payment's refund (Stripe keeps keys of POSTs; a DELETE, as the cancellation is, takes none).
    const payment = await s.db.prisma.payment.findFirstOrThrow({ where: { professionalId: listing.id } });
    expect(keys).toContain(`${PREFIX}_refund_first_payment_${payment.stripePaymentIntentId}_0`);
    expect(keys.filter((key) => !key.startsWith(`${PREFIX}_`))).toEqual([]);
  });

  it('/subscribe asked four times at once makes one subscription', async () => {
    const { listing, cookie } = await payingProvider();
    // Its plan ended in Stripe's billing page at once; the owner subscribes again, with two clicks.
    const stripe = await s.t.api.deps.payments.stripe();
    await stripe.subscriptions.cancel(listing.stripeSubscriptionId!);
    await j.settle();
    // Four at once: the slower ones see the faster ones' subscriptions in Stripe by then.
    const answers = await Promise.all([0, 1, 2, 3].map(() => postJson(s.t, '/api/create-subscription', { professionalId: listing.id, subscriptionType: 'yearly' }, cookie)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const ids = ((await Promise.all(answers.map((r) => r.json()))) as { subscriptionId: string }[]).map((a) => a.subscriptionId);
    expect(new Set(ids).size).toBe(1);
    const incomplete = await stripeGet<{ data: unknown[] }>(`/v1/subscriptions?customer=${listing.stripeCustomerId}&status=incomplete`);
    expect(incomplete.data).toHaveLength(1);
  });
});

describe('nothing paid is lost', () => {
  it("an event stored but whose job went with Redis is queued again by the sweep: the payment recorded once", async () => {
    // A worker of its own that sweeps fast (the stack's keeps the default interval).
    const { res, body } = await j.apply();
    const { applicationId } = (await res.json()) as { applicationId: number };
    const sessionId = await j.checkoutOf(applicationId);
    await s.worker!.close();
    let sweeper: RunningWorker | undefined;
    try {
      await s.stripe.controls.pay(sessionId);
      await s.stripe.controls.waitForDeliveries();
      expect(await s.db.prisma.stripeEvent.count({ where: { processedAt: null } })).toBeGreaterThan(0);
      // Redis loses everything of this deployment: the queued jobs with it.
      await cleanupRedis(s.t.env.REDIS_PREFIX);
      sweeper = await startAppWorker(s.db, s.t, { ...s.workerEnv, STRIPE_EVENT_SWEEP_AFTER_MS: '200', STRIPE_EVENT_SWEEP_EVERY_MS: '300' });
      await expect.poll(() => s.db.prisma.stripeEvent.count({ where: { processedAt: null } }), { timeout: 20_000 }).toBe(0);
    } finally {
      await sweeper?.close();
      s.worker = await startAppWorker(s.db, s.t, s.workerEnv);
    }
    const listing = await s.db.prisma.professional.findUniqueOrThrow({ where: { email: body.email }, include: { payments: true } });
    expect(listing.payments).toHaveLength(1);
    expect((await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } })).status).toBe('pending');
  });

  it('the daily reconciliation repairs from Stripe what the events never said, flags the rest, and says so in the audit log', async () => {
    // A listing whose status drifted; a checkout paid whose events never arrived; a subscription of no listing.
    const drifted = await payingProvider();
    await s.db.prisma.professional.update({ where: { id: drifted.listing.id }, data: { subscriptionStatus: 'past_due' } });
    const { res, body } = await j.apply();
    const { applicationId } = (await res.json()) as { applicationId: number };
    await s.stripe.controls.setWebhook(null);
    let stray: string;
    try {
      await s.stripe.controls.pay(await j.checkoutOf(applicationId));
      const stripe = await s.t.api.deps.payments.stripe();
      const customer = await stripe.customers.create({ email: 'stray@example.com' });
      const price = (await stripe.prices.list({ lookup_keys: ['itconnect_listing_monthly'], active: true })).data[0]!;
      const created = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], payment_behavior: 'default_incomplete', expand: ['latest_invoice.confirmation_secret'] });
      const invoice = created.latest_invoice as { confirmation_secret: { client_secret: string } };
      await s.stripe.controls.confirmPayment(invoice.confirmation_secret.client_secret, '4242 4242 4242 4242');
      stray = created.id;
    } finally {
      await s.stripe.controls.setWebhook({ url: `${s.t.baseUrl}/api/stripe/webhook`, secret: 'whsec_test_itconnect_billing' });
    }
    expect(await s.db.prisma.professional.count({ where: { email: body.email } })).toBe(0);

    const job = await s.t.api.queues.get('maintenance').add('reconcile-with-stripe', {}, { jobId: `reconcile-with-stripe_test_${Date.now()}` });
    await expect.poll(async () => (await job.getState()), { timeout: 30_000 }).toBe('completed');
    const result = (await s.t.api.queues.get('maintenance').getJob(job.id!))!.returnvalue as { repaired: number; flagged: number };
    expect(result.flagged).toBe(1);

    expect((await s.db.prisma.professional.findUniqueOrThrow({ where: { id: drifted.listing.id } })).subscriptionStatus).toBe('active');
    const made = await s.db.prisma.professional.findUniqueOrThrow({ where: { email: body.email }, include: { payments: true } });
    expect(made.payments).toHaveLength(1);
    expect((await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } })).status).toBe('pending');
    const audit = await s.db.prisma.auditLog.findFirstOrThrow({ where: { action: AUDIT_ACTIONS.billingReconciliation }, orderBy: { createdAt: 'desc' } });
    const details = audit.details as { summary: string; flagged: { subscriptionId: string }[] };
    expect(details.summary).toMatch(/repaired, 1 for a person to look at/);
    expect(details.flagged.map((f) => f.subscriptionId)).toEqual([stray!]);

    // Run again: nothing left to repair.
    const second = await s.t.api.queues.get('maintenance').add('reconcile-with-stripe', {}, { jobId: `reconcile-with-stripe_again_${Date.now()}` });
    await expect.poll(async () => (await second.getState()), { timeout: 30_000 }).toBe('completed');
    expect(((await s.t.api.queues.get('maintenance').getJob(second.id!))!.returnvalue as { repaired: number }).repaired).toBe(0);
  });
});
