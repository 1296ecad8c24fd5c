// The HTTP side of the directory's answer cache (domain/directory/answer-cache.ts): an Answer is
// bytes ready to send, and this sends one with its ETag, a 304 when the browser has it already,
// and the gzip bytes when the browser accepts them.
import type { ParameterizedContext } from 'koa';
import type { Answer } from '../domain/directory/answer-cache';

/**
 * Sends an answer: its headers, `Cache-Control: no-cache` unless it sets its own (browsers revalidate
 * with If-None-Match and get a 304 while nothing changed), and the gzip bytes when accepted.
 */
export function sendAnswer(ctx: ParameterizedContext, answer: Answer): void {
  ctx.set('Cache-Control', 'no-cache');
  for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
  ctx.vary('Accept-Encoding');
  ctx.status = 200;
  ctx.etag = answer.etag;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  const gzipped = answer.gzip !== null && ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
  ctx.body = gzipped ? answer.gzip : answer.json;
  ctx.type = 'application/json';
  if (gzipped) ctx.set('Content-Encoding', 'gzip');
}
