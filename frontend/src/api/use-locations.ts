// Professionals grouped by region for /locations (GET /api/locations, product rule 5).
import useSWR from 'swr';
import type { RegionSummary } from '../../../core/directory';
import { apiPath, SUMMARY_PATHS } from '../../../core/api-paths';
import { getJson } from './client';

export const LOCATIONS_KEY = apiPath(SUMMARY_PATHS.locations);

export function useLocations(): { regions: RegionSummary[] | undefined; error: unknown; isLoading: boolean } {
  const { data, error, isLoading } = useSWR(LOCATIONS_KEY, (path: string) => getJson<RegionSummary[]>(path));
  return { regions: data ?? undefined, error: error as unknown, isLoading };
}
