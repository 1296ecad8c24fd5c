// The payments seam of the API (docs/architecture.md, Integrations): one `stripe` client, talking to
// Stripe itself or, with PAYMENTS=stand-in, to the Stripe stand-in process (stand-ins/stripe/),
// reached the same way (core/stripe-client.server.ts). Our code is the same either way: every call
// goes through the official library, and webhooks arrive at /api/stripe/webhook signed as Stripe signs.
import Stripe from 'stripe';
import { paymentsMode } from '../../../core/env-schema';
import { createStripeClient } from '../../../core/stripe-client.server';
import type { ApiEnv } from '../env';

export interface Payments {
  /** The client (the library makes no call until asked). */
  stripe(): Promise<Stripe>;
  /** Checks webhook signatures (no network). */
  readonly webhooks: Stripe['webhooks'];
  /** True when the Stripe stand-in takes payments: no money moves, and every page says so. */
  readonly isStandIn: boolean;
  /** The secret webhook deliveries are signed with; null when none is configured (webhooks refused). */
  readonly webhookSecret: string | null;
}

export function createPayments(env: ApiEnv): Payments {
  const client = Promise.resolve(createStripeClient(env, { maxNetworkRetries: 2, appName: 'ITConnect' }));
  return {
    isStandIn: paymentsMode(env) === 'stand-in',
    webhooks: new Stripe('sk_webhook_signatures_only').webhooks,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    stripe: () => client,
  };
}
