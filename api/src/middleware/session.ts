// Sessions (koa-session) kept in Redis, so any API process can serve any request and signing out
// ends the session everywhere. The cookie `sid` (`__Host-sid` over HTTPS in production, cookieName)
// carries only a random id (signed with app.keys = SESSION_KEYS); the data lives at
// `${REDIS_PREFIX}:sess:<id>` with a TTL just beyond the cookie's.
// Rolling: each request with a session renews both (7 days of inactivity ends it, as the cookie
// policy says). Anonymous visitors get no cookie until something is stored in their session.
// However active, a signed-in session ends SESSION_ABSOLUTE_MS after its sign-in (ASVS V7.3.2,
// docs/security.md): sign-in stores `signedInAt`, and a session past it is destroyed on its next use.
// Signed-in devices (ASVS V7.5.2, V7.4.5; routes/account-sessions.ts, admin.ts): sign-in also keeps
// the browser's User-Agent, and `user-sessions:<userId>` indexes a user's session ids, so a user can
// list and end their own sessions and an admin can end all of someone's. Outside this server a
// session is named only by its handle (sessionHandle), never by its id: the id is the bearer secret.
import { createHash, randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Redis } from 'ioredis';
import { createSession } from 'koa-session';
import { USER_AGENT_MAX } from '../../../core/sessions';
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

/** What a signed-in session holds (the e2e fixtures write the same straight into the store). */
export interface SignedInSession {
  userId: number;
  signedInAt: number;
  renewedAt: number;
  userAgent?: string;
}

/**
 * A signed-in session's data: the user, the sign-in time the absolute lifetime counts from, and the
 * browser's User-Agent (cut to USER_AGENT_MAX) that names the device in the user's list of
 * signed-in devices.
 */
export function signedInSession(userId: number, userAgent: string, now = Date.now()): SignedInSession {
  const device = userAgent.slice(0, USER_AGENT_MAX);
  return { userId, signedInAt: now, renewedAt: now, ...(device ? { userAgent: device } : {}) };
}

/** Starts a signed-in session: a new id (no fixation) holding signedInSession's data. */
export async function beginSignedInSession(ctx: Koa.Context, userId: number): Promise<void> {
  if (!ctx.session) throw new Error('session middleware missing');
  await ctx.session.regenerate();
  Object.assign(ctx.session, signedInSession(userId, ctx.get('User-Agent')));
}

/**
 * The id of the stored session this request carries (koa-session's external key: the cookie's
 * value), or undefined without one. Not after beginSignedInSession in the same request:
 * regenerating gives the new id only when the response is sent.
 */
export function currentSessionId(ctx: Koa.Context): string | undefined {
  // A new session (no cookie, or one whose session is gone) has an id made up for it, not stored.
  if (!ctx.session || ctx.session.isNew) return undefined;
  const id = (ctx.session as { externalKey?: unknown }).externalKey;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * The name the browser may know a session by: 128 bits of SHA-256 of its id. One-way, so a handle
 * that leaks (a log line, a screenshot) cannot be turned back into a cookie; the server finds the
 * session again only by hashing the ids of the caller's own sessions (findUserSession).
 */
export function sessionHandle(id: string): string {
  return createHash('sha256').update(`itc-session-handle:${id}`).digest('base64url').slice(0, 22);
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

function parseSessionData(raw: string | null): Record<string, unknown> | undefined {
  if (raw === null) return undefined;
  try {
    const data: unknown = JSON.parse(raw);
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Counts the sessions a MULTI's DELs removed (stale ids in the index were already gone). */
function deletedCount(results: [Error | null, unknown][] | null, dels: number): number {
  return (results ?? []).slice(0, dels).reduce((sum, [error, value]) => sum + (!error && value === 1 ? 1 : 0), 0);
}

/**
 * Ends every session of one user (password reset, archive, an admin's "Sign out everywhere"):
 * deletes each session and the index. Answers how many sessions were live (not the index's stale ids).
 */
export async function endUserSessions(redis: Redis, redisPrefix: string, userId: number): Promise<number> {
  const indexKey = userSessionsKey(redisPrefix, userId);
  const ids = await redis.smembers(indexKey);
  const pipeline = redis.multi();
  for (const id of ids) pipeline.del(sessionKey(redisPrefix, id));
  pipeline.del(indexKey);
  return deletedCount(await pipeline.exec(), ids.length);
}

/** A live session of one user, read from the store (the id stays on the server). */
export interface UserSession {
  id: string;
  data: Record<string, unknown>;
}

/**
 * The user's live sessions, from the index. An id whose session is gone (expired, ended) or is
 * someone else's is dropped from the index; a session past its absolute lifetime (which its next
 * use would destroy) is deleted as well. Either way it is not listed.
 */
export async function listUserSessions(redis: Redis, redisPrefix: string, userId: number, now = Date.now()): Promise<UserSession[]> {
  const indexKey = userSessionsKey(redisPrefix, userId);
  const ids = await redis.smembers(indexKey);
  if (ids.length === 0) return [];
  const raws = await redis.mget(ids.map((id) => sessionKey(redisPrefix, id)));
  const live: UserSession[] = [];
  const stale: string[] = [];
  const pastLifetime: string[] = [];
  ids.forEach((id, i) => {
    const data = parseSessionData(raws[i] ?? null);
    if (!data || userIdOf(data) !== userId) stale.push(id);
    else if (typeof data.signedInAt === 'number' && now - data.signedInAt >= SESSION_ABSOLUTE_MS) pastLifetime.push(id);
    else live.push({ id, data });
  });
  if (stale.length > 0 || pastLifetime.length > 0) {
    const pipeline = redis.multi().srem(indexKey, ...stale, ...pastLifetime);
    for (const id of pastLifetime) pipeline.del(sessionKey(redisPrefix, id));
    await pipeline.exec();
  }
  return live;
}

/** The user's live session with this handle, or undefined: another user's handle finds nothing. */
export async function findUserSession(redis: Redis, redisPrefix: string, userId: number, handle: string): Promise<UserSession | undefined> {
  const sessions = await listUserSessions(redis, redisPrefix, userId);
  return sessions.find((session) => sessionHandle(session.id) === handle);
}

/** Ends these sessions of one user (ids from listUserSessions); answers how many were still live. */
export async function endSessions(redis: Redis, redisPrefix: string, userId: number, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const pipeline = redis.multi();
  for (const id of ids) pipeline.del(sessionKey(redisPrefix, id));
  pipeline.srem(userSessionsKey(redisPrefix, userId), ...ids);
  return deletedCount(await pipeline.exec(), ids.length);
}

const SESSION_ID_BYTES = 24;
/** Random bytes for this many ids at a time: koa-session asks for an id on every anonymous request. */
const SESSION_IDS_PER_DRAW = 256;
let idPool = Buffer.alloc(0);
let idOffset = 0;

/**
 * A new session id: 24 random bytes (192 bits) as base64url. koa-session makes one for every request
 * without a cookie, though only a session that is saved keeps it; one randomBytes call per request
 * took 1.2% of the API's thread in the long-tail bench. The bytes come from the same CSPRNG, drawn
 * 256 ids at a time, and each byte is used once (Node's randomUUID buffers the same way).
 */
export function sessionId(): string {
  if (idOffset + SESSION_ID_BYTES > idPool.length) {
    idPool = randomBytes(SESSION_ID_BYTES * SESSION_IDS_PER_DRAW);
    idOffset = 0;
  }
  const id = idPool.toString('base64url', idOffset, idOffset + SESSION_ID_BYTES);
  idOffset += SESSION_ID_BYTES;
  return id;
}

/** koa-session external store: async get/set/destroy over `SET … PX`, plus the per-user index. */
export function redisSessionStore(redis: Redis, redisPrefix: string) {
  return {
    async get(id: string): Promise<Record<string, unknown> | undefined> {
      return parseSessionData(await redis.get(sessionKey(redisPrefix, id)));
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
      genid: sessionId,
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
