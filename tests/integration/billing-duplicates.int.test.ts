// Never a second charge (product rule 24, docs/decisions/0008): an application sent again while
// unpaid closes its old checkout first (Stripe's expire), one address has one open application
// however many requests race, and, as the last line of defence, the worker refunds in full and ends
// any subscription that should not exist: a checkout that is not its application's own, or a second
// subscription for a listing whose own still runs. Each once, recorded, e-mailed once.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLY_MESSAGES } from '../../core/billing';
import { PLANS } from '../../core/plans';
import { uniqueEmail } from '../../api/src/testing/accounts';
import { billingJourneys } from '../support/billing-journeys';
import { startBillingStack, type BillingStack } from '../support/billing-stack';

let s: BillingStack;
let j: ReturnType<typeof billingJourneys>;
let stripe: Stripe;

beforeAll(async () => {
  s = await startBillingStack();
  j = billingJourneys(s);
  stripe = new Stripe(s.stripe.apiKey, { host: '127.0.0.1', port: s.stripe.port, protocol: 'http' });
});

afterAll(async () => {
  await s?.close();
});

const DUPLICATE_MAIL = /We have refunded a duplicate ITConnect payment/;

/** Every subscription Stripe holds for the customers of `email`, with its status. */
async function subscriptionsOf(email: string): Promise<Stripe.Subscription[]> {
  const customers = await stripe.customers.list({ email, limit: 100 });
  const all = await Promise.all(customers.data.map((c) => stripe.subscriptions.list({ customer: c.id, status: 'all', limit: 100 })));
  return all.flatMap((list) => list.data);
}

/** What Stripe has refunded of the payments of `subscriptionId`, in pence. */
async function refundedOf(subscriptionId: string): Promise<number> {
  const invoices = await stripe.invoices.list({ subscription: subscriptionId, status: 'paid', expand: ['data.payments'] });
  let total = 0;
  for (const invoice of invoices.data) {
    const intent = invoice.payments!.data[0]!.payment.payment_intent as string;
    const charges = await stripe.charges.list({ payment_intent: intent });
    total += charges.data.reduce((sum, c) => sum + c.amount_refunded, 0);
  }
  return total;
}

describe('an application sent again while unpaid', () => {
  it('closes the checkout it had: declined on A, sent again (B), A can no longer be paid; B pays once', async () => {
    const email = uniqueEmail('twice');
    const first = await j.apply({ email });
    const { applicationId } = (await first.res.json()) as { applicationId: number };
    const checkoutA = await j.checkoutOf(applicationId);
    await s.stripe.controls.decline(checkoutA);

    // The applicant (signed in since the e-mailed link) sends it again, changed.
    const second = await j.apply({ email, subscriptionType: 'yearly' }, first.cookie);
    expect(second.res.status).toBe(200);
    const answer = (await second.res.json()) as { applicationId: number; checkoutUrl: string };
    // The same application, updated, with a new checkout; the old one expired in Stripe.
    expect(answer.applicationId).toBe(applicationId);
    const checkoutB = await j.checkoutOf(applicationId);
    expect(checkoutB).not.toBe(checkoutA);
    expect((await stripe.checkout.sessions.retrieve(checkoutA)).status).toBe('expired');
    await expect(s.stripe.controls.pay(checkoutA)).rejects.toThrow(/no longer open/);
    expect(await (await fetch(`${s.stripe.url}/demo-pay/checkout/${checkoutA}`)).text()).toContain('This checkout has expired');

    await s.stripe.controls.pay(checkoutB);
    await j.settle();
    const live = (await subscriptionsOf(email)).filter((sub) => sub.status === 'active');
    expect(live).toHaveLength(1);
    const payments = await s.db.prisma.payment.findMany({ where: { professional: { email } } });
    expect(payments.map((p) => p.amountPence)).toEqual([PLANS.yearly.pricePence]);
    expect(await s.db.prisma.application.count({ where: { email } })).toBe(1);
  });

  it('refuses to open a new checkout when the old one was paid a moment ago, and reconciles that payment', async () => {
    const email = uniqueEmail('paid-meanwhile');
    const first = await j.apply({ email });
    const { applicationId } = (await first.res.json()) as { applicationId: number };
    s.stripe.controls.pauseDeliveries();
    try {
      await s.stripe.controls.pay(await j.checkoutOf(applicationId));
      // Stripe's events have not arrived: the application still looks unpaid here.
      const again = await j.apply({ email }, first.cookie);
      expect(again.res.status).toBe(409);
      expect((await again.res.json()).error.message).toBe(APPLY_MESSAGES.alreadyPending);
    } finally {
      s.stripe.controls.resumeDeliveries();
    }
    await j.settle();
    expect((await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } })).status).toBe('pending');
    expect(await s.db.prisma.payment.count({ where: { professional: { email } } })).toBe(1);
    expect((await subscriptionsOf(email)).filter((sub) => sub.status === 'active')).toHaveLength(1);
  });

  it('three submits at once: one open application with one open checkout', async () => {
    const email = uniqueEmail('racing');
    const { cookie } = await j.apply({ email });
    const answers = await Promise.all([j.apply({ email }, cookie), j.apply({ email }, cookie), j.apply({ email }, cookie)]);
    const statuses = answers.map((a) => a.res.status);
    expect(statuses).toContain(200);
    for (const answer of answers) {
      if (answer.res.status !== 200) {
        expect(answer.res.status).toBe(409);
        expect((await answer.res.json()).error.message).toBe(APPLY_MESSAGES.checkoutSuperseded);
      }
    }
    const open = await s.db.prisma.application.findMany({ where: { email, status: { in: ['pending', 'pending_payment'] } } });
    expect(open).toHaveLength(1);
    const sessions = await stripe.checkout.sessions.list({ status: 'open', limit: 100 });
    const openForIt = sessions.data.filter((session) => session.metadata?.applicationId === String(open[0]!.id));
    expect(openForIt.map((session) => session.id)).toEqual([open[0]!.checkoutSessionId]);
  });
});

describe('the last line of defence: a subscription that should not exist is refunded and ended', () => {
  it("a paid checkout that is not its application's own: refunded in full, ended, recorded and e-mailed once; the application waits for its own", async () => {
    const email = uniqueEmail('stale');
    const { res } = await j.apply({ email });
    const { applicationId } = (await res.json()) as { applicationId: number };
    const own = await j.checkoutOf(applicationId);
    // A checkout for the same application that the application no longer names (a request that
    // lost a race, or an application whose write never committed), paid all the same.
    const price = (await stripe.prices.list({ lookup_keys: ['itconnect_listing_monthly'], active: true })).data[0]!;
    const metadata = { applicationId: String(applicationId), plan: 'monthly' };
    const stale = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      customer_email: email,
      metadata,
      subscription_data: { metadata },
      success_url: 'http://localhost/ok',
    });
    const paidStale = await s.stripe.controls.pay(stale.id);
    await j.settle();

    const staleSubscription = await stripe.subscriptions.retrieve(paidStale.subscription as string);
    expect(staleSubscription.status).toBe('canceled');
    expect(await refundedOf(staleSubscription.id)).toBe(PLANS.monthly.pricePence);
    // Nothing of it in our records but the audit entry; the application still waits for its own checkout.
    expect(await s.db.prisma.payment.count({ where: { stripeSubscriptionId: staleSubscription.id } })).toBe(0);
    expect((await s.db.prisma.user.findUniqueOrThrow({ where: { email } })).professionalId).toBeNull();
    const application = await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } });
    expect(application).toMatchObject({ status: 'pending_payment', checkoutSessionId: own });
    const audit = await s.db.prisma.auditLog.findMany({ where: { action: 'payment.duplicate-refunded', targetType: 'application', targetId: String(applicationId) } });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ reason: 'stale-checkout', subscriptionId: staleSubscription.id, refundedPence: 300 });
    await expect.poll(() => j.mailsTo(email, DUPLICATE_MAIL).length, { timeout: 10_000 }).toBe(1);

    // Stripe sends every event again: nothing is refunded, recorded or e-mailed twice.
    const events = (await s.stripe.controls.events()).filter((e) => JSON.stringify(e.data.object).includes(staleSubscription.id));
    for (const event of events) await j.deliverEvent(event);
    await j.settle();
    expect(await refundedOf(staleSubscription.id)).toBe(PLANS.monthly.pricePence);
    expect((await stripe.refunds.list({ limit: 100 })).data.filter((r) => r.metadata?.subscriptionId === staleSubscription.id)).toHaveLength(1);
    expect(await s.db.prisma.auditLog.count({ where: { action: 'payment.duplicate-refunded', targetType: 'application', targetId: String(applicationId) } })).toBe(1);

    // Its own checkout still pays, once.
    await s.stripe.controls.pay(own);
    await j.settle();
    expect((await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } })).status).toBe('pending');
    expect(await s.db.prisma.payment.count({ where: { professional: { email } } })).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(j.mailsTo(email, DUPLICATE_MAIL)).toHaveLength(1);
  });

  it('a second subscription for a listing whose own still runs: the first stays, the second is refunded and ended', async () => {
    const { body } = await j.paidApplication();
    const listing = await s.db.prisma.professional.findUniqueOrThrow({ where: { email: body.email } });
    const first = listing.stripeSubscriptionId!;
    // Paid for the same listing another way at the same time (a second tab on /subscribe).
    const price = (await stripe.prices.list({ lookup_keys: ['itconnect_listing_yearly'], active: true })).data[0]
      ?? (await stripe.prices.create({ currency: 'gbp', unit_amount: PLANS.yearly.pricePence, recurring: { interval: 'year' }, product_data: { name: 'listing' }, lookup_key: 'itconnect_listing_yearly' }));
    const second = await stripe.subscriptions.create({
      customer: listing.stripeCustomerId!,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      metadata: { professionalId: String(listing.id), plan: 'yearly' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const secret = (second.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
    await s.stripe.controls.confirmPayment(secret, '4242 4242 4242 4242');
    await j.settle();

    expect((await stripe.subscriptions.retrieve(second.id)).status).toBe('canceled');
    expect(await refundedOf(second.id)).toBe(PLANS.yearly.pricePence);
    expect((await stripe.subscriptions.retrieve(first)).status).toBe('active');
    const after = await s.db.prisma.professional.findUniqueOrThrow({ where: { id: listing.id }, include: { payments: true } });
    expect(after).toMatchObject({ stripeSubscriptionId: first, subscriptionStatus: 'active', subscriptionType: 'monthly' });
    expect(after.payments.map((p) => p.amountPence)).toEqual([PLANS.monthly.pricePence]);
    // By type and id: an application's id (the stale checkout above is recorded against its
    // application) can be the same number as this listing's.
    const audit = await s.db.prisma.auditLog.findMany({ where: { action: 'payment.duplicate-refunded', targetType: 'professional', targetId: String(listing.id) } });
    expect(audit.map((a) => (a.details as { reason: string }).reason)).toEqual(['second-subscription']);
    await expect.poll(() => j.mailsTo(body.email, DUPLICATE_MAIL).length, { timeout: 10_000 }).toBe(1);
  });
});
