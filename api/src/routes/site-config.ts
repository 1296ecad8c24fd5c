// GET /api/site-config: public runtime configuration for the SPA (core/site-config.ts).
import type Router from '@koa/router';
import { getSiteConfig } from '../domain/site-config/get-site-config';
import type { AppDeps } from '../deps';
import { createRouter } from './create-router';

export function siteConfigRouter({ env, access }: Pick<AppDeps, 'env' | 'access'>): Router {
  const router = createRouter();
  const config = getSiteConfig(env);
  router.get('/site-config', access.public, (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = config;
  });
  return router;
}
