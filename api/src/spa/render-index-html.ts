// The one place that answers with the SPA's index.html. Every client-side route gets it (the
// React router picks the page). When routes/seo.ts has left a head resolver for this request,
// the page's own <title>, description, canonical URL, Open Graph tags and JSON-LD are injected,
// and its status set (404 for an unknown professional, whose page the SPA still renders; a 301
// from an id address to the slug address). A page that answers 200 also gets the preloads of its
// own chunk and main API answer, and its prerendered markup when the build made some
// (page-preloads.ts). The HTML is compressed here: compressJson leaves HTML alone, and a
// prerendered page is tens of KB (LCP budget, docs/performance.md).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'koa';
import { injectPageMeta, type PageMeta } from '../domain/seo/page-meta';
import { pagePreloadTags, withPrerenderedPage, type BuildInfo } from './page-preloads';

declare module 'koa' {
  interface DefaultState {
    /** Set by routes/seo.ts for page GETs: this page's head, or null for the template's default. */
    resolvePageMeta?: () => Promise<PageMeta | null>;
  }
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Below this, compressing saves less than it costs. */
const COMPRESS_THRESHOLD = 1024;

const NO_BUILD_INFO: BuildInfo = { manifest: undefined, prerendered: undefined, entryStyles: [] };

export async function renderIndexHtml(ctx: Context, template: string, build: BuildInfo = NO_BUILD_INFO): Promise<void> {
  const meta = ctx.state.resolvePageMeta ? await ctx.state.resolvePageMeta() : null;
  if (meta?.redirectTo) {
    ctx.status = 301;
    ctx.redirect(meta.redirectTo);
    return;
  }
  ctx.status = meta?.status ?? 200;
  ctx.type = 'html';
  // Always revalidated: a new deploy's index.html points at new hashed assets.
  ctx.set('Cache-Control', 'no-cache');
  let html = meta ? injectPageMeta(template, meta) : template;
  if (ctx.status === 200) {
    const preloads = pagePreloadTags({ manifest: build.manifest, pathname: ctx.path, search: ctx.querystring });
    if (preloads) html = html.replace(/<\/head>/i, () => `  ${preloads}\n  </head>`);
    html = withPrerenderedPage(html, { build, pathname: ctx.path });
  }
  ctx.body = await compressHtml(ctx, html);
}

async function compressHtml(ctx: Context, html: string): Promise<string | Buffer> {
  ctx.vary('Accept-Encoding');
  if (ctx.method === 'HEAD' || Buffer.byteLength(html) < COMPRESS_THRESHOLD) return html;
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br') {
    ctx.set('Content-Encoding', 'br');
    return brotliAsync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (encoding === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    return gzipAsync(html, { level: 6 });
  }
  return html;
}
