// Failed sign-ins per e-mail address (a password-guessing brake that follows the account, not the
// IP). Only failures count; a successful sign-in clears the count. Over the limit the address is
// refused with 429 + Retry-After before its password is checked, until the window ends. If Redis
// fails the check lets the attempt through (logged), like the other rate limits.
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { rateLimitedMessage } from '../../middleware/rate-limit';
import { AppError } from '../app-error';

export interface LoginThrottle {
  /** Throws 429 when this address has used up its failures. */
  check(email: string): Promise<void>;
  recordFailure(email: string): Promise<void>;
  reset(email: string): Promise<void>;
}

export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

export function createLoginThrottle({
  redis,
  redisPrefix,
  failures,
  logger,
}: {
  redis: Redis;
  redisPrefix: string;
  failures: number;
  logger: Logger;
}): LoginThrottle {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${redisPrefix}:rl:login-failures`,
    points: failures,
    duration: LOGIN_FAILURE_WINDOW_SECONDS,
  });
  const soft = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (err) {
      logger.warn({ err, limit: 'login-failures' }, `login throttle unavailable (${what}); attempt let through`);
    }
  };
  return {
    async check(email) {
      let res;
      try {
        res = await limiter.get(email);
      } catch (err) {
        logger.warn({ err, limit: 'login-failures' }, 'login throttle unavailable; attempt let through');
        return;
      }
      if (res && res.consumedPoints >= failures) {
        const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        throw new AppError('rate_limited', rateLimitedMessage(seconds), { headers: { 'Retry-After': String(seconds) } });
      }
    },
    recordFailure: (email) => soft('record', () => limiter.penalty(email, 1)),
    reset: (email) => soft('reset', () => limiter.delete(email)),
  };
}
