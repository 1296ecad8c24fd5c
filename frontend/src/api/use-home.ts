// The home page's data in one call (GET /api/home, product rules 6 and 18): category counts, the top
// rated professionals and the live statistics band.
import useSWR from 'swr';
import type { HomeSummary } from '../../../core/directory';
import { apiPath, SUMMARY_PATHS } from '../../../core/api-paths';
import { getJson } from './client';

export const HOME_KEY = apiPath(SUMMARY_PATHS.home);

export function useHome(): { home: HomeSummary | undefined; error: unknown; isLoading: boolean } {
  const { data, error, isLoading } = useSWR(HOME_KEY, (path: string) => getJson<HomeSummary>(path));
  return { home: data ?? undefined, error: error as unknown, isLoading };
}
