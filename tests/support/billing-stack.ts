// The money path on one machine, for integration tests: the API (serveTestApp) and the worker
// (in-process, or none when a test runs its own) on one database and Redis prefix, a real SMTP
// server, and "Stripe": the Stripe stand-in as a separate HTTP server reached through the stripe
// library's host/port settings (STRIPE_SECRET_KEY set: the production code path, not test mode),
// delivering signed webhooks to the API.
import { stripeSetup } from '../../scripts/lib/stripe-setup';
import { startStripeStandIn, type RunningStripeStandIn } from '../../stand-ins/stripe/stripe-stand-in';
import { serveTestApp, type TestApp } from '../../api/src/testing/serve-test-app';
import type { RunningWorker } from '../../worker/src/start-worker';
import { appWorkerEnv, startAppWorker } from './app-worker';
import { createTestDatabase, type TestDatabase } from './services';
import { startTestSmtp, type TestSmtp } from './smtp';

export const WEBHOOK_SECRET = 'whsec_test_itconnect_billing';

export interface BillingStack {
  db: TestDatabase;
  t: TestApp;
  stripe: RunningStripeStandIn;
  smtp: TestSmtp;
  /** The worker's environment (for a worker started elsewhere, e.g. as a child process). */
  workerEnv: Record<string, string>;
  worker: RunningWorker | null;
  close(): Promise<void>;
}

export async function startBillingStack({
  withWorker = true,
  apiEnv = {},
  workerEnv: workerSettings = {},
}: { withWorker?: boolean; apiEnv?: Record<string, string>; workerEnv?: Record<string, string> } = {}): Promise<BillingStack> {
  const db = await createTestDatabase();
  const smtp = await startTestSmtp();
  const stripe = await startStripeStandIn({ retryDelaysMs: [100, 200, 400, 800] });
  const t = await serveTestApp({
    database: db,
    env: {
      STRIPE_SECRET_KEY: stripe.apiKey,
      STRIPE_API_URL: stripe.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      APPLY_LIMIT_PER_IP: '1000',
      LOGIN_LIMIT_PER_IP: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...apiEnv,
    },
  });
  await stripe.controls.setWebhook({ url: `${t.baseUrl}/api/stripe/webhook`, secret: WEBHOOK_SECRET });
  // Prices and the customer portal, as npm run stripe:setup makes them (the webhook keeps every event: tests read them all).
  await stripeSetup({ stripe: await t.api.deps.payments.stripe(), publicUrl: t.env.PUBLIC_URL });
  const workerEnv = appWorkerEnv(db, t, { SMTP_URL: smtp.url, STRIPE_SECRET_KEY: stripe.apiKey, STRIPE_API_URL: stripe.url, ...workerSettings });
  const stack: BillingStack = {
    db,
    t,
    stripe,
    smtp,
    workerEnv,
    worker: withWorker ? await startAppWorker(db, t, workerEnv) : null,
    async close() {
      // The worker a test put in its place, if it did.
      await stack.worker?.close();
      await stripe.close();
      await t.close();
      await smtp.close();
      await db.drop();
    },
  };
  return stack;
}
