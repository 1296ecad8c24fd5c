// The payments seam of the API (docs/architecture.md, Integrations): one `stripe` client, talking
// to Stripe itself (STRIPE_SECRET_KEY; STRIPE_API_URL for a test server) or, without a key, to the
// Stripe stand-in this API serves itself in test mode (stripe-stand-in/, mounted by
// stand-in-mount.ts). Our code is the same either way: every call goes through the official library.
import { createHmac } from 'node:crypto';
import type { Redis } from 'ioredis';
import Stripe from 'stripe';
import { standInApiKey } from '../../../core/billing';
import { lazyStripe } from '../../../core/stripe-client.server';
import type { ApiEnv } from '../env';

export interface Payments {
  /** The client (made on first use: the stand-in's key is read from Redis, its address known once the API listens). */
  stripe(): Promise<Stripe>;
  /** Checks webhook signatures (no network). */
  readonly webhooks: Stripe['webhooks'];
  /** True when the built-in test-mode provider takes payments. */
  readonly isStandIn: boolean;
  /** The secret webhook deliveries are signed with; null when none is configured (webhooks refused). */
  readonly webhookSecret: string | null;
  /** The stand-in's own key (test mode only): it answers nobody else. */
  standInKey(): Promise<string>;
}

/** In test mode without STRIPE_WEBHOOK_SECRET: a secret derived from the session key (stand-in and API share it). */
function derivedWebhookSecret(env: Pick<ApiEnv, 'SESSION_KEYS'>): string {
  return `whsec_${createHmac('sha256', env.SESSION_KEYS[0]!).update('itconnect stripe stand-in webhooks').digest('base64url')}`;
}

export function createPayments(env: ApiEnv, ownUrl: () => string, redis: Redis): Payments {
  const isStandIn = !env.STRIPE_SECRET_KEY;
  let standInKey: Promise<string> | undefined;
  const getStandInKey = () => {
    standInKey ??= standInApiKey(redis, env.REDIS_PREFIX);
    standInKey.catch(() => (standInKey = undefined));
    return standInKey;
  };
  const stripe = lazyStripe({ env, standInUrl: ownUrl, standInKey: getStandInKey, maxNetworkRetries: 2, appName: 'ITConnect' });
  return {
    isStandIn,
    webhooks: new Stripe('sk_webhook_signatures_only').webhooks,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? (isStandIn ? derivedWebhookSecret(env) : null),
    standInKey: getStandInKey,
    stripe,
  };
}
