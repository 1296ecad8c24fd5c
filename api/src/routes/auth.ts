// /api/auth: sign-up, sign-in, sign-out, the current user, archive, password reset and "Download
// my data" (spec section 7, DECISIONS #10, #14). Routes parse input with core's schemas, check the
// captcha and the rate limits, call one command and own the session: it is regenerated on
// sign-in and sign-up (no fixation), destroyed on sign-out, and every session of the user ends on
// archive and on password reset (the per-user index in middleware/session.ts).
import Router from '@koa/router';
import type { Context } from 'koa';
import { AUTH_MESSAGES, LoginInput, PasswordResetInput, PasswordResetRequestInput, RegisterInput } from '../../../core/auth';
import { archiveAccount, checkCredentials, registerCustomer } from '../domain/accounts/authenticate';
import { exportMyData } from '../domain/accounts/export-my-data';
import { createLoginThrottle } from '../domain/accounts/login-throttle';
import { requestPasswordReset, resetPassword } from '../domain/accounts/password-reset';
import { AppError } from '../domain/app-error';
import { createCaptcha } from '../domain/captcha/captcha';
import type { AppDeps } from '../deps';
import { loadCurrentUser, requireUser, signedInUser } from '../middleware/require-role';
import { endUserSessions } from '../middleware/session';

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 3600;

/** The request body's e-mail, normalised like core's Email, for per-address limits. */
function bodyEmail(ctx: Context): string {
  const email = (ctx.request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
}

async function signIn(ctx: Context, userId: number): Promise<void> {
  if (!ctx.session) throw new Error('session middleware missing');
  await ctx.session.regenerate();
  ctx.session.userId = userId;
}

export function authRouter(deps: AppDeps): Router {
  const { env, prisma, redis, queues, logger, rateLimit } = deps;
  const router = new Router({ prefix: '/auth' });
  const captcha = createCaptcha({ env, redis });
  const loginThrottle = createLoginThrottle({ redis, redisPrefix: env.REDIS_PREFIX, failures: env.LOGIN_FAILURES_PER_EMAIL, logger });
  const signedIn = requireUser(prisma);

  const loginPerIp = rateLimit({ keyPrefix: 'login-ip', points: env.LOGIN_LIMIT_PER_IP, duration: FIFTEEN_MINUTES, key: (ctx) => ctx.ip });
  const registerPerIp = rateLimit({ keyPrefix: 'register-ip', points: env.REGISTER_LIMIT_PER_IP, duration: ONE_HOUR, key: (ctx) => ctx.ip });
  const resetPerIp = rateLimit({ keyPrefix: 'reset-ip', points: env.RESET_LIMIT_PER_IP, duration: ONE_HOUR, key: (ctx) => ctx.ip });
  const resetPerEmail = rateLimit({
    keyPrefix: 'reset-email',
    points: env.RESET_LIMIT_PER_EMAIL,
    duration: ONE_HOUR,
    key: bodyEmail,
    skip: (ctx) => bodyEmail(ctx) === '',
  });

  router.get('/me', async (ctx) => {
    const user = await loadCurrentUser(ctx, prisma);
    // koa would answer a null body with 204; the spec's client reads JSON: send the literal null.
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(user);
  });

  router.post('/register', registerPerIp, async (ctx) => {
    const input = RegisterInput.parse(ctx.request.body);
    await captcha.verify(input.captcha);
    const user = await registerCustomer({ prisma, name: input.name, email: input.email, password: input.password });
    await signIn(ctx, user.id);
    ctx.status = 201;
    ctx.body = user;
  });

  router.post('/login', loginPerIp, async (ctx) => {
    const input = LoginInput.parse(ctx.request.body);
    await captcha.verify(input.captcha);
    await loginThrottle.check(input.email);
    const result = await checkCredentials({ prisma, email: input.email, password: input.password });
    if (!result.ok) {
      if (result.reason === 'archived') throw new AppError('forbidden', AUTH_MESSAGES.accountArchived);
      await loginThrottle.recordFailure(input.email);
      throw new AppError('unauthenticated', AUTH_MESSAGES.invalidCredentials);
    }
    await loginThrottle.reset(input.email);
    await signIn(ctx, result.user.id);
    ctx.body = result.user;
  });

  router.post('/logout', (ctx) => {
    ctx.session = null;
    ctx.body = { ok: true };
  });

  router.post('/archive', signedIn, async (ctx) => {
    const user = signedInUser(ctx);
    await archiveAccount({ prisma, userId: user.id });
    await endUserSessions(redis, env.REDIS_PREFIX, user.id);
    ctx.session = null;
    ctx.body = { ok: true };
  });

  router.get('/my-data', signedIn, async (ctx) => {
    const data = await exportMyData({ prisma, userId: signedInUser(ctx).id });
    ctx.set('Content-Disposition', 'attachment; filename="itconnect-my-data.json"');
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(data, null, 2);
  });

  router.post('/password-reset/request', resetPerIp, resetPerEmail, async (ctx) => {
    const input = PasswordResetRequestInput.parse(ctx.request.body);
    await captcha.verify(input.captcha);
    const { isQueued } = await requestPasswordReset({ prisma, queues, publicUrl: env.PUBLIC_URL, email: input.email });
    ctx.state.log.info({ isQueued }, 'password reset requested');
    ctx.body = { ok: true, message: AUTH_MESSAGES.resetRequested };
  });

  router.post('/password-reset', resetPerIp, async (ctx) => {
    const parsed = PasswordResetInput.safeParse(ctx.request.body);
    // A malformed token is the same case as an unknown one; a short password keeps its own message.
    if (!parsed.success && parsed.error.issues.some((issue) => issue.path[0] === 'token')) {
      throw new AppError('bad_request', AUTH_MESSAGES.resetInvalid);
    }
    const input = PasswordResetInput.parse(ctx.request.body);
    const { userId } = await resetPassword({ prisma, token: input.token, password: input.password });
    await endUserSessions(redis, env.REDIS_PREFIX, userId);
    ctx.session = null;
    ctx.body = { ok: true, message: AUTH_MESSAGES.passwordChanged };
  });

  return router;
}
