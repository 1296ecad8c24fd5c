// After a review changes, the worker recalculates the professional's rating and review count
// within a second or two (product rule 7). Queries here never go stale on their own (swr-options),
// so this brings the new figures in: it asks for the profile again until it shows the figures the
// breakdown already shows, and forgets the kept directory, home and locations answers, so the
// next visit to those pages fetches them anew. The same happens when a visitor opens a profile in
// the seconds between a review's change and the worker's: the breakdown, counted from the reviews
// themselves, already differs from the header's figures (figuresBehind).
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { unstable_serialize } from 'swr/infinite';
import { fetchProfessional } from './use-professional';

const POLL_MS = 750;
const POLL_ATTEMPTS = 20;

/**
 * What SWR puts before the key of an infinite list (the key of its first page): its public
 * unstable_serialize of a list whose first key is empty.
 */
const INFINITE_PREFIX = unstable_serialize(() => '');

/** Directory, home and locations answers (pages of a list are kept under the infinite prefix too). */
export function isDirectoryAnswerKey(key: string): boolean {
  const path = key.startsWith(INFINITE_PREFIX) ? key.slice(INFINITE_PREFIX.length) : key;
  return path.startsWith('/api/professionals') || path === '/api/home' || path === '/api/locations';
}

export interface Figures {
  rating: number;
  reviewCount: number;
}

/** The figures the breakdown shows, when the profile's header does not show them yet; else null. */
export function figuresBehind(
  shown: Figures,
  summary: { averageRating: number | null; reviewCount: number } | undefined,
): Figures | null {
  if (!summary) return null;
  const expected = { rating: summary.averageRating ?? 0, reviewCount: summary.reviewCount };
  return expected.rating === shown.rating && expected.reviewCount === shown.reviewCount ? null : expected;
}

export function useFiguresRefresh(professionalKey: string) {
  const { cache, mutate } = useSWRConfig();
  return useCallback(
    async (expected: Figures) => {
      const forgetOthers = () => {
        for (const key of [...cache.keys()]) if (key !== professionalKey && isDirectoryAnswerKey(key)) cache.delete(key);
      };
      forgetOthers();
      for (let attempt = 0; attempt < POLL_ATTEMPTS; attempt += 1) {
        const fresh = await fetchProfessional(professionalKey).catch(() => undefined);
        if (fresh && fresh.reviewCount === expected.reviewCount && fresh.rating === expected.rating) {
          await mutate(professionalKey, fresh, { revalidate: false });
          forgetOthers();
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    [cache, mutate, professionalKey],
  );
}
