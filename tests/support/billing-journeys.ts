// The steps billing tests take against a BillingStack: apply (a full /apply body with a solved
// captcha), read an application's checkout, pay it, wait for the worker to catch up, read what
// "Stripe" (the stand-in) holds, deliver an event as Stripe would, and read e-mails by subject.
import { expect } from 'vitest';
import { signatureHeader } from '../../stand-ins/stripe/webhooks';
import { postJson, solveCaptcha, uniqueEmail } from '../../api/src/testing/accounts';
import { WEBHOOK_SECRET, type BillingStack } from './billing-stack';

export function applicationBody(overrides: Record<string, unknown> = {}) {
  return {
    subscriptionType: 'monthly',
    companyName: 'Northern Bytes Ltd',
    contactName: 'Nadia Byte',
    email: uniqueEmail('applicant'),
    phone: '0161 496 0000',
    website: 'https://northern-bytes.example',
    description: 'Networks and cloud for small offices in Manchester.',
    services: ['Network Setup', 'Cloud Services'],
    location: 'Greater Manchester',
    region: 'Manchester',
    postcode: 'M1 1AE',
    hourlyRate: '45',
    rateType: 'hourly',
    isProjectBased: false,
    employeeCount: '2-5',
    businessType: 'Limited company',
    password: 'applicant password',
    confirmPassword: 'applicant password',
    socialLinks: [{ platform: 'linkedin', url: 'https://www.linkedin.com/company/northern-bytes' }],
    ...overrides,
  };
}

export function billingJourneys(s: BillingStack) {
  async function apply(overrides: Record<string, unknown> = {}, cookie?: string) {
    const body = applicationBody(overrides);
    const res = await postJson(s.t, '/api/create-application-checkout', { ...body, captcha: await solveCaptcha(s.t) }, cookie);
    return { res, body };
  }

  async function checkoutOf(applicationId: number): Promise<string> {
    const application = await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } });
    return application.checkoutSessionId!;
  }

  /** Waits until the worker has caught up: every delivery done and the stripe queue empty. */
  async function settle(): Promise<void> {
    await s.stripe.controls.waitForDeliveries();
    const queue = s.t.api.queues.get('stripe');
    await expect.poll(async () => (await queue.getJobCounts('waiting', 'active', 'delayed')) as Record<string, number>, { timeout: 20_000 }).toEqual({
      waiting: 0,
      active: 0,
      delayed: 0,
    });
  }

  async function paidApplication(overrides: Record<string, unknown> = {}) {
    const { res, body } = await apply(overrides);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { applicationId: number; checkoutUrl: string };
    const sessionId = await checkoutOf(answer.applicationId);
    await s.stripe.controls.pay(sessionId);
    await settle();
    return { ...answer, sessionId, body };
  }

  /** GET from "Stripe" (the stand-in's REST API), as our own stripe clients would. */
  async function stripeGet<T>(path: string): Promise<T> {
    const res = await fetch(`${s.stripe.url}${path}`, { headers: { Authorization: `Bearer ${s.stripe.apiKey}` } });
    return (await res.json()) as T;
  }

  /** Delivers a Stripe event to the webhook as Stripe would (signed), whenever the test says. */
  function deliverEvent(event: { id: string }) {
    const payload = JSON.stringify(event);
    return s.t.fetch('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signatureHeader(payload, WEBHOOK_SECRET) },
      body: payload,
    });
  }

  function mailsTo(address: string, subject: RegExp) {
    return s.smtp.to(address).filter((mail) => subject.test(mail.text));
  }

  return { apply, checkoutOf, settle, paidApplication, stripeGet, deliverEvent, mailsTo };
}
