// Pure helpers shared by the account forms (login, register, forgot and reset password, My Profile):
// a zod result → one message per field, and the failure toast for an API error.
import type { z } from 'zod';
import { ApiRequestError } from '../../api/client';
import type { ToastInput } from '../toast';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message for each top-level field of a failed parse ('services.0' counts as 'services'). */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

/** Parses `values` with `schema`: the parsed data, or the message for each invalid field. */
export function validate<Schema extends z.ZodType>(
  schema: Schema,
  values: unknown,
): { ok: true; data: z.output<Schema> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: issuesToFieldErrors(result.error.issues) };
}

/** Field messages sent by the API (`{error:{fields}}`), keyed by top-level field. */
export function apiFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiRequestError)) return {};
  const fields = error.body?.error.fields ?? {};
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const key = path.split('.')[0] ?? path;
    if (errors[key] === undefined) errors[key] = message;
  }
  return errors;
}

/**
 * The toast for a failed account call (spec section 8): title 'Error' with the API's own message
 * when it sent one; otherwise the fallback title and description ('Login failed' / 'Failed to login').
 */
export function failureToast(error: unknown, fallback: { title: string; description: string }): ToastInput {
  if (error instanceof ApiRequestError && error.apiMessage) {
    return { title: 'Error', description: error.apiMessage, variant: 'destructive' };
  }
  return { ...fallback, variant: 'destructive' };
}
