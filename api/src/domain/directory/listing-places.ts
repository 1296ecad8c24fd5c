// Places, for the answer cache (decision 0026): what it files kept searches under, so that a change
// far away is not tested against them at all. Squares of PLACE_SQUARE_DEGREES a side (about 28 km
// north to south, 17 km east to west in Britain), and regions by name. A listing is in one square
// (where its point is, when it has one) and one region; a filter that can include only the
// listings in some places says which (filters.ts: a circle, the squares its box covers; a place,
// those and its region), and the cache looks at a changed listing's places only.
import type { CellBox } from './slot-sets';
import type { IndexedListing } from './indexed-listing';

const PLACE_SQUARE_DEGREES = 0.25;
/** A box covering more squares than this (hundreds of miles across) counts as anywhere. */
const MAX_PLACE_SQUARES = 256;

function squarePlace(latSquare: number, lngSquare: number): string {
  return `${latSquare}:${lngSquare}`;
}

export function regionPlace(region: string): string {
  return `region:${region}`;
}

/** The places a listing is in: its region, and its square when it has a point. */
export function listingPlaces(listing: IndexedListing): string[] {
  const region = regionPlace(listing.region);
  if (Number.isNaN(listing.lat) || Number.isNaN(listing.lng)) return [region];
  return [region, squarePlace(Math.floor(listing.lat / PLACE_SQUARE_DEGREES), Math.floor(listing.lng / PLACE_SQUARE_DEGREES))];
}

/** The squares a box covers (a point inside the box is in one of them); null past MAX_PLACE_SQUARES. */
export function boxPlaces(box: CellBox): string[] | null {
  // floor is monotonic, so a point inside the box is in one of these squares.
  const lat0 = Math.floor(box.minLat / PLACE_SQUARE_DEGREES);
  const lat1 = Math.floor(box.maxLat / PLACE_SQUARE_DEGREES);
  const lng0 = Math.floor(box.minLng / PLACE_SQUARE_DEGREES);
  const lng1 = Math.floor(box.maxLng / PLACE_SQUARE_DEGREES);
  if ((lat1 - lat0 + 1) * (lng1 - lng0 + 1) > MAX_PLACE_SQUARES) return null;
  const places: string[] = [];
  for (let i = lat0; i <= lat1; i++) for (let j = lng0; j <= lng1; j++) places.push(squarePlace(i, j));
  return places;
}
