// The maintenance gate (product rule 12), mounted after the session and before the API and pages
// (app.ts, step 6). While maintenance mode is on, a request passes only when it is
//   - one of the few calls that must always work (ALWAYS_REACHABLE: the gate's unlock, signing in
//     (both steps, with two-step verification on) and out, the current user, the captcha the
//     sign-in form needs, the SPA's public config, health checks; the built files and the Stripe
//     webhook are served before this gate),
//   - from a beta tester holding a valid unlock cookie (signed, for the code in force, unexpired),
//   - from a signed-in admin,
//   - or one the app lets through (`passes`: a metrics scraper holding METRICS_TOKEN);
// everyone else gets 503 with Retry-After: the API its JSON error, a page GET the SPA's index.html
// (the SPA's start-up probe then shows the gate screen). While it is off this costs nothing but a
// look at settings kept in memory (domain/maintenance/maintenance-state.ts).
import type { Context, Middleware } from 'koa';
import { MAINTENANCE_MESSAGES } from '../../../core/admin';
import type { PrismaClient } from '../../../prisma/db';
import { AppError } from '../domain/app-error';
import { isUnlocked } from '../domain/maintenance/maintenance-settings';
import type { MaintenanceState } from '../domain/maintenance/maintenance-state';
import type { PageMeta } from '../domain/seo/page-meta';
import type { ApiEnv } from '../env';
import { isPagePath } from '../spa/static-files';
import { isFullAdmin, loadCurrentUser, sessionUserId } from './require-role';
import { cookieName } from './session';

export const UNLOCK_COOKIE = 'itc_access';
/** Seconds a client is told to wait before trying again. */
export const MAINTENANCE_RETRY_AFTER = '300';

/** Method and path of every call that works during maintenance (HEAD counts as GET). */
export const ALWAYS_REACHABLE = new Set([
  'POST /api/maintenance/unlock',
  'POST /api/auth/login',
  // The second step of a sign-in with two-step verification on (a code or a recovery code): where
  // admins must have it (product rule 35), an admin whose session ended signs in only through it,
  // and without it nobody could switch maintenance off. Anyone else it signs in stays a visitor.
  'POST /api/auth/login/two-step',
  'POST /api/auth/logout',
  'GET /api/auth/me',
  'GET /api/captcha/challenge',
  'GET /api/site-config',
  'GET /api/health',
  'GET /api/ready',
]);

function isAlwaysReachable(ctx: Context): boolean {
  const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
  return ALWAYS_REACHABLE.has(`${method} ${ctx.path}`);
}

const GATE_PAGE_META: PageMeta = {
  status: 503,
  title: `${MAINTENANCE_MESSAGES.gateTitle} | ITConnect`,
  description: MAINTENANCE_MESSAGES.unavailable,
  robots: 'noindex',
  ogType: 'website',
};

export function maintenanceGate({
  state,
  prisma,
  env,
  renderPage,
  passes = () => false,
}: {
  state: MaintenanceState;
  prisma: PrismaClient;
  env: Pick<ApiEnv, 'MAINTENANCE_ACCESS_CODE' | 'NODE_ENV' | 'PUBLIC_URL' | 'ADMIN_TWO_STEP_REQUIRED'>;
  /** Answers a page GET with the SPA's index.html (spa-fallback.ts). */
  renderPage: Middleware;
  /** Requests let through whatever the settings (app.ts: /api/metrics with its token). */
  passes?: (ctx: Context) => boolean;
}): Middleware {
  return async (ctx, next) => {
    // Before the settings are read: the health checks must answer while PostgreSQL is away.
    // A metrics scraper holding the token likewise (its answer reads no settings either).
    if (isAlwaysReachable(ctx) || passes(ctx)) return next();
    const settings = await state.settings();
    if (!settings.enabled) return next();
    if (isUnlocked(ctx.cookies.get(cookieName(UNLOCK_COOKIE, env), { signed: true }), settings, env)) return next();
    if (sessionUserId(ctx) !== undefined && isFullAdmin(await loadCurrentUser(ctx, prisma), env)) return next();

    ctx.set('Retry-After', MAINTENANCE_RETRY_AFTER);
    if (isPagePath(ctx.path) && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      // The gate screen is the SPA's: its index.html with this status and a head of its own.
      ctx.state.resolvePageMeta = () => Promise.resolve(GATE_PAGE_META);
      await renderPage(ctx, () => Promise.resolve());
      return;
    }
    throw new AppError('unavailable', MAINTENANCE_MESSAGES.unavailable, { headers: { 'Retry-After': MAINTENANCE_RETRY_AFTER } });
  };
}
