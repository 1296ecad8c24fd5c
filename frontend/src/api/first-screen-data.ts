// The API answers a server-rendered page was made from (core/first-screen.ts), read from the page
// and put into SWR's cache before hydration: the data hooks then find them as if they had fetched
// them, so hydration renders the same markup (no mismatch) and fetches nothing again. Kept in the
// cache rather than given as SWR's `fallback`: code that forgets an answer (use-figures-refresh.ts)
// deletes it from the cache, and a fallback would bring the old data back.
// They go into SWR's global cache, the one every hook and the global `mutate` of the app use, as
// SwrProvider's cache provider: SWR hands a provider the cache above it (the global one), and this
// one fills it and gives it back. Written with the cache's own `set`, not with `mutate`: a key
// SWR has mutated is hydrated from its value before the mutation (SWR's server snapshot), which
// would be nothing, and hydration would render the loading state instead of the page's markup.
import type { Cache } from 'swr';
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

/**
 * Puts the answers into `cache` (a cache entry is its state, of which only `data` is known) and
 * gives it back; an answer the cache holds already stays.
 */
export function withFirstScreenData(cache: Readonly<Cache>, data: Record<string, unknown>): Cache {
  for (const [key, answer] of Object.entries(data)) if (cache.get(key) === undefined) cache.set(key, { data: answer });
  return cache;
}
