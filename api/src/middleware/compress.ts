// gzip for JSON answers the client accepts it for (the map's points for a whole search are megabytes
// raw, a few hundred KB gzipped; docs/performance.md). Only string and object bodies with a JSON type
// above a small threshold: streams (static files) and HTML pass untouched, and errors thrown below
// never reach here (the error handler above writes those).
import type { Middleware } from 'koa';
import { gzipBody } from '../gzip';

export function compressJson({ threshold = 1024 }: { threshold?: number } = {}): Middleware {
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (body === null || body === undefined || ctx.method === 'HEAD' || ctx.status === 204 || ctx.status === 304) return;
    if (ctx.response.get('Content-Encoding')) return;
    const isJsonValue = typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function';
    const isJsonText = typeof body === 'string' && ctx.response.is('json') !== false;
    if (!isJsonValue && !isJsonText) return;
    ctx.vary('Accept-Encoding');
    if (ctx.acceptsEncodings('gzip', 'identity') !== 'gzip') return;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    if (Buffer.byteLength(text) < threshold) return;
    const type = ctx.response.get('Content-Type') || 'application/json; charset=utf-8';
    ctx.body = await gzipBody(text);
    ctx.set('Content-Type', type);
    ctx.set('Content-Encoding', 'gzip');
  };
}
