// Per-page heads, outside /api: for every page GET, the page's head resolver that renderIndexHtml
// (spa/render-index-html.ts) uses. app.ts mounts this just before the SPA fallback, after
// sitemaps.ts (robots.txt and the sitemaps).
import type { Middleware } from 'koa';
import { TOTAL_COUNT_HEADER, type ProfessionalListItem } from '../../../core/directory';
import type { DirectoryQuery } from '../../../core/directory-query';
import type { ServicePlace, ServicePlaceSummary } from '../../../core/service-places';
import type { AppDeps } from '../deps';
import { resolvePageMeta } from '../domain/seo/resolve-page-meta';
import { isPagePath } from '../spa/static-files';

export function seoRoutes({ prisma, env, answers, directoryAnswers }: Pick<AppDeps, 'prisma' | 'env' | 'answers' | 'directoryAnswers'>): Middleware {
  const publicUrl = env.PUBLIC_URL;
  const servicePlace = async (named: ServicePlace) => {
    const answer = await directoryAnswers.servicePlace(named);
    return answer && (JSON.parse(answer.json.toString('utf8')) as ServicePlaceSummary);
  };
  const hasListings = async (query: DirectoryQuery) => Number((await directoryAnswers.list(query)).headers[TOTAL_COUNT_HEADER]) > 0;
  const listings = async (query: DirectoryQuery) => JSON.parse((await directoryAnswers.list(query)).json.toString('utf8')) as ProfessionalListItem[];
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !isPagePath(ctx.path)) return next();

    ctx.state.resolvePageMeta = () =>
      resolvePageMeta({ prisma, publicUrl, answers, servicePlace, hasListings, listings }, { path: ctx.path, query: ctx.query, querystring: ctx.querystring });
    return next();
  };
}
