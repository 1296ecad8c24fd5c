// Maintenance mode (product rule 12): the admin's switch and access code under
// /api/admin/maintenance, and the gate's POST /api/maintenance/unlock for anyone (beta testers).
// A right code sets the unlock cookie, signed with the session keys (Koa's app.keys), HttpOnly,
// SameSite=Lax, Secure in production over https, for 7 days; the gate (middleware/maintenance-gate.ts)
// checks it. Attempts are limited per IP (input is parsed first, so a malformed one spends nothing).
import type Router from '@koa/router';
import { AccessCodeInput, MAINTENANCE_MESSAGES, MaintenanceToggleInput, MaintenanceUnlockInput } from '../../../core/admin';
import { AppError } from '../domain/app-error';
import { accessCodeVersion, getMaintenanceStatus, isAccessCode, setAccessCode, setMaintenance, UNLOCK_MAX_AGE_MS, unlockValue } from '../domain/maintenance/maintenance-settings';
import type { AppDeps } from '../deps';
import { UNLOCK_COOKIE } from '../middleware/maintenance-gate';
import { cookieName, secureCookies } from '../middleware/session';
import { signedInUser } from '../middleware/require-role';
import { createRouter } from './create-router';

const FIFTEEN_MINUTES = 15 * 60;

export function maintenanceRouter({ prisma, env, maintenance, limits, access }: Pick<AppDeps, 'prisma' | 'env' | 'maintenance' | 'limits' | 'access'>): Router {
  const router = createRouter();
  const admin = access.only('admin');
  const unlockPerIp = limits.limiter({ keyPrefix: 'maintenance-unlock-ip', points: env.MAINTENANCE_UNLOCK_LIMIT_PER_IP, duration: FIFTEEN_MINUTES });

  router.get('/admin/maintenance/status', admin, async (ctx) => {
    ctx.body = await getMaintenanceStatus({ state: maintenance, env });
  });

  router.post('/admin/maintenance/toggle', admin, async (ctx) => {
    const { enabled } = MaintenanceToggleInput.parse(ctx.request.body ?? {});
    ctx.body = await setMaintenance({ prisma, state: maintenance, env, admin: signedInUser(ctx), enabled });
  });

  router.post('/admin/maintenance/access-code', admin, async (ctx) => {
    const { code } = AccessCodeInput.parse(ctx.request.body ?? {});
    ctx.body = await setAccessCode({ prisma, state: maintenance, env, admin: signedInUser(ctx), code });
  });

  router.post('/maintenance/unlock', access.public, async (ctx) => {
    const { password } = MaintenanceUnlockInput.parse(ctx.request.body ?? {});
    await unlockPerIp.consume(ctx.ip, ctx.state.log);
    const settings = await maintenance.settings();
    const version = accessCodeVersion(settings, env);
    if (!version || !(await isAccessCode(settings, env, password))) {
      throw new AppError('forbidden', MAINTENANCE_MESSAGES.accessDenied, { fields: { password: MAINTENANCE_MESSAGES.accessDenied } });
    }
    ctx.cookies.set(cookieName(UNLOCK_COOKIE, env), unlockValue(version), {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies(env),
      maxAge: UNLOCK_MAX_AGE_MS,
      overwrite: true,
    });
    ctx.body = { ok: true, message: MAINTENANCE_MESSAGES.accessGrantedTitle };
  });

  return router;
}
