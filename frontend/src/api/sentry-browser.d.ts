// The parts of @sentry/browser that sentry-reporter.ts uses, until the package is a dependency
// (`npm install --save-exact @sentry/browser`); then delete this file: the package's own types win.
declare module '@sentry/browser' {
  interface Integration {
    name: string;
  }
  interface SentryEvent {
    request?: { url?: string; query_string?: unknown; headers?: Record<string, string> };
  }
  export function init(options: {
    dsn: string;
    release?: string;
    sendDefaultPii?: boolean;
    integrations?: (defaults: Integration[]) => Integration[];
    beforeSend?: (event: SentryEvent) => SentryEvent | null;
  }): void;
  export function captureException(exception: unknown, context?: { tags?: Record<string, string> }): string;
}
