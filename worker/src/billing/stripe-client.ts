// The worker's stripe client: Stripe itself with STRIPE_SECRET_KEY, else the test-mode stand-in the
// API serves (at STRIPE_API_URL, else API_URL, else PUBLIC_URL; its key is the deployment's secret
// in Redis). Same library, same calls either way. Made on first use, then kept.
import type { Redis } from 'ioredis';
import Stripe from 'stripe';
import { standInApiKey, stripeConnection } from '../../../core/billing';
import type { WorkerEnv } from '../../../core/env-schema';

export function stripeClient(
  env: Pick<WorkerEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL' | 'API_URL' | 'PUBLIC_URL' | 'REDIS_PREFIX'>,
  redis: Pick<Redis, 'set' | 'get'>,
): () => Promise<Stripe> {
  let client: Promise<Stripe> | undefined;
  return () => {
    client ??= (async () => {
      const connection = stripeConnection(env, env.API_URL ?? env.PUBLIC_URL);
      const apiKey = env.STRIPE_SECRET_KEY ?? (await standInApiKey(redis as Parameters<typeof standInApiKey>[0], env.REDIS_PREFIX));
      return new Stripe(apiKey, {
        ...(connection.host ? { host: connection.host, port: connection.port, protocol: connection.protocol } : {}),
        // The job is the retry: a failed call fails the job, which BullMQ retries with backoff.
        maxNetworkRetries: 1,
        timeout: 20_000,
        appInfo: { name: 'ITConnect worker' },
      });
    })();
    client.catch(() => (client = undefined));
    return client;
  };
}
