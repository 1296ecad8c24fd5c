// Client-side routes: any page GET that no file answered gets index.html via renderIndexHtml.
// A missing file under assets/ stays a 404 (a browser must not get HTML for a script). Without a
// build (tests, a fresh clone before `npm run build`), pages answer a plain 503 that says so.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import { AppError } from '../domain/app-error';
import { withDemoBanner } from './demo-banner';
import { readBuildInfo, type BuildInfo } from './page-preloads';
import { renderIndexHtml, type FirstScreenSource } from './render-index-html';
import { isPagePath } from './static-files';

export function spaFallback({
  staticDir,
  isProduction,
  isDemoPayments = false,
  firstScreen,
}: {
  staticDir: string;
  isProduction: boolean;
  /** The Stripe stand-in takes payments: every page says so (demo-banner.ts). */
  isDemoPayments?: boolean;
  /** Renders the directory and profiles with their data per request (first-screen.ts); without it they are not. */
  firstScreen?: FirstScreenSource;
}): Middleware {
  const indexFile = path.resolve(staticDir, 'index.html');
  let cached: string | undefined;
  let cachedBuildInfo: BuildInfo | undefined;

  /** The build's chunk map and prerendered pages (page-preloads.ts); without them pages lack those. */
  async function loadBuildInfo(): Promise<BuildInfo> {
    if (cachedBuildInfo) return cachedBuildInfo;
    const info = await readBuildInfo(path.resolve(staticDir));
    if (isProduction) cachedBuildInfo = info;
    return info;
  }

  async function loadTemplate(): Promise<string | undefined> {
    if (cached !== undefined) return cached;
    try {
      const file = await readFile(indexFile, 'utf8');
      const template = isDemoPayments ? withDemoBanner(file) : file;
      // Development rebuilds the front end under a running API: re-read there, cache in production.
      if (isProduction) cached = template;
      return template;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  return async (ctx, next) => {
    if (!isPagePath(ctx.path)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new AppError('not_found', `Nothing answers ${ctx.method} ${ctx.path}.`);
    }
    if (ctx.path.startsWith('/assets/')) {
      ctx.status = 404;
      ctx.type = 'text';
      ctx.body = 'Not found';
      return;
    }
    const template = await loadTemplate();
    if (template === undefined) {
      ctx.status = 503;
      ctx.type = 'text';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = `The web front end has not been built: ${indexFile} is missing. Run \`npm run build\` (or set STATIC_DIR).`;
      return;
    }
    await renderIndexHtml(ctx, template, await loadBuildInfo(), firstScreen);
  };
}
