// Expected failures of the API as one small error type. Domain commands and routes throw an
// AppError with a code from core/api-error.ts; the error middleware (middleware/errors.ts) is the
// only place that turns it into an HTTP status and the JSON error body. Bugs stay plain Errors and
// become a generic 500.
import { ERROR_CODES, type ErrorCode } from '../../../core/api-error';

export interface AppErrorOptions {
  /** Per-field messages for invalid input, keyed by the field's path. */
  fields?: Record<string, string>;
  /** Extra response headers that belong to this error (Retry-After, Allow). */
  headers?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** '45 seconds' under a minute, else whole minutes rounded up ('8 minutes', never '443 seconds'). */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** 429 with Retry-After: the one form every rate limit answers in. */
export function rateLimited(msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError('rate_limited', `Too many requests. Please try again in ${waitText(seconds)}.`, {
    headers: { 'Retry-After': String(seconds) },
  });
}
