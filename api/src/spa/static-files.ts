// The built SPA's files (STATIC_DIR, the Vite build). Hashed files under assets/ never change, so
// browsers keep them for a year; anything else is revalidated. index.html is never served from
// here: it goes through renderIndexHtml (spa-fallback.ts) like every client-side route.
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

export function isPagePath(requestPath: string): boolean {
  return !(requestPath === '/api' || requestPath.startsWith('/api/'));
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
        setHeaders: (res, filePath) => {
          res.setHeader('Cache-Control', filePath.startsWith(assetsDir) ? IMMUTABLE_CACHE : 'no-cache');
        },
      });
    } catch (error) {
      if ((error as { status?: number }).status === 404) return next();
      throw error;
    }
    if (!served) return next();
  };
}
