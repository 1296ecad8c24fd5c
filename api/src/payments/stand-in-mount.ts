// The built-in test-mode payment provider, served by the API itself when no STRIPE_SECRET_KEY is
// set (docs/decisions/0008): the Stripe stand-in answers Stripe's REST paths (/v1/…, for the stripe
// library in this API and in the worker) and its own pages (/demo-pay/…: the "Test mode" checkout
// and billing pages). Its webhooks come back to this API's /api/stripe/webhook, signed with the
// same secret the webhook route checks, so a test-mode payment takes exactly the path of a real
// one. Its objects live in Redis under the app's prefix, so they outlast a restart.
import type { Middleware } from 'koa';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { STRIPE_WEBHOOK_PATH } from '../middleware/same-origin';
import { redisStore } from './stripe-stand-in/store';
import { createStripeStandIn, type StripeStandIn } from './stripe-stand-in/stripe-stand-in';

const STAND_IN_PATHS = /^\/(v1|demo-pay)(\/|$)/;

export interface MountedStandIn {
  middleware: Middleware;
  close(): Promise<void>;
}

export function mountStripeStandIn({
  publicUrl,
  ownUrl,
  webhookSecret,
  apiKey,
  redis,
  redisPrefix,
  logger,
}: {
  publicUrl: string;
  ownUrl: () => string;
  webhookSecret: string;
  /** The deployment's stand-in key (in Redis): the stand-in answers only our own stripe clients. */
  apiKey: () => Promise<string>;
  redis: Redis;
  redisPrefix: string;
  logger: Logger;
}): MountedStandIn {
  let standIn: Promise<StripeStandIn> | undefined;
  // Made on first use: the webhook address is this API's own, known once it listens.
  const get = () => {
    standIn ??= apiKey().then((key) =>
      createStripeStandIn({
        publicUrl,
        apiKey: key,
        webhook: { url: `${ownUrl()}${STRIPE_WEBHOOK_PATH}`, secret: webhookSecret },
        store: redisStore(redis, redisPrefix),
        logger: logger.child({ component: 'stripe-stand-in' }),
      }),
    );
    standIn.catch(() => (standIn = undefined));
    return standIn;
  };
  return {
    middleware: async (ctx, next) => {
      if (!STAND_IN_PATHS.test(ctx.path)) return next();
      const standInNow = await get();
      ctx.respond = false;
      const handled = await standInNow.handle(ctx.req, ctx.res);
      if (!handled) {
        ctx.respond = true;
        return next();
      }
    },
    close: async () => {
      await (await standIn?.catch(() => undefined))?.close();
    },
  };
}
