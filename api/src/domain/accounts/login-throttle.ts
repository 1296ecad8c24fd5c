// The brake on password guessing, built so that it cannot be turned against the account's owner
// (docs/security.md, item 3). Failures are counted twice:
//   - per account AND source (loginSource: an IPv4 address or an IPv6 /64): over the limit, that
//     source is refused (429) for that account until the window ends. Someone failing from one
//     network locks only themselves out; the owner signing in from anywhere else is unaffected;
//   - per account, from all sources: past a higher threshold (a spread-out attack), every attempt
//     on the account waits before its password is checked. That slows guessing to a crawl while
//     the owner still gets in, a couple of seconds later.
// A correct password clears its own source's count. Only failures count. Every attempt also
// spends a captcha solution and the per-IP sign-in limit (routes/auth.ts). If Redis fails the
// checks let the attempt through (logged), like the other rate limits.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { rateLimited } from '../app-error';
import { loginSource } from './login-source';

export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

export interface LoginAttempt {
  email: string;
  /** The client's address (ctx.ip). */
  ip: string;
}

export interface LoginThrottle {
  /** Throws 429 when this source has used up its failures on this account; waits when the account is under attack. */
  check(attempt: LoginAttempt): Promise<void>;
  recordFailure(attempt: LoginAttempt): Promise<void>;
  recordSuccess(attempt: LoginAttempt): Promise<void>;
}

export interface LoginThrottleOptions {
  redis: Redis;
  redisPrefix: string;
  /** Failures per account and source per window. */
  failuresPerSource: number;
  /** Failures per account from all sources per window after which attempts are slowed. */
  slowdownAfter: number;
  slowdownMs: number;
  logger: Logger;
}

export function createLoginThrottle({ redis, redisPrefix, failuresPerSource, slowdownAfter, slowdownMs, logger }: LoginThrottleOptions): LoginThrottle {
  const perSource = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${redisPrefix}:rl:login-failures`,
    points: failuresPerSource,
    duration: LOGIN_FAILURE_WINDOW_SECONDS,
  });
  const perAccount = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${redisPrefix}:rl:login-failures-account`,
    // Counting only: nothing is refused on this count, so its limit is never reached.
    points: Number.MAX_SAFE_INTEGER,
    duration: LOGIN_FAILURE_WINDOW_SECONDS,
  });
  const sourceKey = ({ email, ip }: LoginAttempt) => `${email}|${loginSource(ip)}`;
  const soft = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (err) {
      logger.warn({ err, limit: 'login-failures' }, `login throttle unavailable (${what}); attempt let through`);
    }
  };

  return {
    async check(attempt) {
      let fromSource;
      let onAccount;
      try {
        [fromSource, onAccount] = await Promise.all([perSource.get(sourceKey(attempt)), perAccount.get(attempt.email)]);
      } catch (err) {
        logger.warn({ err, limit: 'login-failures' }, 'login throttle unavailable; attempt let through');
        return;
      }
      if (fromSource && fromSource.consumedPoints >= failuresPerSource) throw rateLimited(fromSource.msBeforeNext);
      if (onAccount && onAccount.consumedPoints >= slowdownAfter && slowdownMs > 0) await sleep(slowdownMs);
    },
    recordFailure: (attempt) =>
      soft('record', () => Promise.all([perSource.penalty(sourceKey(attempt), 1), perAccount.penalty(attempt.email, 1)])),
    recordSuccess: (attempt) => soft('reset', () => perSource.delete(sourceKey(attempt))),
  };
}
