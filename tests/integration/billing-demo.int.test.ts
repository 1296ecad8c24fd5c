// Test mode, as `npm start` runs it without Stripe keys: the API serves the Stripe stand-in itself
// (its REST paths for our stripe clients, its "Test mode" pages for people), and a test-mode payment
// goes the same way as a real one: checkout page → signed webhook back to this API → queue →
// worker → rows. The stand-in answers only this deployment's own key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, solveCaptcha, uniqueEmail } from '../../api/src/testing/accounts';
import { serveTestApp, type TestApp } from '../../api/src/testing/serve-test-app';
import type { RunningWorker } from '../../worker/src/start-worker';
import { startAppWorker } from '../support/app-worker';
import { createTestDatabase, type TestDatabase } from '../support/services';

let db: TestDatabase;
let t: TestApp;
let worker: RunningWorker;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { APPLY_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_MINUTE: '100000' } });
  worker = await startAppWorker(db, t, { API_URL: t.baseUrl, MAIL_DIR: '/tmp/itc-billing-demo-mail' });
});

afterAll(async () => {
  await worker?.close();
  await t?.close();
  await db?.drop();
});

describe('test mode (no Stripe keys)', () => {
  it('takes a payment on its own checkout page and reconciles it through the webhook and the worker', async () => {
    const email = uniqueEmail('demo-applicant');
    const res = await postJson(t, '/api/create-application-checkout', {
      subscriptionType: 'monthly',
      companyName: 'Test Mode IT',
      contactName: 'Tess Mode',
      email,
      description: 'Paid in test mode.',
      services: ['Remote Support'],
      location: 'Leeds',
      region: 'Leeds',
      postcode: 'LS1 4DY',
      isProjectBased: true,
      password: 'demo applicant password',
      confirmPassword: 'demo applicant password',
      socialLinks: [],
      captcha: await solveCaptcha(t),
    });
    expect(res.status).toBe(200);
    const { checkoutUrl, applicationId } = (await res.json()) as { checkoutUrl: string; applicationId: number };
    // The checkout page is on the site itself (PUBLIC_URL), marked as test mode.
    expect(checkoutUrl.startsWith(`${t.env.PUBLIC_URL.replace(/\/$/, '')}/demo-pay/checkout/`)).toBe(true);
    const pagePath = new URL(checkoutUrl).pathname;
    const page = await t.fetch(pagePath);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/TEST MODE/);
    expect(html).toContain('£3.00');

    // The page's Pay button: a same-origin form post.
    const paid = await t.fetch(`${pagePath}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: t.baseUrl },
      body: 'cardNumber=4242+4242+4242+4242',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`/application-success?session_id=cs_`);

    await expect
      .poll(async () => (await db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } })).status, { timeout: 20_000 })
      .toBe('pending');
    const professional = await db.prisma.professional.findUniqueOrThrow({ where: { email }, include: { payments: true } });
    expect(professional).toMatchObject({ subscriptionStatus: 'active', isApproved: false });
    expect(professional.payments.map((p) => p.amountPence)).toEqual([300]);
  });

  it("answers Stripe's paths only to this deployment's own key", async () => {
    for (const key of ['sk_test_guess', 'sk_live_anything']) {
      const res = await t.fetch('/v1/events', { headers: { Authorization: `Bearer ${key}` } });
      expect(res.status).toBe(401);
    }
    expect((await t.fetch('/v1/customers')).status).toBe(401);
    const own = await t.fetch('/v1/events', { headers: { Authorization: `Bearer ${await t.api.deps.payments.standInKey()}` } });
    expect(own.status).toBe(200);
  });
});
