// What the error reporter's Sentry path needs of the SDK: the reporter (error-reporting.ts, in the
// entry bundle) loads sentry-reporter.ts by a dynamic import, and both name this type. It lives
// here so that neither file imports the other back (no import cycles, scripts/lint/import-cycles.ts).
import type { ClientErrorSource } from '../../../core/client-error-limits';

/** What the Sentry path needs of the SDK (sentry-reporter.ts). */
export interface SentryCapture {
  captureException(error: unknown, source: ClientErrorSource): void;
}
