// The API answers a server-rendered page was made from (core/first-screen.ts), read from the page
// and put into SWR's cache before hydration: the data hooks then find them as if they had fetched
// them, so hydration renders the same markup (no mismatch) and fetches nothing again. Kept in the
// cache rather than given as SWR's `fallback`: code that forgets an answer (use-figures-refresh.ts)
// deletes it from the cache, and a fallback would bring the old data back.
import { cache } from 'swr/_internal';
import { FIRST_SCREEN_DATA_ID } from '../../../core/first-screen';

/** The answers in the page (none when the page was not server-rendered or they cannot be read). */
export function readFirstScreenData(doc: Document = document): Record<string, unknown> {
  const text = doc.getElementById(FIRST_SCREEN_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    const data: unknown = JSON.parse(text);
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** SWR cache entries for the answers: a cache entry is its state, of which only `data` is known. */
export function swrCacheEntries(data: Record<string, unknown>): [string, { data: unknown }][] {
  return Object.entries(data).map(([key, value]) => [key, { data: value }]);
}

/** Puts the answers into the SWR cache the app's hooks use (call before the first render). */
export function seedSwrCache(data: Record<string, unknown>): void {
  for (const [key, state] of swrCacheEntries(data)) if (cache.get(key) === undefined) cache.set(key, state);
}
