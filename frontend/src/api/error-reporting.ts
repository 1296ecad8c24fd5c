// Reports the errors the SPA catches (product rule 37): the page's and the map's error boundaries,
// and window 'error' / 'unhandledrejection' (installed once by main.tsx). A report holds the
// message, the stack, where it was caught, the release and the page's path: never the query or
// fragment (a postcode, search text), never a form's values or component props. By default it is
// POSTed to /api/client-errors; with a Sentry DSN in the site config (reportToSentry), Sentry's SDK,
// loaded only then (a chunk of its own), captures it instead.
// Reporting must never make things worse: it never throws, shows nothing, abandons a request after
// CLIENT_ERROR_REPORT_TIMEOUT_MS, reports a message once per page view and at most
// REPORTS_PER_PAGE_VIEW in all. This file is in the entry bundle: keep it small, and no zod.
import {
  CLIENT_ERROR_LIMITS,
  CLIENT_ERROR_REPORT_TIMEOUT_MS,
  CLIENT_ERRORS_PATH,
  type ClientErrorReport,
  type ClientErrorSource,
} from '../../../core/client-error-limits';
import type { SentryCapture } from './sentry-capture';

/** Reports one page view (one path) may send at most. */
export const REPORTS_PER_PAGE_VIEW = 10;

/** The build's release: the git commit it was built from, else the package version (vite.config.ts). */
export const RELEASE = typeof __ITC_RELEASE__ === 'string' && __ITC_RELEASE__ ? __ITC_RELEASE__ : 'dev';

export interface ErrorReporterOptions {
  /** fetch, or a stand-in in tests. */
  send: (url: string, init: RequestInit) => Promise<unknown>;
  /** The current page's path (location.pathname: no query, no fragment). */
  pagePath: () => string;
  release?: string;
  timeoutMs?: number;
  /** Loads the Sentry path for a DSN (a dynamic import, so the SDK stays out of the entry). */
  loadSentry?: (dsn: string, release: string) => Promise<SentryCapture>;
}

export interface ErrorReporter {
  /** Reports what was caught; never throws, never waits. */
  report(error: unknown, source: ClientErrorSource): void;
  /** From now on, reports go to Sentry with this DSN (the site config's); null keeps the API. */
  useSentry(dsn: string | null): void;
}

// NUL and lone surrogates: the API refuses them (core/text.ts, which brings zod, so not imported).
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** A URL's query and fragment, wherever one appears in a message or stack (a frame's :line:column stays). */
const URL_QUERY = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#()]+)[?#][^\s()]*?(?=:\d+:\d+\)?(?:\s|$)|[\s()]|$)/gi;

/** At most `max` characters, cut between characters (never inside a surrogate pair), storable. */
export function clip(text: string, max: number): string {
  const storable = text.replace(UNSTORABLE, '\uFFFD').replace(URL_QUERY, '$1');
  if (storable.length <= max) return storable;
  const cut = storable.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The report's message and stack; a value thrown that is not an Error is named by its type only (it could hold anything). */
export function describeError(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) {
    const message = error.message ? `${error.name}: ${error.message}` : error.name;
    return { message: clip(message, CLIENT_ERROR_LIMITS.messageMax), stack: clip(typeof error.stack === 'string' ? error.stack : '', CLIENT_ERROR_LIMITS.stackMax) };
  }
  const kind = error === null ? 'null' : typeof error;
  return { message: `A value that is not an Error was thrown (${kind})`, stack: '' };
}

/** The page's path as the API takes it: starting with '/', nothing after '?' or '#'. */
function cleanPath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return clip(bare.startsWith('/') ? bare : `/${bare}`, CLIENT_ERROR_LIMITS.pageMax);
}

/** A release as the API takes it (letters, digits and . _ + -), else 'unknown'. */
function cleanRelease(release: string): string {
  const cleaned = release.replace(/[^A-Za-z0-9._+-]/g, '').slice(0, CLIENT_ERROR_LIMITS.releaseMax);
  return cleaned || 'unknown';
}

export function createErrorReporter({ send, pagePath, release = RELEASE, timeoutMs = CLIENT_ERROR_REPORT_TIMEOUT_MS, loadSentry }: ErrorReporterOptions): ErrorReporter {
  const safeRelease = cleanRelease(release);
  let pageView = '';
  let reported = new Set<string>();
  let sentry: Promise<SentryCapture | null> | null = null;

  function toApi(body: ClientErrorReport): void {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const done = () => clearTimeout(timer);
    try {
      sendReport(body, controller.signal).then(done, done);
    } catch {
      done();
    }
  }

  function sendReport(body: ClientErrorReport, signal: AbortSignal): Promise<unknown> {
    return send(CLIENT_ERRORS_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      // A report needs no session: the API stores nothing about who sent it.
      credentials: 'omit',
      // Sent even when the page is being left (an error on the way out).
      keepalive: true,
      signal,
    });
  }

  return {
    report(error, source) {
      try {
        const page = cleanPath(pagePath());
        if (page !== pageView) {
          pageView = page;
          reported = new Set();
        }
        const { message, stack } = describeError(error);
        if (reported.has(message) || reported.size >= REPORTS_PER_PAGE_VIEW) return;
        reported.add(message);
        const body: ClientErrorReport = { message, stack, source, release: safeRelease, page };
        if (!sentry) return toApi(body);
        void sentry.then((capture) => (capture ? capture.captureException(error, source) : toApi(body))).catch(() => undefined);
      } catch {
        // Reporting never adds an error of its own.
      }
    },
    useSentry(dsn) {
      if (!dsn || !loadSentry || sentry) return;
      // If the SDK cannot load (offline, blocked), reports go to the API as before.
      sentry = loadSentry(dsn, safeRelease).catch(() => null);
    },
  };
}

let shared: ErrorReporter | null = null;

/** The page's reporter: fetch to the API, or Sentry once the site config names a DSN. */
function errorReporter(): ErrorReporter {
  shared ??= createErrorReporter({
    send: (url, init) => fetch(url, init),
    pagePath: () => window.location.pathname,
    loadSentry: (dsn, release) => import('./sentry-reporter').then(({ startSentry }) => startSentry({ dsn, release })),
  });
  return shared;
}

/** Reports an error caught in the browser; safe anywhere (does nothing outside a browser). */
export function reportError(error: unknown, source: ClientErrorSource): void {
  if (typeof window === 'undefined') return;
  errorReporter().report(error, source);
}

/** Switches reports to Sentry when the site config carries a DSN. */
export function reportToSentry(dsn: string | null): void {
  if (typeof window === 'undefined') return;
  errorReporter().useSentry(dsn);
}

/** A ResizeObserver loop notice: the browser's, harmless, and very frequent. */
const RESIZE_OBSERVER_NOISE = /^ResizeObserver loop/;

/**
 * Reports uncaught errors and rejected promises. Errors from other origins' scripts reach the page
 * as 'Script error.' with nothing else (the browser hides them): nothing to act on, not reported.
 */
export function reportUncaughtErrors(target: Pick<Window, 'addEventListener'> = window, report: typeof reportError = reportError): void {
  target.addEventListener('error', (event: ErrorEvent) => {
    const message = event.message ?? '';
    if (RESIZE_OBSERVER_NOISE.test(message)) return;
    if (!event.error && (message === 'Script error.' || message === '')) return;
    report(event.error ?? new Error(message), 'uncaught');
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    report(event.reason, 'unhandled-rejection');
  });
}
