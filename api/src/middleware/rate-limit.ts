// Rate limits on Redis (rate-limiter-flexible), shared by every API process. `createRateLimit`
// binds the Redis client once; the `rateLimit({...})` it returns makes a middleware per use: the
// general per-IP limit on /api (app.ts), and later stricter ones for sign-in and forms, e.g.
//   rateLimit({ keyPrefix: 'login', points: 5, duration: 15 * 60, key: (ctx) => ctx.ip })
// Over the limit: 429 with Retry-After. If Redis fails, requests pass (logged): a rate limiter
// must not take the site down; /api/ready reports Redis.
import type { Context, Middleware } from 'koa';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../domain/app-error';

export interface RateLimitOptions {
  /** Names this limit's counters in Redis (`${REDIS_PREFIX}:rl:<keyPrefix>:<key>`). */
  keyPrefix: string;
  /** Requests allowed per window. */
  points: number;
  /** Window length in seconds. */
  duration: number;
  /** Whose budget a request spends (the client IP, an e-mail address, ...). */
  key: (ctx: Context) => string;
  /** Requests this middleware lets through without counting. */
  skip?: (ctx: Context) => boolean;
}

export type RateLimit = (options: RateLimitOptions) => Middleware;

export function rateLimitedMessage(seconds: number): string {
  return `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

export function createRateLimit({
  redis,
  redisPrefix,
  logger,
}: {
  redis: Redis;
  redisPrefix: string;
  logger: Logger;
}): RateLimit {
  return (options) => {
    const limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${redisPrefix}:rl:${options.keyPrefix}`,
      points: options.points,
      duration: options.duration,
    });
    return async (ctx, next) => {
      if (options.skip?.(ctx)) return next();
      try {
        await limiter.consume(options.key(ctx));
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
          throw new AppError('rate_limited', rateLimitedMessage(seconds), {
            headers: { 'Retry-After': String(seconds) },
          });
        }
        (ctx.state.log ?? logger).warn({ err: rejection, limit: options.keyPrefix }, 'rate limiter unavailable; request let through');
      }
      return next();
    };
  };
}
