// Test mode, as `npm start` runs it without Stripe keys: the Stripe stand-in is a process of its own
// (stand-ins/stripe/main.ts, started with the environment scripts/lib/payments.ts gives it), the API
// and the worker reach it through the stripe library's host and port as they would reach Stripe,
// and a test-mode payment goes the same way as a real one: its checkout page → signed webhook to
// the API → queue → worker → rows. The API itself serves none of the stand-in's paths.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../core/plans';
import { createUser, postJson, signIn, solveCaptcha } from '../../api/src/testing/accounts';
import { indexTemplate } from '../../api/src/testing/index-template';
import { serveTestApp, type TestApp } from '../../api/src/testing/serve-test-app';
import { DEMO_PAYMENTS_BANNER } from '../../core/site-config';
import type { RunningWorker } from '../../worker/src/start-worker';
import { seedDemoData, type DemoAccount } from '../../scripts/db/seed/demo-seed';
import { findFreePort } from '../../scripts/lib/ports';
import { waitForListening } from '../../scripts/lib/ready';
import { stripeSetup } from '../../scripts/lib/stripe-setup';
import { startAppWorker } from '../support/app-worker';
import { createTestDatabase, getTestRedisUrl, type TestDatabase } from '../support/services';

const ROOT = path.resolve(import.meta.dirname, '../..');
const KEY = 'sk_test_standin_billing_demo';
const WEBHOOK_SECRET = 'whsec_standin_billing_demo';

let db: TestDatabase;
let t: TestApp;
let worker: RunningWorker;
let standIn: ChildProcess;
let standInUrl: string;
let demoProvider: DemoAccount;
let staticDir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const port = await findFreePort(12200);
  standInUrl = `http://127.0.0.1:${port}`;
  const payments = { PAYMENTS: 'stand-in', STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: standInUrl };
  staticDir = await mkdtemp(path.join(tmpdir(), 'itc-billing-demo-'));
  await writeFile(path.join(staticDir, 'index.html'), indexTemplate());
  t = await serveTestApp({ database: db, env: { ...payments, STATIC_DIR: staticDir, PUBLIC_URL: 'http://localhost:3000', APPLY_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_MINUTE: '100000', LOGIN_LIMIT_PER_IP: '1000' } });
  // The demo data as `npm start` writes it in test mode: the demo provider's billing in the stand-in's store too.
  const seeded = await seedDemoData({ databaseUrl: db.url, redisUrl: getTestRedisUrl(), redisPrefix: t.env.REDIS_PREFIX, nodeEnv: 'test', stripeStandIn: true });
  if (!seeded.seeded) throw new Error(seeded.reason);
  demoProvider = seeded.accounts.find((a) => a.role === 'provider')!;
  standIn = spawn(process.execPath, ['--import', 'tsx', 'stand-ins/stripe/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      ...payments,
      STRIPE_STAND_IN_PORT: String(port),
      STRIPE_WEBHOOK_URL: `${t.baseUrl}/api/stripe/webhook`,
      PUBLIC_URL: 'http://localhost:3000',
      REDIS_URL: getTestRedisUrl(),
      REDIS_PREFIX: t.env.REDIS_PREFIX,
      LOG_LEVEL: 'warn',
    },
  });
  if (!(await waitForListening(port, '127.0.0.1', { timeoutMs: 20_000 }))) throw new Error('the stand-in did not start');
  // As npm start configures it (scripts/lib/payments.ts): prices, the customer portal, the endpoint's events.
  await stripeSetup({ stripe: await t.api.deps.payments.stripe(), publicUrl: t.env.PUBLIC_URL, webhookUrl: `${t.baseUrl}/api/stripe/webhook` });
  worker = await startAppWorker(db, t, { ...payments, MAIL_DIR: '/tmp/itc-billing-demo-mail' });
});

afterAll(async () => {
  await worker?.close();
  if (standIn && standIn.exitCode === null) {
    standIn.kill('SIGTERM');
    await once(standIn, 'exit');
  }
  await t?.close();
  await db?.drop();
  if (staticDir) await rm(staticDir, { recursive: true, force: true });
});

describe('test mode (the Stripe stand-in as its own process)', () => {
  it('takes a payment on its own checkout page and reconciles it through the webhook and the worker', async () => {
    // A customer applies (a visitor's form would first wait for the e-mailed link: billing-own-address.int.test.ts).
    const { email } = await createUser(db.prisma);
    const cookie = await signIn(t, email);
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
      socialLinks: [],
      captcha: await solveCaptcha(t),
    }, cookie);
    expect(res.status).toBe(200);
    const { checkoutUrl, applicationId } = (await res.json()) as { checkoutUrl: string; applicationId: number };
    // The checkout page is the stand-in's own, on its own address, marked as test mode.
    expect(checkoutUrl.startsWith(`${standInUrl}/demo-pay/checkout/`)).toBe(true);
    const page = await fetch(checkoutUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/TEST MODE/);
    expect(html).toContain('£3.00');

    // The page's Pay button: a form post to the stand-in, which sends the browser back to the site.
    const paid = await fetch(`${checkoutUrl}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'cardNumber=4242+4242+4242+4242',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`http://localhost:3000/application-success?session_id=cs_`);

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
    expect(url.startsWith(`${standInUrl}/demo-pay/billing/bps_`)).toBe(true);
    const html = await (await fetch(url)).text();
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
    const renew = await fetch(`${url}/subscriptions/${listing.stripeSubscriptionId}/renew`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(renew.status).toBe(303);
    await expect.poll(() => db.prisma.payment.count({ where: { professionalId: listing.id } }), { timeout: 20_000 }).toBe(listing.payments.length + 1);
    const renewal = await db.prisma.payment.findFirstOrThrow({ where: { professionalId: listing.id }, orderBy: { paidAt: 'desc' } });
    expect(renewal).toMatchObject({ amountPence: plan.pricePence, stripeSubscriptionId: listing.stripeSubscriptionId, periodStart: listing.currentPeriodEnd });
  });

  it("answers Stripe's paths only to the key it was started with; the API serves none of them", async () => {
    for (const key of ['sk_test_guess', 'sk_live_anything']) {
      expect((await fetch(`${standInUrl}/v1/events`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(401);
    }
    expect((await fetch(`${standInUrl}/v1/customers`)).status).toBe(401);
    expect((await fetch(`${standInUrl}/v1/events`, { headers: { Authorization: `Bearer ${KEY}` } })).status).toBe(200);
    // The API has no such paths: to it they are pages of the SPA, not Stripe's answers.
    for (const path of ['/v1/events', '/demo-pay/checkout/cs_test_none']) {
      const res = await t.fetch(path, { headers: { Authorization: `Bearer ${KEY}` } });
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it(`says '${DEMO_PAYMENTS_BANNER}' on every page, before any script runs`, async () => {
    for (const page of ['/', '/professionals', '/apply', '/login', '/no-such-page']) {
      const html = await (await t.fetch(page)).text();
      expect(html).toMatch(new RegExp(`<body>\\s*<aside aria-label="Demo site"[^>]*><p[^>]*>${DEMO_PAYMENTS_BANNER}</p></aside>`));
      // Its height, which the sticky header and the toasts step below, is set before the body.
      expect(html).toMatch(/<head>[^]*<style>:root\{--demo-banner-h:\d+px\}<\/style>[^]*<\/head>/);
    }
  });

  it("tells the browser where the card form posts, lets the site's pages call it, and no other site's", async () => {
    const config = (await (await t.fetch('/api/site-config')).json()) as { payments: unknown };
    expect(config.payments).toEqual({ provider: 'demo', confirmUrl: `${standInUrl}/demo-pay/confirm` });
    const csp = (await t.fetch('/api/site-config')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${standInUrl.replace(/[.]/g, '\\.')}(;|$)`));
    const preflight = (origin: string) =>
      fetch(`${standInUrl}/demo-pay/confirm`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
    expect((await preflight('http://localhost:3000')).headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});
