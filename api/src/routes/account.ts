// /api/account: account settings on /profile (product rule 32). Change the name, ask to change the
// e-mail address (the current password required; the link goes to the new address, the current one
// is told), use that link, change the password (the current one required; every other session of
// the user ends, this one continues in a fresh session), and turn two-step verification on or off
// (product rule 35). Input is parsed with core/account.ts (core/two-step.ts)
// first, then the per-user (or, for the link, per-address) budget is spent. Guessing the current
// password here is guessing a sign-in, braked by the one login throttle of the app (AppDeps.loginThrottle)
// that also brakes signing in and deleting an account.
import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  ACCOUNT_MESSAGES,
  ChangeEmailInput,
  ChangeNameInput,
  ChangePasswordInput,
  ConfirmEmailChangeInput,
} from '../../../core/account';
import { TWO_STEP_MESSAGES, TwoStepEnableInput, TwoStepPasswordInput } from '../../../core/two-step';
import { changeName, changePassword, checkCurrentPassword, confirmEmailChange, requestEmailChange } from '../domain/accounts/account-settings';
import {
  disableTwoStep,
  enableTwoStep,
  newTwoStepSetup,
  replaceRecoveryCodes,
  twoStepStatus,
} from '../domain/accounts/two-step';
import { logAuthEvent, type AuthEvent } from './auth-events';
import { refuseCommonPassword } from '../domain/accounts/common-passwords';
import { AppError } from '../domain/app-error';
import type { AppDeps } from '../deps';
import { signedInUser } from '../middleware/require-role';
import { beginSignedInSession, endUserSessions } from '../middleware/session';
import { createRouter } from './create-router';

const ONE_HOUR = 3600;
/** How long a two-step set-up waits for its first code. */
const TWO_STEP_SETUP_TTL_MS = 15 * 60_000;
/** Name and password changes per user an hour. */
export const ACCOUNT_CHANGES_PER_HOUR = 10;
/** E-mail change requests per user an hour (each sends two e-mails). */
export const EMAIL_CHANGE_REQUESTS_PER_HOUR = 5;

export function accountRouter(deps: AppDeps): Router {
  const { env, prisma, redis, queues, limits, loginThrottle, access } = deps;
  const router = createRouter('/account');
  const changesPerUser = limits.limiter({ keyPrefix: 'account-change-user', points: ACCOUNT_CHANGES_PER_HOUR, duration: ONE_HOUR });
  const emailRequestsPerUser = limits.limiter({ keyPrefix: 'email-change-user', points: EMAIL_CHANGE_REQUESTS_PER_HOUR, duration: ONE_HOUR });
  const confirmPerIp = limits.limiter({ keyPrefix: 'email-change-confirm-ip', points: env.RESET_SUBMIT_LIMIT_PER_IP, duration: ONE_HOUR });

  /** Runs `work` (which checks the current password) with the sign-in brake around it, and logs the outcome. */
  async function withPasswordBrake<T>(ctx: Context, event: AuthEvent, work: () => Promise<T>): Promise<T> {
    const user = signedInUser(ctx);
    const attempt = { email: user.email, ip: ctx.ip };
    await loginThrottle.check(attempt);
    try {
      const result = await work();
      logAuthEvent(ctx, event, 'success', { userId: user.id });
      return result;
    } catch (err) {
      if (err instanceof AppError && err.code === 'forbidden') {
        logAuthEvent(ctx, event, 'failure', { userId: user.id, reason: 'wrong-password' });
        await loginThrottle.recordFailure(attempt);
      }
      throw err;
    }
  }

  router.patch('/name', access.signedIn, async (ctx) => {
    const user = signedInUser(ctx);
    const input = ChangeNameInput.parse(ctx.request.body);
    await changesPerUser.consume(String(user.id), ctx.state.log);
    const updated = await changeName({ prisma, userId: user.id, name: input.name });
    ctx.body = { user: updated, message: ACCOUNT_MESSAGES.nameChanged };
  });

  router.post('/email', access.signedIn, async (ctx) => {
    const user = signedInUser(ctx);
    const input = ChangeEmailInput.parse(ctx.request.body);
    await emailRequestsPerUser.consume(String(user.id), ctx.state.log);
    await withPasswordBrake(ctx, 'email-change-request', () =>
      requestEmailChange({ prisma, queues, userId: user.id, email: input.email, currentPassword: input.currentPassword }),
    );
    ctx.status = 202;
    ctx.body = { ok: true, message: ACCOUNT_MESSAGES.emailChangeSent };
  });

  // Public: the link may be opened in another browser; the token is the credential.
  router.post('/email/confirm', access.public, async (ctx) => {
    const parsed = ConfirmEmailChangeInput.safeParse(ctx.request.body);
    if (!parsed.success) throw new AppError('bad_request', ACCOUNT_MESSAGES.emailChangeInvalid);
    await confirmPerIp.consume(ctx.ip, ctx.state.log);
    const { email } = await confirmEmailChange({ prisma, token: parsed.data.token });
    ctx.body = { ok: true, email, message: ACCOUNT_MESSAGES.emailChanged };
  });

  router.post('/password', access.signedIn, async (ctx) => {
    const user = signedInUser(ctx);
    const input = ChangePasswordInput.parse(ctx.request.body);
    refuseCommonPassword(input.newPassword, 'newPassword');
    await changesPerUser.consume(String(user.id), ctx.state.log);
    await withPasswordBrake(ctx, 'password-change', () =>
      changePassword({ prisma, userId: user.id, currentPassword: input.currentPassword, newPassword: input.newPassword }),
    );
    // Every session ends; this browser carries on in a fresh one (a new id, so a stolen copy of the old cookie is useless too).
    await endUserSessions(redis, env.REDIS_PREFIX, user.id);
    await beginSignedInSession(ctx, user.id);
    ctx.body = { ok: true, message: ACCOUNT_MESSAGES.passwordChanged };
  });

  // Two-step verification (product rule 35). Set-up asks for the password again, then keeps the new
  // secret in the session (15 minutes) until a code made from it shows the app has it; only then is
  // it stored. Turning it on or off ends every other session, like a password change (ASVS V7.4.3).
  router.get('/two-step', access.signedIn, async (ctx) => {
    ctx.body = await twoStepStatus({ prisma, userId: signedInUser(ctx).id });
  });

  router.post('/two-step/setup', access.signedIn, async (ctx) => {
    const user = signedInUser(ctx);
    const input = TwoStepPasswordInput.parse(ctx.request.body);
    await changesPerUser.consume(String(user.id), ctx.state.log);
    await withPasswordBrake(ctx, 'two-step-setup', () => checkCurrentPassword(prisma, user.id, input.currentPassword));
    if (user.twoStepEnabled) throw new AppError('conflict', TWO_STEP_MESSAGES.alreadyOn);
    const setup = await newTwoStepSetup(user.email);
    ctx.session!.twoStepSetup = { secret: setup.secret, startedAt: Date.now() };
    ctx.body = setup;
  });

  router.post('/two-step/enable', access.signedIn, async (ctx) => {
    const user = signedInUser(ctx);
    const input = TwoStepEnableInput.parse(ctx.request.body);
    await changesPerUser.consume(String(user.id), ctx.state.log);
    const pending = ctx.session?.twoStepSetup as { secret?: unknown; startedAt?: unknown } | undefined;
    if (typeof pending?.secret !== 'string' || typeof pending.startedAt !== 'number' || Date.now() - pending.startedAt > TWO_STEP_SETUP_TTL_MS) {
      throw new AppError('conflict', TWO_STEP_MESSAGES.setupExpired);
    }
    const { recoveryCodes } = await enableTwoStep({ prisma, queues, publicUrl: env.PUBLIC_URL, user, secret: pending.secret, code: input.code });
    logAuthEvent(ctx, 'two-step-on', 'success', { userId: user.id });
    await endUserSessions(redis, env.REDIS_PREFIX, user.id);
    await beginSignedInSession(ctx, user.id);
    ctx.body = { ok: true, message: TWO_STEP_MESSAGES.turnedOn, recoveryCodes };
  });

  router.post('/two-step/disable', access.signedIn, async (ctx) => {
    const user = signedInUser(ctx);
    const input = TwoStepPasswordInput.parse(ctx.request.body);
    await changesPerUser.consume(String(user.id), ctx.state.log);
    await withPasswordBrake(ctx, 'two-step-off', () => checkCurrentPassword(prisma, user.id, input.currentPassword));
    await disableTwoStep({ prisma, queues, publicUrl: env.PUBLIC_URL, userId: user.id });
    await endUserSessions(redis, env.REDIS_PREFIX, user.id);
    await beginSignedInSession(ctx, user.id);
    ctx.body = { ok: true, message: TWO_STEP_MESSAGES.turnedOff };
  });

  router.post('/two-step/recovery-codes', access.signedIn, async (ctx) => {
    const user = signedInUser(ctx);
    const input = TwoStepPasswordInput.parse(ctx.request.body);
    await changesPerUser.consume(String(user.id), ctx.state.log);
    await withPasswordBrake(ctx, 'recovery-codes-replaced', () => checkCurrentPassword(prisma, user.id, input.currentPassword));
    const { recoveryCodes } = await replaceRecoveryCodes({ prisma, userId: user.id });
    ctx.body = { ok: true, message: TWO_STEP_MESSAGES.newRecoveryCodes, recoveryCodes };
  });

  return router;
}
