// The professionals who could receive a request (product rule 40), with their load: every listed
// professional who offers the service and either works on site within their own travel distance of
// the buyer's point, or works remotely when the work allows it. matching.ts then orders them; the
// reach is computed again there from the same columns, so SQL only narrows and never decides.
// The distance is the directory's own expression (circle.ts), to a box of the longest travel a
// listing may set first, so the (lat, lng) index is used.
import { boundingBox } from '../../../../core/geo/distance';
import { DEFAULT_TRAVEL_MILES, TRAVEL_MILES } from '../../../../core/quotes-limits';
import type { WorkMode } from '../../../../core/work-mode';
import { Prisma, type PrismaClient } from '../../../../prisma/db';
import { distanceSql } from '../directory/circle';
import { LISTED } from '../directory/directory-sql';
import { LOAD_WINDOW_DAYS, type QuoteAsk, type QuoteCandidate } from './matching';

/** The longest travel distance a listing may set (TRAVEL_MILES, the column's CHECK). */
export const MAX_TRAVEL_MILES = Math.max(...TRAVEL_MILES.map(Number));

/** The listing's travel distance in miles: its choice, or the default when it gave none. */
const TRAVEL_MILES_SQL = Prisma.sql`coalesce(p.travel_miles, ${String(DEFAULT_TRAVEL_MILES)})::int`;

interface CandidateRow {
  id: number;
  services: string[];
  work_mode: WorkMode | null;
  lat: number | null;
  lng: number | null;
  travel_miles: number;
  rating: string;
  review_count: number;
  recent_requests: number;
  days_live: number;
}

export async function findQuoteCandidates(db: Pick<PrismaClient, '$queryRaw'>, ask: QuoteAsk, now: Date = new Date()): Promise<QuoteCandidate[]> {
  const reaches: Prisma.Sql[] = [];
  if (ask.point) {
    const box = boundingBox(ask.point.lat, ask.point.lng, MAX_TRAVEL_MILES);
    reaches.push(Prisma.sql`(coalesce(p.work_mode, 'both') <> 'remote'
      AND p.lat BETWEEN ${box.minLat}::float8 AND ${box.maxLat}::float8
      AND p.lng BETWEEN ${box.minLng}::float8 AND ${box.maxLng}::float8
      AND ${distanceSql(ask.point)} <= ${TRAVEL_MILES_SQL})`);
  }
  if (ask.remoteOk) reaches.push(Prisma.sql`coalesce(p.work_mode, 'both') <> 'on_site'`);
  if (reaches.length === 0) return [];
  const windowStart = new Date(now.getTime() - LOAD_WINDOW_DAYS * 86_400_000);
  const rows = await db.$queryRaw<CandidateRow[]>`
    SELECT p.id, p.services, p.work_mode, p.lat, p.lng, ${TRAVEL_MILES_SQL} AS travel_miles, p.rating::text AS rating, p.review_count,
      coalesce(load.sent, 0)::int AS recent_requests,
      least(${LOAD_WINDOW_DAYS}::int, greatest(1, ceil(extract(epoch FROM ${now}::timestamptz - coalesce(p.approved_at, p.created_at)) / 86400)))::int AS days_live
    FROM professionals p
    LEFT JOIN (
      SELECT professional_id, count(*) AS sent FROM quote_recipients WHERE sent_at > ${windowStart}::timestamptz GROUP BY professional_id
    ) load ON load.professional_id = p.id
    WHERE ${LISTED} AND p.services @> ARRAY[${ask.service}]::text[] AND (${Prisma.join(reaches, ' OR ')})`;
  return rows.map((row) => ({
    id: row.id,
    services: row.services,
    workMode: row.work_mode,
    lat: row.lat,
    lng: row.lng,
    travelMiles: row.travel_miles,
    rating: Number(row.rating),
    reviewCount: row.review_count,
    recentRequests: row.recent_requests,
    daysLiveInWindow: row.days_live,
  }));
}
