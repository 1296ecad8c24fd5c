// One way to make the `stripe` client, for the API and the worker alike (docs/decisions/0008):
// Stripe itself, or the Stripe stand-in process (PAYMENTS=stand-in), reached the same way, through
// the library's host/port/protocol settings (STRIPE_API_URL). Our code is the same for both.
//
// Every idempotency key this client sends carries the deployment's prefix (STRIPE_IDEMPOTENCY_PREFIX,
// stripeIdempotencyPrefix()): call sites name the operation (`cancel_sub_…`), this one place makes
// the key the deployment's own, so two deployments or a restored copy sharing one Stripe account
// never get each other's saved answers.
import Stripe from 'stripe';
import { paymentsMode, STAND_IN_DEFAULT_URL, type ApiEnv } from './env-schema';

export type StripeClientEnv = Pick<ApiEnv, 'PAYMENTS' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL' | 'STRIPE_IDEMPOTENCY_PREFIX' | 'PUBLIC_URL' | 'DATABASE_URL'>;

/** The key the client sends when none is configured: the stand-in answers 401, and says so. */
const NO_KEY = 'sk_missing_set_STRIPE_SECRET_KEY';

/**
 * The deployment's idempotency prefix: STRIPE_IDEMPOTENCY_PREFIX, else the public host and the
 * database's name (`localhost-itconnect`): stable for the deployment's life, so a job retried
 * after a restart sends the same key; different for another site or another database.
 */
export function stripeIdempotencyPrefix(env: Pick<StripeClientEnv, 'STRIPE_IDEMPOTENCY_PREFIX' | 'PUBLIC_URL' | 'DATABASE_URL'>): string {
  if (env.STRIPE_IDEMPOTENCY_PREFIX) return env.STRIPE_IDEMPOTENCY_PREFIX;
  const database = decodeURIComponent(new URL(env.DATABASE_URL).pathname.slice(1)) || 'postgres';
  return `${new URL(env.PUBLIC_URL).host}-${database}`.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 60);
}

/** Where the library connects: Stripe itself (no options), or STRIPE_API_URL / the stand-in's default address. */
export function stripeConnection(env: Pick<StripeClientEnv, 'PAYMENTS' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  const base = env.STRIPE_API_URL ?? (paymentsMode(env) === 'stand-in' ? STAND_IN_DEFAULT_URL : undefined);
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

type HttpClient = ReturnType<typeof Stripe.createNodeHttpClient>;

/** The library's own HTTP client, with `prefix` put before every Idempotency-Key it sends. */
function prefixingHttpClient(prefix: string): HttpClient {
  const inner = Stripe.createNodeHttpClient();
  const client = Object.create(inner) as HttpClient;
  client.makeRequest = (host, port, path, method, headers, requestData, protocol, timeout) => {
    const key = headers['Idempotency-Key'];
    const sent = typeof key === 'string' && !key.startsWith(`${prefix}_`) ? { ...headers, 'Idempotency-Key': `${prefix}_${key}` } : headers;
    return inner.makeRequest(host, port, path, method, sent, requestData, protocol, timeout);
  };
  return client;
}

export interface StripeClientOptions {
  /** The API lets the library retry a call; in the worker the job is the retry. */
  maxNetworkRetries: number;
  appName: string;
}

export function createStripeClient(env: StripeClientEnv, { maxNetworkRetries, appName }: StripeClientOptions): Stripe {
  return new Stripe(env.STRIPE_SECRET_KEY ?? NO_KEY, {
    ...stripeConnection(env),
    httpClient: prefixingHttpClient(stripeIdempotencyPrefix(env)),
    // Retried calls are made once: the library sends idempotency keys with them.
    maxNetworkRetries,
    timeout: 20_000,
    appInfo: { name: appName },
  });
}
