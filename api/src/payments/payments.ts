// The payments seam of the API (docs/architecture.md, Integrations): one `stripe` client, talking
// to Stripe itself (STRIPE_SECRET_KEY; STRIPE_API_URL for a test server) or, without a key, to the
// Stripe stand-in this API serves itself in test mode (stripe-stand-in/). Our code is the same
// either way: every call goes through the official library.
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { stripeConnection } from '../../../core/billing';
import type { ApiEnv } from '../env';

export interface Payments {
  /** The client (made on first use: the stand-in's address is known once the API listens). */
  stripe(): Stripe;
  /** True when the built-in test-mode provider takes payments. */
  readonly isStandIn: boolean;
  /** The secret webhook deliveries are signed with; null when none is configured (webhooks refused). */
  readonly webhookSecret: string | null;
}

/** In test mode without STRIPE_WEBHOOK_SECRET: a secret derived from the session key (stand-in and API share it). */
function derivedWebhookSecret(env: Pick<ApiEnv, 'SESSION_KEYS'>): string {
  return `whsec_${createHmac('sha256', env.SESSION_KEYS[0]!).update('itconnect stripe stand-in webhooks').digest('base64url')}`;
}

export function createPayments(env: ApiEnv, ownUrl: () => string): Payments {
  const isStandIn = !env.STRIPE_SECRET_KEY;
  let client: Stripe | undefined;
  return {
    isStandIn,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? (isStandIn ? derivedWebhookSecret(env) : null),
    stripe() {
      if (!client) {
        const { apiKey, ...connection } = stripeConnection(env, ownUrl());
        client = new Stripe(apiKey, {
          ...(connection.host ? { host: connection.host, port: connection.port, protocol: connection.protocol } : {}),
          // A request made twice (a retry after a timeout) is made once: the library sends idempotency keys.
          maxNetworkRetries: 2,
          timeout: 20_000,
          appInfo: { name: 'ITConnect' },
        });
      }
      return client;
    },
  };
}
