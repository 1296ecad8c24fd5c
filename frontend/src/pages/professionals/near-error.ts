// An unknown postcode or place is the visitor's typing, not a failure of the list: the API answers
// it with a 400 whose fields.near carries the message, which the page shows on the postcode field
// (the list stays as it was) instead of 'Failed to load professionals. Please try again.'.
import { ApiRequestError } from '../../api/client';

/** The API's message for the `near` field, when this error is about it; null otherwise. */
export function nearFieldError(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  return error.body?.error.fields?.near ?? null;
}
