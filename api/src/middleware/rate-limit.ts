// Rate limits on Redis (rate-limiter-flexible), shared by every API process. `createRateLimit`
// binds the Redis client once and gives two makers:
//   limiter({ keyPrefix, points, duration })  a limit a route spends itself, once it has parsed its
//                                             input: `await loginPerIp.consume(ctx.ip)`;
//   rateLimit({ ..., key, skip })             the same as a middleware (the general per-IP limit).
// Over the limit: 429 with Retry-After. If Redis fails, requests pass (logged): a rate limiter
// must not take the site down; /api/ready reports Redis.
import type { Context, Middleware } from 'koa';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from '../domain/app-error';

export interface LimitOptions {
  /** Names this limit's counters in Redis (`${REDIS_PREFIX}:rl:<keyPrefix>:<key>`). */
  keyPrefix: string;
  /** Requests allowed per window. */
  points: number;
  /** Window length in seconds. */
  duration: number;
}

export interface RateLimitOptions extends LimitOptions {
  /** Whose budget a request spends (the client IP, an e-mail address, ...). */
  key: (ctx: Context) => string;
  /** Requests this middleware lets through without counting. */
  skip?: (ctx: Context) => boolean;
}

export interface Limiter {
  /** Spends one point of `key`'s budget; throws the 429 AppError when it is used up. */
  consume(key: string, log?: Logger): Promise<void>;
}

export interface RateLimits {
  limiter(options: LimitOptions): Limiter;
  rateLimit(options: RateLimitOptions): Middleware;
}

export function createRateLimit({ redis, redisPrefix, logger }: { redis: Redis; redisPrefix: string; logger: Logger }): RateLimits {
  const limiter = (options: LimitOptions): Limiter => {
    const store = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${redisPrefix}:rl:${options.keyPrefix}`,
      points: options.points,
      duration: options.duration,
    });
    return {
      async consume(key, log = logger) {
        try {
          await store.consume(key);
        } catch (rejection) {
          if (rejection instanceof RateLimiterRes) throw rateLimited(rejection.msBeforeNext);
          log.warn({ err: rejection, limit: options.keyPrefix }, 'rate limiter unavailable; request let through');
        }
      },
    };
  };
  return {
    limiter,
    rateLimit: (options) => {
      const limit = limiter(options);
      return async (ctx, next) => {
        if (!options.skip?.(ctx)) await limit.consume(options.key(ctx), ctx.state.log);
        return next();
      };
    },
  };
}
