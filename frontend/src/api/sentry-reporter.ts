// The Sentry path of error reports (product rule 37), loaded by error-reporting.ts only when the
// site config carries a DSN: its own chunk, never in the entry. Sentry sees what the reporter hands
// over and no more: no global handlers (main.tsx's listeners report through the reporter, once),
// no breadcrumbs (fetch and navigation URLs carry postcodes and search text), no personal data,
// and the page's address without its query.
import * as Sentry from '@sentry/browser';
import type { ClientErrorSource } from '../../../core/client-error-limits';
import type { SentryCapture } from './sentry-capture';

/** Default integrations left out (see above). */
const LEFT_OUT = new Set(['GlobalHandlers', 'Breadcrumbs', 'BrowserSession']);

export function startSentry({ dsn, release }: { dsn: string; release: string }): SentryCapture {
  Sentry.init({
    dsn,
    release,
    // No user, cookies, headers or query strings (Sentry 11's dataCollection; it replaced sendDefaultPii).
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, urlQueryParams: false, httpBodies: [] },
    integrations: (defaults) => defaults.filter((integration) => !LEFT_OUT.has(integration.name)),
    beforeSend(event) {
      if (event.request) event.request = { url: `${window.location.origin}${window.location.pathname}` };
      return event;
    },
  });
  return {
    captureException(error: unknown, source: ClientErrorSource) {
      Sentry.captureException(error, { tags: { source } });
    },
  };
}
