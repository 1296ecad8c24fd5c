// GET /api/captcha/challenge: a fresh signed ALTCHA challenge for the widget (domain/captcha).
import type Router from '@koa/router';
import { createCaptcha } from '../domain/captcha/captcha';
import type { AppDeps } from '../deps';
import { createRouter } from './create-router';

export function captchaRouter(deps: AppDeps): Router {
  const router = createRouter('/captcha');
  const captcha = createCaptcha({ env: deps.env, redis: deps.redis });
  router.get('/challenge', deps.access.public, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await captcha.createChallenge();
  });
  return router;
}
