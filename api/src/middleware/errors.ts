// The one place where failures become HTTP responses (docs/architecture.md, The HTTP surface). Every
// error leaves as `{ error: { code, message, fields? } }`:
//   AppError           → its code's status (domain errors: not found, forbidden, conflict, ...)
//   ZodError           → 422 invalid_input with per-field messages
//   body errors        → 400 malformed JSON, 413 too large, 415 not JSON (raised by json-body.ts)
//   other HTTP errors  → their 4xx status (koa's ctx.throw, koa-send's path checks)
//   PostgreSQL/Redis down → 503 unavailable (logged as a warning: not a bug in our code)
//   a value the database refuses (SQLSTATE 22xxx) → 400 (logged as a warning)
//   anything else      → 500 with a generic message and the request id, logged with its stack.
// Bad input must never be a 500: a new kind of client error belongs here, not in a route.
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '../../../core/api-error';
import { AppError } from '../domain/app-error';

const STATUS_TO_CODE = new Map<number, ErrorCode>(
  Object.entries(ERROR_CODES).map(([code, status]) => [status, code as ErrorCode]),
);

/** The error response for anything thrown below the error middleware. */
export function toAppError(error: unknown, ctx: Pick<Context, 'state'>): { appError: AppError; isBug: boolean } {
  if (error instanceof AppError) return { appError: error, isBug: false };
  if (error instanceof z.core.$ZodError) return { appError: fromZodError(error), isBug: false };

  if (isDependencyDown(error)) {
    return { appError: new AppError('unavailable', defaultMessage('unavailable')), isBug: false };
  }
  if (isDatabaseBusy(error)) {
    return { appError: new AppError('unavailable', BUSY_MESSAGE, { headers: { 'Retry-After': '2' } }), isBug: false };
  }
  if (isInvalidInputForDatabase(error)) {
    return { appError: new AppError('bad_request', INVALID_FOR_DATABASE_MESSAGE), isBug: false };
  }
  if (error instanceof Error && error.message === 'Cannot send secure cookie over unencrypted connection') {
    // Production over https, reached without the proxy (or TRUST_PROXY_HOPS too low): not a bug here.
    return { appError: new AppError('bad_request', 'Please use the site over HTTPS.'), isBug: false };
  }

  const httpError = asHttpError(error);
  if (httpError) {
    if (httpError.status >= 400 && httpError.status < 500) {
      const code = STATUS_TO_CODE.get(httpError.status) ?? 'bad_request';
      const message = httpError.expose && httpError.message ? httpError.message : defaultMessage(code);
      return { appError: new AppError(code, message, { headers: httpError.headers }), isBug: false };
    }
    if (httpError.status === 503) {
      return { appError: new AppError('unavailable', defaultMessage('unavailable')), isBug: false };
    }
  }
  const requestId = ctx.state.requestId;
  return {
    appError: new AppError(
      'internal',
      `Something went wrong on our side. Please try again later (request id ${requestId}).`,
    ),
    isBug: true,
  };
}

export function fromZodError(error: z.core.$ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = error.issues[0];
  const message = first ? first.message : 'The request is not valid.';
  return new AppError('invalid_input', message, { fields });
}

/** Errors that mean PostgreSQL or Redis cannot be reached right now (not bad input, not a bug). */
export function isDependencyDown(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'MaxRetriesPerRequestError' || error.name === 'PrismaClientInitializationError') return true;
  if (error.message === 'Connection is closed.') return true; // ioredis after giving up reconnecting
  const code = (error as { code?: unknown }).code;
  return code === 'ECONNREFUSED' || code === 'P1001' || code === 'P1002';
}

export const BUSY_MESSAGE = 'We are very busy right now and nothing was saved. Please try again in a moment.';

/**
 * The database was reached but too slow for this request: a transaction ran past its time limit
 * (Prisma P2028; it was rolled back, so nothing of it is stored) or no connection came free in
 * time (P2024). Seen under load on a starved machine (the bench's approvals under a full search
 * load): a 503 the client may retry, not a bug.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'PrismaClientKnownRequestError') return false;
  const code = (error as { code?: unknown }).code;
  return code === 'P2028' || code === 'P2024';
}

export const INVALID_FOR_DATABASE_MESSAGE = 'The request contains a value that cannot be stored or searched for. Please check what you entered.';

/** Prisma's own codes for a value the column cannot take (too long, wrong kind, out of range). */
const PRISMA_INVALID_VALUE_CODES = new Set(['P2000', 'P2006', 'P2007', 'P2033']);

/**
 * A query PostgreSQL refused because of a value in it (SQLSTATE class 22, "data exception":
 * invalid text, NUL bytes, numbers out of range), or Prisma refusing a value for its column.
 * Schemas refuse such input first; this is the net under them, so it is a 400 and never a 500.
 */
export function isInvalidInputForDatabase(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'PrismaClientKnownRequestError') return false;
  const { code, meta } = error as { code?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; code?: unknown } } } };
  if (typeof code === 'string' && PRISMA_INVALID_VALUE_CODES.has(code)) return true;
  const cause = meta?.driverAdapterError?.cause;
  const sqlState = cause?.originalCode ?? cause?.code;
  return typeof sqlState === 'string' && sqlState.startsWith('22');
}

interface HttpLikeError {
  status: number;
  message: string;
  expose: boolean;
  headers: Record<string, string> | undefined;
}

function asHttpError(error: unknown): HttpLikeError | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as Record<string, unknown>;
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : null;
  if (status === null) return null;
  return {
    status,
    message: typeof e.message === 'string' ? e.message : '',
    expose: e.expose === true,
    headers: isStringRecord(e.headers) ? e.headers : undefined,
  };
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

function defaultMessage(code: ErrorCode): string {
  switch (code) {
    case 'not_found':
      return 'Not found.';
    case 'unauthenticated':
      return 'Please sign in to continue.';
    case 'forbidden':
      return 'You do not have permission to do that.';
    case 'method_not_allowed':
      return 'Method not allowed.';
    case 'unavailable':
      return 'The service is temporarily unavailable. Please try again shortly.';
    default:
      return 'The request could not be processed.';
  }
}

export function errorBody(error: AppError): ApiErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields && Object.keys(error.fields).length > 0 ? { fields: error.fields } : {}),
    },
  };
}

export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const { appError, isBug } = toAppError(error, ctx);
      if (isBug) ctx.state.log.error({ err: error, method: ctx.method, path: ctx.path }, 'unhandled error');
      else if (appError.code === 'unavailable') ctx.state.log.warn({ err: error, path: ctx.path }, 'dependency unavailable');
      else if (!(error instanceof AppError) && !(error instanceof z.core.$ZodError) && appError.status === 400) {
        // Refused by the database or the cookie layer rather than by a schema: worth a look.
        ctx.state.log.warn({ err: error, path: ctx.path }, 'bad input refused below the schemas');
      }
      if (ctx.headerSent || !ctx.writable) return;
      ctx.status = appError.status;
      for (const [name, value] of Object.entries(appError.headers)) ctx.set(name, value);
      // Headers a failed handler left behind must not describe the error body.
      ctx.remove('Content-Disposition');
      ctx.remove('Content-Encoding');
      ctx.remove('Last-Modified');
      ctx.remove('ETag');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = errorBody(appError);
    }
  };
}
