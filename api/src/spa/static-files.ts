// The built SPA's files (STATIC_DIR, the Vite build). Hashed files under assets/ never change, so
// browsers keep them for a year; anything else is revalidated. index.html is never served from
// here: it goes through renderIndexHtml (spa-fallback.ts) like every client-side route.
// Scripts and stylesheets are compressed at build time (frontend/vite.config.ts writes .br and .gz
// beside them); koa-send answers with the one the browser accepts, else the plain file.
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** The kinds of file the build compresses (frontend/vite.config.ts), also when sent as .br/.gz. */
const PRECOMPRESSED = /\.(js|css|svg|json|txt)(\.br|\.gz)?$/;

/**
 * Whether a path is a page (or a file) rather than the API. /api in any letter case is the API's,
 * so `/API/...` gets the API's JSON 404, never a page.
 */
export function isPagePath(requestPath: string): boolean {
  return !/^\/api(\/|$)/i.test(requestPath);
}

export function serveStaticFiles({ staticDir }: { staticDir: string }): Middleware {
  const root = path.resolve(staticDir);
  const assetsDir = path.join(root, 'assets') + path.sep;
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !isPagePath(ctx.path)) return next();
    if (ctx.path === '/' || ctx.path === '/index.html' || ctx.path.endsWith('/')) return next();
    let served: string | undefined;
    try {
      served = await send(ctx, ctx.path, {
        root,
        index: false,
        hidden: false,
        brotli: true,
        gzip: true,
        setHeaders: (res, filePath) => {
          res.setHeader('Cache-Control', filePath.startsWith(assetsDir) ? IMMUTABLE_CACHE : 'no-cache');
          // A cache between us and the browser must not hand a .br body to a client without br.
          if (PRECOMPRESSED.test(filePath)) res.setHeader('Vary', 'Accept-Encoding');
        },
      });
    } catch (error) {
      if ((error as { status?: number }).status === 404) return next();
      throw error;
    }
    if (!served) return next();
  };
}
