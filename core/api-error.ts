// The API's error body (docs/architecture.md, The HTTP surface) and the error codes it uses. The front end shows
// `message`; unexpected failures are shown in the spec's '{status}: {text}' form.

export const ERROR_CODES = {
  bad_request: 400,
  invalid_input: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  headers_too_large: 431,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Per-field messages for invalid input, keyed by the field's path ('services', 'socialLinks.0.url'). */
    fields?: Record<string, string>;
  };
}
