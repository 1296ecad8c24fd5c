// The one place that answers with the SPA's index.html. Every client-side route gets it (the
// React router picks the page). When routes/seo.ts has left a head resolver for this request,
// the page's own <title>, description, canonical URL, Open Graph tags and JSON-LD are injected,
// and its status set (404 for an unknown professional, whose page the SPA still renders; a 301
// from an id address to the slug address). A page that answers 200 also gets the preloads of its
// own chunk and main API answer, and its prerendered markup when the build made some
// (page-preloads.ts), or, for the directory and profiles, its first screen rendered now with its
// data (first-screen.ts; never for a page answered with another status, such as the maintenance
// gate's 503 or an unknown professional's 404). The HTML is compressed here: compressJson leaves
// HTML alone, and a prerendered page is tens of KB (LCP budget, docs/performance.md).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import type { FirstScreen, FirstScreenLoad, FirstScreenRenderer } from '../../../core/first-screen';
import { AppError } from '../domain/app-error';
import { injectPageMeta, type PageMeta } from '../domain/seo/page-meta';
import { firstScreenDataTag } from './first-screen';
import { pagePreloadTags, withPrerenderedPage, withRootMarkup, type BuildInfo } from './page-preloads';

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

/** What renders a page's first screen with its data per request (spa-fallback.ts, first-screen.ts). */
export interface FirstScreenSource {
  renderer: () => Promise<FirstScreenRenderer | null>;
  load: FirstScreenLoad;
  logger: Logger;
  /** The request carries no session cookie: its page renders signed out (decision 0036). */
  isSignedOut?: (ctx: Context) => boolean;
}

/** The page's first screen, or null: not such a page, no SSR build, or a failure (logged; the page is served as before). */
async function renderFirstScreen(ctx: Context, source: FirstScreenSource | undefined): Promise<FirstScreen | null> {
  if (!source || ctx.method !== 'GET') return null;
  try {
    const renderer = await source.renderer();
    if (!renderer) return null;
    // What the page says of its visitor depends on the session cookie.
    ctx.vary('Cookie');
    return await renderer.renderFirstScreen({ pathname: ctx.path, search: ctx.querystring, load: source.load, isSignedOut: source.isSignedOut?.(ctx) ?? false });
  } catch (err) {
    // An expected refusal (a postcode the directory cannot place) is the SPA's to show, as before.
    if (err instanceof AppError) source.logger.debug({ code: err.code, path: ctx.path }, 'not server-rendered: the API refused its answer');
    else source.logger.warn({ err, path: ctx.path }, 'server rendering failed: the page is served without it');
    return null;
  }
}

export async function renderIndexHtml(ctx: Context, template: string, build: BuildInfo = NO_BUILD_INFO, firstScreen?: FirstScreenSource): Promise<void> {
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
    const screen = await renderFirstScreen(ctx, firstScreen);
    const preloads = pagePreloadTags({ manifest: build.manifest, pathname: ctx.path, search: ctx.querystring, isDataInPage: screen !== null });
    if (preloads) html = html.replace(/<\/head>/i, () => `  ${preloads}\n  </head>`);
    html = screen
      ? withRootMarkup(html, { markup: screen.html, after: firstScreenDataTag(screen), entryStyles: build.entryStyles })
      : withPrerenderedPage(html, { build, pathname: ctx.path });
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
