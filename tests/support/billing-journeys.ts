// The steps billing tests take against a BillingStack: apply (a full /apply body with a solved
// captcha; a visitor then uses the e-mailed link with their password, as product rule 24 has it,
// and goes on to the checkout), read an application's checkout, pay it, wait for the worker to catch up, read what
// "Stripe" (the stand-in) holds, deliver an event as Stripe would, and read e-mails by subject.
import { expect } from 'vitest';
import { signatureHeader } from '../../stand-ins/stripe/webhooks';
import { cookiesFrom, postJson, solveCaptcha, uniqueEmail } from '../../api/src/testing/accounts';
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

/** The address of the confirmation link in an e-mail's text, or null. */
export function confirmationLinkIn(text: string): string | null {
  return /https?:\/\/[^\s"'<>]+\/confirm-email\?token=[\w%-]+(?:&amp;|&)for=application/.exec(text)?.[0]?.replace('&amp;', '&') ?? null;
}

export function billingJourneys(s: BillingStack) {
  /** POST /api/create-application-checkout as the form sends it. A visitor's answer is 202: a link was e-mailed. */
  async function sendApplication(overrides: Record<string, unknown> = {}, cookie?: string) {
    const body = applicationBody(overrides);
    const res = await postJson(s.t, '/api/create-application-checkout', { ...body, captcha: await solveCaptcha(s.t) }, cookie);
    return { res, body };
  }

  /** The newest application link e-mailed to `email` that `after` (the mails seen before) did not hold. */
  async function nextApplicationLink(email: string, seen: number): Promise<string> {
    let link: string | null = null;
    await expect
      .poll(() => {
        link = s.smtp.to(email).slice(seen).map((mail) => confirmationLinkIn(mail.text)).find((found) => found !== null) ?? null;
        return link;
      }, { timeout: 15_000 })
      .not.toBeNull();
    return link!;
  }

  /** The e-mailed link used with the password: the account, signed in (its cookie), and its application's id. */
  async function confirmApplication(link: string, password: string) {
    const token = new URL(link).searchParams.get('token')!;
    const res = await postJson(s.t, '/api/auth/register/confirm', { token, password });
    return { res, cookie: res.status === 201 ? cookiesFrom(res) : '' };
  }

  /**
   * /apply as the browser goes through it: a signed-in user's form answers with the checkout; a
   * visitor's is e-mailed a link, which they use with their password, then they are sent to the
   * checkout (POST /api/application/checkout). `res` is the answer that holds the checkout.
   */
  async function apply(overrides: Record<string, unknown> = {}, cookie?: string) {
    const seen = typeof overrides.email === 'string' ? s.smtp.to(overrides.email).length : 0;
    const sent = await sendApplication(overrides, cookie);
    if (cookie || sent.res.status !== 202) return { ...sent, cookie: cookie ?? '' };
    const confirmed = await confirmApplication(await nextApplicationLink(sent.body.email, seen), sent.body.password);
    expect(confirmed.res.status, await confirmed.res.clone().text()).toBe(201);
    const res = await postJson(s.t, '/api/application/checkout', {}, confirmed.cookie);
    return { res, body: sent.body, cookie: confirmed.cookie };
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
    const { res, body, cookie } = await apply(overrides);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { applicationId: number; checkoutUrl: string };
    const sessionId = await checkoutOf(answer.applicationId);
    await s.stripe.controls.pay(sessionId);
    await settle();
    return { ...answer, sessionId, body, cookie };
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

  return { sendApplication, nextApplicationLink, confirmApplication, apply, checkoutOf, settle, paidApplication, stripeGet, deliverEvent, mailsTo };
}
