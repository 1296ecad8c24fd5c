// The stand-in's HTTP plumbing: Stripe-shaped errors, reading a raw body with a limit, and
// writing JSON, HTML and redirects on a plain Node response (no framework).
import type { IncomingMessage, ServerResponse } from 'node:http';

export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error' | 'authentication_error';

export interface StripeErrorBody {
  error: {
    type: StripeErrorType;
    message: string;
    code?: string;
    param?: string;
    decline_code?: string;
    payment_intent?: unknown;
  };
}

/** A failure answered as Stripe answers it: `{ error: { type, code?, message, param? } }` with a 4xx/5xx status. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'StripeError';
  }

  static invalid(message: string, param?: string, code?: string): StripeError {
    return new StripeError(400, 'invalid_request_error', message, code, param);
  }

  static missing(param: string): StripeError {
    return new StripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);
  }

  static notFound(kind: string, id: string, param = 'id'): StripeError {
    return new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);
  }

  body(): StripeErrorBody {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
        ...this.extra,
      },
    };
  }
}

export class BodyTooLargeError extends Error {}

/** The whole request body as text, refusing more than `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError(`Request body larger than ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body, null, 2);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  // Its pages hold no script and load nothing: a page of its own origin, framed by no one.
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'");
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.end(html);
}

/** 303 See Other: after a form POST the browser GETs `location`. */
export function redirect(res: ServerResponse, location: string): void {
  res.statusCode = 303;
  res.setHeader('Location', location);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', 0);
  res.end();
}

/** Resolves once the response has been handed to the socket (or the client went away). */
export function responseDone(res: ServerResponse): Promise<void> {
  if (res.writableFinished || res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    res.once('finish', () => resolve());
    res.once('close', () => resolve());
  });
}
