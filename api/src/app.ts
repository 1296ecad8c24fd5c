// Assembles the Koa app: middleware in order, then the routers. No listen() here: server.ts
// listens, and integration tests mount app.callback() on an ephemeral port with their own database
// and Redis prefix. The order matters, and the comments below say why each piece sits where it does.
import type Router from '@koa/router';
import Koa, { type Context, type Middleware } from 'koa';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createPrisma, type PrismaClient } from '../../prisma/db';
import './context';
import type { AppDeps } from './deps';
import { createLoginThrottle } from './domain/accounts/login-throttle';
import { AnswerCache, everyChangeFromFeed } from './domain/directory/answer-cache';
import { directoryAnswers } from './domain/directory/directory-answers';
import { DirectoryIndex } from './domain/directory/directory-index';
import { listenForDirectoryChanges } from './domain/directory/directory-changes';
import { createMaintenanceState, SITE_SETTINGS_CHANNEL } from './domain/maintenance/maintenance-state';
import { createMetrics } from './domain/metrics/metrics';
import { listenForNotifications } from '../../prisma/listen';
import { CLIENT_ERROR_LIMITS, CLIENT_ERRORS_PATH } from '../../core/client-error-limits';
import { adminTwoStepRequired } from '../../core/env-schema';
import type { ApiEnv } from './env';
import { canonicalPaths } from './middleware/canonical-path';
import { compressJson } from './middleware/compress';
import { errorHandler } from './middleware/errors';
import { httpMetrics } from './middleware/http-metrics';
import { jsonBody, storableUrlText } from './middleware/json-body';
import { maintenanceGate } from './middleware/maintenance-gate';
import { queueBoard } from './middleware/queue-board';
import { createRateLimit } from './middleware/rate-limit';
import { hasBearerToken } from './middleware/require-role';
import { requestId } from './middleware/request-id';
import { requestLog } from './middleware/request-log';
import { routeAccess } from './middleware/require-role';
import { sameOriginWrites } from './middleware/same-origin';
import { securityHeaders } from './middleware/security-headers';
import { cookieName, session, SESSION_COOKIE } from './middleware/session';
import { createPayments } from './payments/payments';
import { createQueues, type Queues } from './queue';
import { apiRoutes } from './routes/api-router';
import { clientErrorsRouter } from './routes/client-errors';
import { healthRouter } from './routes/health';
import { metricsRouter } from './routes/metrics';
import { ogImageRoutes } from './routes/og-images';
import { seoRoutes } from './routes/seo';
import { sitemapRoutes } from './routes/sitemaps';
import { stripeWebhook } from './routes/stripe-webhook';
import { firstScreenLoader, firstScreenRenderers } from './spa/first-screen';
import { spaFallback } from './spa/spa-fallback';
import { isPagePath, serveStaticFiles } from './spa/static-files';

export interface CreateAppOptions {
  env: ApiEnv;
  prisma: PrismaClient;
  redis: Redis;
  logger: Logger;
  /** Extra routers mounted under /api after the real ones. For tests (a route that touches the session, one that throws). */
  extraApiRouters?: Router[];
}

export interface ApiApp {
  app: Koa;
  deps: AppDeps;
  /** Every /api route (for the test that walks them all). */
  apiRouter: Router;
  queues: Queues;
  /** Releases what the app opened (its queues, the directory change feed). Prisma and Redis belong to the caller. */
  close(): Promise<void>;
}

/** Paths never rate limited: health probes run often from one address. */
const UNLIMITED_PATHS = new Set(['/api/health', '/api/ready']);
/** The directory index's own connections: a refresh and a new text's tsquery at once. */
const INDEX_CONNECTIONS = 2;

function onlyForApi(middleware: Middleware): Middleware {
  return (ctx, next) => (isPagePath(ctx.path) ? next() : middleware(ctx, next));
}

/** API answers are personal unless a route says otherwise (public directory answers set their own). */
const noStoreByDefault: Middleware = (ctx, next) => {
  ctx.set('Cache-Control', 'no-store');
  return next();
};

export function createApp({ env, prisma, redis, logger, extraApiRouters = [] }: CreateAppOptions): ApiApp {
  // Behind N proxies the client's address is the Nth entry of X-Forwarded-For from the right:
  // maxIpsCount keeps only those N, so what a client writes further left is never its ctx.ip.
  const proxyHops = env.TRUST_PROXY_HOPS ?? 0;
  const app = new Koa({ proxy: proxyHops > 0, maxIpsCount: proxyHops, keys: env.SESSION_KEYS });
  const queues = createQueues({ redis, redisPrefix: env.REDIS_PREFIX, logger });
  // LISTEN needs a session connection: past a transaction-mode pooler, a direct URL (docs/deploy.md).
  const listenUrl = env.DATABASE_LISTEN_URL ?? env.DATABASE_URL;
  const limits = createRateLimit({ redis, redisPrefix: env.REDIS_PREFIX, logger });
  const loginThrottle = createLoginThrottle({
    redis,
    redisPrefix: env.REDIS_PREFIX,
    failuresPerSource: env.LOGIN_FAILURES_PER_SOURCE,
    slowdownAfter: env.LOGIN_SLOWDOWN_AFTER,
    slowdownMs: env.LOGIN_SLOWDOWN_MS,
    logger,
  });
  const indexOn = env.DIRECTORY_INDEX === 'on';
  const changeFeed = env.DIRECTORY_CACHE_MB > 0 || indexOn ? listenForDirectoryChanges({ databaseUrl: listenUrl, logger }) : null;
  // The index reads changed listings through connections of its own (decision 0019): behind
  // requests in the pool, a refresh waited for a connection, and searches waited for the refresh.
  const indexPrisma = changeFeed && indexOn ? createPrisma(env.DATABASE_URL, { max: INDEX_CONNECTIONS }) : null;
  const directory = changeFeed && indexPrisma ? new DirectoryIndex({ prisma: indexPrisma, feed: changeFeed, logger }) : null;
  const answers = new AnswerCache(directory ?? (changeFeed && everyChangeFromFeed(changeFeed)), { maxBytes: env.DIRECTORY_CACHE_MB * 1024 * 1024 });
  const payments = createPayments(env);
  const settingsFeed = listenForNotifications({ databaseUrl: listenUrl, logger, channel: SITE_SETTINGS_CHANNEL, name: 'site-settings' });
  const maintenance = createMaintenanceState({ prisma, databaseUrl: listenUrl, logger, feed: settingsFeed });
  const metrics = createMetrics({ queues: queues.get, redis, redisPrefix: env.REDIS_PREFIX, answers, directory });
  // One source of the directory's answers for its routes and the server-rendered first screen.
  const directoryAnswer = directoryAnswers({ prisma, answers, directory });
  const deps: AppDeps = { env, prisma, redis, logger, queues, limits, loginThrottle, answers, directory, directoryAnswers: directoryAnswer, access: routeAccess(prisma, { adminTwoStepRequired: adminTwoStepRequired(env) }), payments, maintenance };
  const isProduction = env.NODE_ENV === 'production';

  // Errors are handled (and logged) by errorHandler; this only sees what escapes Koa itself.
  app.silent = true;
  app.on('error', (err: unknown) => logger.error({ err }, 'koa error'));

  // 1. Identify and log every request, then turn every failure below into the JSON error body.
  //    From here on each path has one spelling (canonical-path.ts), which every router, guard and
  //    file lookup below sees; and a write from another site is refused (same-origin.ts).
  app.use(requestId(logger));
  app.use(requestLog());
  app.use(httpMetrics(metrics));
  app.use(errorHandler());
  app.use(securityHeaders(env));
  app.use(canonicalPaths());
  app.use(sameOriginWrites({ publicUrl: env.PUBLIC_URL }));
  app.use(compressJson());

  // 2. Built front-end files: cheap, no session, no rate limit (and reachable in maintenance).
  app.use(serveStaticFiles({ staticDir: env.STATIC_DIR }));

  // 3. The Stripe webhook, before the rate limit, the session, the maintenance gate and the JSON
  //    body parser: it reads the raw body to verify the signature, and payments must not be lost
  //    while the site is in maintenance.
  app.use(stripeWebhook(deps));

  // 4. The general per-IP limit on the API and on pages (each page GET reads the database for its
  //    head); the built files above are not counted.
  app.use(
    limits.rateLimit({
      keyPrefix: 'api',
      points: env.RATE_LIMIT_PER_MINUTE,
      duration: 60,
      key: (ctx) => ctx.ip,
      skip: (ctx) => UNLIMITED_PATHS.has(ctx.path),
    }),
  );

  // 5. Sessions in Redis (cookie `sid`); Redis is read only when a request carries the cookie.
  app.use(session(app, { env, redis }));

  // 6. The maintenance gate (product rule 12): after the session (admins and unlocked beta testers
  //    pass), before the API routes and the SPA pages; a blocked page GET gets the SPA's index.html
  //    with 503, so the SPA shows the gate screen.
  const firstScreen = {
    renderer: firstScreenRenderers({ staticDir: env.STATIC_DIR, logger }),
    load: firstScreenLoader({ prisma, directoryAnswers: directoryAnswer }),
    logger,
    isSignedOut: (ctx: Context) => !ctx.cookies.get(cookieName(SESSION_COOKIE, env)),
  };
  const pages = spaFallback({ staticDir: env.STATIC_DIR, isProduction, isDemoPayments: payments.isStandIn, firstScreen });
  const isMetricsScraper = (ctx: Parameters<typeof hasBearerToken>[0]) => ctx.path === '/api/metrics' && hasBearerToken(ctx, env.METRICS_TOKEN);
  app.use(maintenanceGate({ state: maintenance, prisma, env, renderPage: pages, passes: isMetricsScraper }));

  // 7. The API: JSON bodies only, then the routers; unknown paths and wrong methods end here.
  app.use(onlyForApi(noStoreByDefault));
  app.use(onlyForApi(storableUrlText()));
  app.use(onlyForApi(jsonBody({ limit: env.BODY_LIMIT, pathLimits: { [CLIENT_ERRORS_PATH]: `${CLIENT_ERROR_LIMITS.bodyBytes}b` } })));
  // Readiness and metrics see what the app opened (its change feeds, its queues); error reports are counted in the metrics.
  const health = healthRouter({ ...deps, feeds: { directoryChanges: changeFeed, siteSettingsChanges: settingsFeed }, directoryIndex: directory, workerQueue: queues.get('email') });
  const api = apiRoutes(deps, [health, metricsRouter(deps, metrics), clientErrorsRouter(deps, metrics), ...extraApiRouters]);
  for (const middleware of api.middleware) app.use(onlyForApi(middleware));

  // 8. Bull Board, admins only: the board is only ever called through its guard.
  app.use(queueBoard({ queues: queues.all(), guard: deps.access.only('admin') }));

  // 9. Every other page GET: the SPA's index.html. Before it, the pages' preview images (/og/).
  app.use(sitemapRoutes(deps));
  app.use(ogImageRoutes(deps));
  app.use(seoRoutes(deps));
  app.use(pages);

  return {
    app,
    deps,
    apiRouter: api.router,
    queues,
    close: async () => {
      await answers.close();
      await directory?.close();
      await indexPrisma?.$disconnect();
      await Promise.all([queues.close(), changeFeed?.close(), maintenance.close()]);
    },
  };
}
