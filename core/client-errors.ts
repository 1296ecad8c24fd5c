// Front-end error reports as the API accepts them (POST /api/client-errors, product rule 37) and
// as admins read them (GET /api/admin/client-errors). The bounds are in client-error-limits.ts,
// which the reporter in the SPA's entry bundle imports without zod.
import { z } from 'zod';
import { CLIENT_ERROR_LIMITS, CLIENT_ERROR_SOURCES, type ClientErrorSource } from './client-error-limits';
import { text } from './text';

export const CLIENT_ERROR_TEXTS = {
  message: `The message is required and at most ${CLIENT_ERROR_LIMITS.messageMax} characters`,
  stack: `The stack is at most ${CLIENT_ERROR_LIMITS.stackMax} characters`,
  source: `The source is one of: ${CLIENT_ERROR_SOURCES.join(', ')}`,
  release: `The release is 1 to ${CLIENT_ERROR_LIMITS.releaseMax} letters, digits, '.', '_', '+' or '-'`,
  page: `The page is a path starting with '/', without '?' or '#', at most ${CLIENT_ERROR_LIMITS.pageMax} characters`,
  tooLarge: `An error report is at most ${CLIENT_ERROR_LIMITS.bodyBytes / 1024} KB.`,
  sectionTitle: 'Reported errors',
  empty: 'No errors reported',
  fetchFailed: 'Failed to fetch the reported errors',
} as const;

export const ClientErrorInput = z.object({
  message: text({ error: CLIENT_ERROR_TEXTS.message }).trim().min(1, CLIENT_ERROR_TEXTS.message).max(CLIENT_ERROR_LIMITS.messageMax, CLIENT_ERROR_TEXTS.message),
  stack: text({ error: CLIENT_ERROR_TEXTS.stack }).max(CLIENT_ERROR_LIMITS.stackMax, CLIENT_ERROR_TEXTS.stack).default(''),
  source: z.enum(CLIENT_ERROR_SOURCES, { error: CLIENT_ERROR_TEXTS.source }),
  release: z.string({ error: CLIENT_ERROR_TEXTS.release }).regex(new RegExp(`^[A-Za-z0-9._+-]{1,${CLIENT_ERROR_LIMITS.releaseMax}}$`), CLIENT_ERROR_TEXTS.release),
  page: text({ error: CLIENT_ERROR_TEXTS.page }).max(CLIENT_ERROR_LIMITS.pageMax, CLIENT_ERROR_TEXTS.page).regex(/^\/[^?#]*$/, CLIENT_ERROR_TEXTS.page),
});
export type ClientErrorInput = z.infer<typeof ClientErrorInput>;

/** One group as the admin dashboard lists it, the most recently seen first. */
export interface ClientErrorGroup {
  id: number;
  message: string;
  source: ClientErrorSource;
  release: string;
  count: number;
  /** ISO 8601. */
  firstSeen: string;
  lastSeen: string;
  lastPage: string;
}

/** Groups the dashboard shows at most. */
export const CLIENT_ERROR_GROUPS_LISTED = 50;
