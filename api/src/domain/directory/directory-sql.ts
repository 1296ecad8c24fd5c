// The directory's searches in SQL over `professionals p`: the listed rule, the WHERE clause of a
// parsed DirectoryQuery (LISTED and every filter's condition from the filter table, filters.ts),
// the distance expression when `near` is given, the rank when `search` is given, and the ORDER BY.
// Every value travels as a bind parameter through Prisma.sql; only constant SQL text is written
// here. The list, the map and the count share these fragments, so the map's total equals the
// list's X-Total-Count for the same filters. It is the definition the in-memory index answers by
// (decision 0019).
import type { Sort } from '../../../../core/directory';
import type { DirectoryQuery } from '../../../../core/directory-query';
import { BAYES_PRIOR_MEAN, BAYES_PRIOR_WEIGHT } from '../../../../core/rating';
import { Prisma } from '../../../../prisma/db';
import { distanceSql } from './circle';
import { FILTERS, locationFilter, nearFilter, readFilters, textFilter, valueOf, type DirectoryFilter } from './filters';
import { tsquerySql } from './tsquery-text';

/** Approved with an active subscription: the only professionals the public side ever shows. */
export const LISTED = Prisma.sql`p.is_approved AND p.subscription_status = 'active'`;

/** A review the public sees (reviews r): public and not hidden by an admin. */
export const PUBLISHED_REVIEW = Prisma.sql`r.is_public AND r.hidden_at IS NULL`;

export interface DirectorySql {
  where: Prisma.Sql;
  /** Distance in miles when the query has `near`, else null. */
  distance: Prisma.Sql | null;
  /** ts_rank (weights: company name and services, then location, then description) when the query has `search`, else null. */
  rank: Prisma.Sql | null;
  orderBy: Prisma.Sql;
  sort: Sort;
}

/** The order a search asked for, or its default: relevance for text, distance near a place, else best rated. Distance may be asked with a location alone. */
export function sortOf(query: DirectoryQuery): Sort {
  return query.sort ?? (query.search ? 'relevance' : query.near ? 'distance' : 'rating');
}

/** `filters`: the filter table (tests add entries of their own). */
export function buildDirectorySql(query: DirectoryQuery, filters: readonly DirectoryFilter[] = FILTERS): DirectorySql {
  const active = readFilters(query, filters);
  const conditions = [LISTED, ...active.map(({ filter, value }) => filter.sql(value))];
  const search = valueOf(active, textFilter);
  // ts_rank, not ts_rank_cd: the same weights without cover density, at a fraction of the cost
  // over the matches of a broad search (decision 0019).
  const rank = search === undefined ? null : Prisma.sql`ts_rank(p.search_vector, ${tsquerySql(search)})`;
  const near = valueOf(active, nearFilter);
  const distance = near === undefined ? null : distanceSql(near.point);
  const sort = sortOf(query);
  // Nearest first from a place's centre when no `near` is given (issue 34): the order only; no
  // distance is sent (a county's centre is no address), and listings without a position come last.
  const place = sort === 'distance' && !distance ? valueOf(active, locationFilter) : undefined;
  const orderBy = place ? Prisma.sql`${distanceSql(place.area.point)} ASC NULLS LAST, p.id ASC` : orderBySql(sort, rank, distance);
  return { where: Prisma.join(conditions, ' AND '), distance, rank, orderBy, sort };
}

/**
 * 'Highest rated' (product rule 31, decision 0011): professionals with reviews first, then the
 * Bayesian average (core/rating.ts weightedRating) best first, more reviews first, then id. The
 * constants are written into the SQL text (they are ours, not input) so the expression is the one
 * the listed_weighted_rating partial index holds and paging stays in one stable order.
 */
const PRIOR_SUM = (BAYES_PRIOR_MEAN * BAYES_PRIOR_WEIGHT).toFixed(1);
export const WEIGHTED_RATING_SQL = Prisma.raw(
  `((p.rating * p.review_count + ${PRIOR_SUM}) / (p.review_count + ${BAYES_PRIOR_WEIGHT}))`,
);
export const BEST_RATED_ORDER = Prisma.sql`(p.review_count > 0) DESC, ${WEIGHTED_RATING_SQL} DESC, p.review_count DESC, p.id ASC`;

/** Every order ends on p.id, so pages never overlap or skip. Matches the listed_* partial indexes. */
function orderBySql(sort: Sort, rank: Prisma.Sql | null, distance: Prisma.Sql | null): Prisma.Sql {
  switch (sort) {
    case 'relevance':
      return rank ? Prisma.sql`${rank} DESC, ${BEST_RATED_ORDER}` : BEST_RATED_ORDER;
    case 'distance':
      return distance ? Prisma.sql`${distance} ASC, p.id ASC` : BEST_RATED_ORDER;
    case 'price':
      return Prisma.sql`p.hourly_rate_pence ASC NULLS LAST, p.id ASC`;
    case 'newest':
      return Prisma.sql`p.created_at DESC, p.id ASC`;
    case 'rating':
      return BEST_RATED_ORDER;
  }
}
