// A service-and-place page's facts (GET /api/service-places/{service}/{place}, issue 33). A 404
// (no live listing there, or slugs that name nothing) resolves to null: the page is then a 404 too.
import useSWR from 'swr';
import { apiPath, SUMMARY_PATHS } from '../../../core/api-paths';
import type { ServicePlace, ServicePlaceSummary } from '../../../core/service-places';
import { getJson } from './client';
import { DEFAULT_FILTERS, type DirectoryFilters } from './directory-query';

/** The directory search the page is (its listings, and the link to the full search). */
export function servicePlaceFilters({ service, place }: ServicePlace): DirectoryFilters {
  return { ...DEFAULT_FILTERS, service, location: place.name };
}

export function servicePlaceKey(serviceSlug: string, placeSlug: string): string {
  return apiPath(SUMMARY_PATHS.servicePlace.replace(':service', encodeURIComponent(serviceSlug)).replace(':place', encodeURIComponent(placeSlug)));
}

export function useServicePlace(serviceSlug: string, placeSlug: string): { summary: ServicePlaceSummary | null | undefined; error: unknown; retry: () => void } {
  const { data, error, mutate } = useSWR(servicePlaceKey(serviceSlug, placeSlug), (path: string) => getJson<ServicePlaceSummary>(path, { nullOnStatus: [404] }));
  return { summary: data, error: error as unknown, retry: () => void mutate() };
}
