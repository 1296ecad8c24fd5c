// Search-engine files and per-page heads, outside /api: GET /sitemap.xml (and its parts
// /sitemap-{n}.xml when it is split), GET /robots.txt, and, for every other page GET, the page's
// head resolver that renderIndexHtml (spa/render-index-html.ts) uses. app.ts mounts this just
// before the SPA fallback.
import type { Middleware } from 'koa';
import { TOTAL_COUNT_HEADER } from '../../../core/directory';
import type { DirectoryQuery } from '../../../core/directory-query';
import type { ServicePlace, ServicePlaceSummary } from '../../../core/service-places';
import type { AppDeps } from '../deps';
import { buildSitemap, robotsTxt } from '../domain/seo/build-sitemap';
import { resolvePageMeta } from '../domain/seo/resolve-page-meta';
import { isPagePath } from '../spa/static-files';

const SITEMAP_PART = /^\/sitemap-([1-9]\d{0,4})\.xml$/;

export function seoRoutes({ prisma, env, answers, directoryAnswers }: Pick<AppDeps, 'prisma' | 'env' | 'answers' | 'directoryAnswers'>): Middleware {
  const publicUrl = env.PUBLIC_URL;
  const servicePlace = async (named: ServicePlace) => {
    const answer = await directoryAnswers.servicePlace(named);
    return answer && (JSON.parse(answer.json.toString('utf8')) as ServicePlaceSummary);
  };
  const hasListings = async (query: DirectoryQuery) => Number((await directoryAnswers.list(query)).headers[TOTAL_COUNT_HEADER]) > 0;
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !isPagePath(ctx.path)) return next();

    if (ctx.path === '/robots.txt') {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = robotsTxt(publicUrl);
      return;
    }
    const part = ctx.path === '/sitemap.xml' ? 0 : Number(SITEMAP_PART.exec(ctx.path)?.[1] ?? NaN);
    if (!Number.isNaN(part)) {
      // Kept with the directory's answers until the data changes: a part can hold 50,000 profiles.
      const xml = await answers.value(`sitemap/${part}`, () => buildSitemap({ prisma, publicUrl }, part), (x) => (x ? x.length : 0));
      if (xml !== null) {
        ctx.type = 'application/xml; charset=utf-8';
        ctx.set('Cache-Control', 'public, max-age=3600');
        ctx.body = xml;
        return;
      }
    }

    ctx.state.resolvePageMeta = () =>
      resolvePageMeta({ prisma, publicUrl, answers, servicePlace, hasListings }, { path: ctx.path, query: ctx.query, querystring: ctx.querystring });
    return next();
  };
}
