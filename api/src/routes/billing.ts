// Applying and paying (spec section 7; product rules 1, 2, 13, 24):
//   POST /api/create-application-checkout   an application and its Stripe Checkout (anyone, captcha;
//                                            a visitor's waits for the e-mailed link: 202)
//   GET  /api/application                    the signed-in user's open application, or null
//   POST /api/application/checkout           pay for it (again): a new checkout
//   GET  /api/verify-payment                 did that checkout get paid? (/application-success)
//   POST /api/create-subscription            a subscription for a listing without one (owner or admin)
//   GET  /api/professional/subscription      the provider's plan, renewal and refund due
//   POST /api/professional/cancel-subscription
//   POST /api/professional/billing-portal    Stripe's customer portal (or the stand-in's billing page)
// The Stripe webhook is not here: it reads the raw body, so app.ts mounts it before the body parser.
import type Router from '@koa/router';
import { ApplicationCheckoutInput, CreateSubscriptionInput } from '../../../core/billing';
import { refuseCommonPassword } from '../domain/accounts/common-passwords';
import { cancelSubscription } from '../domain/billing/cancel-subscription';
import { billingPortalUrl, createSubscription, subscriptionSummary } from '../domain/billing/professional-billing';
import { continueApplicationCheckout, openApplication, startApplicationCheckout } from '../domain/billing/start-application-checkout';
import { verifyPayment } from '../domain/billing/verify-payment';
import { AppError } from '../domain/app-error';
import { createCaptcha } from '../domain/captcha/captcha';
import type { AppDeps } from '../deps';
import { loadCurrentUser, signedInUser } from '../middleware/require-role';
import { endUserSessions } from '../middleware/session';
import { createRouter } from './create-router';

const ONE_HOUR = 3600;

function firstValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

export function billingRouter(deps: AppDeps): Router {
  const { env, prisma, redis, queues, limits, access, payments } = deps;
  const router = createRouter();
  const captcha = createCaptcha({ env, redis });
  const applyPerIp = limits.limiter({ keyPrefix: 'apply-ip', points: env.APPLY_LIMIT_PER_IP, duration: ONE_HOUR });
  const stripe = () => payments.stripe();
  const publicUrl = env.PUBLIC_URL.replace(/\/+$/, '');

  router.post('/create-application-checkout', access.public, async (ctx) => {
    const input = ApplicationCheckoutInput.parse(ctx.request.body);
    refuseCommonPassword(input.password, 'password');
    await applyPerIp.consume(ctx.ip, ctx.state.log);
    await captcha.verify(input.captcha);
    const user = await loadCurrentUser(ctx, prisma);
    const answer = await startApplicationCheckout({ prisma, stripe, queues, publicUrl, user, input });
    if ('emailSent' in answer) ctx.status = 202;
    ctx.body = answer;
  });

  router.get('/application', access.signedIn, async (ctx) => {
    // koa would answer a null body with 204; the page reads JSON: send the literal null.
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(await openApplication({ prisma, user: signedInUser(ctx) }));
  });

  router.post('/application/checkout', access.signedIn, async (ctx) => {
    await applyPerIp.consume(ctx.ip, ctx.state.log);
    ctx.body = await continueApplicationCheckout({ prisma, stripe, queues, publicUrl, user: signedInUser(ctx) });
  });

  router.get('/verify-payment', access.public, async (ctx) => {
    const sessionId = firstValue(ctx.query.session_id);
    const applicationId = Number(firstValue(ctx.query.application_id));
    if (!sessionId || sessionId.length > 255 || !Number.isInteger(applicationId) || applicationId < 1 || applicationId > 2_147_483_647) {
      throw new AppError('bad_request', 'session_id and application_id are required.');
    }
    ctx.body = await verifyPayment({ prisma, stripe, queues, viewer: await loadCurrentUser(ctx, prisma), sessionId, applicationId });
  });

  router.post('/create-subscription', access.signedIn, async (ctx) => {
    const input = CreateSubscriptionInput.parse(ctx.request.body);
    ctx.body = await createSubscription({ prisma, stripe, user: signedInUser(ctx), professionalId: input.professionalId, plan: input.subscriptionType });
  });

  router.get('/professional/subscription', access.only('provider'), async (ctx) => {
    ctx.body = await subscriptionSummary({ prisma, user: signedInUser(ctx) });
  });

  router.post('/professional/cancel-subscription', access.only('provider'), async (ctx) => {
    const user = signedInUser(ctx);
    ctx.body = await cancelSubscription({ prisma, stripe, queues, user });
    // The account is archived: every session of it ends, this one too (spec section 4).
    await endUserSessions(redis, env.REDIS_PREFIX, user.id);
    ctx.session = null;
  });

  router.post('/professional/billing-portal', access.only('provider'), async (ctx) => {
    ctx.body = await billingPortalUrl({ prisma, stripe, user: signedInUser(ctx), publicUrl });
  });

  return router;
}
