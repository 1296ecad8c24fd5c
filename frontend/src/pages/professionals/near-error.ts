// An unknown postcode or place is the visitor's typing, not a failure of the list: the API answers
// it with a 400 whose fields.near carries the message. The page then shows what the address asks
// for, honestly (issue 30, item 6; product rule 30): no results, the message where they were and on
// the postcode field, no distance chip, instead of 'Failed to load professionals. Please try
// again.' or the previous search's results under the new postcode.
import { ApiRequestError } from '../../api/client';
import { withoutNear, type DirectoryFilters } from '../../api/directory-query';

/** The API's message for the `near` field, when this error is about it; null otherwise. */
export function nearFieldError(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  return error.body?.error.fields?.near ?? null;
}

export interface SearchOutcome {
  /** The API's message when the address's postcode or place is unknown; null otherwise. */
  unknownNear: string | null;
  /** What the chips and the 'Filters (n)' count describe: no distance that was not searched. */
  chipFilters: DirectoryFilters;
  /** The list's own failure ('Failed to load professionals'); never an unknown postcode. */
  listError: unknown;
}

/** How the list's answer (its error, if any) for the address's filters reads on the page. */
export function searchOutcome(filters: DirectoryFilters, error: unknown): SearchOutcome {
  const unknownNear = filters.near !== '' ? nearFieldError(error) : null;
  if (unknownNear === null) return { unknownNear, chipFilters: filters, listError: error };
  return { unknownNear, chipFilters: withoutNear(filters), listError: undefined };
}
