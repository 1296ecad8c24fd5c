// Test mode, as `npm start` runs it without Stripe keys: the API serves the Stripe stand-in itself
// (its REST paths for our stripe clients, its "Test mode" pages for people), and a test-mode payment
// goes the same way as a real one: checkout page → signed webhook back to this API → queue →
// worker → rows. The stand-in answers only this deployment's own key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../core/plans';
import { postJson, signIn, solveCaptcha, uniqueEmail } from '../../api/src/testing/accounts';
import { serveTestApp, type TestApp } from '../../api/src/testing/serve-test-app';
import type { RunningWorker } from '../../worker/src/start-worker';
import { startAppWorker } from '../support/app-worker';
import { createTestDatabase, getTestRedisUrl, type TestDatabase } from '../support/services';
import { seedDemoData, type DemoAccount } from '../../scripts/db/seed/demo-seed';

let db: TestDatabase;
let t: TestApp;
let worker: RunningWorker;

let demoProvider: DemoAccount;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { APPLY_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_MINUTE: '100000', LOGIN_LIMIT_PER_IP: '1000' } });
  // The demo data as `npm start` writes it in test mode: the demo provider's billing in the stand-in too.
  const seeded = await seedDemoData({ databaseUrl: db.url, redisUrl: getTestRedisUrl(), redisPrefix: t.env.REDIS_PREFIX, nodeEnv: 'test', stripeStandIn: true });
  if (!seeded.seeded) throw new Error(seeded.reason);
  demoProvider = seeded.accounts.find((a) => a.role === 'provider')!;
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

  it("gives the demo provider 'Manage billing': the stand-in's billing page shows its subscription and an invoice for every seeded payment", async () => {
    const cookie = await signIn(t, demoProvider.email, demoProvider.password);
    const listing = await db.prisma.professional.findFirstOrThrow({ where: { user: { email: demoProvider.email } }, include: { payments: { orderBy: { paidAt: 'desc' } } } });
    expect(listing.stripeCustomerId).toMatch(/^cus_/);
    expect(listing.stripeSubscriptionId).toMatch(/^sub_/);
    expect(listing.payments.length).toBeGreaterThanOrEqual(1);
    for (const payment of listing.payments) {
      expect(payment.stripeInvoiceId).toMatch(/^in_/);
      expect(payment.stripePaymentIntentId).toMatch(/^pi_/);
    }
    const summary = await (await t.fetch('/api/professional/subscription', { headers: { Cookie: cookie } })).json();
    expect(summary).toMatchObject({ status: 'active', plan: listing.subscriptionType, hasBilling: true });

    const portal = await postJson(t, '/api/professional/billing-portal', {}, cookie);
    expect(portal.status).toBe(200);
    const { url } = (await portal.json()) as { url: string };
    expect(url.startsWith(`${t.env.PUBLIC_URL.replace(/\/$/, '')}/demo-pay/billing/bps_`)).toBe(true);
    const html = await (await t.fetch(new URL(url).pathname)).text();
    const plan = PLANS[listing.subscriptionType];
    expect(html).toContain(`Account: ${listing.email}`);
    expect(html).toMatch(/<dt>Status<\/dt><dd>Active<\/dd>/);
    expect(html).toContain(`£${(plan.pricePence / 100).toFixed(2)} per ${plan.interval}`);
    // One row per seeded payment, newest first, each paid at the plan's price.
    const rows = [...html.matchAll(/<tr>\s*<td class="nowrap">([^<]+)<\/td>\s*<td>([^<]+)<\/td>\s*<td class="money nowrap">([^<]+)<\/td>\s*<td>([^<]+)<\/td>/g)];
    expect(rows).toHaveLength(listing.payments.length);
    for (const row of rows) {
      expect(row[3]).toBe(`£${(plan.pricePence / 100).toFixed(2)}`);
      expect(row[4]).toBe('Paid');
    }
    const ukDate = (d: Date) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' }).format(d);
    expect(rows.map((row) => row[1])).toEqual(listing.payments.map((p) => ukDate(p.paidAt)));
    expect(rows.at(-1)![2]).toMatch(/^First payment/);

    // Its subscription is a real one of the stand-in: renewing it there is reconciled like any other.
    const renew = await t.fetch(`${new URL(url).pathname}/subscriptions/${listing.stripeSubscriptionId}/renew`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: t.baseUrl },
      redirect: 'manual',
    });
    expect(renew.status).toBe(303);
    await expect.poll(() => db.prisma.payment.count({ where: { professionalId: listing.id } }), { timeout: 20_000 }).toBe(listing.payments.length + 1);
    const renewal = await db.prisma.payment.findFirstOrThrow({ where: { professionalId: listing.id }, orderBy: { paidAt: 'desc' } });
    expect(renewal).toMatchObject({ amountPence: plan.pricePence, stripeSubscriptionId: listing.stripeSubscriptionId, periodStart: listing.currentPeriodEnd });
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
