// The money path end to end (issue 10): /apply's checkout → "Stripe" (the stand-in as a separate
// server, through the stripe library: the production path) → signed webhooks → the API stores and
// queues → the worker reloads from Stripe and writes. Every transition of an application and a
// subscription; each event delivered twice and in reverse order; verify-payment racing the webhook;
// a tampered plan or price; bad signatures; renewals paid and failed; cancel with and without the
// 30-day refund; /subscribe's subscription. Payments are counted, e-mails too: each exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLY_MESSAGES, isReconciledStripeEvent, SITE_CANCELLATION_COMMENT } from '../../core/billing';
import { normalisePostcode } from '../../core/postcode';
import { PLANS } from '../../core/plans';
import { signatureHeader } from '../../stand-ins/stripe/webhooks';
import { createUser, postJson, signIn, uniqueEmail } from '../../api/src/testing/accounts';
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

describe('applying and paying', () => {
  it('stores the application waiting for payment and answers a checkout URL at the plan price', async () => {
    const { res, body } = await j.apply({ subscriptionType: 'yearly' });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { applicationId: number; checkoutUrl: string };
    expect(answer.checkoutUrl).toMatch(new RegExp(`^${s.stripe.url}/demo-pay/checkout/cs_`));
    const application = await s.db.prisma.application.findUniqueOrThrow({ where: { id: answer.applicationId } });
    // The account is the address owner's, made when they used the e-mailed link: a customer until paid.
    const account = await s.db.prisma.user.findUniqueOrThrow({ where: { email: body.email } });
    expect(account).toMatchObject({ role: 'customer', professionalId: null });
    expect(application).toMatchObject({ status: 'pending_payment', plan: 'yearly', email: body.email, userId: account.id, ratePence: 4500 });
    const session = (await (await fetch(`${s.stripe.url}/v1/checkout/sessions/${application.checkoutSessionId}?expand[]=line_items`, {
      headers: { Authorization: `Bearer ${s.stripe.apiKey}` },
    })).json()) as { amount_total: number; currency: string; mode: string; metadata: Record<string, string> };
    expect(session).toMatchObject({ amount_total: PLANS.yearly.pricePence, currency: 'gbp', mode: 'subscription', metadata: { applicationId: String(answer.applicationId) } });
  });

  it('charges what the plan costs, whatever the browser says the price is', async () => {
    const { res } = await j.apply({ subscriptionType: 'monthly', price: 1, amount: 1, unitAmount: 1, pricePence: 1 });
    const { applicationId } = (await res.json()) as { applicationId: number };
    const session = (await (await fetch(`${s.stripe.url}/v1/checkout/sessions/${await j.checkoutOf(applicationId)}`, {
      headers: { Authorization: `Bearer ${s.stripe.apiKey}` },
    })).json()) as { amount_total: number };
    expect(session.amount_total).toBe(PLANS.monthly.pricePence);
    const tampered = await j.apply({ subscriptionType: 'lifetime' });
    expect(tampered.res.status).toBe(422);
    expect((await tampered.res.json()).error.fields).toMatchObject({ subscriptionType: APPLY_MESSAGES.planRequired });
  });

  it("checks the spec's rules and the postcode district", async () => {
    const bad = await j.apply({ services: [], password: 'short', confirmPassword: 'other', hourlyRate: '4a', postcode: 'ZZ99 9ZZ' });
    expect(bad.res.status).toBe(422);
    expect((await bad.res.json()).error.fields).toMatchObject({
      services: APPLY_MESSAGES.servicesRequired,
      password: APPLY_MESSAGES.passwordShort,
      confirmPassword: APPLY_MESSAGES.passwordsDiffer,
      hourlyRate: APPLY_MESSAGES.rateFormat,
    });
    const unknownDistrict = await j.apply({ postcode: 'ZZ99 9ZZ' });
    expect(unknownDistrict.res.status).toBe(422);
    expect((await unknownDistrict.res.json()).error.fields).toEqual({ postcode: APPLY_MESSAGES.postcodeUnknown });
    const tooMany = await j.apply({ services: ['Web Design', 'Web Development', 'UI/UX Design', 'Cybersecurity', 'Cloud Services', 'Data Recovery', 'Network Setup', 'DevOps', 'SEO & SEM', 'Graphic Design', 'Remote Support'] });
    expect(tooMany.res.status).toBe(422);
  });

  it('after payment: the account (a provider), an unapproved listing, the application waiting for an admin, one payment, one e-mail', async () => {
    const { applicationId, sessionId, body } = await j.paidApplication();
    const application = await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } });
    expect(application).toMatchObject({ status: 'pending' });
    expect(application.paidAt).toBeInstanceOf(Date);
    const user = await s.db.prisma.user.findUniqueOrThrow({ where: { email: body.email }, include: { professional: true } });
    expect(user.role).toBe('provider');
    expect(user.professional).toMatchObject({
      companyName: 'Northern Bytes Ltd',
      isApproved: false,
      subscriptionStatus: 'active',
      subscriptionType: 'monthly',
      linkedin: 'https://www.linkedin.com/company/northern-bytes',
    });
    expect(user.professional!.stripeSubscriptionId).toMatch(/^sub_/);
    expect(user.professional!.firstPaidAt).toBeInstanceOf(Date);
    const payments = await s.db.prisma.payment.findMany({ where: { professionalId: user.professionalId! } });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amountPence: 300, refundedPence: 0, plan: 'monthly', currency: 'gbp' });
    expect(payments[0]!.stripePaymentIntentId).toMatch(/^pi_/);
    // The worker geocodes the new listing's postcode (its outcode's centre, offline).
    await expect
      .poll(async () => (await s.db.prisma.professional.findUniqueOrThrow({ where: { id: user.professionalId! } })).geocodedPostcode, { timeout: 10_000 })
      .toBe(normalisePostcode(body.postcode));
    const located = await s.db.prisma.professional.findUniqueOrThrow({ where: { id: user.professionalId! } });
    expect(located.lat).toBeCloseTo(53.48, 1);
    expect(located.lng).toBeCloseTo(-2.23, 1);
    // Not listed before an admin approves it.
    expect((await s.t.fetch(`/api/professionals/slug/${user.professional!.slug}`)).status).toBe(404);
    // The password chosen at /apply signs in.
    await signIn(s.t, body.email, 'applicant password');
    await expect.poll(() => j.mailsTo(body.email, /We have received your ITConnect application/).length, { timeout: 10_000 }).toBe(1);
    // Verification agrees, and changes nothing.
    const verify = await s.t.fetch(`/api/verify-payment?session_id=${sessionId}&application_id=${applicationId}`);
    expect(await verify.json()).toEqual({ success: true, applicationStatus: 'pending' });
  });

  it("refuses a second application for an address already waiting for review; a visitor's for an address with an account only tells its owner", async () => {
    const { body, cookie } = await j.paidApplication();
    const again = await j.apply({ email: body.email }, cookie);
    expect(again.res.status).toBe(409);
    expect((await again.res.json()).error.message).toBe(APPLY_MESSAGES.alreadyPending);

    // A visitor gets the same answer for every address, and nothing is made or changed.
    const owner = await createUser(s.db.prisma);
    const fresh = await j.sendApplication({ email: uniqueEmail('fresh') });
    const taken = await j.sendApplication({ email: owner.email, companyName: 'Taken Address Ltd' });
    expect([fresh.res.status, taken.res.status]).toEqual([202, 202]);
    expect(await taken.res.json()).toEqual(await fresh.res.json());
    expect(await s.db.prisma.application.count({ where: { email: owner.email } })).toBe(0);
    // Its owner is told, with no link that makes anything.
    await expect.poll(() => j.mailsTo(owner.email, /You already have an ITConnect account/).length, { timeout: 10_000 }).toBe(1);
    const note = j.mailsTo(owner.email, /You already have an ITConnect account/)[0]!.text;
    expect(note).toContain('Taken Address Ltd');
    expect(note).not.toMatch(/token=/);
  });

  it('a signed-in customer applies without a password; the account becomes the provider', async () => {
    const customer = await createUser(s.db.prisma);
    const cookie = await signIn(s.t, customer.email);
    const { res } = await j.apply({ email: customer.email, password: undefined, confirmPassword: undefined }, cookie);
    expect(res.status).toBe(200);
    const { applicationId } = (await res.json()) as { applicationId: number };
    await s.stripe.controls.pay(await j.checkoutOf(applicationId));
    await j.settle();
    const user = await s.db.prisma.user.findUniqueOrThrow({ where: { id: customer.id } });
    expect(user.role).toBe('provider');
    expect(user.professionalId).not.toBeNull();
  });

  it("an active subscriber's update needs no payment, and its status is told to its own account (or an admin) only", async () => {
    const { body, applicationId: first } = await j.paidApplication();
    // An admin approved it (the admin dashboard's work): the listing is live.
    await s.db.prisma.application.update({ where: { id: first }, data: { status: 'approved', reviewedAt: new Date() } });
    await s.db.prisma.professional.update({ where: { email: body.email }, data: { isApproved: true, approvedAt: new Date() } });
    const owner = await signIn(s.t, body.email, 'applicant password');
    const update = await j.apply({ email: body.email, description: 'Updated: now also in Salford.', password: undefined, confirmPassword: undefined }, owner);
    expect(update.res.status).toBe(200);
    const { applicationId, checkoutUrl } = (await update.res.json()) as { applicationId: number; checkoutUrl: string };
    expect(checkoutUrl).toContain(`/application-success?session_id=no-payment-needed&application_id=${applicationId}`);
    const path = `/api/verify-payment?session_id=no-payment-needed&application_id=${applicationId}`;
    const asOwner = await s.t.fetch(path, { headers: { Cookie: owner } });
    expect(await asOwner.json()).toEqual({ success: true, applicationStatus: 'pending' });

    const anonymous = await s.t.fetch(path);
    expect(anonymous.status).toBe(401);
    const stranger = await createUser(s.db.prisma);
    const asStranger = await s.t.fetch(path, { headers: { Cookie: await signIn(s.t, stranger.email) } });
    expect(asStranger.status).toBe(403);
    expect((await asStranger.json()).error.message).toBe('Only the account that sent this application can see it.');
    const admin = await createUser(s.db.prisma, { role: 'admin' });
    const asAdmin = await s.t.fetch(path, { headers: { Cookie: await signIn(s.t, admin.email) } });
    expect(asAdmin.status).toBe(200);
    // An application with a checkout is never answered as one without.
    const { res } = await j.apply();
    const unpaid = (await res.json()) as { applicationId: number };
    expect((await s.t.fetch(`/api/verify-payment?session_id=no-payment-needed&application_id=${unpaid.applicationId}`, { headers: { Cookie: owner } })).status).toBe(404);
  });

  it('an unpaid checkout verifies as not paid; a wrong session id as not found', async () => {
    const { res } = await j.apply();
    const { applicationId } = (await res.json()) as { applicationId: number };
    const sessionId = await j.checkoutOf(applicationId);
    expect(await (await s.t.fetch(`/api/verify-payment?session_id=${sessionId}&application_id=${applicationId}`)).json()).toEqual({
      success: false,
      applicationStatus: 'pending_payment',
    });
    expect((await s.t.fetch(`/api/verify-payment?session_id=cs_test_wrong&application_id=${applicationId}`)).status).toBe(404);
    expect((await s.t.fetch('/api/verify-payment?application_id=1')).status).toBe(400);
  });
});

describe('webhooks', () => {
  it('refuse a missing or bad signature and store nothing', async () => {
    const body = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'invoice.paid', data: { object: { id: 'in_forged' } } });
    const unsigned = await s.t.fetch('/api/stripe/webhook', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(unsigned.status).toBe(400);
    const forged = await s.t.fetch('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signatureHeader(body, 'whsec_not_ours') },
      body,
    });
    expect(forged.status).toBe(400);
    expect((await forged.json()).error.message).toBe('The webhook signature could not be verified.');
    expect(await s.db.prisma.stripeEvent.count({ where: { id: 'evt_forged' } })).toBe(0);
  });

  it('delivered twice and in reverse order before any is reconciled, then reconciled concurrently, change nothing twice', async () => {
    const before = (await s.stripe.controls.events()).length;
    const { res, body } = await j.apply();
    const { applicationId } = (await res.json()) as { applicationId: number };
    const sessionId = await j.checkoutOf(applicationId);
    // Stripe's own deliveries are held and the worker takes no job: nothing is reconciled until
    // every copy of every event has been received.
    const stripeWorker = s.worker!.workers.get('stripe')!;
    const failures: string[] = [];
    const onFailed = (job: { name: string } | undefined, err: Error) => failures.push(`${job?.name}: ${err.message}`);
    stripeWorker.on('failed', onFailed);
    s.stripe.controls.pauseDeliveries();
    await stripeWorker.pause();
    let events: Awaited<ReturnType<typeof s.stripe.controls.events>>;
    try {
      await s.stripe.controls.pay(sessionId);
      events = (await s.stripe.controls.events()).slice(before);
      expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']));
      // Newest first, each twice: Stripe retries, duplicates and reorders.
      for (const event of [...events].reverse()) {
        for (let i = 0; i < 2; i += 1) expect((await j.deliverEvent(event)).status).toBe(200);
      }
      const stored = await s.db.prisma.stripeEvent.findMany({ where: { id: { in: events.map((e) => e.id) } } });
      expect(stored).toHaveLength(events.length);
      expect(stored.filter((e) => isReconciledStripeEvent(e.type)).every((e) => e.processedAt === null)).toBe(true);
      // The account (made by the e-mailed link) has no listing yet.
      expect((await s.db.prisma.user.findUniqueOrThrow({ where: { email: body.email } })).professionalId).toBeNull();
    } finally {
      // The worker runs the queued jobs (newest event first) up to its concurrency at once; then
      // Stripe's own deliveries arrive as third copies.
      stripeWorker.resume();
      s.stripe.controls.resumeDeliveries();
    }
    await j.settle();
    stripeWorker.off('failed', onFailed);
    // The jobs of one checkout take turns (a row lock), rather than colliding and being retried.
    expect(failures).toEqual([]);
    expect(await s.db.prisma.user.count({ where: { email: body.email } })).toBe(1);
    const professionals = await s.db.prisma.professional.findMany({ where: { email: body.email }, include: { payments: true } });
    expect(professionals).toHaveLength(1);
    const paidInvoices = new Set(events.filter((e) => e.type === 'invoice.paid').map((e) => (e.data.object as { id: string }).id));
    expect(professionals[0]!.payments.map((p) => p.stripeInvoiceId).sort()).toEqual([...paidInvoices].sort());
    expect((await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } })).status).toBe('pending');
    await expect.poll(() => j.mailsTo(body.email, /We have received your ITConnect application/).length, { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(j.mailsTo(body.email, /We have received your ITConnect application/)).toHaveLength(1);
  });

  it('keeps the events the worker has no use for as processed, and queues nothing for an event already reconciled', async () => {
    const before = (await s.stripe.controls.events()).length;
    await j.paidApplication();
    await j.settle();
    const events = (await s.stripe.controls.events()).slice(before);
    const queue = s.t.api.queues.get('stripe');
    const deliver = async (event: { id: string }) => expect((await j.deliverEvent(event)).status).toBe(200);
    const customerCreated = events.find((e) => e.type === 'customer.created')!;
    const stored = await s.db.prisma.stripeEvent.findUniqueOrThrow({ where: { id: customerCreated.id } });
    expect(stored.processedAt).toBeInstanceOf(Date);
    expect(await queue.getJob(`stripe-event_${customerCreated.id}`)).toBeUndefined();
    // Stripe resends a reconciled event after its job has gone (kept a day): nothing is queued again.
    const invoicePaid = events.find((e) => e.type === 'invoice.paid')!;
    expect((await s.db.prisma.stripeEvent.findUniqueOrThrow({ where: { id: invoicePaid.id } })).processedAt).toBeInstanceOf(Date);
    await (await queue.getJob(`stripe-event_${invoicePaid.id}`))?.remove();
    await deliver(invoicePaid);
    expect(await queue.getJob(`stripe-event_${invoicePaid.id}`)).toBeUndefined();
  });

  it('verify-payment and the webhook racing: whichever is first does the work, once', async () => {
    const { res, body } = await j.apply();
    const { applicationId } = (await res.json()) as { applicationId: number };
    const sessionId = await j.checkoutOf(applicationId);
    s.stripe.controls.pauseDeliveries();
    await s.stripe.controls.pay(sessionId);
    const verifying = s.t.fetch(`/api/verify-payment?session_id=${sessionId}&application_id=${applicationId}`);
    s.stripe.controls.resumeDeliveries();
    expect(await (await verifying).json()).toEqual({ success: true, applicationStatus: 'pending' });
    await j.settle();
    const user = await s.db.prisma.user.findUniqueOrThrow({ where: { email: body.email } });
    expect(await s.db.prisma.payment.count({ where: { professionalId: user.professionalId! } })).toBe(1);
    await expect.poll(() => j.mailsTo(body.email, /We have received your ITConnect application/).length, { timeout: 10_000 }).toBe(1);
  });
});

describe('renewals', () => {
  it('a paid renewal is a second payment; a failed one hides the listing and e-mails once', async () => {
    const { body } = await j.paidApplication();
    const professional = await s.db.prisma.professional.findUniqueOrThrow({ where: { email: body.email } });
    await s.stripe.controls.renew(professional.stripeSubscriptionId!);
    await j.settle();
    expect(await s.db.prisma.payment.count({ where: { professionalId: professional.id } })).toBe(2);

    await s.stripe.controls.failNextRenewal(professional.stripeSubscriptionId!);
    await s.stripe.controls.renew(professional.stripeSubscriptionId!);
    await j.settle();
    expect(await s.db.prisma.payment.count({ where: { professionalId: professional.id } })).toBe(2);
    expect((await s.db.prisma.professional.findUniqueOrThrow({ where: { id: professional.id } })).subscriptionStatus).toBe('past_due');
    await expect.poll(() => j.mailsTo(body.email, /Your ITConnect payment did not go through/).length, { timeout: 10_000 }).toBe(1);
  });
});

describe('events already reflected', () => {
  it('an event received before the worker last read its subscription from Stripe is not reconciled again; one received after is', async () => {
    const { body } = await j.paidApplication();
    const listing = await s.db.prisma.professional.findUniqueOrThrow({ where: { email: body.email } });
    const stripeWorker = s.worker!.workers.get('stripe')!;
    const queue = s.t.api.queues.get('stripe');
    const before = (await s.stripe.controls.events()).length;
    s.stripe.controls.pauseDeliveries();
    let renewal: Awaited<ReturnType<typeof s.stripe.controls.events>>;
    try {
      await s.stripe.controls.renew(listing.stripeSubscriptionId!);
      renewal = (await s.stripe.controls.events()).slice(before);
      const updated = renewal.find((e) => e.type === 'customer.subscription.updated')!;
      // The subscription's event is received first, but its job waits (as behind a long queue)...
      await stripeWorker.pause();
      expect((await j.deliverEvent(updated)).status).toBe(200);
      await (await queue.getJob(`stripe-event_${updated.id}`))!.remove();
      stripeWorker.resume();
      // ...while the invoice's event is reconciled, reading the subscription from Stripe after it.
      const drained = () =>
        expect.poll(async () => (await queue.getJobCounts('waiting', 'active', 'delayed')) as Record<string, number>, { timeout: 20_000 }).toEqual({ waiting: 0, active: 0, delayed: 0 });
      expect((await j.deliverEvent(renewal.find((e) => e.type === 'invoice.paid')!)).status).toBe(200);
      await drained();
      // Delivered again (its job is gone, it is not reconciled yet): queued, and found already reflected.
      expect((await j.deliverEvent(updated)).status).toBe(200);
      await drained();
    } finally {
      stripeWorker.resume();
      s.stripe.controls.resumeDeliveries();
    }
    await j.settle();
    const updated = renewal.find((e) => e.type === 'customer.subscription.updated')!;
    const paid = renewal.find((e) => e.type === 'invoice.paid')!;
    expect((await queue.getJob(`stripe-event_${paid.id}`))!.returnvalue).toEqual({ type: 'invoice.paid', outcome: 'paid' });
    expect((await queue.getJob(`stripe-event_${updated.id}`))!.returnvalue).toEqual({ type: 'customer.subscription.updated', outcome: 'already-reflected' });
    const after = await s.db.prisma.professional.findUniqueOrThrow({ where: { id: listing.id }, include: { payments: true } });
    expect(after.payments).toHaveLength(2);
    expect(after.currentPeriodEnd!.getTime()).toBeGreaterThan(listing.currentPeriodEnd!.getTime());
    expect(after.currentPeriodEnd).toEqual(after.payments.map((p) => p.periodEnd!).sort((a, b) => b.getTime() - a.getTime())[0]);

    // The next change is received after that read (on its own, before its invoice's event): reconciled from Stripe as usual.
    await s.stripe.controls.failNextRenewal(listing.stripeSubscriptionId!);
    const beforeFailure = (await s.stripe.controls.events()).length;
    s.stripe.controls.pauseDeliveries();
    try {
      await s.stripe.controls.renew(listing.stripeSubscriptionId!);
      const failedUpdate = (await s.stripe.controls.events()).slice(beforeFailure).find((e) => e.type === 'customer.subscription.updated')!;
      expect((await j.deliverEvent(failedUpdate)).status).toBe(200);
      await expect.poll(async () => (await queue.getJob(`stripe-event_${failedUpdate.id}`))?.returnvalue, { timeout: 10_000 }).toEqual({ type: 'customer.subscription.updated', outcome: 'past_due' });
    } finally {
      s.stripe.controls.resumeDeliveries();
    }
    await j.settle();
    expect((await s.db.prisma.professional.findUniqueOrThrow({ where: { id: listing.id } })).subscriptionStatus).toBe('past_due');
  });
});

describe('cancelling', () => {
  it('within 30 days: ends the plan in Stripe, refunds the first payment in full, removes the listing, archives the account, signs out', async () => {
    const { body } = await j.paidApplication();
    const cookie = await signIn(s.t, body.email, 'applicant password');
    const summary = await (await s.t.fetch('/api/professional/subscription', { headers: { Cookie: cookie } })).json();
    expect(summary).toMatchObject({ status: 'active', plan: 'monthly', isRefundDue: true, refundPence: 300, hasBilling: true });

    const res = await postJson(s.t, '/api/professional/cancel-subscription', {}, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, refundedPence: 300 });
    await j.settle();
    const professional = await s.db.prisma.professional.findUniqueOrThrow({ where: { email: body.email }, include: { payments: true, user: true } });
    expect(professional.subscriptionStatus).toBe('cancelled');
    expect(professional.payments).toHaveLength(1);
    expect(professional.payments[0]!.refundedPence).toBe(300);
    expect(professional.user!.isArchived).toBe(true);
    const subscription = (await (await fetch(`${s.stripe.url}/v1/subscriptions/${professional.stripeSubscriptionId}`, {
      headers: { Authorization: `Bearer ${s.stripe.apiKey}` },
    })).json()) as { status: string };
    expect(subscription.status).toBe('canceled');
    expect(await (await s.t.fetch('/api/auth/me', { headers: { Cookie: cookie } })).json()).toBeNull();
    await expect.poll(() => j.mailsTo(body.email, /Your ITConnect subscription has been cancelled/).length, { timeout: 10_000 }).toBe(1);
    expect(j.mailsTo(body.email, /we have refunded \S*3\./)).toHaveLength(1);
    // Stripe's own refund event did not e-mail a second time.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(j.mailsTo(body.email, /Your ITConnect refund/)).toHaveLength(0);
  });

  it('converges when the refund fails after Stripe ended the plan: refunded exactly once, the account archived, one e-mail', async () => {
    const { body } = await j.paidApplication();
    const cookie = await signIn(s.t, body.email, 'applicant password');
    const listing = await s.db.prisma.professional.findUniqueOrThrow({ where: { email: body.email }, include: { payments: true } });
    // Stripe takes the cancellation, then refuses the next refunds for a while.
    s.stripe.controls.failNextRequests(4, 500, { method: 'POST', path: '/v1/refunds' });
    let res = await postJson(s.t, '/api/professional/cancel-subscription', {}, cookie);
    // What a person does after 'Cancellation failed': tries again.
    if (res.status !== 200) res = await postJson(s.t, '/api/professional/cancel-subscription', {}, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, refundedPence: 300 });
    await j.settle();

    const intent = listing.payments[0]!.stripePaymentIntentId!;
    await expect
      .poll(async () => (await j.stripeGet<{ data: { amount: number }[] }>(`/v1/refunds?payment_intent=${intent}`)).data.map((r) => r.amount), { timeout: 20_000 })
      .toEqual([300]);
    await j.settle();
    const after = await s.db.prisma.professional.findUniqueOrThrow({ where: { id: listing.id }, include: { payments: true, user: true } });
    expect(after.subscriptionStatus).toBe('cancelled');
    expect(after.payments[0]!.refundedPence).toBe(300);
    expect(after.user!.isArchived).toBe(true);
    await expect.poll(() => j.mailsTo(body.email, /Your ITConnect subscription has been cancelled/).length, { timeout: 10_000 }).toBe(1);
    expect(j.mailsTo(body.email, /we have refunded \S*3\./)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(s.smtp.to(body.email).filter((mail) => /cancelled|ended|refund/i.test(mail.text))).toHaveLength(1);
  });

  it("a cancellation Stripe took whose request never finished here is completed by the worker from Stripe's event", async () => {
    const { body } = await j.paidApplication();
    const listing = await s.db.prisma.professional.findUniqueOrThrow({ where: { email: body.email }, include: { payments: true } });
    // As if the API had ended the plan in Stripe and died before writing anything.
    const res = await fetch(`${s.stripe.url}/v1/subscriptions/${listing.stripeSubscriptionId}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${s.stripe.apiKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ 'cancellation_details[comment]': SITE_CANCELLATION_COMMENT }),
    });
    expect(res.status).toBe(200);
    await j.settle();
    await expect
      .poll(async () => (await j.stripeGet<{ data: { amount: number }[] }>(`/v1/refunds?payment_intent=${listing.payments[0]!.stripePaymentIntentId}`)).data.map((r) => r.amount), { timeout: 20_000 })
      .toEqual([300]);
    const after = await s.db.prisma.professional.findUniqueOrThrow({ where: { id: listing.id }, include: { user: true } });
    expect(after.subscriptionStatus).toBe('cancelled');
    expect(after.cancelledAt).toBeInstanceOf(Date);
    expect(after.user!.isArchived).toBe(true);
    await expect.poll(() => j.mailsTo(body.email, /Your ITConnect subscription has been cancelled/).length, { timeout: 10_000 }).toBe(1);
  });

  it('ended outside the site (Stripe\'s billing page), after 30 days: the listing is removed, the account stays open, and the e-mail says so truthfully', async () => {
    const { body } = await j.paidApplication();
    // Within 30 days it would be refunded (product rule 2; billing-stripe-behaviours.int.test.ts).
    const listing = await s.db.prisma.professional.update({ where: { email: body.email }, data: { firstPaidAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) } });
    const res = await fetch(`${s.stripe.url}/v1/subscriptions/${listing.stripeSubscriptionId}`, { method: 'DELETE', headers: { Authorization: `Bearer ${s.stripe.apiKey}` } });
    expect(res.status).toBe(200);
    await j.settle();
    const after = await s.db.prisma.professional.findUniqueOrThrow({ where: { id: listing.id }, include: { user: true, payments: true } });
    expect(after).toMatchObject({ subscriptionStatus: 'cancelled', cancelledAt: null });
    expect(after.user!.isArchived).toBe(false);
    expect(after.payments[0]!.refundedPence).toBe(0);
    await expect.poll(() => j.mailsTo(body.email, /Your ITConnect subscription has ended/).length, { timeout: 10_000 }).toBe(1);
    const mail = j.mailsTo(body.email, /Your ITConnect subscription has ended/)[0]!;
    expect(mail.text).toMatch(/listing has been removed from the directory/);
    expect(mail.text).toMatch(/Your ITConnect account stays open/);
    expect(mail.text).toMatch(/choose Subscribe on My Profile/);
    expect(mail.text).not.toMatch(/account has been closed|refunded/);
    expect(j.mailsTo(body.email, /has been cancelled/)).toHaveLength(0);
  });

  it('after 30 days: no refund, and the dialog is told so', async () => {
    const { body } = await j.paidApplication();
    await s.db.prisma.professional.update({ where: { email: body.email }, data: { firstPaidAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) } });
    const cookie = await signIn(s.t, body.email, 'applicant password');
    expect(await (await s.t.fetch('/api/professional/subscription', { headers: { Cookie: cookie } })).json()).toMatchObject({ isRefundDue: false, refundPence: 0 });
    const res = await postJson(s.t, '/api/professional/cancel-subscription', {}, cookie);
    expect(await res.json()).toEqual({ ok: true, refundedPence: 0 });
    await j.settle();
    const payment = await s.db.prisma.payment.findFirstOrThrow({ where: { professional: { email: body.email } } });
    expect(payment.refundedPence).toBe(0);
  });
});

describe('a past-due listing', () => {
  it('is sent to Manage billing instead of a second subscription; cancelling ends every subscription its customer has in Stripe', async () => {
    const { body } = await j.paidApplication();
    const listing = await s.db.prisma.professional.findUniqueOrThrow({ where: { email: body.email } });
    await s.stripe.controls.failNextRenewal(listing.stripeSubscriptionId!);
    await s.stripe.controls.renew(listing.stripeSubscriptionId!);
    await j.settle();
    expect((await s.db.prisma.professional.findUniqueOrThrow({ where: { id: listing.id } })).subscriptionStatus).toBe('past_due');
    const cookie = await signIn(s.t, body.email, 'applicant password');
    // My Profile is told when the failed renewal was due (the end of the period paid for), not the unpaid period's end.
    const summary = (await (await s.t.fetch('/api/professional/subscription', { headers: { Cookie: cookie } })).json()) as { status: string; paidUntil: string; currentPeriodEnd: string };
    const firstPayment = await s.db.prisma.payment.findFirstOrThrow({ where: { professionalId: listing.id } });
    expect(summary.status).toBe('past_due');
    expect(summary.paidUntil).toBe(firstPayment.periodEnd!.toISOString());
    expect(Date.parse(summary.currentPeriodEnd)).toBeGreaterThan(Date.parse(summary.paidUntil));

    const refused = await postJson(s.t, '/api/create-subscription', { professionalId: listing.id, subscriptionType: 'yearly' }, cookie);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(APPLY_MESSAGES.pastDue);
    const again = await j.apply({ email: body.email, password: undefined, confirmPassword: undefined }, cookie);
    expect(again.res.status).toBe(409);
    expect((await again.res.json()).error.message).toBe(APPLY_MESSAGES.pastDue);
    const stripe = (path: string) => j.stripeGet<{ data: { id: string; status: string }[] }>(path);
    expect((await stripe(`/v1/subscriptions?customer=${listing.stripeCustomerId}&status=all`)).data).toHaveLength(1);

    // Subscriptions of the same customer the listing does not know: one made in Stripe's dashboard
    // (paid) and an unpaid one (a payment page left open). Cancelling ends them all.
    const price = (await j.stripeGet<{ data: { id: string }[] }>('/v1/prices?lookup_keys[]=itconnect_listing_monthly&active=true')).data[0]!.id;
    const create = async () => {
      const res = await fetch(`${s.stripe.url}/v1/subscriptions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${s.stripe.apiKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ customer: listing.stripeCustomerId!, 'items[0][price]': price, payment_behavior: 'default_incomplete', 'expand[]': 'latest_invoice.confirmation_secret' }),
      });
      return (await res.json()) as { id: string; latest_invoice: { confirmation_secret: { client_secret: string } } };
    };
    const paidElsewhere = await create();
    await s.stripe.controls.confirmPayment(paidElsewhere.latest_invoice.confirmation_secret.client_secret, '4242 4242 4242 4242');
    await create();
    await j.settle();
    expect((await stripe(`/v1/subscriptions?customer=${listing.stripeCustomerId}`)).data.map((sub) => sub.status).sort()).toEqual(['active', 'incomplete', 'past_due']);

    const cancelled = await postJson(s.t, '/api/professional/cancel-subscription', {}, cookie);
    expect(cancelled.status).toBe(200);
    await j.settle();
    const all = (await stripe(`/v1/subscriptions?customer=${listing.stripeCustomerId}&status=all`)).data;
    expect(all.map((sub) => sub.status)).toEqual(['canceled', 'canceled', 'canceled']);
    expect((await s.db.prisma.professional.findUniqueOrThrow({ where: { id: listing.id } })).subscriptionStatus).toBe('cancelled');
  });
});

describe('/subscribe', () => {
  it("starts a subscription for the owner's listing; paying it makes the listing active with one payment", async () => {
    const provider = await createUser(s.db.prisma, { role: 'provider' });
    await s.db.prisma.professional.update({ where: { id: provider.professionalId! }, data: { subscriptionStatus: 'inactive' } });
    const cookie = await signIn(s.t, provider.email);
    const other = await createUser(s.db.prisma, { role: 'provider' });
    const refused = await postJson(s.t, '/api/create-subscription', { professionalId: other.professionalId, subscriptionType: 'yearly' }, cookie);
    expect(refused.status).toBe(403);

    const res = await postJson(s.t, '/api/create-subscription', { professionalId: provider.professionalId, subscriptionType: 'yearly' }, cookie);
    expect(res.status).toBe(200);
    const { clientSecret, subscriptionId } = (await res.json()) as { clientSecret: string; subscriptionId: string };
    // Opening the page again (a reload) uses the same unpaid subscription, not a second one.
    const reload = await postJson(s.t, '/api/create-subscription', { professionalId: provider.professionalId, subscriptionType: 'yearly' }, cookie);
    expect(((await reload.json()) as { subscriptionId: string }).subscriptionId).toBe(subscriptionId);
    await expect(s.stripe.controls.confirmPayment(clientSecret, '4000 0000 0000 0002')).rejects.toThrow(/declined/);
    // A card declined on a first payment is said on the page; no 'payment failed' e-mail (nothing was live).
    await j.settle();
    expect((await s.db.prisma.professional.findUniqueOrThrow({ where: { id: provider.professionalId! } })).subscriptionStatus).toBe('inactive');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(j.mailsTo(provider.email, /payment did not go through/)).toHaveLength(0);
    await s.stripe.controls.confirmPayment(clientSecret, '4242 4242 4242 4242');
    await j.settle();
    const professional = await s.db.prisma.professional.findUniqueOrThrow({ where: { id: provider.professionalId! }, include: { payments: true } });
    expect(professional).toMatchObject({ subscriptionStatus: 'active', subscriptionType: 'yearly' });
    expect(professional.payments.map((p) => p.amountPence)).toEqual([PLANS.yearly.pricePence]);
    // Now active: another subscription is refused.
    const again = await postJson(s.t, '/api/create-subscription', { professionalId: provider.professionalId, subscriptionType: 'monthly' }, cookie);
    expect(again.status).toBe(409);
  });

  it('opens the billing portal for the provider', async () => {
    const { body } = await j.paidApplication();
    const cookie = await signIn(s.t, body.email, 'applicant password');
    const res = await postJson(s.t, '/api/professional/billing-portal', {}, cookie);
    expect(res.status).toBe(200);
    expect((await res.json()).url).toMatch(new RegExp(`^${s.stripe.url}/demo-pay/billing/`));
  });
});
