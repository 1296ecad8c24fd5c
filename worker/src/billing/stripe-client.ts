// The worker's stripe client: Stripe itself with STRIPE_SECRET_KEY, else the test-mode stand-in the
// API serves (at STRIPE_API_URL, else API_URL, else PUBLIC_URL). Same library, same calls either way.
import Stripe from 'stripe';
import { stripeConnection } from '../../../core/billing';
import type { WorkerEnv } from '../../../core/env-schema';

export function createStripe(env: Pick<WorkerEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL' | 'API_URL' | 'PUBLIC_URL'>): Stripe {
  const { apiKey, ...connection } = stripeConnection(env, env.API_URL ?? env.PUBLIC_URL);
  return new Stripe(apiKey, {
    ...(connection.host ? { host: connection.host, port: connection.port, protocol: connection.protocol } : {}),
    // The job is the retry: a failed call fails the job, which BullMQ retries with backoff.
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'ITConnect worker' },
  });
}
