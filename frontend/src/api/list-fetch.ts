// Fetching a page of a list whose body is an array and whose totals come in headers
// (X-Total-Count, and for message threads X-Unread-Count), which the shared client (client.ts)
// does not expose. Errors are the same ApiRequestError the client throws.
import { TOTAL_COUNT_HEADER } from '../../../core/directory';
import { ApiRequestError } from './client';

export interface ListPage<T> {
  items: T[];
  /** Every item of the list (all pages). */
  total: number;
  /** A header's number, or null when the answer did not carry it. */
  count(header: string): number | null;
}

export async function fetchListPage<T>(path: string): Promise<ListPage<T>> {
  const response = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
  const text = await response.text();
  if (!response.ok) throw new ApiRequestError(response.status, response.statusText, text);
  const items = (text === '' ? [] : JSON.parse(text)) as T[];
  const count = (header: string) => {
    const value = response.headers.get(header);
    return value !== null && Number.isFinite(Number(value)) ? Number(value) : null;
  };
  return { items, total: count(TOTAL_COUNT_HEADER) ?? items.length, count };
}
