// The worker's stripe client: Stripe itself, or the Stripe stand-in process with PAYMENTS=stand-in,
// reached the same way (core/stripe-client.server.ts). Same library, same calls either way.
import type Stripe from 'stripe';
import type { WorkerEnv } from '../../../core/env-schema';
import { createStripeClient, type StripeClientEnv } from '../../../core/stripe-client.server';

export function stripeClient(env: Pick<WorkerEnv, keyof StripeClientEnv>): () => Promise<Stripe> {
  // The job is the retry: a failed call fails the job, which BullMQ retries with backoff.
  const client = Promise.resolve(createStripeClient(env, { maxNetworkRetries: 1, appName: 'ITConnect worker' }));
  return () => client;
}
