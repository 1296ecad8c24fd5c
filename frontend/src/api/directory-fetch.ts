// Fetching a page of the directory: the body is an array and the number of matches comes in the
// X-Total-Count header, which the shared client (client.ts) doesn't expose. Errors are the same
// ApiRequestError the client throws.
import type { ProfessionalListItem } from '../../../core/directory';
import { ApiRequestError } from './client';
import { TOTAL_COUNT_HEADER } from '../../../core/directory';

export interface ProfessionalsPage {
  items: ProfessionalListItem[];
  /** All matches of the filters (every page). */
  total: number;
}

export async function fetchProfessionalsPage(path: string): Promise<ProfessionalsPage> {
  const response = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
  const text = await response.text();
  if (!response.ok) throw new ApiRequestError(response.status, response.statusText, text);
  const items = (text === '' ? [] : JSON.parse(text)) as ProfessionalListItem[];
  const header = Number(response.headers.get(TOTAL_COUNT_HEADER));
  return { items, total: Number.isFinite(header) && response.headers.has(TOTAL_COUNT_HEADER) ? header : items.length };
}
