// Rate limits on Redis (rate-limiter-flexible), shared by every API process. `createRateLimit`
// binds the Redis client once and gives two makers:
//   limiter({ keyPrefix, points, duration })  a limit a route spends itself, once it has parsed its
//                                             input: `await loginPerIp.consume(ctx.ip)`;
//   rateLimit({ ..., key, skip })             the general per-IP limit, as a middleware: it takes
//                                             its points from Redis in leases (below).
// Over the limit: 429 with Retry-After. If Redis fails, requests pass (logged): a rate limiter
// must not take the site down; /api/ready reports Redis.
//
// Leases (decision 0022): asking Redis on every request cost the API a round trip per request
// (6–8% of its thread under load). So the general limit, when a key has plenty left, takes a lease
// of up to LEASE_MAX points at once (at most a tenth of what is left) and spends it in this
// process until it is used or the window ends. Leased points count in Redis as spent, so every process together
// never lets more through than the limit: a lease only makes the limit stricter, by what is leased
// and not used before the window ends. Near the limit leases shrink to nothing and every request
// asks Redis, as before. The per-action limits (sign-in, reviews, ...) are small and always exact.
import type { Context, Middleware } from 'koa';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from '../domain/app-error';

/** The most points one lease takes, and the share of what a key has left it may take (1/10). */
const LEASE_MAX = 50;
const LEASE_SHARE = 10;
/** Keys with a lease kept at most (the least recently used lose theirs: their points stay spent). */
const LEASED_KEYS = 50_000;

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

interface Lease {
  left: number;
  /** When the Redis window the points were taken in ends (ms since the epoch). */
  until: number;
}

export function createRateLimit({ redis, redisPrefix, logger }: { redis: Redis; redisPrefix: string; logger: Logger }): RateLimits {
  const storeFor = (options: LimitOptions) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${redisPrefix}:rl:${options.keyPrefix}`,
      points: options.points,
      duration: options.duration,
    });

  /** Spends `points` in Redis: what is left then, or the 429; null when Redis could not be asked (let through). */
  const spend = async (store: RateLimiterRedis, options: LimitOptions, key: string, points: number, log: Logger): Promise<RateLimiterRes | null> => {
    try {
      return await store.consume(key, points);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw rateLimited(rejection.msBeforeNext);
      log.warn({ err: rejection, limit: options.keyPrefix }, 'rate limiter unavailable; request let through');
      return null;
    }
  };

  const limiter = (options: LimitOptions): Limiter => {
    const store = storeFor(options);
    return {
      async consume(key, log = logger) {
        await spend(store, options, key, 1, log);
      },
    };
  };

  /** The general limit, in leases (see the top of this file). */
  const leasedLimiter = (options: LimitOptions): Limiter => {
    const store = storeFor(options);
    const leases = new LRUCache<string, Lease>({ max: LEASED_KEYS });
    /** A key's request asking Redis now: the key's other requests wait for its lease instead of asking too. */
    const asking = new Map<string, Promise<void>>();
    const ask = async (key: string, log: Logger): Promise<void> => {
      const spent = await spend(store, options, key, 1, log);
      const take = spent ? Math.min(LEASE_MAX, Math.floor(spent.remainingPoints / LEASE_SHARE)) : 0;
      if (take === 0) return;
      // Taken now, spent by the next requests: if others took the rest meanwhile, Redis refuses
      // the lease (its points stay counted, the stricter way) and this request still passes.
      const leased = await spend(store, options, key, take, log).catch(() => null);
      if (leased) leases.set(key, { left: take, until: Date.now() + leased.msBeforeNext });
    };
    return {
      async consume(key, log = logger) {
        for (;;) {
          const lease = leases.get(key);
          if (lease && lease.left > 0 && lease.until > Date.now()) {
            lease.left -= 1;
            return;
          }
          const other = asking.get(key);
          if (!other) break;
          await other;
        }
        const mine = ask(key, log);
        // The others wait for it to settle, not for its answer (its 429 is its own).
        const settled = mine.catch(() => undefined);
        asking.set(key, settled);
        try {
          await mine;
        } finally {
          if (asking.get(key) === settled) asking.delete(key);
        }
      },
    };
  };

  return {
    limiter,
    rateLimit: (options) => {
      const limit = leasedLimiter(options);
      return async (ctx, next) => {
        if (!options.skip?.(ctx)) await limit.consume(options.key(ctx), ctx.state.log);
        return next();
      };
    },
  };
}
