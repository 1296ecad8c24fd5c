// JSON request bodies for /api: anything else with a body is refused with 415 before parsing,
// and a body over BODY_LIMIT is refused with 413; malformed JSON is a 400 (bodyError below).
// The Stripe webhook needs the raw bytes to verify its signature: it is mounted before this
// middleware in app.ts.
import { bodyParser } from '@koa/bodyparser';
import type { Context, Middleware } from 'koa';
import { AppError } from '../domain/app-error';

const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

function hasBody(ctx: Context): boolean {
  const length = ctx.get('Content-Length');
  return ctx.get('Transfer-Encoding') !== '' || (length !== '' && Number(length) > 0);
}

/** co-body / raw-body failures are the client's: malformed JSON, too large, unreadable. */
export function bodyError(error: unknown, limit: string): AppError {
  const { status, type } = error as { status?: number; type?: string };
  if (status === 413 || type === 'entity.too.large') {
    return new AppError('payload_too_large', `Request body is too large (the limit is ${limit}).`);
  }
  if (status === 415 || type === 'charset.unsupported' || type === 'encoding.unsupported') {
    return new AppError('unsupported_media_type', 'Unsupported request body encoding.');
  }
  if (error instanceof SyntaxError || type === 'entity.parse.failed') {
    return new AppError('bad_request', 'Malformed JSON body');
  }
  return new AppError('bad_request', 'The request body could not be read.', { cause: error });
}

export function jsonBody({ limit }: { limit: string }): Middleware {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: limit,
    parsedMethods: BODY_METHODS,
    onError: (error) => {
      throw bodyError(error, limit);
    },
  });
  return async (ctx, next) => {
    if (BODY_METHODS.includes(ctx.method) && hasBody(ctx) && !ctx.is('json')) {
      throw new AppError('unsupported_media_type', 'Request bodies must be JSON (Content-Type: application/json).');
    }
    await parse(ctx as Context, next);
  };
}
