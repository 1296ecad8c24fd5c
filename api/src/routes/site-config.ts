// GET /api/site-config: public runtime configuration for the SPA (core/site-config.ts).
import Router from '@koa/router';
import { getSiteConfig } from '../domain/site-config/get-site-config';
import type { AppDeps } from '../deps';

export function siteConfigRouter({ env }: Pick<AppDeps, 'env'>): Router {
  const router = new Router();
  const config = getSiteConfig(env);
  router.get('/site-config', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = config;
  });
  return router;
}
