// The Stripe stand-in as its own process (docs/decisions/0008): `npm start`, `npm run dev` and the
// e2e runner start it when no Stripe key is set, and the API and the worker reach it exactly as
// they reach Stripe, through the `stripe` library's host/port/protocol settings (STRIPE_API_URL).
// Nothing of ours imports this folder but scripts and tests: the production bundles never hold it.
//
// Its environment (the same names the API reads, so one environment serves all three processes):
//   STRIPE_SECRET_KEY             the only secret key it answers (sk_…)
//   STRIPE_WEBHOOK_URL            where events are POSTed (unset: kept, not delivered)
//   STRIPE_WEBHOOK_SECRET         what they are signed with (whsec_…; required with the URL)
//   STRIPE_STAND_IN_HOST / _PORT  where it listens (127.0.0.1:12111, stripe-mock's port)
//   STRIPE_STAND_IN_PUBLIC_URL    where browsers reach its pages (default: its own address)
//   PUBLIC_URL                    the site allowed to call its card form's endpoint (CORS)
//   REDIS_URL / REDIS_PREFIX      keep its objects in Redis across restarts (unset: in memory)
//   STRIPE_STAND_IN_CHAOS         1: deliver webhooks as Stripe really may, every event twice (the
//                                 second late, after the next one) and each call's events newest
//                                 first, to try the webhook handler against it (unset or 0: once
//                                 each, in order)
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { z } from 'zod';
import { startStripeStandIn } from './stripe-stand-in';
import { memoryStore, redisStore } from './store';

export const STAND_IN_DEFAULT_PORT = 12111;

const StandInEnv = z
  .object({
    STRIPE_SECRET_KEY: z.string().regex(/^sk_/, 'must start with sk_'),
    STRIPE_WEBHOOK_URL: z.url().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_STAND_IN_HOST: z.literal('127.0.0.1').or(z.literal('0.0.0.0')).default('127.0.0.1'),
    STRIPE_STAND_IN_PORT: z.coerce.number().int().min(1).max(65535).default(STAND_IN_DEFAULT_PORT),
    STRIPE_STAND_IN_PUBLIC_URL: z.url().optional(),
    PUBLIC_URL: z.url().optional(),
    REDIS_URL: z.url().optional(),
    REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/).default('itc'),
    STRIPE_STAND_IN_CHAOS: z.enum(['0', '1']).default('0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((env) => !env.STRIPE_WEBHOOK_URL || env.STRIPE_WEBHOOK_SECRET, { path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required with STRIPE_WEBHOOK_URL' });

const empty = (value: string | undefined) => (value === '' ? undefined : value);
const parsed = StandInEnv.safeParse(Object.fromEntries(Object.entries(process.env).map(([key, value]) => [key, empty(value)])));
if (!parsed.success) {
  process.stderr.write('The Stripe stand-in cannot start: its configuration has problems:\n');
  for (const issue of parsed.error.issues) process.stderr.write(`  - ${String(issue.path[0])}: ${issue.message}\n`);
  process.exit(1);
}
const env = parsed.data;
const logger = pino({ level: env.LOG_LEVEL, base: { component: 'stripe-stand-in' } });
const chaos = env.STRIPE_STAND_IN_CHAOS === '1';
const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 }) : null;
redis?.on('error', (err) => logger.warn({ err }, 'redis connection error'));

const running = await startStripeStandIn({
  host: env.STRIPE_STAND_IN_HOST,
  port: env.STRIPE_STAND_IN_PORT,
  ...(env.STRIPE_STAND_IN_PUBLIC_URL ? { publicUrl: env.STRIPE_STAND_IN_PUBLIC_URL } : {}),
  apiKey: env.STRIPE_SECRET_KEY,
  ...(env.STRIPE_WEBHOOK_URL && env.STRIPE_WEBHOOK_SECRET ? { webhook: { url: env.STRIPE_WEBHOOK_URL, secret: env.STRIPE_WEBHOOK_SECRET } } : {}),
  allowedOrigins: env.PUBLIC_URL ? [new URL(env.PUBLIC_URL).origin] : [],
  store: redis ? redisStore(redis, env.REDIS_PREFIX) : memoryStore(),
  logger,
  ...(chaos ? { deliveryChaos: { duplicates: true, reorder: true } } : {}),
});
logger.info(
  { url: running.url, webhook: env.STRIPE_WEBHOOK_URL ?? null, store: redis ? 'redis' : 'memory', deliveryChaos: chaos },
  `Stripe stand-in listening on ${running.url} (test mode: no real payments)`,
);

let isStopping = false;
async function stop(signal: string): Promise<void> {
  if (isStopping) return;
  isStopping = true;
  logger.info({ signal }, 'shutting down');
  await running.close();
  redis?.disconnect();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
