// `npm run stripe:setup` against the Stripe stand-in, as an operator runs it against Stripe: the
// first run makes the listing's product and prices, the customer portal's configuration and the
// webhook endpoint (and prints its secret); a second run finds them all and makes nothing.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CONFIGURATION_METADATA, RECONCILED_STRIPE_EVENTS } from '../../core/billing';
import { PLANS } from '../../core/plans';
import { startStripeStandIn, type RunningStripeStandIn } from '../../stand-ins/stripe/stripe-stand-in';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const PUBLIC_URL = 'https://itconnect.example';

let standIn: RunningStripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = new Stripe(standIn.apiKey, { host: '127.0.0.1', port: standIn.port, protocol: 'http' });
});

afterAll(async () => {
  await standIn?.close();
});

function setup(env: Record<string, string> = {}) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/stripe-setup.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', STRIPE_SECRET_KEY: standIn.apiKey, STRIPE_API_URL: standIn.url, PUBLIC_URL, ...env },
  });
}

describe('npm run stripe:setup', () => {
  it('makes what the account needs, prints the webhook secret once, and changes nothing when run again', async () => {
    const first = await setup();
    const secret = /STRIPE_WEBHOOK_SECRET=(whsec_\S+)/.exec(first.stdout)?.[1];
    expect(secret).toBeDefined();

    const prices = await stripe.prices.list({ lookup_keys: ['itconnect_listing_monthly', 'itconnect_listing_yearly'], active: true });
    expect(prices.data.map((p) => [p.lookup_key, p.unit_amount, p.recurring?.interval, p.product]).sort()).toEqual([
      ['itconnect_listing_monthly', PLANS.monthly.pricePence, 'month', 'itconnect_listing'],
      ['itconnect_listing_yearly', PLANS.yearly.pricePence, 'year', 'itconnect_listing'],
    ]);
    const priceOf = (plan: string) => prices.data.find((p) => p.lookup_key === `itconnect_listing_${plan}`)!.id;
    const configurations = (await stripe.billingPortal.configurations.list()).data.filter((c) => c.metadata?.purpose === PORTAL_CONFIGURATION_METADATA.purpose);
    expect(configurations).toHaveLength(1);
    expect(configurations[0]!.features).toMatchObject({
      subscription_cancel: { enabled: true, mode: 'at_period_end' },
      subscription_update: { enabled: true, proration_behavior: 'none', products: [{ product: 'itconnect_listing', prices: [priceOf('monthly'), priceOf('yearly')] }] },
      payment_method_update: { enabled: true },
    });
    const endpoints = (await stripe.webhookEndpoints.list()).data;
    expect(endpoints.map((e) => [e.url, [...e.enabled_events].sort()])).toEqual([[`${PUBLIC_URL}/api/stripe/webhook`, [...RECONCILED_STRIPE_EVENTS].sort()]]);
    // Its secret is the one that signs the deliveries.
    const payload = JSON.stringify({ id: 'evt_test', object: 'event', type: 'invoice.paid' });
    expect(() => stripe.webhooks.constructEvent(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: secret! }), secret!)).not.toThrow();

    const second = await setup();
    expect(second.stdout).not.toMatch(/STRIPE_WEBHOOK_SECRET=whsec_/);
    expect(second.stdout).toMatch(/the endpoint existed already, so keep the secret in use/);
    expect((await stripe.prices.list({ limit: 100 })).data).toHaveLength(2);
    expect((await stripe.billingPortal.configurations.list()).data).toHaveLength(1);
    expect((await stripe.webhookEndpoints.list()).data).toHaveLength(1);
  }, 60_000);

  it('refuses a live key with a webhook address Stripe would not send to, and names what is missing', async () => {
    await expect(setup({ STRIPE_SECRET_KEY: 'sk_live_x', PUBLIC_URL: 'http://localhost:3000' })).rejects.toMatchObject({ stderr: expect.stringMatching(/only to https addresses/) });
    await expect(setup({ STRIPE_SECRET_KEY: '', PUBLIC_URL: '' })).rejects.toMatchObject({ stderr: expect.stringMatching(/STRIPE_SECRET_KEY: [\s\S]*PUBLIC_URL: /) });
  }, 60_000);
});
