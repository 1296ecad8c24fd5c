// The home page in one call (product rules 6 and 18): live counts for the category tiles, the three best
// rated live professionals and the statistics band. The listing counts come from the directory
// index when it can answer (it holds every live listing, kept current through the change feed),
// else from SQL: the two counting queries read every live listing, and the answer cache computes
// the home page again after every change, many times a minute under load (figures in decision 0032).
import type { HomeSummary } from '../../../../core/directory';
import { CATEGORY_TILES } from '../../../../core/services';
import type { PrismaClient } from '../../../../prisma/db';
import type { DirectoryIndex } from './directory-index';
import { BEST_RATED_ORDER, LISTED, PUBLISHED_REVIEW } from './directory-sql';
import { LIST_ITEM_COLUMNS, toListItem, type ProfessionalRow } from './professional-row';

/**
 * The listing counts from the index's live tally by region and service (the one the locations page
 * reads): a service's count is its sum over the regions, as each listing is in one region. Null when
 * the index cannot answer now.
 */
async function countsFromIndex(directory: DirectoryIndex, services: readonly string[]) {
  const regions = await directory.regionCounts();
  if (!regions) return null;
  const byService = new Map<string, number>();
  for (const region of regions) for (const { service, count } of region.services) byService.set(service, (byService.get(service) ?? 0) + count);
  const professionals = regions.reduce((sum, region) => sum + region.count, 0);
  return {
    categoryRows: services.map((service) => ({ service, count: byService.get(service) ?? 0 })),
    professionalStats: [{ professionals, regions: regions.length }],
  };
}

export async function getHomeSummary({ prisma, directory }: { prisma: PrismaClient; directory?: DirectoryIndex | null }): Promise<HomeSummary> {
  const tileServices = CATEGORY_TILES.map((t) => t.service);
  const indexed = directory ? await countsFromIndex(directory, tileServices) : null;
  const [categoryRows, topRows, professionalStats, reviewStats] = await Promise.all([
    indexed?.categoryRows ??
    prisma.$queryRaw<{ service: string; count: number }[]>`
      SELECT s.service, (
        SELECT count(*)::int FROM professionals p WHERE ${LISTED} AND p.services @> ARRAY[s.service]
      ) AS count
      FROM unnest(${tileServices}::text[]) AS s(service)`,
    prisma.$queryRaw<ProfessionalRow[]>`
      SELECT ${LIST_ITEM_COLUMNS} FROM professionals p
      WHERE ${LISTED} AND p.rating > 0 AND p.review_count > 0
      ORDER BY ${BEST_RATED_ORDER}
      LIMIT 3`,
    indexed?.professionalStats ??
    prisma.$queryRaw<{ professionals: number; regions: number }[]>`
      SELECT count(*)::int AS professionals, count(DISTINCT p.region)::int AS regions
      FROM professionals p WHERE ${LISTED}`,
    // Reviewers, not reviews, recommend (product rule 6): each reviewer counts once, by their most
    // recent published review.
    prisma.$queryRaw<{ reviews: number; reviewers: number; recommenders: number }[]>`
      WITH published AS (
        SELECT r.user_id, r.would_recommend, r.created_at, r.id
        FROM reviews r JOIN professionals p ON p.id = r.professional_id
        WHERE ${PUBLISHED_REVIEW} AND ${LISTED}
      ), latest AS (
        SELECT DISTINCT ON (user_id) would_recommend FROM published ORDER BY user_id, created_at DESC, id DESC
      )
      SELECT (SELECT count(*)::int FROM published) AS reviews,
             count(*)::int AS reviewers,
             count(*) FILTER (WHERE would_recommend)::int AS recommenders
      FROM latest`,
  ]);
  const counts = new Map(categoryRows.map((r) => [r.service, r.count]));
  const verified = professionalStats[0]?.professionals ?? 0;
  const reviews = reviewStats[0]?.reviews ?? 0;
  const reviewers = reviewStats[0]?.reviewers ?? 0;
  const recommenders = reviewStats[0]?.recommenders ?? 0;
  return {
    categories: CATEGORY_TILES.map((t) => ({ label: t.label, service: t.service, count: counts.get(t.service) ?? 0 })),
    topRated: topRows.map(toListItem),
    stats: {
      verifiedProfessionals: verified,
      publishedReviews: reviews,
      recommendPercent: reviewers > 0 ? Math.floor((100 * recommenders) / reviewers) : null,
      regionsCovered: professionalStats[0]?.regions ?? 0,
    },
    totalProfessionals: verified,
  };
}
