// Front-end error reports (product rule 37): what the SPA's reporter sends to POST
// /api/client-errors and the bounds both sides hold to. No zod here: the reporter is in the entry
// bundle (docs/performance.md), and the API's schema (core/client-errors.ts) reads these numbers.

export const CLIENT_ERRORS_PATH = '/api/client-errors';

/** Where an error was caught: a page's error boundary, the map's, window 'error', 'unhandledrejection'. */
export const CLIENT_ERROR_SOURCES = ['page', 'map', 'uncaught', 'unhandled-rejection'] as const;
export type ClientErrorSource = (typeof CLIENT_ERROR_SOURCES)[number];

export const CLIENT_ERROR_LIMITS = {
  /** Characters of the message kept (longer ones are cut by the reporter, refused by the API). */
  messageMax: 500,
  /** Characters of the stack kept: the script's frames, never React's component props. */
  stackMax: 4096,
  /** The page's path (never its query or fragment: they can hold a postcode or search text). */
  pageMax: 300,
  releaseMax: 40,
  /** Request bodies larger than this are refused with 413 before they are parsed (a report is well under it). */
  bodyBytes: 16 * 1024,
} as const;

/** The body of one report. */
export interface ClientErrorReport {
  message: string;
  stack: string;
  source: ClientErrorSource;
  release: string;
  page: string;
}

/** Groups of (message, release, source) kept: beyond it the least recently seen are deleted, so a flood cannot fill the disk. */
export const CLIENT_ERROR_GROUPS_KEPT = 1000;

/** How long a report may take before the browser abandons it (the specification's 5 seconds). */
export const CLIENT_ERROR_REPORT_TIMEOUT_MS = 5000;
