// /api/auth: sign-up (with a confirmed e-mail address), sign-in, sign-out, the current user,
// archive, password reset and "Download my data" (spec section 7, product rules 10 and 14). Routes parse
// input with core's schemas first (malformed input spends no rate limit and no captcha), then check
// the rate limits and the captcha, call one command and own the session: it is regenerated on
// sign-in (no fixation), destroyed on sign-out, and every session of the user ends on archive and
// on password reset (the per-user index in middleware/session.ts).
// Neither sign-up nor the reset request says whether an address has an account: both answer the
// same after the same work, and the worker e-mails the address's owner (docs/security.md, item 6).
import type Router from '@koa/router';
import {
  ArchiveAccountInput,
  AUTH_MESSAGES,
  LoginInput,
  PasswordResetInput,
  PasswordResetRequestInput,
  RegisterInput,
  RegistrationConfirmInput,
} from '../../../core/auth';
import { TWO_STEP_MESSAGES, TwoStepSignInInput, type TwoStepChallenge } from '../../../core/two-step';
import { logAuthEvent } from './auth-events';
import { archiveAccount, checkCredentials } from '../domain/accounts/authenticate';
import { findCurrentUser } from '../domain/accounts/current-user';
import { useAuthenticatorCode, useRecoveryCode } from '../domain/accounts/two-step';
import { refuseCommonPassword } from '../domain/accounts/common-passwords';
import { exportMyData } from '../domain/accounts/export-my-data';
import { requestPasswordReset, resetPassword } from '../domain/accounts/password-reset';
import { confirmRegistration, requestRegistration } from '../domain/accounts/registration';
import { AppError } from '../domain/app-error';
import { createCaptcha } from '../domain/captcha/captcha';
import type { AppDeps } from '../deps';
import { loadCurrentUser, sessionUserId, signedInUser } from '../middleware/require-role';
import { beginSignedInSession, endUserSessions } from '../middleware/session';
import { beginTwoStepSignIn, pendingTwoStepSignIn, recordWrongTwoStepCode } from '../middleware/two-step-sign-in';
import { hashToken } from '../../../prisma/tokens';
import { createRouter } from './create-router';

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 3600;
/** Tries at a sign-up link's password per hour, wherever they come from. */
const CONFIRM_TRIES_PER_LINK = 5;


export function authRouter(deps: AppDeps): Router {
  const { env, prisma, redis, queues, limits, loginThrottle, access } = deps;
  const router = createRouter('/auth');
  const captcha = createCaptcha({ env, redis });

  const perIp = (keyPrefix: string, points: number, duration: number) => limits.limiter({ keyPrefix, points, duration });
  const loginPerIp = perIp('login-ip', env.LOGIN_LIMIT_PER_IP, FIFTEEN_MINUTES);
  const registerPerIp = perIp('register-ip', env.REGISTER_LIMIT_PER_IP, ONE_HOUR);
  const confirmPerIp = perIp('register-confirm-ip', env.RESET_SUBMIT_LIMIT_PER_IP, ONE_HOUR);
  const confirmPerLink = limits.limiter({ keyPrefix: 'register-confirm-link', points: CONFIRM_TRIES_PER_LINK, duration: ONE_HOUR });
  const resetRequestPerIp = perIp('reset-ip', env.RESET_LIMIT_PER_IP, ONE_HOUR);
  const resetSubmitPerIp = perIp('reset-submit-ip', env.RESET_SUBMIT_LIMIT_PER_IP, ONE_HOUR);
  const twoStepPerIp = perIp('two-step-ip', env.LOGIN_LIMIT_PER_IP, FIFTEEN_MINUTES);
  const resetRequestPerEmail = limits.limiter({ keyPrefix: 'reset-email', points: env.RESET_LIMIT_PER_EMAIL, duration: ONE_HOUR });

  router.get('/me', access.public, async (ctx) => {
    const user = await loadCurrentUser(ctx, prisma);
    // koa would answer a null body with 204; the spec's client reads JSON: send the literal null.
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(user);
  });

  router.post('/register', access.public, async (ctx) => {
    const input = RegisterInput.parse(ctx.request.body);
    refuseCommonPassword(input.password, 'password');
    await registerPerIp.consume(ctx.ip, ctx.state.log);
    await captcha.verify(input.captcha);
    await requestRegistration({ prisma, queues, name: input.name, email: input.email, password: input.password });
    ctx.status = 202;
    ctx.body = { ok: true, message: AUTH_MESSAGES.registrationSent };
  });

  router.post('/register/confirm', access.public, async (ctx) => {
    const input = RegistrationConfirmInput.parse(ctx.request.body);
    await confirmPerIp.consume(ctx.ip, ctx.state.log);
    // The password is asked again: a few tries per link, wherever they come from.
    await confirmPerLink.consume(hashToken(input.token), ctx.state.log);
    const { user, applicationId } = await confirmRegistration({ prisma, token: input.token, password: input.password });
    await beginSignedInSession(ctx, user.id);
    logAuthEvent(ctx, 'sign-up-confirmed', 'success', { userId: user.id, applicationId });
    ctx.status = 201;
    // applicationId: the sign-up came from /apply, and its application now waits for payment.
    ctx.body = { ...user, applicationId };
  });

  router.post('/login', access.public, async (ctx) => {
    const input = LoginInput.parse(ctx.request.body);
    await loginPerIp.consume(ctx.ip, ctx.state.log);
    await captcha.verify(input.captcha);
    const attempt = { email: input.email, ip: ctx.ip };
    await loginThrottle.check(attempt);
    const result = await checkCredentials({ prisma, email: input.email, password: input.password });
    if (!result.ok) {
      logAuthEvent(ctx, 'sign-in', 'failure', { userId: result.userId, reason: result.reason });
      if (result.reason === 'archived') throw new AppError('forbidden', AUTH_MESSAGES.accountArchived);
      await loginThrottle.recordFailure(attempt);
      throw new AppError('unauthenticated', AUTH_MESSAGES.invalidCredentials);
    }
    await loginThrottle.recordSuccess(attempt);
    if (result.user.twoStepEnabled) {
      // The password was right; the session waits for the code (and signs nobody in meanwhile).
      await beginTwoStepSignIn(ctx, result.user.id);
      logAuthEvent(ctx, 'sign-in-password', 'success', { userId: result.user.id });
      const challenge: TwoStepChallenge = { twoStepRequired: true, message: TWO_STEP_MESSAGES.codeRequired };
      ctx.body = challenge;
      return;
    }
    await beginSignedInSession(ctx, result.user.id);
    logAuthEvent(ctx, 'sign-in', 'success', { userId: result.user.id });
    ctx.body = result.user;
  });

  // The second step of a sign-in with two-step verification on (product rule 35): a code from the
  // app or a recovery code, within 5 minutes of the password and at most 5 wrong tries, after which
  // the sign-in starts again from the password and its captcha. Wrong codes also count against the
  // account in the login brake, like wrong passwords.
  router.post('/login/two-step', access.public, async (ctx) => {
    const input = TwoStepSignInInput.parse(ctx.request.body);
    await twoStepPerIp.consume(ctx.ip, ctx.state.log);
    const pending = pendingTwoStepSignIn(ctx);
    const row = pending && (await prisma.user.findUnique({ where: { id: pending.userId }, select: { email: true, isArchived: true } }));
    if (!pending || !row || row.isArchived) {
      if (ctx.session) ctx.session.twoStep = undefined;
      throw new AppError('unauthenticated', TWO_STEP_MESSAGES.signInExpired);
    }
    const attempt = { email: row.email, ip: ctx.ip };
    await loginThrottle.check(attempt);
    const ok =
      'code' in input
        ? await useAuthenticatorCode({ prisma, userId: pending.userId, code: input.code })
        : await useRecoveryCode({ prisma, userId: pending.userId, code: input.recoveryCode });
    if (!ok) {
      const reason = 'code' in input ? 'wrong-code' : 'wrong-recovery-code';
      logAuthEvent(ctx, 'sign-in-two-step', 'failure', { userId: pending.userId, reason });
      await loginThrottle.recordFailure(attempt);
      if (recordWrongTwoStepCode(ctx, pending)) throw new AppError('unauthenticated', TWO_STEP_MESSAGES.tooManyAttempts);
      const message = 'code' in input ? TWO_STEP_MESSAGES.codeInvalid : TWO_STEP_MESSAGES.recoveryCodeInvalid;
      throw new AppError('unauthenticated', message, { fields: { ['code' in input ? 'code' : 'recoveryCode']: message } });
    }
    await loginThrottle.recordSuccess(attempt);
    await beginSignedInSession(ctx, pending.userId);
    logAuthEvent(ctx, 'sign-in-two-step', 'success', { userId: pending.userId, ...('recoveryCode' in input ? { reason: 'recovery code' } : {}) });
    ctx.body = await findCurrentUser({ prisma, userId: pending.userId });
  });

  router.post('/logout', access.public, (ctx) => {
    const userId = sessionUserId(ctx);
    if (userId !== undefined) logAuthEvent(ctx, 'sign-out', 'success', { userId });
    ctx.session = null;
    ctx.body = { ok: true };
  });

  router.post('/archive', access.signedIn, async (ctx) => {
    const user = signedInUser(ctx);
    const input = ArchiveAccountInput.parse(ctx.request.body);
    // The password is asked for again: guessing it here is guessing a sign-in, and braked the same way.
    const attempt = { email: user.email, ip: ctx.ip };
    await loginThrottle.check(attempt);
    try {
      await archiveAccount({ prisma, userId: user.id, password: input.password });
    } catch (err) {
      if (err instanceof AppError && err.code === 'forbidden') {
        logAuthEvent(ctx, 'account-delete', 'failure', { userId: user.id, reason: 'wrong-password' });
        await loginThrottle.recordFailure(attempt);
      }
      throw err;
    }
    logAuthEvent(ctx, 'account-delete', 'success', { userId: user.id });
    await endUserSessions(redis, env.REDIS_PREFIX, user.id);
    ctx.session = null;
    ctx.body = { ok: true };
  });

  router.get('/my-data', access.signedIn, async (ctx) => {
    const data = await exportMyData({ prisma, userId: signedInUser(ctx).id });
    ctx.set('Content-Disposition', 'attachment; filename="itconnect-my-data.json"');
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(data, null, 2);
  });

  router.post('/password-reset/request', access.public, async (ctx) => {
    const input = PasswordResetRequestInput.parse(ctx.request.body);
    await resetRequestPerIp.consume(ctx.ip, ctx.state.log);
    await resetRequestPerEmail.consume(input.email, ctx.state.log);
    await captcha.verify(input.captcha);
    await requestPasswordReset({ queues, email: input.email });
    ctx.body = { ok: true, message: AUTH_MESSAGES.resetRequested };
  });

  // Setting the new password has its own budget: an office behind one address must still be able
  // to use its links after several people asked for them.
  router.post('/password-reset', access.public, async (ctx) => {
    const parsed = PasswordResetInput.safeParse(ctx.request.body);
    // A malformed token is the same case as an unknown one; a short password keeps its own message.
    if (!parsed.success && parsed.error.issues.some((issue) => issue.path[0] === 'token')) {
      throw new AppError('bad_request', AUTH_MESSAGES.resetInvalid);
    }
    const input = PasswordResetInput.parse(ctx.request.body);
    refuseCommonPassword(input.password, 'password');
    await resetSubmitPerIp.consume(ctx.ip, ctx.state.log);
    const { userId } = await resetPassword({ prisma, token: input.token, password: input.password });
    logAuthEvent(ctx, 'password-reset', 'success', { userId });
    await endUserSessions(redis, env.REDIS_PREFIX, userId);
    ctx.session = null;
    ctx.body = { ok: true, message: AUTH_MESSAGES.passwordChanged };
  });

  return router;
}
