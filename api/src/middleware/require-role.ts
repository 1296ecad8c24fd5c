// The one role guard every protected route uses. The session carries only `userId`; the user is
// loaded from the database on each request that asks (once per request, cached in ctx.state), and
// an archived or missing user counts as anonymous. Anonymous → 401 'Please sign in to continue.';
// signed in with another role → 403.
import type { Context, Middleware } from 'koa';
import { AUTH_MESSAGES, type CurrentUser, type Role } from '../../../core/auth';
import type { PrismaClient } from '../../../prisma/db';
import { findCurrentUser } from '../domain/accounts/current-user';
import { AppError } from '../domain/app-error';

declare module 'koa' {
  interface DefaultState {
    /** Set by loadCurrentUser: the signed-in user, or null (undefined until loaded). */
    currentUser?: CurrentUser | null;
  }
}

/** The session's user id, if the session holds one. */
export function sessionUserId(ctx: Context): number | undefined {
  const id = ctx.session?.userId;
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
}

/** The signed-in user (or null), read once per request. */
export async function loadCurrentUser(ctx: Context, prisma: PrismaClient): Promise<CurrentUser | null> {
  if (ctx.state.currentUser !== undefined) return ctx.state.currentUser;
  const userId = sessionUserId(ctx);
  const user = userId === undefined ? null : await findCurrentUser({ prisma, userId });
  ctx.state.currentUser = user;
  return user;
}

/** The signed-in user inside a route behind requireUser/requireRole. */
export function signedInUser(ctx: Context): CurrentUser {
  const user = ctx.state.currentUser;
  if (!user) throw new AppError('unauthenticated', AUTH_MESSAGES.signInRequired);
  return user;
}

/** Lets the request through when a user with one of `roles` is signed in. */
export function requireRole(prisma: PrismaClient, ...roles: Role[]): Middleware {
  return async (ctx, next) => {
    const user = await loadCurrentUser(ctx, prisma);
    if (!user) throw new AppError('unauthenticated', AUTH_MESSAGES.signInRequired);
    if (roles.length > 0 && !roles.includes(user.role)) throw new AppError('forbidden', AUTH_MESSAGES.forbidden);
    return next();
  };
}

/** Any signed-in user. */
export function requireUser(prisma: PrismaClient): Middleware {
  return requireRole(prisma);
}
