// One way to make the `stripe` client, for the API and the worker alike: Stripe itself with
// STRIPE_SECRET_KEY (at STRIPE_API_URL when set: a test server), else the test-mode stand-in the
// API serves, with the deployment's stand-in key. Made on first use and kept; a failure to make it
// (Redis down while reading the key) is not kept, so the next call tries again.
import Stripe from 'stripe';
import { stripeConnection } from './billing';

export interface LazyStripeOptions {
  env: { STRIPE_SECRET_KEY?: string | undefined; STRIPE_API_URL?: string | undefined };
  /** Where the stand-in is served when STRIPE_API_URL is not set (the API's own address). */
  standInUrl: () => string;
  standInKey: () => Promise<string>;
  /** The API lets the library retry a call; in the worker the job is the retry. */
  maxNetworkRetries: number;
  appName: string;
}

export function lazyStripe({ env, standInUrl, standInKey, maxNetworkRetries, appName }: LazyStripeOptions): () => Promise<Stripe> {
  let client: Promise<Stripe> | undefined;
  return () => {
    client ??= (async () => {
      const connection = stripeConnection(env, standInUrl());
      const apiKey = env.STRIPE_SECRET_KEY ?? (await standInKey());
      return new Stripe(apiKey, {
        ...(connection.host ? { host: connection.host, port: connection.port, protocol: connection.protocol } : {}),
        // Retried calls are made once: the library sends idempotency keys with them.
        maxNetworkRetries,
        timeout: 20_000,
        appInfo: { name: appName },
      });
    })();
    client.catch(() => (client = undefined));
    return client;
  };
}
