// How the API's Redis client behaves while Redis is away (issue 14, "Faults"; decision 0013).
// Every request that needs Redis (sessions, captchas, queues) must be answered promptly with a
// 503 rather than wait for a reconnect that may be minutes away: a command issued while the
// connection is down fails at the next failed reconnection attempt, and attempts are at most half a
// second apart, so each Redis call of a request fails within 0.5 s (MaxRetriesPerRequestError → 503
// in middleware/errors.ts). A command caught by a blip is sent again if that attempt succeeds.
// The client never gives up reconnecting, so the same process serves again once Redis is back.
import type { RedisOptions } from 'ioredis';

export const REDIS_RECONNECT_MAX_MS = 500;

export const API_REDIS_OPTIONS: RedisOptions = {
  maxRetriesPerRequest: 0,
  // Commands issued in the same turn of the event loop (the rate limit and session look-ups of the
  // requests that arrived together) go to Redis in one write: under the load bench each command
  // was a socket write of its own, 6% of the API's thread for the rate limit's alone.
  enableAutoPipelining: true,
  retryStrategy: (times) => Math.min(times * 50, REDIS_RECONNECT_MAX_MS),
};
