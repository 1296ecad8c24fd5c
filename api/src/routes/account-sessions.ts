// /api/account/sessions: the signed-in user's devices on /profile (ASVS 5.0 V7.5.2, core/sessions.ts).
// List the user's live sessions (the device from the User-Agent kept at sign-in, when it signed in,
// when last used, which one is this browser), sign out one other device, or all the others. A
// session is named by its handle only (middleware/session.ts sessionHandle); a handle is looked for
// among the caller's own sessions alone, so another user's handle is "no such device" (404). This
// device is never ended here: Sign Out (POST /api/auth/logout) does that. Each write spends the
// user's hourly budget first.
import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  describeDevice,
  SESSION_MESSAGES,
  SessionHandle,
  type AccountSession,
  type AccountSessions,
  type SessionsEnded,
} from '../../../core/sessions';
import { AppError } from '../domain/app-error';
import type { AppDeps } from '../deps';
import { signedInUser } from '../middleware/require-role';
import { currentSessionId, endSessions, findUserSession, listUserSessions, sessionHandle, type UserSession } from '../middleware/session';
import { createRouter } from './create-router';

const ONE_HOUR = 3600;
/** Sign-outs of other devices per user an hour: far more than anyone tidying up needs. */
export const SESSION_ENDS_PER_HOUR = 30;

function isoOrNull(ms: unknown): string | null {
  return typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

function toAccountSession(session: UserSession, currentId: string | undefined): AccountSession {
  const { data } = session;
  return {
    handle: sessionHandle(session.id),
    device: describeDevice(typeof data.userAgent === 'string' ? data.userAgent : undefined),
    signedInAt: isoOrNull(data.signedInAt),
    // Saved at most every SESSION_RENEW_AFTER_MS, so "last active" is true to within that.
    lastActiveAt: isoOrNull(data.renewedAt) ?? isoOrNull(data.signedInAt),
    isCurrent: session.id === currentId,
  };
}

/** The current session first, then the most recently active. */
function byCurrentThenRecent(a: AccountSession, b: AccountSession): number {
  if (a.isCurrent !== b.isCurrent) return a.isCurrent ? -1 : 1;
  return (b.lastActiveAt ?? '').localeCompare(a.lastActiveAt ?? '');
}

/** One structured line per sign-out of other devices (never a session id or handle: routes/auth-events.ts's rule). */
function logSessionsEnded(ctx: Context, userId: number, ended: number, scope: 'one' | 'others'): void {
  ctx.state.log.info({ event: 'auth.session-end', outcome: 'success', userId, ended, scope, ip: ctx.ip }, 'session-end succeeded');
}

export function accountSessionsRouter({ env, redis, limits, access }: Pick<AppDeps, 'env' | 'redis' | 'limits' | 'access'>): Router {
  const router = createRouter('/account');
  const endsPerUser = limits.limiter({ keyPrefix: 'session-end-user', points: SESSION_ENDS_PER_HOUR, duration: ONE_HOUR });

  router.get('/sessions', access.signedIn, async (ctx) => {
    const user = signedInUser(ctx);
    const currentId = currentSessionId(ctx);
    const sessions = (await listUserSessions(redis, env.REDIS_PREFIX, user.id)).map((session) => toAccountSession(session, currentId));
    ctx.body = { sessions: sessions.sort(byCurrentThenRecent) } satisfies AccountSessions;
  });

  router.delete('/sessions/:handle', access.signedIn, async (ctx) => {
    const user = signedInUser(ctx);
    const handle = SessionHandle.safeParse(ctx.params.handle);
    if (!handle.success) throw new AppError('not_found', SESSION_MESSAGES.notFound);
    await endsPerUser.consume(String(user.id), ctx.state.log);
    const session = await findUserSession(redis, env.REDIS_PREFIX, user.id, handle.data);
    if (!session) throw new AppError('not_found', SESSION_MESSAGES.notFound);
    if (session.id === currentSessionId(ctx)) throw new AppError('bad_request', SESSION_MESSAGES.isCurrent);
    const ended = await endSessions(redis, env.REDIS_PREFIX, user.id, [session.id]);
    logSessionsEnded(ctx, user.id, ended, 'one');
    const { device } = toAccountSession(session, undefined);
    ctx.body = { ended, message: SESSION_MESSAGES.signedOut(device) } satisfies SessionsEnded;
  });

  router.post('/sessions/end-others', access.signedIn, async (ctx) => {
    const user = signedInUser(ctx);
    await endsPerUser.consume(String(user.id), ctx.state.log);
    const currentId = currentSessionId(ctx);
    const others = (await listUserSessions(redis, env.REDIS_PREFIX, user.id)).filter((session) => session.id !== currentId);
    const ended = await endSessions(
      redis,
      env.REDIS_PREFIX,
      user.id,
      others.map((session) => session.id),
    );
    logSessionsEnded(ctx, user.id, ended, 'others');
    ctx.body = { ended, message: SESSION_MESSAGES.othersSignedOut(ended) } satisfies SessionsEnded;
  });

  return router;
}
