// The one place that answers with the SPA's index.html. Every client-side route gets it (the
// React router picks the page). A later issue (directory SEO) injects the page's <title>,
// description, canonical URL and JSON-LD here, from ctx.path, before it is sent.
import type { Context } from 'koa';

export async function renderIndexHtml(ctx: Context, template: string): Promise<void> {
  ctx.status = 200;
  ctx.type = 'html';
  // Always revalidated: a new deploy's index.html points at new hashed assets.
  ctx.set('Cache-Control', 'no-cache');
  ctx.body = template;
}
