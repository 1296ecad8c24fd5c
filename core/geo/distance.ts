// Distance helpers shared by the directory's SQL (bounding boxes) and the bench seeder.
export const EARTH_RADIUS_MILES = 3958.8;
export const KM_PER_MILE = 1.609344;

/** A lat/lng box that holds every point within `miles` of (lat, lng); cheap to test with a btree. */
export function boundingBox(lat: number, lng: number, miles: number): { minLat: number; maxLat: number; minLng: number; maxLng: number } {
  // The exact box of a spherical cap: latitude ± the angular radius, longitude ± asin(sin(d)/cos(lat)).
  const angular = miles / EARTH_RADIUS_MILES;
  const dLat = (angular * 180) / Math.PI;
  const ratio = Math.sin(angular) / Math.cos((lat * Math.PI) / 180);
  const dLng = ratio >= 1 ? 180 : (Math.asin(ratio) * 180) / Math.PI;
  // A hair of slack so rounding never drops a point on the edge.
  return { minLat: lat - dLat - 1e-6, maxLat: lat + dLat + 1e-6, minLng: lng - dLng - 1e-6, maxLng: lng + dLng + 1e-6 };
}

export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}
