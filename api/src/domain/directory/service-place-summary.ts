// The facts of a service-and-place page (issue 33, decision 0038, core/service-places.ts), all
// from the live listings of the directory search it is, so the page never says more than the data:
// their count (the search's total, as the directory answers it), the true mean of their published
// reviews, the range of their rates as hourly equivalents, the nearest places and the other
// services that have listings too (each counted by the same search). Null when the search has no
// live listing: then there is no page.
import { DirectoryQuery } from '../../../../core/directory-query';
import { haversineMiles } from '../../../../core/geo/distance';
import { UK_LOCATIONS } from '../../../../core/locations';
import {
  SERVICE_PLACE_CHECKS,
  SERVICE_PLACE_INDEX_MIN_LISTINGS,
  SERVICE_PLACE_NEARBY_MAX,
  SERVICE_PLACE_RELATED_MAX,
  servicePlacePath,
  type ServicePlace,
  type ServicePlacesOfService,
  type ServicePlaceSummary,
} from '../../../../core/service-places';
import { SERVICES, type Service } from '../../../../core/services';
import type { PrismaClient } from '../../../../prisma/db';
import { buildDirectorySql, PUBLISHED_REVIEW } from './directory-sql';

/** The directory search a service-and-place page is: its two filters, the default order. */
export function servicePlaceQuery(service: string, place: string): DirectoryQuery {
  return DirectoryQuery.parse({ service, location: place });
}

/** How many live listings a directory search has (the directory's own cached count). */
export type CountMatches = (query: DirectoryQuery) => Promise<number>;

export async function servicePlaceSummary(
  { prisma, count }: { prisma: PrismaClient; count: CountMatches },
  { service, place }: ServicePlace,
): Promise<ServicePlaceSummary | null> {
  const query = servicePlaceQuery(service, place.name);
  const total = await count(query);
  if (total === 0) return null;
  const { where } = buildDirectorySql(query);
  const [[facts], nearby, related, checks] = await Promise.all([
    prisma.$queryRaw<{ rating_total: number | null; reviews: number; min_pence: number | null; max_pence: number | null; rated: number; project_based: number }[]>`
      WITH m AS (SELECT p.id, p.hourly_rate_pence, p.is_project_based FROM professionals p WHERE ${where}),
      rv AS (SELECT sum(r.rating)::int AS rating_total, count(*)::int AS reviews FROM reviews r JOIN m ON m.id = r.professional_id WHERE ${PUBLISHED_REVIEW}),
      rates AS (
        SELECT min(hourly_rate_pence) FILTER (WHERE NOT is_project_based) AS min_pence,
          max(hourly_rate_pence) FILTER (WHERE NOT is_project_based) AS max_pence,
          count(hourly_rate_pence) FILTER (WHERE NOT is_project_based)::int AS rated,
          count(*) FILTER (WHERE is_project_based)::int AS project_based
        FROM m
      )
      SELECT * FROM rv, rates`,
    nearestWithListings(count, service, place),
    otherServicesWithListings(count, service, place.name),
    // Each the directory's own count of the search the page links to (issue 34): true figures only.
    Promise.all(SERVICE_PLACE_CHECKS.map(async (filter) => ({ filter, count: await count({ ...query, [filter]: true }) }))),
  ]);
  const f = facts!;
  return {
    service,
    place: { name: place.name, kind: place.kind },
    path: servicePlacePath(service, place.name),
    count: total,
    averageRating: f.reviews > 0 && f.rating_total !== null ? Math.round((f.rating_total / f.reviews) * 10) / 10 : null,
    reviewCount: f.reviews,
    hourlyRange: f.min_pence !== null && f.max_pence !== null ? { minPence: f.min_pence, maxPence: f.max_pence, listings: f.rated } : null,
    projectBased: f.project_based,
    nearby,
    related,
    indexable: total >= SERVICE_PLACE_INDEX_MIN_LISTINGS,
    checks: checks.filter((c) => c.count > 0),
  };
}

/** Every place with live listings of `service`, each with its page's count, most first. */
export async function placesOfService(count: CountMatches, service: Service): Promise<ServicePlacesOfService> {
  const counted = await Promise.all(UK_LOCATIONS.map(async (place) => ({ name: place.name, path: servicePlacePath(service, place.name), count: await count(servicePlaceQuery(service, place.name)) })));
  return { service, places: counted.filter((p) => p.count > 0).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)) };
}

/** The nearest other places of the same kind (a city's cities, a county's counties) with live listings of the service. */
async function nearestWithListings(count: CountMatches, service: string, place: ServicePlace['place']): Promise<ServicePlaceSummary['nearby']> {
  const others = UK_LOCATIONS.filter((p) => p.kind === place.kind && p.name !== place.name).sort(
    (a, b) => haversineMiles(place.lat, place.lng, a.lat, a.lng) - haversineMiles(place.lat, place.lng, b.lat, b.lng) || a.name.localeCompare(b.name),
  );
  // All counted at once (each is one cached count), then the nearest that have listings kept.
  const counted = await Promise.all(others.map(async (other) => ({ name: other.name, path: servicePlacePath(service, other.name), count: await count(servicePlaceQuery(service, other.name)) })));
  return counted.filter((n) => n.count > 0).slice(0, SERVICE_PLACE_NEARBY_MAX);
}

async function otherServicesWithListings(count: CountMatches, service: string, place: string): Promise<ServicePlaceSummary['related']> {
  const counted = await Promise.all(SERVICES.filter((s) => s !== service).map(async (other) => ({ service: other, path: servicePlacePath(other, place), count: await count(servicePlaceQuery(other, place)) })));
  return counted
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count || a.service.localeCompare(b.service))
    .slice(0, SERVICE_PLACE_RELATED_MAX);
}
