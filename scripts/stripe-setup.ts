// `npm run stripe:setup`: makes (or finds again) what the Stripe account needs before the site
// takes real money (scripts/lib/stripe-setup.ts; docs/deploy.md, Going live with Stripe), and prints
// what to put in the environment. Idempotent: run it again after a change of prices or URL.
//   STRIPE_SECRET_KEY   required (sk_live_… for real money, sk_test_… to try it in Stripe's test mode)
//   PUBLIC_URL          required: the site's address (the webhook endpoint and the portal's links)
//   STRIPE_API_URL      optional: a Stripe-compatible server instead of Stripe (the stand-in)
// Options: --webhook-url <url> (default <PUBLIC_URL>/api/stripe/webhook).
import { z } from 'zod';
import { createStripeClient } from '../core/stripe-client.server';
import { loadDotEnv } from './lib/dotenv';
import { describeSetup, stripeSetup } from './lib/stripe-setup';

const SetupEnv = z.object({
  STRIPE_SECRET_KEY: z.string().regex(/^sk_/, 'must be a secret key (sk_live_… or sk_test_…)'),
  PUBLIC_URL: z.url(),
  STRIPE_API_URL: z.url().optional(),
  /** Setup's calls are named by what they make (the product, a price of an amount): one prefix will do. */
  STRIPE_IDEMPOTENCY_PREFIX: z.string().regex(/^[A-Za-z0-9_.-]{1,60}$/).default('itconnect-setup'),
});

async function main(): Promise<number> {
  loadDotEnv();
  const parsed = SetupEnv.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    console.error('stripe:setup needs:');
    for (const issue of parsed.error.issues) console.error(`  - ${String(issue.path[0])}: ${issue.message}`);
    return 1;
  }
  const env = parsed.data;
  const flag = process.argv.indexOf('--webhook-url');
  const webhookUrl = flag === -1 ? `${env.PUBLIC_URL.replace(/\/+$/, '')}/api/stripe/webhook` : process.argv[flag + 1];
  if (!webhookUrl) {
    console.error('--webhook-url needs a URL');
    return 1;
  }
  if (env.STRIPE_SECRET_KEY.startsWith('sk_live_') && !webhookUrl.startsWith('https://')) {
    console.error(`Stripe sends live events only to https addresses: ${webhookUrl}`);
    return 1;
  }
  // The prefix is set, so no database is named (createStripeClient reads its name only for a default prefix).
  const stripe = createStripeClient({ ...env, PAYMENTS: 'stripe', DATABASE_URL: 'postgresql://unused/none' }, { maxNetworkRetries: 2, appName: 'ITConnect setup' });
  const result = await stripeSetup({ stripe, publicUrl: env.PUBLIC_URL, webhookUrl });
  for (const line of describeSetup(result)) console.log(line);
  console.log(`STRIPE_SECRET_KEY: the key you ran this with. STRIPE_PUBLISHABLE_KEY: the matching pk_${env.STRIPE_SECRET_KEY.startsWith('sk_live_') ? 'live' : 'test'}_… key from the dashboard (Developers, API keys).`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`stripe:setup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
