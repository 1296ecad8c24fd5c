// A service-and-place page's facts (GET /api/service-places/{service}/{place}, issue 33), and a
// service's places (GET /api/service-places/{service}: the directory links them). A 404
// (no live listing there, or slugs that name nothing) resolves to null: the page is then a 404 too.
import useSWR from 'swr';
import { apiPath, SUMMARY_PATHS } from '../../../core/api-paths';
import { readService, slugOf, type ServicePlace, type ServicePlacesOfService, type ServicePlaceSummary } from '../../../core/service-places';
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

export function servicePlacesKey(serviceSlug: string): string {
  return apiPath(SUMMARY_PATHS.servicePlaces.replace(':service', encodeURIComponent(serviceSlug)));
}

/** The places a service has live listings in (GET /api/service-places/{service}), each a service-and-place page. */
export function useServicePlacesOf(serviceSlug: string): { places: ServicePlacesOfService['places'] | undefined; error: unknown; retry: () => void } {
  const { data, error, mutate } = useSWR(servicePlacesKey(serviceSlug), (path: string) => getJson<ServicePlacesOfService>(path));
  return { places: data?.places, error: error as unknown, retry: () => void mutate() };
}

/** The directory searched by one of the services alone (no place, postcode or words): it links to that service's places. */
export function isServiceAlone(filters: Pick<DirectoryFilters, 'service' | 'location' | 'near' | 'search'>): boolean {
  return readService(slugOf(filters.service)) !== null && (['location', 'near', 'search'] as const).every((name) => filters[name] === DEFAULT_FILTERS[name]);
}
