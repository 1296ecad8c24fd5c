// Search engines' files outside /api: GET /robots.txt, and the sitemaps the worker built and stored
// (decision 0039, core/sitemaps.ts): /sitemap.xml, always an index, and its children under
// /sitemaps/. Served as stored, never built here: with their SHA-256 as ETag and the time their
// text last changed as Last-Modified (a conditional request reads no text), gzipped when the
// client takes it. A child the set does not have is a 404; before any set is stored every sitemap
// answers 503 with Retry-After and asks the worker for a build. The addresses of the old split
// sitemap (/sitemap-{n}.xml) are no longer ours: they fall through to the pages' 404.
// app.ts mounts this just before the pages' heads (seo.ts).
import type { Middleware } from 'koa';
import { sitemapFileAt } from '../../../core/sitemaps';
import type { AppDeps } from '../deps';
import { robotsTxt } from '../domain/seo/robots-txt';
import { storedSitemaps, type SitemapVersion } from '../domain/seo/stored-sitemaps';

/** What a client waits before asking again when no sitemap is built yet (the build waits 10 s, then takes seconds). */
export const SITEMAP_RETRY_AFTER_SECONDS = 30;
const CACHE_CONTROL = 'public, max-age=3600';

export function sitemapRoutes({ prisma, env, queues, logger }: Pick<AppDeps, 'prisma' | 'env' | 'queues' | 'logger'>): Middleware {
  const publicUrl = env.PUBLIC_URL;
  const sitemaps = storedSitemaps(prisma);
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();

    if (ctx.path === '/robots.txt') {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.set('Cache-Control', CACHE_CONTROL);
      ctx.body = robotsTxt(publicUrl);
      return;
    }
    const name = sitemapFileAt(ctx.path);
    if (name === null) return next();

    const version = await sitemaps.version(name);
    if (version === 'not-built') {
      // Deduplicated: however many requests come, one build waits.
      await queues.add('buildSitemaps', {}).catch((err: unknown) => logger.warn({ err }, 'build-sitemaps not added'));
      ctx.status = 503;
      ctx.set('Retry-After', String(SITEMAP_RETRY_AFTER_SECONDS));
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'The sitemaps are being built. Please try again shortly.\n';
      return;
    }
    const noSuchFile = () => {
      ctx.status = 404;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'No such sitemap.\n';
    };
    if (version === 'missing') return noSuchFile();
    const headers = (v: SitemapVersion) => {
      ctx.set('ETag', `"${v.sha256}"`);
      ctx.set('Last-Modified', v.modifiedAt.toUTCString());
      ctx.set('Cache-Control', CACHE_CONTROL);
      ctx.type = 'application/xml; charset=utf-8';
    };
    ctx.status = 200;
    headers(version);
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    const file = await sitemaps.read(name, version);
    // Replaced by a build since the version was read: 'missing' only if the new set dropped it;
    // a newer text is answered with its own version.
    if (file === 'missing') return noSuchFile();
    headers(file);
    ctx.vary('Accept-Encoding');
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.body = await file.gzip();
      ctx.set('Content-Encoding', 'gzip');
    } else {
      ctx.body = file.xml;
    }
  };
}
