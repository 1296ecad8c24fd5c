// Every /api route, assembled under one prefix. A new resource adds its router to the list below.
// One @koa/router router serves them, as the library ships it (docs/decisions/0033-stock-router.md).
// After the routes: a wrong method on an existing path → 405 with Allow, any other /api path → 404,
// both as the JSON error body.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { AppError } from '../domain/app-error';
import type { AppDeps } from '../deps';
import { accountRouter } from './account';
import { accountSessionsRouter } from './account-sessions';
import { adminRouter } from './admin';
import { adminCredentialsRouter } from './admin-credentials';
import { adminMailRouter } from './admin-mail';
import { maintenanceRouter } from './admin-maintenance';
import { adminReviewsRouter } from './admin-reviews';
import { authRouter } from './auth';
import { billingRouter } from './billing';
import { captchaRouter } from './captcha';
import { contactRouter } from './contact';
import { credentialsRouter } from './credentials';
import { createRouter } from './create-router';
import { homeRouter } from './home';
import { locationsRouter } from './locations';
import { mediaRouter } from './media';
import { createMediaStorage } from '../domain/media/media-storage';
import { caseStudiesRouter } from './case-studies';
import { messagesRouter } from './messages';
import { myProfileRouter } from './my-profile';
import { professionalsRouter } from './professionals';
import { quoteRequestsRouter } from './quote-requests';
import { reviewsRouter } from './reviews';
import { siteConfigRouter } from './site-config';

export interface ApiRoutes {
  /** Every /api route (its `stack` is what route-guards.int.test.ts walks, and what is served). */
  router: Router;
  /** The /api middleware chain, in order; app.ts mounts it. */
  middleware: Middleware[];
}

/** Every /api route under one router. `extraRouters`: app.ts's health and metrics routers (they see what the app opened), then tests' routes. */
export function apiRoutes(deps: AppDeps, extraRouters: Router[] = []): ApiRoutes {
  const api = createRouter('/api');
  // One storage of logos and photos for the gallery's and the case studies' routes.
  const mediaStorage = createMediaStorage(deps.env);
  for (const router of [
    siteConfigRouter(deps),
    // Accounts; my-profile before professionals so /professionals/my-profile is not read as an id.
    ...[authRouter(deps), accountRouter(deps), captchaRouter(deps), myProfileRouter(deps), mediaRouter(deps, mediaStorage), caseStudiesRouter(deps, mediaStorage), adminMailRouter(deps)],
    accountSessionsRouter(deps),
    // Before professionals, as my-profile is (/professionals/my-profile/credentials is not an id).
    credentialsRouter(deps),
    professionalsRouter(deps),
    billingRouter(deps),
    adminRouter(deps),
    maintenanceRouter(deps),
    reviewsRouter(deps),
    adminReviewsRouter(deps),
    adminCredentialsRouter(deps),
    messagesRouter(deps),
    contactRouter(deps),
    quoteRequestsRouter(deps),
    homeRouter(deps),
    locationsRouter(deps),
    ...extraRouters,
  ]) {
    api.use(router.routes());
  }
  return { router: api, middleware: [unansweredAsJson(), api.routes() as Middleware, api.allowedMethods() as Middleware] };
}

/**
 * Runs after the routers: a path no route matched → 404; a path matched with the wrong method
 * (@koa/router's allowedMethods answers a bare 405/501 with an Allow header) → 405 with Allow.
 * Both leave as the JSON error body.
 */
function unansweredAsJson(): Middleware {
  return async (ctx, next) => {
    await next();
    if ((ctx.status === 405 || ctx.status === 501) && !ctx.body) {
      const allow = ctx.response.get('Allow');
      throw new AppError('method_not_allowed', `${ctx.method} is not allowed here. Allowed: ${allow || 'none'}.`, {
        headers: allow ? { Allow: allow } : {},
      });
    }
    if (ctx.status === 404 && ctx.body === undefined) {
      throw new AppError('not_found', `No such API endpoint: ${ctx.method} ${ctx.path}`);
    }
  };
}
