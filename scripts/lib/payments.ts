// Who takes payments when a script runs the product (npm start, npm run dev, start:cluster, the
// e2e runner; docs/decisions/0008). With Stripe keys: Stripe, and nothing to start. Without them
// (or with PAYMENTS=stand-in): the Stripe stand-in as a process of its own (stand-ins/stripe/
// main.ts), started here before the API and the worker, with a key, a webhook secret and a
// publishable key of this checkout's own (.data/secrets.json), and the environment that points the
// API and the worker at it exactly as at Stripe. A production start without keys and without
// PAYMENTS=stand-in is refused before anything starts (missingProductionKeys).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { paymentsMode, productionPaymentProblems, STAND_IN_DEFAULT_URL } from '../../core/env-schema';
import { createStripeClient } from '../../core/stripe-client.server';
import { colour } from './log';
import { ROOT } from './paths';
import { findFreePort } from './ports';
import { waitForListening } from './ready';
import { stripeSetup } from './stripe-setup';
import type { Supervisor } from './supervisor';

export { productionPaymentProblems };

export const STAND_IN_DEFAULT_PORT = Number(new URL(STAND_IN_DEFAULT_URL).port);

interface StandInSecrets {
  STRIPE_SECRET_KEY: string;
  STRIPE_WEBHOOK_SECRET: string;
  STRIPE_PUBLISHABLE_KEY: string;
}

/** The stand-in's keys of this checkout: made once, kept beside the session keys (mode 600). */
function standInSecrets(dataDir: string): StandInSecrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  const kept = stored.stripeStandIn as Partial<StandInSecrets> | undefined;
  if (kept?.STRIPE_SECRET_KEY && kept.STRIPE_WEBHOOK_SECRET && kept.STRIPE_PUBLISHABLE_KEY) return kept as StandInSecrets;
  const random = () => randomBytes(24).toString('hex');
  const secrets: StandInSecrets = {
    STRIPE_SECRET_KEY: `sk_test_standin_${random()}`,
    STRIPE_WEBHOOK_SECRET: `whsec_standin_${random()}`,
    STRIPE_PUBLISHABLE_KEY: `pk_test_standin_${random()}`,
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...stored, stripeStandIn: secrets }, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

export function isStandInPayments(source: NodeJS.ProcessEnv = process.env): boolean {
  const payments = source.PAYMENTS === 'stripe' || source.PAYMENTS === 'stand-in' ? source.PAYMENTS : undefined;
  return paymentsMode({ PAYMENTS: payments, STRIPE_SECRET_KEY: source.STRIPE_SECRET_KEY || undefined }) === 'stand-in';
}

export interface StandInPlan {
  /** Environment for the API and the worker (and the stand-in itself): PAYMENTS, the keys, STRIPE_API_URL. */
  env: NodeJS.ProcessEnv;
  port: number;
}

/**
 * The stand-in's port and environment. `host`: where the API listens (the stand-in listens there
 * too); `publicUrl`: the site's address (the stand-in's pages are on the same host name, its port).
 */
export async function planStandIn({ dataDir, host, publicUrl, webhookUrl, from = STAND_IN_DEFAULT_PORT }: { dataDir: string; host: string; publicUrl: string; webhookUrl: string; from?: number }): Promise<StandInPlan> {
  const listenHost = host === '0.0.0.0' ? '0.0.0.0' : '127.0.0.1';
  const port = Number(process.env.STRIPE_STAND_IN_PORT) || (await findFreePort(from, listenHost));
  const site = new URL(publicUrl);
  const secrets = process.env.STRIPE_SECRET_KEY ? { STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET ?? standInSecrets(dataDir).STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY: process.env.STRIPE_PUBLISHABLE_KEY ?? standInSecrets(dataDir).STRIPE_PUBLISHABLE_KEY } : standInSecrets(dataDir);
  return {
    port,
    env: {
      PAYMENTS: 'stand-in',
      ...secrets,
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
      STRIPE_STAND_IN_HOST: listenHost,
      STRIPE_STAND_IN_PORT: String(port),
      STRIPE_STAND_IN_PUBLIC_URL: process.env.STRIPE_STAND_IN_PUBLIC_URL || `${site.protocol}//${site.hostname}:${port}`,
      STRIPE_WEBHOOK_URL: webhookUrl,
    },
  };
}

/**
 * Starts the stand-in under the supervisor, waits until it listens, then configures it as
 * `npm run stripe:setup` configures a real account (prices, the customer portal, the webhook
 * endpoint's events), so test mode runs as live does.
 */
export async function startStandIn(supervisor: Supervisor, plan: StandInPlan, childEnv: NodeJS.ProcessEnv, { rawLogs = false }: { rawLogs?: boolean } = {}): Promise<void> {
  supervisor.spawnService('Stripe stand-in', process.execPath, ['--import', 'tsx', 'stand-ins/stripe/main.ts'], {
    cwd: ROOT,
    env: { ...childEnv, ...plan.env },
    prefix: colour.yellow('[stripe]'),
    rawLogs,
  });
  const listening = await waitForListening(plan.port, '127.0.0.1', { timeoutMs: 30_000, isCancelled: () => supervisor.isStopping });
  if (supervisor.isStopping) return;
  if (!listening) throw new Error(`The Stripe stand-in did not listen on port ${plan.port} within 30 s.`);
  const stripe = createStripeClient(
    {
      PAYMENTS: 'stand-in',
      STRIPE_SECRET_KEY: plan.env.STRIPE_SECRET_KEY,
      STRIPE_API_URL: plan.env.STRIPE_API_URL,
      STRIPE_IDEMPOTENCY_PREFIX: 'itconnect-setup',
      PUBLIC_URL: childEnv.PUBLIC_URL ?? 'http://localhost:3000',
      DATABASE_URL: 'postgresql://unused/none',
    },
    { maxNetworkRetries: 2, appName: 'ITConnect setup' },
  );
  await stripeSetup({ stripe, publicUrl: childEnv.PUBLIC_URL ?? 'http://localhost:3000', ...(plan.env.STRIPE_WEBHOOK_URL ? { webhookUrl: plan.env.STRIPE_WEBHOOK_URL } : {}) });
}
