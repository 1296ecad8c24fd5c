// Circles on the map, in SQL and in JavaScript with the same arithmetic (decision 0019): a search
// `near` a place within a radius, and a place's own circle (`location`). The SQL path and the
// directory index must agree on every listing at the edge, so the bounding box and the float8
// steps of the great-circle distance are written once each, side by side.
import { boundingBox, EARTH_RADIUS_MILES } from '../../../../core/geo/distance';
import { loadOutcodeIndex } from '../../../../core/geo/outcodes.server';
import { findLocation } from '../../../../core/locations';
import { Prisma } from '../../../../prisma/db';
import { AppError } from '../app-error';
import type { CellBox } from './slot-sets';

export interface GeoPoint {
  lat: number;
  lng: number;
}

export const NEAR_NOT_FOUND = 'We could not find that postcode or place';

/** A postcode, outcode or place name → its point; unknown → a 400 with a message for the visitor. */
export function resolveNear(near: string): GeoPoint {
  const outcode = loadOutcodeIndex().lookup(near);
  if (outcode) return { lat: outcode.lat, lng: outcode.lng };
  const place = findLocation(near);
  if (place) return { lat: place.lat, lng: place.lng };
  throw new AppError('bad_request', NEAR_NOT_FOUND, { fields: { near: NEAR_NOT_FOUND } });
}

/** A point, a radius and the box around them (withinSql's box, `inside`'s first test). */
export interface Circle {
  point: GeoPoint;
  miles: number;
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

export function circle(point: GeoPoint, miles: number): Circle {
  return { point, miles, ...boundingBox(point.lat, point.lng, miles) };
}

/** Great-circle miles from `point` to the professional's stored position (NULL when unlocated). */
export function distanceSql(point: GeoPoint): Prisma.Sql {
  return Prisma.sql`(${EARTH_RADIUS_MILES}::float8 * 2 * asin(least(1, sqrt(
    power(sin(radians(p.lat - ${point.lat}::float8) / 2), 2) +
    cos(radians(${point.lat}::float8)) * cos(radians(p.lat)) * power(sin(radians(p.lng - ${point.lng}::float8) / 2), 2)
  ))))`;
}

/** Within the circle: a btree-friendly box first, then the exact distance. */
export function withinSql(c: Circle): Prisma.Sql {
  return Prisma.sql`(p.lat BETWEEN ${c.minLat}::float8 AND ${c.maxLat}::float8
    AND p.lng BETWEEN ${c.minLng}::float8 AND ${c.maxLng}::float8
    AND ${distanceSql(c.point)} <= ${c.miles}::float8)`;
}

const RADIANS = Math.PI / 180;

/** Great-circle miles, the arithmetic of distanceSql in the same order. */
export function distanceMiles(point: GeoPoint, lat: number, lng: number): number {
  const a =
    Math.pow(Math.sin(((lat - point.lat) * RADIANS) / 2), 2) +
    Math.cos(point.lat * RADIANS) * Math.cos(lat * RADIANS) * Math.pow(Math.sin(((lng - point.lng) * RADIANS) / 2), 2);
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** withinSql for one position: the box first, then the exact distance (NaN, no position, is never inside). */
export function inside(c: Circle, lat: number, lng: number): boolean {
  return lat >= c.minLat && lat <= c.maxLat && lng >= c.minLng && lng <= c.maxLng && distanceMiles(c.point, lat, lng) <= c.miles;
}

/** What the index keeps a circle's sets and orders under. */
export function circleKey(c: Circle): string {
  return `near:${c.point.lat}:${c.point.lng}:${c.miles}`;
}

/**
 * How far inside the circle a map cell's corners must be for the whole cell to count as inside:
 * a cell's edges along parallels bow out from the great circles between its corners by a few
 * metres, and floating point differs by far less (80 m, so never a listing on the edge).
 */
const WHOLE_CELL_MARGIN_MILES = 0.05;

/** Every corner of `cell` well inside the circle (WHOLE_CELL_MARGIN_MILES), so every point of it is. */
export function holdsCell(c: Circle, cell: CellBox): boolean {
  const miles = c.miles - WHOLE_CELL_MARGIN_MILES;
  return (
    distanceMiles(c.point, cell.minLat, cell.minLng) <= miles &&
    distanceMiles(c.point, cell.minLat, cell.maxLng) <= miles &&
    distanceMiles(c.point, cell.maxLat, cell.minLng) <= miles &&
    distanceMiles(c.point, cell.maxLat, cell.maxLng) <= miles
  );
}
