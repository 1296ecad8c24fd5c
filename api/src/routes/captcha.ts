// GET /api/captcha/challenge: a fresh signed ALTCHA challenge for the widget (domain/captcha).
import Router from '@koa/router';
import { createCaptcha } from '../domain/captcha/captcha';
import type { AppDeps } from '../deps';

export function captchaRouter(deps: AppDeps): Router {
  const router = new Router({ prefix: '/captcha' });
  const captcha = createCaptcha({ env: deps.env, redis: deps.redis });
  router.get('/challenge', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await captcha.createChallenge();
  });
  return router;
}
