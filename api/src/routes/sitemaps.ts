// Search engines' files outside /api: GET /robots.txt, and GET /sitemap.xml with its parts
// (/sitemap-{n}.xml when it is split). app.ts mounts this just before the pages' heads (seo.ts).
import type { Middleware } from 'koa';
import type { AppDeps } from '../deps';
import { buildSitemap, robotsTxt } from '../domain/seo/build-sitemap';

const SITEMAP_PART = /^\/sitemap-([1-9]\d{0,4})\.xml$/;

export function sitemapRoutes({ prisma, env, answers }: Pick<AppDeps, 'prisma' | 'env' | 'answers'>): Middleware {
  const publicUrl = env.PUBLIC_URL;
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();

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
    return next();
  };
}
