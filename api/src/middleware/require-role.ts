// Who may call a route. Every /api route names its access as its FIRST middleware, one of
//   access.public              anyone
//   access.signedIn            any signed-in user
//   access.only('admin', ...)  a signed-in user with one of these roles
//   access.adminOrToken(token) a signed-in admin, or a caller sending `Authorization: Bearer <token>`
//                              (machines such as a metrics scraper; no token configured: admins only)
// (routes/create-router.ts explains the rule; api/src/route-guards.int.test.ts walks every
// registered route and fails on one whose first middleware is not one of these). Guards sit on
// the route itself, never on a router.use() prefix, so whatever path reaches a handler has passed
// its guard.
// The session carries only `userId`; the user is loaded from the database on each request that
// asks (once per request, cached in ctx.state), and an archived or missing user counts as
// anonymous. Anonymous → 401 'Please sign in to continue.'; signed in with another role → 403; an
// admin without two-step verification on where it is required (ADMIN_TWO_STEP_REQUIRED) → 403 on
// admin-only routes, saying how to turn it on (their own account settings stay open to them).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { AUTH_MESSAGES, type CurrentUser, type Role } from '../../../core/auth';
import { adminTwoStepRequired } from '../../../core/env-schema';
import { TWO_STEP_MESSAGES } from '../../../core/two-step';
import type { PrismaClient } from '../../../prisma/db';
import { findCurrentUser } from '../domain/accounts/current-user';
import { AppError } from '../domain/app-error';

declare module 'koa' {
  interface DefaultState {
    /** Set by loadCurrentUser: the signed-in user, or null (undefined until loaded). */
    currentUser?: CurrentUser | null;
  }
}

/** What a route's guard lets through. */
export type Access = 'public' | 'signed-in' | readonly Role[];

export interface RouteAccess {
  public: Middleware;
  signedIn: Middleware;
  only(...roles: [Role, ...Role[]]): Middleware;
  adminOrToken(token: string | undefined): Middleware;
}

const GUARDS = new WeakMap<Middleware, Access>();

/** The access a guard middleware enforces, or undefined when the middleware is not a guard. */
export function accessOf(middleware: unknown): Access | undefined {
  return typeof middleware === 'function' ? GUARDS.get(middleware as Middleware) : undefined;
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

/** The signed-in user inside a route behind access.signedIn / access.only. */
export function signedInUser(ctx: Context): CurrentUser {
  const user = ctx.state.currentUser;
  if (!user) throw new AppError('unauthenticated', AUTH_MESSAGES.signInRequired);
  return user;
}

function guard(access: Access, middleware: Middleware): Middleware {
  GUARDS.set(middleware, access);
  return middleware;
}

export interface AccessOptions {
  /** Admin-only routes refuse an admin without two-step verification on (product rule 35). */
  adminTwoStepRequired?: boolean;
}

/**
 * Whether an admin has what the admin side needs beyond the role: two-step verification on where
 * it is required (product rule 35). Admin-only routes and the maintenance gate both ask this.
 */
export function adminTwoStepMet(user: Pick<CurrentUser, 'twoStepEnabled'>, required: boolean): boolean {
  return user.twoStepEnabled || !required;
}

/**
 * An admin with what the admin side needs (two-step verification where it is required), so a
 * password alone opens neither the maintenance gate nor an admin's view of evidence files.
 */
export function isFullAdmin(user: CurrentUser | null, env: Parameters<typeof adminTwoStepRequired>[0]): boolean {
  return user?.role === 'admin' && adminTwoStepMet(user, adminTwoStepRequired(env));
}

/** Lets the request through when a user with one of `roles` (any role when empty) is signed in. */
export function requireRole(prisma: PrismaClient, roles: Role[], options: AccessOptions = {}): Middleware {
  const adminOnly = roles.length === 1 && roles[0] === 'admin';
  return guard(roles.length === 0 ? 'signed-in' : roles, async (ctx, next) => {
    const user = await loadCurrentUser(ctx, prisma);
    if (!user) throw new AppError('unauthenticated', AUTH_MESSAGES.signInRequired);
    if (roles.length > 0 && !roles.includes(user.role)) throw new AppError('forbidden', AUTH_MESSAGES.forbidden);
    if (adminOnly && !adminTwoStepMet(user, options.adminTwoStepRequired ?? false)) throw new AppError('forbidden', TWO_STEP_MESSAGES.adminRequired);
    return next();
  });
}

/**
 * Whether the request carries `Authorization: Bearer <token>` for this token (never when no token is
 * configured). Compared as SHA-256 digests in constant time, so the answer's timing says nothing
 * about how much of a guess was right.
 */
export function hasBearerToken(ctx: Context, token: string | undefined): boolean {
  if (!token) return false;
  const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(ctx.get('Authorization'));
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/** The guards of one app, built once (AppDeps.access). */
export function routeAccess(prisma: PrismaClient, options: AccessOptions = {}): RouteAccess {
  return {
    public: guard('public', (_ctx, next) => next()),
    signedIn: requireRole(prisma, []),
    only: (...roles) => requireRole(prisma, roles, options),
    adminOrToken: (token) => {
      const admin = requireRole(prisma, ['admin'], options);
      return guard(['admin'], (ctx, next) => (hasBearerToken(ctx, token) ? next() : admin(ctx, next)));
    },
  };
}
