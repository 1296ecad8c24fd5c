// An admin's decisions end to end (issue 11): /apply's checkout paid through "Stripe" (the stand-in
// as a separate server), the worker reconciling it, then approve or reject on the dashboard's API,
// the worker's jobs (e-mails over real SMTP, geocoding, the settlement of a rejection) and Stripe's
// own events afterwards. Each e-mail is counted: a double click sends one; a rejection refunds once
// and e-mails once, however often its job runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createUser, postJson, signIn, uniqueEmail } from '../../api/src/testing/accounts';
import { updateApplication } from '../../api/src/testing/applications';
import { settleRejectedApplication } from '../../worker/src/billing/settle-rejected-application';
import { billingJourneys } from '../support/billing-journeys';
import { startBillingStack, type BillingStack } from '../support/billing-stack';
import Stripe from 'stripe';

let s: BillingStack;
let admin: string;

beforeAll(async () => {
  s = await startBillingStack();
  admin = await signIn(s.t, (await createUser(s.db.prisma, { role: 'admin', name: 'Decider Admin' })).email);
});

afterAll(async () => {
  await s?.close();
});

function applicationBody(overrides: Record<string, unknown> = {}) {
  return {
    subscriptionType: 'monthly',
    companyName: 'Severn Networks Ltd',
    contactName: 'Rhys Evans',
    email: uniqueEmail('applicant'),
    phone: '029 2018 0000',
    description: 'Networks and Wi-Fi for shops and offices in Cardiff.',
    services: ['Network Setup', 'Network Installation', 'Remote Support'],
    location: 'Cardiff and the Vale',
    region: 'Cardiff',
    postcode: 'CF10 1EP',
    hourlyRate: '40',
    rateType: 'hourly',
    isProjectBased: false,
    password: 'applicant password',
    confirmPassword: 'applicant password',
    socialLinks: [],
    ...overrides,
  };
}

/** An application sent through /apply (and the e-mailed link used, product rule 24); its checkout left open unless `pay`. */
async function apply(overrides: Record<string, unknown> = {}, { pay = true } = {}) {
  const { res, body } = await billingJourneys(s).apply(applicationBody(overrides));
  expect(res.status).toBe(200);
  const { applicationId } = (await res.json()) as { applicationId: number };
  const { checkoutSessionId } = await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } });
  if (pay) {
    await s.stripe.controls.pay(checkoutSessionId!);
    await settle();
  }
  return { applicationId, sessionId: checkoutSessionId!, body };
}

/** Waits until Stripe's deliveries are in and the worker has run every queued job. */
async function settle(): Promise<void> {
  await s.stripe.controls.waitForDeliveries();
  for (const name of ['stripe', 'email', 'geocode'] as const) {
    const queue = s.t.api.queues.get(name);
    await expect.poll(async () => (await queue.getJobCounts('waiting', 'active', 'delayed')) as Record<string, number>, { timeout: 20_000 }).toEqual({
      waiting: 0,
      active: 0,
      delayed: 0,
    });
  }
  await s.stripe.controls.waitForDeliveries();
}

function mailsTo(address: string, pattern: RegExp) {
  return s.smtp.to(address).filter((mail) => pattern.test(mail.text));
}

function stripeGet<T>(path: string): Promise<T> {
  return fetch(`${s.stripe.url}/v1/${path}`, { headers: { Authorization: `Bearer ${s.stripe.apiKey}` } }).then((res) => res.json() as Promise<T>);
}

function decide(applicationId: number, decision: 'approve' | 'reject', reason?: string) {
  return postJson(s.t, `/api/admin/applications/${applicationId}/${decision}`, reason ? { reason } : {}, admin);
}

describe('approving a paid application', () => {
  it('twice at once approves once: one 409, one e-mail; the listing is in the directory and on the map', async () => {
    const { applicationId, body } = await apply({ companyName: 'Bute Street IT' });
    const [first, second] = await Promise.all([decide(applicationId, 'approve'), decide(applicationId, 'approve')]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    await settle();
    await expect.poll(() => mailsTo(body.email, /Your ITConnect listing is live/).length, { timeout: 10_000 }).toBe(1);
    const mail = mailsTo(body.email, /Your ITConnect listing is live/)[0]!;
    const professional = await s.db.prisma.professional.findUniqueOrThrow({ where: { email: body.email } });
    expect(mail.text).toContain(`${s.t.env.PUBLIC_URL}/professionals/${professional.slug}`);
    expect(professional).toMatchObject({ isApproved: true, subscriptionStatus: 'active', slug: 'bute-street-it' });
    // In the directory and, geocoded by the worker, on the map.
    const listed = (await (await s.t.fetch('/api/professionals?search=Bute%20Street')).json()) as { slug: string; lat: number | null }[];
    expect(listed.map((p) => p.slug)).toEqual(['bute-street-it']);
    expect(listed[0]!.lat).toBeCloseTo(51.48, 1);
    const map = (await (await s.t.fetch('/api/professionals/map?search=Bute%20Street')).json()) as { total: number; points: [number, number, number][] };
    expect(map.total).toBe(1);
    expect(map.points[0]![0]).toBe(professional.id);
    // However long we wait, no second e-mail.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(body.email, /approved/)).toHaveLength(1);
  });
});

describe('rejecting', () => {
  it('a new applicant’s paid application: the subscription ends, the payment is refunded in full once, one e-mail with the reason and the refund', async () => {
    const { applicationId, body } = await apply({ subscriptionType: 'yearly', companyName: 'Roath Tech' });
    const reason = 'We could not verify that Roath Tech offers IT services.';
    // Stripe fails the first calls: the job is retried, and still refunds once.
    s.stripe.controls.failNextRequests(2);
    const res = await decide(applicationId, 'reject', reason);
    expect(res.status).toBe(200);
    await settle();
    await expect.poll(() => mailsTo(body.email, /Your ITConnect application/).filter((m) => m.text.includes(reason)).length, { timeout: 20_000 }).toBe(1);
    const mail = mailsTo(body.email, /Your ITConnect application/).find((m) => m.text.includes(reason))!;
    const settleJob = await s.t.api.queues.get('stripe').getJob(`rejected-application_${applicationId}`);
    // Its first run failed on Stripe's error and the retry did the work.
    expect(settleJob?.attemptsMade).toBeGreaterThanOrEqual(2);
    expect(mail.text).toMatch(/refunded the \S*28 you paid in full/);

    const professional = await s.db.prisma.professional.findUniqueOrThrow({ where: { email: body.email }, include: { payments: true } });
    expect(professional).toMatchObject({ isApproved: false, subscriptionStatus: 'cancelled' });
    expect(professional.cancelledAt).toBeInstanceOf(Date);
    // Recorded by the charge.refunded reconciliation, like any refund.
    expect(professional.payments.map((p) => [p.amountPence, p.refundedPence])).toEqual([[2800, 2800]]);
    const subscription = await stripeGet<{ status: string }>(`subscriptions/${professional.stripeSubscriptionId}`);
    expect(subscription.status).toBe('canceled');
    const refunds = await stripeGet<{ data: { amount: number }[] }>(`refunds?payment_intent=${professional.payments[0]!.stripePaymentIntentId}`);
    expect(refunds.data.map((r) => r.amount)).toEqual([2800]);

    // The job again (a retry after a crash): nothing more is refunded or sent.
    const stripe = new Stripe(s.stripe.apiKey, { host: new URL(s.stripe.url).hostname, port: Number(new URL(s.stripe.url).port), protocol: 'http' });
    const again = await settleRejectedApplication(
      {
        prisma: s.db.prisma,
        stripe,
        env: s.t.env,
        logger: pino({ level: 'silent' }),
        sendEmail: (payload) => s.t.api.queues.enqueue('sendEmail', payload).then(() => undefined),
        geocode: async () => undefined,
      },
      applicationId,
    );
    expect(again).toEqual({ outcome: 'refunded', refundedPence: 2800 });
    await settle();
    expect((await stripeGet<{ data: unknown[] }>(`refunds?payment_intent=${professional.payments[0]!.stripePaymentIntentId}`)).data).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Received, then rejected: no cancellation or refund e-mail of Stripe's events on top.
    expect(s.smtp.to(body.email).map((m) => /Subject: (.*)/.exec(m.text)?.[1])).toEqual([
      'Confirm your e-mail to continue your ITConnect application',
      'We have received your ITConnect application',
      'Your ITConnect application',
    ]);
    // Not in the directory; revenue counts nothing for it.
    expect(((await (await s.t.fetch('/api/professionals?search=Roath')).json()) as unknown[]).length).toBe(0);
  });

  it('an unpaid application: its open checkout is closed, and the e-mail has the reason and no refund', async () => {
    const { applicationId, sessionId, body } = await apply({ companyName: 'Unpaid Cathays' }, { pay: false });
    expect((await decide(applicationId, 'reject', 'Please apply once your business is registered.')).status).toBe(200);
    await settle();
    await expect.poll(() => mailsTo(body.email, /Please apply once your business is registered\./).length, { timeout: 10_000 }).toBe(1);
    expect(mailsTo(body.email, /refunded/)).toHaveLength(0);
    expect((await stripeGet<{ status: string }>(`checkout/sessions/${sessionId}`)).status).toBe('expired');
    // It can no longer be paid; the account made by the e-mailed link stays a customer's.
    expect(await s.db.prisma.user.findUniqueOrThrow({ where: { email: body.email } })).toMatchObject({ role: 'customer', professionalId: null });
  });

  it('an update of a live listing: the listing and its subscription stay as they are; the e-mail says so', async () => {
    const { application, professional } = await updateApplication(s.db.prisma, { companyName: 'Renamed Ltd' });
    expect((await decide(application.id, 'reject', 'The new description reads like an advert for another firm.')).status).toBe(200);
    await settle();
    await expect.poll(() => mailsTo(application.email, /advert for another firm/).length, { timeout: 10_000 }).toBe(1);
    const mail = mailsTo(application.email, /advert for another firm/)[0]!;
    expect(mail.text).toMatch(/Your listing and subscription stay as they were/);
    const after = await s.db.prisma.professional.findUniqueOrThrow({ where: { id: professional.id } });
    expect(after).toMatchObject({ companyName: professional.companyName, isApproved: true, subscriptionStatus: 'active', cancelledAt: null });
  });
});

describe('approving an unpaid application', () => {
  it('closes its checkout and e-mails where to pay: the listing goes live once paid', async () => {
    const { applicationId, sessionId, body } = await apply({ companyName: 'Llandaff Laptops', subscriptionType: 'yearly' }, { pay: false });
    expect((await decide(applicationId, 'approve')).status).toBe(200);
    await settle();
    const professional = await s.db.prisma.professional.findUniqueOrThrow({ where: { email: body.email } });
    expect(professional).toMatchObject({ isApproved: true, subscriptionStatus: 'inactive' });
    await expect.poll(() => mailsTo(body.email, /Your ITConnect application has been approved/).length, { timeout: 10_000 }).toBe(1);
    const mail = mailsTo(body.email, /Your ITConnect application has been approved/)[0]!;
    expect(mail.text).toContain(`${s.t.env.PUBLIC_URL}/subscribe?professionalId=${professional.id}&type=yearly`);
    expect((await stripeGet<{ status: string }>(`checkout/sessions/${sessionId}`)).status).toBe('expired');
    // The applicant signs in with the password given at /apply, to pay.
    await signIn(s.t, body.email, 'applicant password');
  });
});
