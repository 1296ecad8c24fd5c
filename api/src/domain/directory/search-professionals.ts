// The directory's read side: a page of listed professionals for a DirectoryQuery and their total,
// every match as compact map points, and single live professionals by slug or id. All SQL runs
// through $queryRaw with Prisma.sql fragments from directory-sql.ts.
import {
  DEFAULT_PAGE_SIZE,
  PUBLIC_COORDINATE_DECIMALS,
  type ProfessionalCard,
  type ProfessionalListItem,
} from '../../../../core/directory';
import type { DirectoryQuery } from '../../../../core/directory-query';
import { Prisma, type PrismaClient } from '../../../../prisma/db';
import { distanceSql, resolveNear } from './circle';
import { buildDirectorySql, LISTED } from './directory-sql';
import { CARD_COLUMNS, LIST_ITEM_COLUMNS, toCard, toListItem, type CardRow, type ProfessionalRow } from './professional-row';

/** One page of listed professionals for the query, in its sort order (see countMatches for the total). */
export async function findPage({ prisma }: { prisma: PrismaClient }, query: DirectoryQuery): Promise<ProfessionalListItem[]> {
  const sql = buildDirectorySql(query);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const offset = query.offset ?? 0;
  const distanceColumn = sql.distance ? Prisma.sql`, ${sql.distance} AS "distanceMiles"` : Prisma.empty;
  const rows = await prisma.$queryRaw<ProfessionalRow[]>`
    SELECT ${LIST_ITEM_COLUMNS}${distanceColumn}
    FROM professionals p
    WHERE ${sql.where}
    ORDER BY ${sql.orderBy}
    LIMIT ${limit}::int OFFSET ${offset}::int`;
  return rows.map(toListItem);
}

/** How many listed professionals match the query's filters (its sort and page don't matter). */
export async function countMatches({ prisma }: { prisma: PrismaClient }, query: DirectoryQuery): Promise<number> {
  const sql = buildDirectorySql(query);
  const rows = await prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM professionals p WHERE ${sql.where}`;
  return rows[0]?.total ?? 0;
}

/**
 * Every match of the filters as one JSON text `{"total":N,"points":[[id,lat,lng,"name"],...]}` built by
 * PostgreSQL (a single row, so a map of every listing never passes through row objects).
 * Coordinates are rounded like every public position (core/directory.ts
 * PUBLIC_COORDINATE_DECIMALS: 3, about 100 m): plenty for a marker, smaller on the wire. Plain
 * string_agg over float arithmetic, not json_agg with numeric rounding: far cheaper over every
 * listing (figures in decision 0032).
 *
 * The company name (JSON-escaped by to_json) names each marker for screen readers and keyboard
 * users, while the search matches at most NAMED_MAP_POINTS_LIMIT: names roughly double the body,
 * and a map of every listing with names would be over the map's size budget (docs/performance.md;
 * figures in decision 0032), so a bigger answer leaves them out (MapPoint's name is optional) and
 * those markers keep a generic name; their popups still name the company.
 */
const COORDINATE_FACTOR = 10 ** PUBLIC_COORDINATE_DECIMALS;
export const NAMED_MAP_POINTS_LIMIT = 20_000;

export async function mapPointsJson({ prisma }: { prisma: PrismaClient }, query: DirectoryQuery): Promise<string> {
  const sql = buildDirectorySql(query);
  const withNames = (await countMatches({ prisma }, query)) <= NAMED_MAP_POINTS_LIMIT;
  const name = withNames ? Prisma.sql`|| ',' || to_json(p.company_name)::text` : Prisma.empty;
  const rows = await prisma.$queryRaw<{ body: string }[]>`
    SELECT '{"total":' || count(*) || ',"points":[' || coalesce(
      string_agg('[' || p.id || ',' || round(p.lat * ${COORDINATE_FACTOR}::float8) / ${COORDINATE_FACTOR}::float8 || ','
        || round(p.lng * ${COORDINATE_FACTOR}::float8) / ${COORDINATE_FACTOR}::float8 ${name} || ']', ',' ORDER BY p.id)
        FILTER (WHERE p.lat IS NOT NULL AND p.lng IS NOT NULL),
      '') || ']}' AS body
    FROM professionals p
    WHERE ${sql.where}`;
  return rows[0]?.body ?? '{"total":0,"points":[]}';
}

/** One live professional by slug or id; `near` adds distanceMiles. Null when unknown or not live. */
export async function findLiveProfessional(
  { prisma }: { prisma: PrismaClient },
  { slug, id, near }: { slug?: string; id?: number; near?: string },
): Promise<ProfessionalListItem | null> {
  const point = near ? resolveNear(near) : null;
  const distanceColumn = point ? Prisma.sql`, ${distanceSql(point)} AS "distanceMiles"` : Prisma.empty;
  const match = slug !== undefined ? Prisma.sql`p.slug = ${slug}` : Prisma.sql`p.id = ${id ?? 0}::int`;
  const rows = await prisma.$queryRaw<ProfessionalRow[]>`
    SELECT ${LIST_ITEM_COLUMNS}${distanceColumn}
    FROM professionals p
    WHERE ${match} AND ${LISTED}
    LIMIT 1`;
  return rows[0] ? toListItem(rows[0]) : null;
}

export async function findLiveCard({ prisma }: { prisma: PrismaClient }, { id }: { id: number }): Promise<ProfessionalCard | null> {
  const rows = await prisma.$queryRaw<CardRow[]>`
    SELECT ${CARD_COLUMNS} FROM professionals p WHERE p.id = ${id}::int AND ${LISTED}`;
  return rows[0] ? toCard(rows[0]) : null;
}
