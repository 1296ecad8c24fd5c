// A service-and-place page's facts (GET /api/service-places/{service}/{place}, issue 33). A 404
// (no live listing there, or slugs that name nothing) resolves to null: the page is then a 404 too.
import useSWR from 'swr';
import { servicePlaceApiPath } from '../../../core/api-paths';
import type { ServicePlaceSummary } from '../../../core/service-places';
import { getJson } from './client';

export function useServicePlace(serviceSlug: string, placeSlug: string): { summary: ServicePlaceSummary | null | undefined; error: unknown; retry: () => void } {
  const { data, error, mutate } = useSWR(servicePlaceApiPath(serviceSlug, placeSlug), (path: string) => getJson<ServicePlaceSummary>(path, { nullOnStatus: [404] }));
  return { summary: data, error: error as unknown, retry: () => void mutate() };
}
