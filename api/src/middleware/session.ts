// Sessions (koa-session) kept in Redis, so any API process can serve any request and signing out
// ends the session everywhere. The cookie `sid` (`__Host-sid` over HTTPS in production, cookieName)
// carries only a random id (signed with app.keys = SESSION_KEYS); the data lives at
// `${REDIS_PREFIX}:sess:<id>` with a TTL just beyond the cookie's.
// Rolling: each request with a session renews both (7 days of inactivity ends it, as the cookie
// policy says). Anonymous visitors get no cookie until something is stored in their session.
// However active, a signed-in session ends SESSION_ABSOLUTE_MS after its sign-in (ASVS V7.3.2,
// docs/security.md): sign-in stores `signedInAt`, and a session past it is destroyed on its next use.
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Redis } from 'ioredis';
import { createSession } from 'koa-session';
import type { ApiEnv } from '../env';

export const SESSION_COOKIE = 'sid';

type CookieEnv = Pick<ApiEnv, 'NODE_ENV' | 'PUBLIC_URL'>;

/**
 * Cookies are Secure whenever the site is public over HTTPS in production (behind the proxy that
 * terminates TLS: TRUST_PROXY_HOPS, which the env check requires there, lets Koa see the request as
 * HTTPS). A production build served on plain http://localhost (docker compose on a laptop) would
 * otherwise fail to set them.
 */
export function secureCookies(env: CookieEnv): boolean {
  return env.NODE_ENV === 'production' && env.PUBLIC_URL.startsWith('https:');
}

/**
 * A cookie's name: with the `__Host-` prefix whenever cookies are Secure (ASVS V3.3.1, V3.3.3), so a
 * browser accepts it only Secure, for Path=/ and this host alone (no Domain): a sibling subdomain or
 * a plain-http page cannot plant or overwrite it. Its `.sig` companion carries the prefix too.
 */
export function cookieName(name: string, env: CookieEnv): string {
  return secureCookies(env) ? `__Host-${name}` : name;
}
export const SESSION_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/**
 * How long a session in use goes without being saved again. The idle timeout is 7 days of
 * inactivity, less up to this: each save moves the cookie's and Redis's expiry 7 days on, and a
 * request more than this after the last save saves again. Saving on every request (koa-session's
 * `rolling`) wrote to Redis and signed a new cookie for every signed-in request: 8% of the API's
 * thread in the load bench (docs/performance.md).
 */
export const SESSION_RENEW_AFTER_MS = 10 * 60_000;
/** The absolute lifetime of a signed-in session: 30 days (NIST SP 800-63B's AAL1 re-authentication). */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;

/** Starts a signed-in session: a new id (no fixation), the user, and the sign-in time the absolute lifetime counts from. */
export async function beginSignedInSession(ctx: Koa.Context, userId: number): Promise<void> {
  if (!ctx.session) throw new Error('session middleware missing');
  await ctx.session.regenerate();
  ctx.session.userId = userId;
  ctx.session.signedInAt = Date.now();
  ctx.session.renewedAt = Date.now();
}

export function sessionKey(redisPrefix: string, id: string): string {
  return `${redisPrefix}:sess:${id}`;
}

export function userSessionsKey(redisPrefix: string, userId: number): string {
  return `${redisPrefix}:user-sessions:${userId}`;
}

function userIdOf(data: unknown): number | undefined {
  const id = (data as { userId?: unknown } | null)?.userId;
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
}

/** Ends every session of one user (password reset, archive): deletes each session and the index. */
export async function endUserSessions(redis: Redis, redisPrefix: string, userId: number): Promise<number> {
  const indexKey = userSessionsKey(redisPrefix, userId);
  const ids = await redis.smembers(indexKey);
  const pipeline = redis.multi();
  for (const id of ids) pipeline.del(sessionKey(redisPrefix, id));
  pipeline.del(indexKey);
  await pipeline.exec();
  return ids.length;
}

/** koa-session external store: async get/set/destroy over `SET … PX`, plus the per-user index. */
export function redisSessionStore(redis: Redis, redisPrefix: string) {
  return {
    async get(id: string): Promise<Record<string, unknown> | undefined> {
      const raw = await redis.get(sessionKey(redisPrefix, id));
      if (raw === null) return undefined;
      try {
        const data: unknown = JSON.parse(raw);
        return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
      } catch {
        return undefined;
      }
    },
    async set(id: string, data: unknown, maxAge: number): Promise<void> {
      const ttl = Math.max(1, Math.round(maxAge));
      const userId = userIdOf(data);
      if (userId === undefined) {
        await redis.set(sessionKey(redisPrefix, id), JSON.stringify(data), 'PX', ttl);
        return;
      }
      const indexKey = userSessionsKey(redisPrefix, userId);
      // The index lives as long as the newest session in it (each write pushes its expiry out).
      await redis
        .multi()
        .set(sessionKey(redisPrefix, id), JSON.stringify(data), 'PX', ttl)
        .sadd(indexKey, id)
        .pexpire(indexKey, ttl)
        .exec();
    },
    async destroy(id: string): Promise<void> {
      const key = sessionKey(redisPrefix, id);
      const raw = await redis.get(key);
      let userId: number | undefined;
      try {
        userId = raw === null ? undefined : userIdOf(JSON.parse(raw));
      } catch {
        userId = undefined;
      }
      if (userId === undefined) {
        await redis.del(key);
        return;
      }
      await redis.multi().del(key).srem(userSessionsKey(redisPrefix, userId), id).exec();
    },
  };
}

export function session(
  app: Koa,
  { env, redis }: { env: Pick<ApiEnv, 'NODE_ENV' | 'REDIS_PREFIX' | 'PUBLIC_URL'>; redis: Redis },
): Koa.Middleware {
  const sessions = createSession(
    {
      key: cookieName(SESSION_COOKIE, env),
      maxAge: SESSION_MAX_AGE_MS,
      rolling: false,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      secure: secureCookies(env),
      store: redisSessionStore(redis, env.REDIS_PREFIX),
      genid: () => randomBytes(24).toString('base64url'),
    },
    app,
  ) as Koa.Middleware;
  return (ctx, next) =>
    sessions(ctx, async () => {
      // Only a request that carries a session cookie has loaded one; anonymous requests stay untouched.
      const current = ctx.cookies.get(cookieName(SESSION_COOKIE, env)) ? ctx.session : null;
      if (current && !current.isNew && Object.keys(current.toJSON()).length > 0) {
        // Renewed by changing it (koa-session saves a changed session, cookie and store both).
        const renewedAt = current.renewedAt;
        if (typeof renewedAt !== 'number' || Date.now() - renewedAt >= SESSION_RENEW_AFTER_MS) current.renewedAt = Date.now();
      }
      if (current && userIdOf(current) !== undefined) {
        const signedInAt = current.signedInAt;
        // A session signed in before this rule existed counts from now.
        if (typeof signedInAt !== 'number') current.signedInAt = Date.now();
        else if (Date.now() - signedInAt >= SESSION_ABSOLUTE_MS) ctx.session = null;
      }
      await next();
    });
}
