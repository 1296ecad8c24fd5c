// The one place that answers with the SPA's index.html. Every client-side route gets it (the
// React router picks the page). When routes/seo.ts has left a head resolver for this request,
// the page's own <title>, description, canonical URL, Open Graph tags and JSON-LD are injected,
// and its status set (404 for an unknown professional, whose page the SPA still renders; a 301
// from an id address to the slug address).
import type { Context } from 'koa';
import { injectPageMeta, type PageMeta } from '../domain/seo/page-meta';

declare module 'koa' {
  interface DefaultState {
    /** Set by routes/seo.ts for page GETs: this page's head, or null for the template's default. */
    resolvePageMeta?: () => Promise<PageMeta | null>;
  }
}

export async function renderIndexHtml(ctx: Context, template: string): Promise<void> {
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
  ctx.body = meta ? injectPageMeta(template, meta) : template;
}
