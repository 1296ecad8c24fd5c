// The worker's stripe client: Stripe itself with STRIPE_SECRET_KEY, else the test-mode stand-in the
// API serves (at STRIPE_API_URL, else API_URL, else PUBLIC_URL; its key is the deployment's secret
// in Redis). Same library, same calls either way. Made on first use, then kept.
import type { Redis } from 'ioredis';
import type Stripe from 'stripe';
import { standInApiKey } from '../../../core/billing';
import { lazyStripe } from '../../../core/stripe-client.server';
import type { WorkerEnv } from '../../../core/env-schema';

export function stripeClient(
  env: Pick<WorkerEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL' | 'API_URL' | 'PUBLIC_URL' | 'REDIS_PREFIX'>,
  redis: Pick<Redis, 'set' | 'get'>,
): () => Promise<Stripe> {
  return lazyStripe({
    env,
    standInUrl: () => env.API_URL ?? env.PUBLIC_URL,
    standInKey: () => standInApiKey(redis as Parameters<typeof standInApiKey>[0], env.REDIS_PREFIX),
    // The job is the retry: a failed call fails the job, which BullMQ retries with backoff.
    maxNetworkRetries: 1,
    appName: 'ITConnect worker',
  });
}
