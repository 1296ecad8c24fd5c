// The one way the SPA talks to the API. Every request sends cookies (the session cookie `sid`) and
// JSON bodies. A non-OK response throws an ApiRequestError whose message is the spec's
// '{status}: {body text or status text}'; when the body is our JSON error body
// (core/api-error.ts) its human message is kept in `apiMessage` for toasts and forms.
import type { ApiErrorBody } from '../../../core/api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Statuses that mean "nothing here" for this call and resolve to null instead of throwing
   * (the spec's fetcher returns null on 401 when configured to). */
  nullOnStatus?: readonly number[];
  signal?: AbortSignal;
}

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  /** The raw response body text ('' when empty). */
  readonly bodyText: string;
  /** Our JSON error body, when the response carried one. */
  readonly body: ApiErrorBody | undefined;
  /** The human message of our JSON error body, when there is one: what toasts should show. */
  readonly apiMessage: string | undefined;

  constructor(status: number, statusText: string, bodyText: string) {
    super(formatErrorMessage(status, statusText, bodyText));
    this.status = status;
    this.bodyText = bodyText;
    this.body = parseApiErrorBody(bodyText);
    this.apiMessage = this.body?.error.message;
  }
}

/** The spec's error text: '{status}: {body text}', or the status text when the body is empty. */
export function formatErrorMessage(status: number, statusText: string, bodyText: string): string {
  const text = bodyText.trim() === '' ? statusText : bodyText;
  return `${status}: ${text}`;
}

export function parseApiErrorBody(bodyText: string): ApiErrorBody | undefined {
  if (bodyText === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return undefined;
    const { error } = parsed as { error: unknown };
    if (typeof error !== 'object' || error === null) return undefined;
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof code !== 'string' || typeof message !== 'string') return undefined;
    return parsed as ApiErrorBody;
  } catch {
    return undefined;
  }
}

/** The message to show a person for a failed call: our API's own message when it sent one. */
export function errorMessageFor(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.apiMessage ?? fallback;
  return fallback;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
  const { method = 'GET', body, nullOnStatus = [], signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  const response = await fetch(path, init);
  if (nullOnStatus.includes(response.status)) {
    await response.body?.cancel();
    return null;
  }
  const text = await response.text();
  if (!response.ok) throw new ApiRequestError(response.status, response.statusText, text);
  if (text === '') return null;
  return JSON.parse(text) as T;
}

export function getJson<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T | null> {
  return request<T>(path, { ...options, method: 'GET' });
}

export function postJson<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
  return request<T>(path, { ...options, method: 'POST', body });
}

export function patchJson<T>(path: string, body: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
  return request<T>(path, { ...options, method: 'PATCH', body });
}

export function putJson<T>(path: string, body: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
  return request<T>(path, { ...options, method: 'PUT', body });
}

export function deleteJson<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
  return request<T>(path, { ...options, method: 'DELETE' });
}

/** SWR's default fetcher: GET the key as a path and parse the JSON. */
export function defaultFetcher<T>(path: string): Promise<T | null> {
  return getJson<T>(path);
}
