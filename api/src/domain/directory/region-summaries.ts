// /locations: live professionals grouped by their region (product rule 5). The average is the true
// mean of every published review of the region's live professionals, not a mean of means.
import type { RegionSummary } from '../../../../core/directory';
import { isService } from '../../../../core/services';
import type { PrismaClient } from '../../../../prisma/db';
import { LISTED, PUBLISHED_REVIEW } from './directory-sql';
import type { DirectoryIndex } from './directory-index';

const POPULAR_SERVICES = 3;

export async function listRegionSummaries({ prisma, directory }: { prisma: PrismaClient; directory?: DirectoryIndex | null }): Promise<RegionSummary[]> {
  // The counts come from the directory index when it can answer (its tally by region and service):
  // the two counting queries read every live listing each time (figures in decision 0032).
  const indexed = directory ? await directory.regionCounts() : null;
  const [regions, ratings, services] = await Promise.all([
    indexed?.map(({ region, count }) => ({ region, count })) ??
      prisma.$queryRaw<{ region: string; count: number }[]>`
        SELECT p.region, count(*)::int AS count FROM professionals p WHERE ${LISTED} GROUP BY p.region`,
    prisma.$queryRaw<{ region: string; total: number; reviews: number }[]>`
      SELECT p.region, sum(r.rating)::int AS total, count(*)::int AS reviews
      FROM reviews r JOIN professionals p ON p.id = r.professional_id
      WHERE ${PUBLISHED_REVIEW} AND ${LISTED}
      GROUP BY p.region`,
    indexed?.flatMap(({ region, services }) => services.map(({ service, count }) => ({ region, service, count }))) ??
      prisma.$queryRaw<{ region: string; service: string; count: number }[]>`
        SELECT p.region, s.service, count(*)::int AS count
        FROM professionals p, unnest(p.services) AS s(service)
        WHERE ${LISTED}
        GROUP BY p.region, s.service`,
  ]);
  const ratingByRegion = new Map(ratings.map((r) => [r.region, r]));
  const servicesByRegion = new Map<string, { service: string; count: number }[]>();
  for (const row of services) {
    const list = servicesByRegion.get(row.region) ?? [];
    list.push(row);
    servicesByRegion.set(row.region, list);
  }
  return regions
    .map((r): RegionSummary => {
      const rating = ratingByRegion.get(r.region);
      // Only the directory's services (an old row's other text is not one: the index never counts it).
      const services = (servicesByRegion.get(r.region) ?? []).filter((s) => isService(s.service)).sort((a, b) => b.count - a.count || a.service.localeCompare(b.service)).map((s) => s.service);
      return {
        region: r.region,
        count: r.count,
        averageRating: rating && rating.reviews > 0 ? Math.round((rating.total / rating.reviews) * 10) / 10 : null,
        popularServices: services.slice(0, POPULAR_SERVICES),
        services,
      };
    })
    .sort((a, b) => b.count - a.count || a.region.localeCompare(b.region));
}
