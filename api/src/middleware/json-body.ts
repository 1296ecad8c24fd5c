// JSON request bodies for /api: anything else with a body is refused with 415 before parsing,
// and a body over BODY_LIMIT (or its path's smaller limit, `pathLimits`) is refused with 413; malformed JSON is a 400 (bodyError below), and
// so is a body with a prototype key or with text PostgreSQL cannot store (core/text.ts).
// The Stripe webhook needs the raw bytes to verify its signature: it is mounted before this
// middleware in app.ts.
import { bodyParser } from '@koa/bodyparser';
import type { Context, Middleware } from 'koa';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../../../core/text';
import { API_PREFIX } from '../../../core/api-paths';
import { CASE_STUDY_PATHS } from '../../../core/case-study-input';
import { CREDENTIAL_PATHS } from '../../../core/credentials';
import { AppError } from '../domain/app-error';

const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

function hasBody(ctx: Context): boolean {
  const length = ctx.get('Content-Length');
  return ctx.get('Transfer-Encoding') !== '' || (length !== '' && Number(length) > 0);
}

// JSON parsing refuses only "__proto__" (the key that can replace an object's prototype); a
// "constructor" key is data like any other, and every schema drops the keys it does not know.
export const FORBIDDEN_KEY_MESSAGE = 'The request body must not contain the key "__proto__".';

/**
 * The path of the first string in a parsed body that cannot be stored as text (core/text.ts), or
 * null. Every endpoint's schema refuses such text too; this is the net under all of them.
 */
export function unstorableTextPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (typeof value !== 'object' || value === null || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, '(key)'];
    const found = unstorableTextPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
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
  // co-body parses with bourne, which refuses prototype-poisoning keys with a SyntaxError of its own.
  if (error instanceof Error && /forbidden prototype property/.test(error.message)) {
    return new AppError('bad_request', FORBIDDEN_KEY_MESSAGE);
  }
  if (error instanceof SyntaxError || type === 'entity.parse.failed') {
    return new AppError('bad_request', 'Malformed JSON body');
  }
  return new AppError('bad_request', 'The request body could not be read.', { cause: error });
}

/** POST/PUT of an image file to the provider's media routes: not JSON, read by the route itself. */
export const MEDIA_UPLOAD_PATHS = new Set([
  '/api/professionals/my-profile/media/logo',
  '/api/professionals/my-profile/media/photos',
  // A case study's photo (routes/case-studies.ts).
  CASE_STUDY_PATHS.photos,
  // A credential's evidence file (routes/credentials.ts).
  `${API_PREFIX}${CREDENTIAL_PATHS.uploadEvidence}`,
]);
function isMediaUpload(ctx: Context): boolean {
  return (ctx.method === 'POST' || ctx.method === 'PUT') && MEDIA_UPLOAD_PATHS.has(ctx.path) && !ctx.is('json');
}

function parserFor(limit: string) {
  return bodyParser({
    enableTypes: ['json'],
    jsonLimit: limit,
    parsedMethods: BODY_METHODS,
    onError: (error) => {
      throw bodyError(error, limit);
    },
  });
}

/** `pathLimits`: smaller limits for some paths (an endpoint anyone may call that never needs much, e.g. '/api/client-errors': '16kb'). */
export function jsonBody({ limit, pathLimits = {} }: { limit: string; pathLimits?: Record<string, string> }): Middleware {
  const general = parserFor(limit);
  const byPath = new Map(Object.entries(pathLimits).map(([path, pathLimit]) => [path, parserFor(pathLimit)]));
  return async (ctx, next) => {
    const parse = byPath.get(ctx.path) ?? general;
    // Image uploads arrive as the file's raw bytes; their route reads and sniffs them (routes/media.ts).
    if (isMediaUpload(ctx)) return next();
    if (BODY_METHODS.includes(ctx.method) && hasBody(ctx) && !ctx.is('json')) {
      throw new AppError('unsupported_media_type', 'Request bodies must be JSON (Content-Type: application/json).');
    }
    await parse(ctx as Context, () => {
      const badText = unstorableTextPath(ctx.request.body);
      if (badText) {
        const field = badText.join('.') || '_';
        throw new AppError('bad_request', UNSTORABLE_TEXT_MESSAGE, { fields: { [field]: UNSTORABLE_TEXT_MESSAGE } });
      }
      return next();
    });
  };
}

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // a malformed escape: no route matches it, and the router never decodes it
  }
}

/**
 * The same net for the URL: a query value or a path that decodes to text PostgreSQL cannot store
 * (`?search=%00`, `/slug/%00`) is a 400 before any route reads it.
 */
export function storableUrlText(): Middleware {
  return async (ctx, next) => {
    for (const [key, value] of Object.entries(ctx.query)) {
      const values = Array.isArray(value) ? value : [value ?? ''];
      if (!isStorableText(key) || values.some((v) => !isStorableText(v))) {
        throw new AppError('bad_request', UNSTORABLE_TEXT_MESSAGE, { fields: { [isStorableText(key) ? key : '_']: UNSTORABLE_TEXT_MESSAGE } });
      }
    }
    if (!isStorableText(decodedPath(ctx.path))) throw new AppError('bad_request', UNSTORABLE_TEXT_MESSAGE);
    return next();
  };
}
