// The live listings in the API's memory, searched without PostgreSQL (decision 0019).
//
// At 100,000 listings the directory's SQL costs PostgreSQL 15–48 ms of CPU per search (the page
// and its exact count over every match), so the database path served 35–97 req/s on this machine
// where the budget asks 1,000. This index answers the same searches from a compact copy of the
// listed professionals: the fields searches filter and sort on as typed arrays by slot
// (listing-columns.ts), sets of slots as bitsets per service, rating threshold, whole-pound price
// bound, region and place or circle searched (slot-sets.ts), and the orders the directory offers
// kept presorted with each slot's position. A search ANDs the sets its filters name and counts the
// bits for its exact total (tens of microseconds whatever it matches), then takes its page by
// sorting a few matches by position, or by walking the presorted order until the page is full.
// Only turning free text into a tsquery (PostgreSQL's stemmer and stop words) still asks
// PostgreSQL, once per distinct text.
//
// What a search returns is the SQL path's answer, row for row (directory-filters.ts is the
// reference; tests/integration/directory-index.int.test.ts compares the two over generated queries): the same
// filters, the same distance arithmetic, ts_rank computed as PostgreSQL computes it
// (text-search.ts), and the same orders, each ending on the id.
//
// It stays current through the directory change feed: the triggers of migration
// 20261125180000_directory_change_ids NOTIFY the ids of the professionals whose rows (or reviews)
// a statement changed; the index reads those rows again, replaces them, and tells its listeners
// (the answer cache) which listings changed, before and after, so they forget only the answers
// those listings could be part of. Until it has loaded, and whenever the feed is not live (a
// change could be missed; it loads again once the feed is back), `ready` is false and callers use
// SQL.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { LRUCache } from 'lru-cache';
import { DEFAULT_PAGE_SIZE, DEFAULT_RADIUS_MILES, PUBLIC_COORDINATE_DECIMALS, type Sort } from '../../../../core/directory';
import { DirectoryQuery } from '../../../../core/directory-query';
import { boundingBox, EARTH_RADIUS_MILES, KM_PER_MILE } from '../../../../core/geo/distance';
import { findLocation } from '../../../../core/locations';
import { SERVICES } from '../../../../core/services';
import { Prisma, type PrismaClient } from '../../../../prisma/db';
import { LISTED, plainSearchWords, resolveNear, tsquerySql, type GeoPoint } from './directory-filters';
import { bestRated, bestRatedListing, byId, cheapest, cheapestListing, ListingColumns, newest, newestListing, RankedOrder, SlotOrder, type ListingCompare, type SlotCompare } from './listing-columns';
import { addSlot, countSlots, forEachSlot, hasSlot, intersect, MAX_RATING_TENTHS, PRICE_GRID_POUNDS, removeSlot, type CellBox } from './slot-sets';
import { LIST_ITEM_COLUMNS, toListItem, type ProfessionalRow } from './professional-row';
import { NAMED_MAP_POINTS_LIMIT } from './search-professionals';
import { lexemeMatches, packPositions, parseTsquery, parseTsvector, tsRank, type IndexedDocument, type QueryNode, type TextQuery } from './text-search';
import type { NotificationFeed } from '../notifications/listen';

/** One listed professional as the index holds it. Replaced, never changed, when its row changes. */
export interface IndexedListing {
  id: number;
  serviceMask: number;
  region: string;
  /** NaN when the professional has no stored position. */
  lat: number;
  lng: number;
  ratingTenths: number;
  reviewCount: number;
  /** The hourly equivalent in pence; -1 when none (project-based or no rate). */
  hourlyPence: number;
  projectBased: boolean;
  createdMs: number;
  companyName: string;
  /** A digest of the stored search_vector: the same words need no new postings. */
  textDigest: string;
  text: IndexedDocument;
  /** The listing as the API sends it (ProfessionalListItem JSON, without distanceMiles). */
  json: string;
  /**
   * Its map point as mapPointsJson writes it (`[id,lat,lng]`), and with its name for answers of up
   * to NAMED_MAP_POINTS_LIMIT points (`[id,lat,lng,"name"]`): written once here, not per answer
   * (a map of 20,000 named points stringified each name per request); null without a position.
   */
  point: { plain: string; named: string } | null;
}

/** What changed, for the answer cache: `listings` null means anything may have. */
export interface DirectoryChange {
  listings: { id: number; before: IndexedListing | undefined; after: IndexedListing | undefined }[] | null;
  /** Professionals whose reviews changed (their own rows may not have). */
  reviewsOf: number[];
}

export type ListingMatcher = (listing: IndexedListing) => boolean;

/**
 * A search's matcher, and the services a listing must offer one of to match (`serviceMask` bits;
 * -1 for any, 0 when none can): the answer cache looks at a change only for the searches of the
 * services the changed listings offer.
 */
export interface SearchMatcher {
  matches: ListingMatcher;
  services: number;
  /**
   * The places (listingPlaces) a listing must be in to match, so the answer cache looks at a
   * change only for the searches around where the changed listings are; null for anywhere.
   */
  places: readonly string[] | null;
}

/**
 * Where a page of a search sits in the search's order: what a change of a listing the search
 * includes before and after must touch to alter the page (the answer cache keeps the page when
 * a new rating moves a listing around far below it, or above an offset page, say).
 */
export interface PagePlace {
  /** The listings on the page. */
  ids: ReadonlySet<number>;
  /** Its first and last listing; null for an empty page (an offset past every match). */
  ends: { first: IndexedListing; last: IndexedListing } | null;
  /** The search's order: < 0 when a comes first, > 0 when b does, 0 when it cannot tell for sure. */
  compare: ListingCompare;
  /** Whether it holds as many listings as it could (its limit): one arriving after its last is on a later page. */
  full: boolean;
}

/**
 * Whether a change of a listing that matches the search before and after (so the total stays)
 * alters the page: it is on it, or it moves across one of its ends.
 */
export function changesPage(place: PagePlace, before: IndexedListing, after: IndexedListing): boolean {
  if (place.ids.has(before.id)) return true;
  const ends = place.ends;
  if (!ends) return false;
  const side = (l: IndexedListing) => (place.compare(l, ends.first) < 0 ? -1 : place.compare(l, ends.last) > 0 ? 1 : 0);
  const was = side(before);
  return was === 0 || side(after) !== was;
}

/**
 * What a change of one listing does to a page of a search, given the listing as the search
 * matched it before (undefined: it did not) and after: nothing (0), the search's total alone (+1:
 * it arrives after the last of a full page; -1: it leaves from after the page's last), or the page
 * itself (null). A listing arriving or leaving after a page, in its order, leaves the page as it
 * was: the answer cache then counts it in the total it keeps instead of forgetting the page.
 */
export function pageChange(place: PagePlace, before: IndexedListing | undefined, after: IndexedListing | undefined): 0 | 1 | -1 | null {
  if (before && after) return changesPage(place, before, after) ? null : 0;
  const ends = place.ends;
  if (after) return ends && place.full && place.compare(after, ends.last) > 0 ? 1 : null;
  if (before) return ends && !place.ids.has(before.id) && place.compare(before, ends.last) > 0 ? -1 : null;
  return 0;
}

/** Live listings in one region, in all and by service (the locations page; the home page sums them). */
export interface RegionCount {
  readonly region: string;
  readonly count: number;
  readonly services: readonly { readonly service: string; readonly count: number }[];
}

if (SERVICES.length > 31) throw new Error('the directory index keeps services in a 31-bit mask');
const SERVICE_BIT = new Map<string, number>(SERVICES.map((service, i) => [service, 1 << i]));

const LOAD_BATCH = 5_000;
/** How long a search waits for a change being read before answering from what the index holds. */
const REFRESH_WAIT_MS = 50;
/** More ids than this in one refresh read everything again instead. */
const REFRESH_ALL_ABOVE = 20_000;
const COORDINATE_FACTOR = 10 ** PUBLIC_COORDINATE_DECIMALS;
/** Above this id, a slot per id (IndexState.slotById) would cost too much memory: SQL finds text. */
const MAX_TEXT_ID = 20_000_000;

/** PostgreSQL's text of one prefix operand ('web':*), or of none (a stop word). */
const SINGLE_OPERAND = /^(?:'(?:[^']|'')+':\*)?$/;

/**
 * PostgreSQL's text of `to_tsquery('english', 'w1:* & w2:* …')` from its text for each word alone
 * (`to_tsquery('english', 'w1:*')`): the operands joined by ' & ', stop words ('') left out. Null
 * when a word's text is missing or more than one operand (then ask PostgreSQL for the whole text).
 */
export function joinWordQueries(parts: readonly (string | undefined)[]): string | null {
  if (!parts.every((part) => part !== undefined && SINGLE_OPERAND.test(part))) return null;
  return parts.filter((part) => part !== '').join(' & ');
}

/** A search with no filter: every live listing. */
const UNFILTERED = DirectoryQuery.parse({});

/** How many texts keep the set of listings they find (12.5 KB each at 100,000 listings: 13 MB). */
const KEPT_TEXT_SETS = 1_024;

/** IndexedListing.point: mapPointsJson's point, plain and named, with coordinates rounded as it rounds them. */
function mapPoint(id: number, lat: number, lng: number, companyName: string): { plain: string; named: string } {
  const open = `[${id},${float8Text(rint(lat * COORDINATE_FACTOR) / COORDINATE_FACTOR)},${float8Text(rint(lng * COORDINATE_FACTOR) / COORDINATE_FACTOR)}`;
  return { plain: flat(`${open}]`), named: flat(`${open},${JSON.stringify(companyName)}]`) };
}

/**
 * The same text as one flat string: a template literal is a tree of pieces, which every join of a
 * map answer would walk again (a map of the whole UK's 100,000 points took 69–73 ms with the
 * pieces, 29 ms flat; of one service's 10,000 named points 19 ms with the names stringified per
 * answer, 3.9 ms now).
 */
function flat(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** Great-circle miles, the arithmetic of distanceSql (directory-filters.ts) in the same order. */
const RADIANS = Math.PI / 180;
function distanceMiles(point: GeoPoint, lat: number, lng: number): number {
  const a =
    Math.pow(Math.sin(((lat - point.lat) * RADIANS) / 2), 2) +
    Math.cos(point.lat * RADIANS) * Math.cos(lat * RADIANS) * Math.pow(Math.sin(((lng - point.lng) * RADIANS) / 2), 2);
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** withinSql: the box first, then the exact distance (NaN, no position, is never inside). */
interface Circle {
  point: GeoPoint;
  miles: number;
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}
function circle(point: GeoPoint, miles: number): Circle {
  return { point, miles, ...boundingBox(point.lat, point.lng, miles) };
}
function inside(c: Circle, lat: number, lng: number): boolean {
  return lat >= c.minLat && lat <= c.maxLat && lng >= c.minLng && lng <= c.maxLng && distanceMiles(c.point, lat, lng) <= c.miles;
}

/** A parsed text search with, per operand, the dictionary's lexeme ids it finds. */
interface BoundText {
  query: TextQuery;
  /** The dictionary size these were computed at (new lexemes mean computing them again). */
  dictionarySize: number;
  /** Per operand, the lexeme ids it finds: as a set (membership) and a list (its listings through the postings). */
  operandLexemes: Set<number>[];
  operandIds: number[][];
  /** Each word node of the tree → its operand's index. */
  operandOf: Map<QueryNode, number>;
  /** Searches sorted by relevance with this text so far (an order is built from the third on). */
  searches: number;
}

/** A text searched this often gets its own relevance order; rarer ones rank their matches per search. */
const ORDER_TEXT_AFTER_SEARCHES = 3;
/**
 * ...unless a search of it matches more than this many listings: ranking them is most of what
 * its order costs (`business` finds all 100,000 bench listings: 56 ms to rank, 34 to sort), so the
 * order is built at once and its next searches are walks.
 */
const RANK_PER_SEARCH_UP_TO = 5_000;

/**
 * How many listings the kept relevance orders may hold together (~10 bytes each: 1,500,000 is
 * ~15 MB), the least recently searched texts losing theirs first. Each order holds only the
 * listings its text finds: the hundreds of texts a day's long tail repeats fit, and a text is
 * ranked once, not once per search (decision 0019).
 */
const RANKED_ENTRIES = 1_500_000;
/** What a kept order costs beyond its entries, in entries (its objects and the text's own). */
const RANKED_ORDER_OVERHEAD = 256;

/** buildDirectorySql's filter (directory-filters.ts) as values; select and matchesListing apply it. */
interface Filter {
  /** The service's bit, or -1 for any service. */
  bit: number;
  place: { name: string; area: Circle } | null;
  /** The query's minRating as the least rating in tenths it lets through (tenthsAtLeast). */
  minTenths: number;
  priced: boolean;
  minPence: number;
  maxPence: number;
  near: Circle | null;
  text: BoundText | null;
}

/** A filter's matches: the slots in `set`, less those `check` (when there is one) turns down. */
interface Selection {
  set: Uint32Array;
  words: number;
  check: ((slot: number) => boolean) | null;
}

/** Every check in one, or null for none. */
function allOf(checks: ((slot: number) => boolean)[]): ((slot: number) => boolean) | null {
  if (checks.length === 0) return null;
  if (checks.length === 1) return checks[0]!;
  return (slot) => checks.every((check) => check(slot));
}

/** A circle's listings nearest first, for the index state they were read from. */
interface NearestFirst {
  state: IndexState;
  near: Circle;
  slots: number[];
}

/**
 * Places, for the answer cache (SearchMatcher.places): squares of PLACE_SQUARE_DEGREES a side
 * (about 28 km north to south, 17 km east to west in Britain), and regions by name. A listing is
 * in one square (where its point is, when it has one) and one region; a search with a circle can
 * include only the listings in the squares its box covers, and one with a place those and the
 * ones of its region (matchesListing). A change far away is then not tested against it at all:
 * 62% of the long tail's searches have a place or a circle, and testing each kept search of the
 * changed listing's services was 8% of the API's thread under its writes.
 */
const PLACE_SQUARE_DEGREES = 0.25;
/** A circle covering more squares than this (hundreds of miles across) counts as anywhere. */
const MAX_PLACE_SQUARES = 256;

function squarePlace(latSquare: number, lngSquare: number): string {
  return `${latSquare}:${lngSquare}`;
}

function regionPlace(region: string): string {
  return `region:${region}`;
}

/** The places a listing is in (SearchMatcher.places): its region, and its square when it has a point. */
export function listingPlaces(listing: IndexedListing): string[] {
  const region = regionPlace(listing.region);
  if (Number.isNaN(listing.lat) || Number.isNaN(listing.lng)) return [region];
  return [region, squarePlace(Math.floor(listing.lat / PLACE_SQUARE_DEGREES), Math.floor(listing.lng / PLACE_SQUARE_DEGREES))];
}

/** The places a listing the filter matches must be in; null for anywhere. */
function filterPlaces(f: Filter): string[] | null {
  // A circle: only listings inside it (with a place too, they must be inside the circle as well).
  const area = f.near ?? f.place?.area;
  if (!area) return null;
  // floor is monotonic, so a point inside the box (which `inside` checks first) is in one of these squares.
  const lat0 = Math.floor(area.minLat / PLACE_SQUARE_DEGREES);
  const lat1 = Math.floor(area.maxLat / PLACE_SQUARE_DEGREES);
  const lng0 = Math.floor(area.minLng / PLACE_SQUARE_DEGREES);
  const lng1 = Math.floor(area.maxLng / PLACE_SQUARE_DEGREES);
  if ((lat1 - lat0 + 1) * (lng1 - lng0 + 1) > MAX_PLACE_SQUARES) return null;
  const places: string[] = [];
  for (let i = lat0; i <= lat1; i++) for (let j = lng0; j <= lng1; j++) places.push(squarePlace(i, j));
  // A place: also the listings of its region, wherever their point is.
  if (!f.near && f.place) places.push(regionPlace(f.place.name));
  return places;
}

function circleKey(near: Circle): string {
  return `near:${near.point.lat}:${near.point.lng}:${near.miles}`;
}

/**
 * How far inside the circle a map cell's corners must be for the whole cell to count as inside:
 * a cell's edges along parallels bow out from the great circles between its corners by a few
 * metres, and floating point differs by far less (80 m, so never a listing on the edge).
 */
const WHOLE_CELL_MARGIN_MILES = 0.05;

/** Every corner of `cell` well inside the circle (WHOLE_CELL_MARGIN_MILES), so every point of it is. */
function holdsCell(near: Circle, cell: CellBox): boolean {
  const miles = near.miles - WHOLE_CELL_MARGIN_MILES;
  return (
    distanceMiles(near.point, cell.minLat, cell.minLng) <= miles &&
    distanceMiles(near.point, cell.minLat, cell.maxLng) <= miles &&
    distanceMiles(near.point, cell.maxLat, cell.minLng) <= miles &&
    distanceMiles(near.point, cell.maxLat, cell.maxLng) <= miles
  );
}

/** The slots inside a circle (kept per circle by SlotSets.within). */
function circleSet(c: ListingColumns, near: Circle): Uint32Array {
  return c.sets.within(circleKey(near), near, -1, (slot) => inside(near, c.lat[slot]!, c.lng[slot]!), (cell) => holdsCell(near, cell));
}

/**
 * The filter's matches (buildDirectorySql's conditions, directory-filters.ts): the sets of the
 * filter's service, rating threshold and whole-pound price bounds ANDed (slot-sets.ts), a place or
 * circle as the set of its region and of the listings inside it (kept per place and circle), and
 * the set of the listings its text finds (DirectoryIndex.textSet), and checks for the rest. Writes
 * into `result` (a search never awaits while it uses it).
 */
function select(f: Filter, c: ListingColumns, textSet: Uint32Array | null, result: Uint32Array): Selection {
  const sets = c.sets;
  const words = sets.words;
  result.set(sets.live.subarray(0, words));
  const checks: ((slot: number) => boolean)[] = [];
  if (f.bit === 0) result.fill(0, 0, words);
  else if (f.bit !== -1) intersect(result, sets.service[31 - Math.clz32(f.bit)]!, words);
  if (f.minTenths > 0) {
    const min = f.minTenths;
    if (min <= MAX_RATING_TENTHS) intersect(result, sets.ratingAtLeast[min]!, words);
    else checks.push((slot) => c.ratingTenths[slot]! >= min);
  }
  if (f.priced) {
    intersect(result, sets.priced, words);
    const onGrid = (pence: number) => pence % 100 === 0 && pence >= 0 && pence <= PRICE_GRID_POUNDS * 100;
    const { minPence, maxPence } = f;
    if (Number.isFinite(minPence)) {
      if (onGrid(minPence)) intersect(result, sets.penceAtLeast[minPence / 100]!, words);
      else checks.push((slot) => c.pence[slot]! >= minPence);
    }
    if (Number.isFinite(maxPence)) {
      if (onGrid(maxPence)) intersect(result, sets.penceAtMost[maxPence / 100]!, words);
      else checks.push((slot) => c.pence[slot]! <= maxPence);
    }
  }
  if (f.place !== null) {
    const { name, area } = f.place;
    const region = c.regionIdOf(name);
    const set = sets.within(`place:${name}`, area, region, (slot) => c.region[slot] === c.regionIdOf(name) || inside(area, c.lat[slot]!, c.lng[slot]!));
    intersect(result, set, words);
  }
  if (f.near !== null) intersect(result, circleSet(c, f.near), words);
  if (textSet !== null) intersect(result, textSet, words);
  const check = allOf(checks);
  return { set: result, words, check };
}

function isSelected(selection: Selection, slot: number, check: ((slot: number) => boolean) | null): boolean {
  return hasSlot(selection.set, slot) && (check === null || check(slot));
}

function selectedCount(selection: Selection): number {
  const check = selection.check;
  if (check === null) return countSlots(selection.set, selection.words);
  let count = 0;
  forEachSlot(selection.set, selection.words, (slot) => {
    if (check(slot)) count += 1;
  });
  return count;
}

function selectedSlots(selection: Selection): number[] {
  const check = selection.check;
  const found: number[] = [];
  forEachSlot(selection.set, selection.words, (slot) => {
    if (check === null || check(slot)) found.push(slot);
  });
  return found;
}

/**
 * Walks `order` for the selected slots: the [offset, end) of them, and how many there are (all of
 * them with `countAll`; else it stops at `end`).
 */
function walkOrder(
  order: { slots: ArrayLike<number>; length: number },
  selection: Selection,
  check: ((slot: number) => boolean) | null,
  { offset, end, countAll }: { offset: number; end: number; countAll: boolean },
): { page: number[]; total: number } {
  const page: number[] = [];
  const slots = order.slots;
  let total = 0;
  for (let i = 0; i < order.length; i++) {
    const slot = slots[i]!;
    if (!isSelected(selection, slot, check)) continue;
    if (total >= offset && total < end) page.push(slot);
    total += 1;
    if (!countAll && total >= end) break;
  }
  return { page, total };
}

/** The [offset, end) of `found` (slots in `order`) in the order's sequence: sorted by position. */
function inOrder(order: SlotOrder, found: number[], offset: number, end: number): number[] {
  const positions = new Int32Array(found.length);
  const rank = order.rank;
  for (let i = 0; i < found.length; i++) positions[i] = rank[found[i]!]!;
  positions.sort();
  return Array.from(positions.subarray(offset, Math.min(end, positions.length)), (at) => order.slots[at]!);
}

/** The k-th smallest (from 0) of `values` (no NaN), which it reorders: quickselect, O(n). */
function kthSmallest(values: Float64Array, k: number): number {
  let left = 0;
  let right = values.length - 1;
  while (left < right) {
    const pivot = values[(left + right) >>> 1]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i] = values[j]!;
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return values[k]!;
  }
  return values[k]!;
}

/** Below this many matches a page is found by sorting them (by position); above, by walking the presorted order. */
const SORT_MATCHES_UP_TO = 2_000;

/** The least rating in tenths that `ratingTenths / 10 >= minRating` lets through (exactly, whatever the float). */
function tenthsAtLeast(minRating: number): number {
  if (!Number.isFinite(minRating)) return minRating;
  let tenths = Math.ceil(minRating * 10);
  while ((tenths - 1) / 10 >= minRating) tenths -= 1;
  while (tenths / 10 < minRating) tenths += 1;
  return tenths;
}

const FLOAT_OF_BITS = new Float32Array(1);
const BITS_OF_FLOAT = new Uint32Array(FLOAT_OF_BITS.buffer);
/** Positions in the best-rated order packed below a rank's bits: up to 2^21 listings (2,097,152). */
const POSITION_SPAN = 2 ** 21;

/**
 * `found` by rank DESC, then best rated (the text's relevance order), or null past POSITION_SPAN
 * listings. Each listing becomes one number, its rank's float32 bits (which order as the ranks do,
 * ranks being positive) reversed, times POSITION_SPAN, plus its position in the best-rated order:
 * below 2^52, so exact in a double, and a Float64Array sorts natively, about twice as fast as an
 * array sorted with a comparator (100,000 listings: 15–19 ms with what comes before and after, 34).
 */
function byRankThenPosition(found: number[], ranks: Float32Array, rating: SlotOrder): { slots: Int32Array; keys: Float32Array } | null {
  if (rating.length >= POSITION_SPAN) return null;
  const position = rating.rank;
  const packed = new Float64Array(found.length);
  for (let i = 0; i < found.length; i++) {
    FLOAT_OF_BITS[0] = ranks[i]!;
    packed[i] = (0x7fffffff - BITS_OF_FLOAT[0]!) * POSITION_SPAN + position[found[i]!]!;
  }
  packed.sort();
  const slots = new Int32Array(found.length);
  const keys = new Float32Array(found.length);
  for (let i = 0; i < packed.length; i++) {
    const key = packed[i]!;
    const bits = Math.floor(key / POSITION_SPAN);
    slots[i] = rating.slots[key - bits * POSITION_SPAN]!;
    BITS_OF_FLOAT[0] = 0x7fffffff - bits;
    keys[i] = FLOAT_OF_BITS[0]!;
  }
  return { slots, keys };
}

/** byRankThenPosition's order with a comparator, for any number of listings. */
function byRankThenBestRated(c: ListingColumns, found: number[], ranks: Float32Array): { slots: number[]; keys: number[] } {
  const positions = Array.from(found.keys()).sort((a, b) => ranks[b]! - ranks[a]! || bestRated(c, found[a]!, found[b]!));
  return { slots: positions.map((i) => found[i]!), keys: positions.map((i) => ranks[i]!) };
}

/** A text's relevance order over listings (ts_rank DESC, then best rated); 0 for equal ranks at float32 precision (RankedOrder keeps that). */
function byRelevance(text: BoundText): ListingCompare {
  const rank = (l: IndexedListing) => Math.fround(tsRank(l.text, text.query, text.operandLexemes));
  return (a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    return ra === rb ? 0 : rb - ra;
  };
}

/** Nearest first from the circle's centre, then id (byDistance's order). */
function byDistanceFrom(near: Circle): ListingCompare {
  return (a, b) => distanceMiles(near.point, a.lat, a.lng) - distanceMiles(near.point, b.lat, b.lng) || a.id - b.id;
}

/** The same filter over one listing's snapshot (the answer cache's checks after a change). */
function matchesListing(f: Filter, l: IndexedListing): boolean {
  if (f.bit !== -1 && (l.serviceMask & f.bit) === 0) return false;
  if (l.ratingTenths < f.minTenths) return false;
  if (f.priced && (l.hourlyPence < 0 || l.projectBased || l.hourlyPence < f.minPence || l.hourlyPence > f.maxPence)) return false;
  if (f.place !== null && l.region !== f.place.name && !inside(f.place.area, l.lat, l.lng)) return false;
  if (f.near !== null && !inside(f.near, l.lat, l.lng)) return false;
  if (f.text !== null && !documentFinds(f.text, l.text)) return false;
  return true;
}

/** `search_vector @@ query` for one document. */
function documentFinds(text: BoundText, doc: IndexedDocument): boolean {
  const root = text.query.root;
  if (!root) return false;
  const has = (node: QueryNode): boolean => {
    switch (node.kind) {
      case 'word': {
        const finds = text.operandLexemes[text.operandOf.get(node)!]!;
        for (const id of doc.lexemeIds) if (finds.has(id)) return true;
        return false;
      }
      case 'not':
        return !has(node.operand);
      case 'and':
        return has(node.left) && has(node.right);
      case 'or':
        return has(node.left) || has(node.right);
    }
  };
  return has(root);
}

/** PostgreSQL's round(float8): rint, halves to even. */
function rint(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** A float8 as PostgreSQL prints it in text concatenation (shortest form, and "-0"). */
function float8Text(x: number): string {
  return Object.is(x, -0) ? '-0' : String(x);
}

interface IndexRow extends ProfessionalRow {
  hourlyRatePence: number | null;
  ratingTenths: number;
  vectorText: string;
  listed: boolean;
}

const INDEX_COLUMNS = Prisma.sql`${LIST_ITEM_COLUMNS}, p.hourly_rate_pence AS "hourlyRatePence",
  (p.rating * 10)::int AS "ratingTenths", p.search_vector::text AS "vectorText", (${LISTED}) AS "listed"`;

/** The orders kept sorted; 'relevance' and 'distance' sort each search's matches. */
interface Orders {
  rating: SlotOrder;
  price: SlotOrder;
  newest: SlotOrder;
  id: SlotOrder;
}

/** Everything one generation of the index holds (a full load builds a new one and swaps it in). */
class IndexState {
  readonly columns = new ListingColumns(SERVICES.length);
  readonly slotOf = new Map<number, number>();
  /** slotOf as an array by id (-1: none), for walking postings to slots fast. */
  slotById = new Int32Array(0);
  /** Per lexeme id, the ids of the listings whose text has it. */
  readonly postings: number[][] = [];
  readonly orders: Orders;
  maxId = 0;

  constructor() {
    const c = this.columns;
    this.orders = { rating: new SlotOrder(c, bestRated), price: new SlotOrder(c, cheapest), newest: new SlotOrder(c, newest), id: new SlotOrder(c, byId) };
  }

  get size(): number {
    return this.slotOf.size;
  }

  listing(id: number): IndexedListing | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.columns.listings[slot];
  }

  /** Adds without sorting (a load sorts once at the end, see sortAll). */
  put(listing: IndexedListing, { sorted }: { sorted: boolean }): void {
    const slot = this.columns.add(listing);
    this.slotOf.set(listing.id, slot);
    // Past MAX_TEXT_ID text goes to SQL (prepare), so nothing reads slotById.
    if (listing.id <= MAX_TEXT_ID) {
      if (listing.id >= this.slotById.length) {
        const grown = new Int32Array(Math.ceil((listing.id + 1) * 1.25)).fill(-1);
        grown.set(this.slotById);
        this.slotById = grown;
      }
      this.slotById[listing.id] = slot;
    }
    this.maxId = Math.max(this.maxId, listing.id);
    if (sorted) for (const order of Object.values(this.orders) as SlotOrder[]) order.insert(slot);
  }

  sortAll(): void {
    const slots = Int32Array.from(this.slotOf.values());
    for (const order of Object.values(this.orders) as SlotOrder[]) order.fill(slots);
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    for (const order of Object.values(this.orders) as SlotOrder[]) order.remove(slot);
    this.columns.release(slot);
    this.slotOf.delete(id);
    this.slotById[id] = -1;
  }

  addPostings(listing: IndexedListing): void {
    for (const lexeme of listing.text.lexemeIds) (this.postings[lexeme] ??= []).push(listing.id);
  }

  removePostings(listing: IndexedListing): void {
    for (const lexeme of listing.text.lexemeIds) {
      const list = this.postings[lexeme];
      if (!list) continue;
      const at = list.lastIndexOf(listing.id);
      if (at < 0) continue;
      list[at] = list[list.length - 1]!;
      list.pop();
    }
  }
}

export interface DirectoryIndexOptions {
  prisma: PrismaClient;
  feed: NotificationFeed;
  logger: Logger;
  /** RANK_PER_SEARCH_UP_TO, lower in tests (their few thousand listings take both paths). */
  rankPerSearchUpTo?: number;
}

export class DirectoryIndex {
  /** What it has done (metrics and the bench): searches answered here or left to SQL, refreshes and their time, loads. */
  readonly counts = { answered: 0, toSql: 0, refreshes: 0, refreshMs: 0, refreshMaxMs: 0, loads: 0, refreshFailures: 0 };
  private state = new IndexState();
  /** Bumped by every change that can alter regionCounts' tally; `tally` is kept for one state and version. */
  private tallyVersion = 0;
  private tally: { state: IndexState; version: number; counts: readonly RegionCount[] } | undefined;
  /** Every lexeme seen, by id (it only grows, across loads). */
  private readonly lexemeIds = new Map<string, number>();
  private readonly lexemes: string[] = [];
  /** One search's sets (select). */
  private scratch = new Uint32Array(0);
  /** Circles searched by distance lately, their listings nearest first (byDistance). */
  private readonly nearest = new LRUCache<string, NearestFirst>({ max: 64 });
  /** Circles searched by distance once (byDistance keeps an order from the second search). */
  private readonly nearSeen = new LRUCache<string, true>({ max: 4096 });
  private loaded = false;
  private loading: Promise<void> | null = null;
  /** Counts the feed's live flips: a load that saw one may have missed a change. */
  private feedEpoch = 0;
  private pendingIds = new Set<number>();
  private pendingReviewsOf = new Set<number>();
  private pendingAll = false;
  /** A refresh failed: the index lags the database until one succeeds (it is not `ready` meanwhile). */
  private lagging = false;
  private refreshing: Promise<void> | null = null;
  private closed = false;
  private readonly listeners: ((change: DirectoryChange) => void)[] = [];
  /** Visitor text → its parsed tsquery (null: this module can't evaluate it, use SQL). */
  private readonly textQueries = new LRUCache<string, { query: TextQuery | null; bound?: BoundText }>({ max: 20_000 });
  /** A plain word → PostgreSQL's text of `to_tsquery('english', 'word:*')` ('' for a stop word). */
  private readonly wordQueries = new LRUCache<string, string>({ max: 20_000 });
  /** The set of the listings each text searched lately finds, kept current as listings change. */
  private readonly textSets = new LRUCache<BoundText, Uint32Array>({ max: KEPT_TEXT_SETS });
  /**
   * Each text's relevance order: every listing it finds, by rank then best rated, kept as listings
   * change (the least recently searched texts lose theirs).
   */
  private readonly rankedTexts = new LRUCache<BoundText, RankedOrder>({
    maxSize: RANKED_ENTRIES,
    sizeCalculation: (order) => order.length + RANKED_ORDER_OVERHEAD,
  });
  private readonly prisma: PrismaClient;
  private readonly rankPerSearchUpTo: number;
  private readonly feed: NotificationFeed;
  private readonly logger: Logger;

  constructor({ prisma, feed, logger, rankPerSearchUpTo = RANK_PER_SEARCH_UP_TO }: DirectoryIndexOptions) {
    this.rankPerSearchUpTo = rankPerSearchUpTo;
    this.prisma = prisma;
    this.feed = feed;
    this.logger = logger;
    feed.onChange((payload) => this.notified(payload));
  }

  /** True while answers from the index are the database's answers. */
  get ready(): boolean {
    return this.loaded && !this.lagging && this.feed.live && !this.closed;
  }

  get live(): boolean {
    return this.feed.live;
  }

  get size(): number {
    return this.state.size;
  }

  onChange(listener: (change: DirectoryChange) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([this.loading, this.refreshing]);
  }

  /** Resolves once the index has loaded and applied every change it has heard of (tests and the bench). */
  async whenReady(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ready || this.refreshing || this.pendingIds.size > 0 || this.pendingAll) {
      if (Date.now() > deadline) throw new Error('the directory index did not load in time');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  // ---- keeping current -------------------------------------------------------------------

  private emit(change: DirectoryChange): void {
    for (const listener of this.listeners) listener(change);
  }

  /** A notification's payload ('professionals:1,2', 'reviews:3', 'professionals:*', …); null: the feed went live or down. */
  private notified(payload: string | null): void {
    if (this.closed) return;
    if (payload === null) {
      // Live again (or lost): whatever happened meanwhile is unknown, so read everything again.
      this.feedEpoch += 1;
      this.loaded = false;
      this.emit({ listings: null, reviewsOf: [] });
      if (this.feed.live) this.startLoad();
      return;
    }
    const match = /^(professionals|reviews):([\d,]+|\*)$/.exec(payload);
    if (match?.[1] === 'reviews' && match[2] === '*') {
      this.emit({ listings: null, reviewsOf: [] });
      return;
    }
    if (!match || match[2] === '*') this.pendingAll = true;
    else {
      const pending = match[1] === 'reviews' ? this.pendingReviewsOf : this.pendingIds;
      for (const id of match[2]!.split(',')) if (id) pending.add(Number(id));
    }
    if (this.loaded) this.scheduleRefresh();
    // Not loaded yet: answers meanwhile come from SQL, and the cache must hear of the change now.
    else this.emit({ listings: null, reviewsOf: [] });
  }

  private startLoad(): void {
    if (this.loading || this.closed) return;
    this.loading = this.load()
      .catch((err: unknown) => {
        this.logger.error({ err }, 'directory index: load failed; searches use SQL meanwhile');
      })
      .finally(() => {
        this.loading = null;
        if (!this.loaded && this.feed.live && !this.closed) setTimeout(() => this.startLoad(), 1_000).unref();
        else if (this.loaded) this.scheduleRefresh();
      });
  }

  private async load(): Promise<void> {
    const started = Date.now();
    const epoch = this.feedEpoch;
    // Whatever is pending now is part of what is read below; what commits from here on notifies.
    this.pendingIds.clear();
    this.pendingReviewsOf.clear();
    this.pendingAll = false;
    const state = new IndexState();
    let afterId = 0;
    for (;;) {
      if (this.closed || !this.feed.live || epoch !== this.feedEpoch) return;
      const rows = await this.prisma.$queryRaw<IndexRow[]>`
        SELECT ${INDEX_COLUMNS} FROM professionals p
        WHERE ${LISTED} AND p.id > ${afterId}::int ORDER BY p.id LIMIT ${LOAD_BATCH}::int`;
      for (const row of rows) {
        const listing = this.toListing(row, undefined);
        state.put(listing, { sorted: false });
        state.addPostings(listing);
      }
      if (rows.length < LOAD_BATCH) break;
      afterId = rows[rows.length - 1]!.id;
    }
    if (epoch !== this.feedEpoch || this.closed) return;
    state.sortAll();
    this.rankedTexts.clear();
    this.textSets.clear();
    this.state = state;
    this.loaded = true;
    this.emit({ listings: null, reviewsOf: [] });
    this.counts.loads += 1;
    this.logger.info({ listings: state.size, ms: Date.now() - started }, 'directory index loaded');
  }

  private scheduleRefresh(): void {
    if (this.refreshing || this.closed) return;
    if (!this.pendingAll && this.pendingIds.size === 0 && this.pendingReviewsOf.size === 0) return;
    const ids = [...this.pendingIds];
    const reviewsOf = [...this.pendingReviewsOf];
    const started = performance.now();
    this.refreshing = this.refresh()
      .then(() => {
        this.lagging = false;
        const ms = performance.now() - started;
        this.counts.refreshes += 1;
        this.counts.refreshMs += ms;
        this.counts.refreshMaxMs = Math.max(this.counts.refreshMaxMs, ms);
      })
      .catch(async (err: unknown) => {
        // The changed rows could not be read (the database is busy or away): until they are, the
        // index is not used and the cache keeps nothing it could have said. Try again shortly.
        this.logger.warn({ err, ids: ids.length }, 'directory index: could not read changed listings; searches use SQL until it can');
        this.lagging = true;
        this.counts.refreshFailures += 1;
        for (const id of ids) this.pendingIds.add(id);
        for (const id of reviewsOf) this.pendingReviewsOf.add(id);
        this.emit({ listings: null, reviewsOf: [] });
        await new Promise((resolve) => setTimeout(resolve, 250));
      })
      .finally(() => {
        this.refreshing = null;
        this.scheduleRefresh();
      });
  }

  private async refresh(): Promise<void> {
    if (this.pendingAll || this.pendingIds.size > REFRESH_ALL_ABOVE) {
      this.loaded = false;
      this.emit({ listings: null, reviewsOf: [] });
      this.startLoad();
      return;
    }
    const ids = [...this.pendingIds];
    const reviewsOf = [...this.pendingReviewsOf];
    this.pendingIds.clear();
    this.pendingReviewsOf.clear();
    const rows = ids.length
      ? await this.prisma.$queryRaw<IndexRow[]>`SELECT ${INDEX_COLUMNS} FROM professionals p WHERE p.id = ANY(${ids}::int[])`
      : [];
    if (!this.loaded) return;
    try {
      this.apply(ids, rows, reviewsOf);
    } catch (err) {
      // A fault of our own halfway through leaves the orders in doubt: read everything again.
      this.logger.error({ err }, 'directory index: applying a change failed; loading again');
      this.loaded = false;
      this.emit({ listings: null, reviewsOf: [] });
      this.startLoad();
    }
  }

  private apply(ids: number[], rows: IndexRow[], reviewsOf: number[]): void {
    const state = this.state;
    const fresh = new Map(rows.filter((row) => row.listed).map((row) => [row.id, row]));
    const listings: NonNullable<DirectoryChange['listings']> = [];
    // The texts with a relevance order (a hundred or so) look at every changed document: it orders
    // by rating. Those with a kept set (up to KEPT_TEXT_SETS) only at one whose words or slot
    // change: a new rating (most changes) leaves a set as it was.
    const words = state.columns.sets.words;
    const ordered = [...this.rankedTexts.entries()];
    let sets: [BoundText, Uint32Array][] | null = null;
    const keptSets = () => (sets ??= [...this.textSets.entries()].filter(([, set]) => set.length === words));
    for (const id of ids) {
      const before = state.listing(id);
      const row = fresh.get(id);
      const after = row ? this.toListing(row, before) : undefined;
      // Same words (a new rating, say): the parsed document and its postings stay as they are.
      const sameText = before !== undefined && after !== undefined && after.text === before.text;
      const slotBefore = before ? state.slotOf.get(id)! : -1;
      let slotAfter = -1;
      if (before) {
        // Out of the orders while the columns still hold what they were sorted by.
        for (const [text, order] of ordered) {
          if (documentFinds(text, before.text)) order.remove(slotBefore, tsRank(before.text, text.query, text.operandLexemes));
        }
        this.forgetNearest(slotBefore);
        state.remove(id);
        if (!sameText) state.removePostings(before);
      }
      if (after) {
        state.put(after, { sorted: true });
        if (!sameText) state.addPostings(after);
        slotAfter = state.slotOf.get(id)!;
        this.keepNearest(slotAfter);
        for (const [text, order] of ordered) {
          this.extendText(text);
          if (documentFinds(text, after.text)) order.insert(slotAfter, tsRank(after.text, text.query, text.operandLexemes));
        }
      }
      // The sets hold slots: same words in the same slot (the slot just freed is the one taken
      // again, so every new rating) leave each set as it was.
      if (!sameText || slotAfter !== slotBefore) {
        for (const [text, set] of keptSets()) {
          if (before) removeSlot(set, slotBefore);
          if (!after) continue;
          this.extendText(text);
          // A slot past the set's end (the columns grew): the set is built again when next asked.
          if (documentFinds(text, after.text)) addSlot(set, slotAfter);
        }
      }
      listings.push({ id, before, after });
      // The tally by region and service (regionCounts) changes only when a listing comes, goes or
      // changes region or services; ratings, texts and everything else leave it as it is.
      if (!before || !after || before.region !== after.region || before.serviceMask !== after.serviceMask) this.tallyVersion += 1;
    }
    this.emit({ listings, reviewsOf });
  }

  private toListing(row: IndexRow, before: IndexedListing | undefined): IndexedListing {
    const { hourlyRatePence, ratingTenths, vectorText, listed: _listed, ...publicRow } = row;
    let serviceMask = 0;
    for (const service of row.services) serviceMask |= SERVICE_BIT.get(service) ?? 0;
    const textDigest = createHash('sha1').update(vectorText).digest('base64');
    return {
      id: row.id,
      serviceMask,
      region: row.region,
      lat: row.lat ?? NaN,
      lng: row.lng ?? NaN,
      ratingTenths,
      reviewCount: row.reviewCount,
      hourlyPence: hourlyRatePence ?? -1,
      projectBased: row.isProjectBased,
      createdMs: new Date(row.createdAt).getTime(),
      companyName: row.companyName,
      textDigest,
      text: before?.textDigest === textDigest ? before.text : this.document(vectorText),
      json: JSON.stringify(toListItem(publicRow)),
      point: row.lat === null || row.lng === null ? null : mapPoint(row.id, row.lat, row.lng, row.companyName),
    };
  }

  /** A stored tsvector's text as a document of dictionary ids. */
  private document(vectorText: string): IndexedDocument {
    const parsed = parseTsvector(vectorText);
    const lexemeIds = new Int32Array(parsed.lexemes.length);
    parsed.lexemes.forEach((lexeme, i) => {
      let id = this.lexemeIds.get(lexeme);
      if (id === undefined) {
        id = this.lexemes.length;
        this.lexemes.push(lexeme);
        this.lexemeIds.set(lexeme, id);
      }
      lexemeIds[i] = id;
    });
    return { lexemeIds, positions: packPositions(parsed.positions) };
  }

  // ---- searching -------------------------------------------------------------------------

  /** The visitor's words as a tsquery PostgreSQL would build (asked once per distinct text). */
  private async textQuery(search: string): Promise<BoundText | null> {
    if (!this.textQueries.has(search)) {
      const text = await this.tsqueryText(search);
      this.textQueries.set(search, { query: parseTsquery(text) });
    }
    return this.boundText(search);
  }

  /**
   * PostgreSQL's tsquery text for the search, as `SELECT to_tsquery(…)::text` gives it. Plain words
   * are asked once per word rather than once per text: PostgreSQL's text for 'w1:* & w2:*' is its
   * text for each word joined by ' & ', a stop word's (empty) left out. Visitors combine a few
   * thousand words in many more ways (the long-tail bench: 777 distinct texts in 30 s, each a query),
   * and a word's text that is not one plain operand (a word the parser splits) sends the whole
   * text to PostgreSQL as before. tests/integration/directory-index.int.test.ts compares the two.
   */
  private async tsqueryText(search: string): Promise<string> {
    const words = plainSearchWords(search);
    if (words) {
      const unknown = [...new Set(words.filter((word) => !this.wordQueries.has(word)))];
      if (unknown.length > 0) {
        const rows = await this.prisma.$queryRaw<{ word: string; q: string }[]>`
          SELECT word, (to_tsquery('english', word || ':*'))::text AS q FROM unnest(${unknown}::text[]) AS word`;
        for (const row of rows) this.wordQueries.set(row.word, row.q);
      }
      const text = joinWordQueries(words.map((word) => this.wordQueries.get(word)));
      if (text !== null) return text;
    }
    const rows = await this.prisma.$queryRaw<{ q: string }[]>`SELECT (${tsquerySql(search)})::text AS q`;
    return rows[0]?.q ?? '';
  }

  /** The parsed text with the lexeme ids each operand finds, from the cache, brought up to date. */
  private boundText(search: string): BoundText | null {
    const known = this.textQueries.get(search);
    if (!known?.query) return null;
    if (!known.bound) {
      const query = known.query;
      const operandOf = new Map<QueryNode, number>();
      const visit = (node: QueryNode | null): void => {
        if (!node) return;
        if (node.kind === 'word') operandOf.set(node, query.operands.findIndex((o) => o.lexeme === node.lexeme));
        else if (node.kind === 'not') visit(node.operand);
        else {
          visit(node.left);
          visit(node.right);
        }
      };
      visit(query.root);
      known.bound = {
        query,
        dictionarySize: 0,
        operandLexemes: query.operands.map(() => new Set<number>()),
        operandIds: query.operands.map(() => []),
        operandOf,
        searches: 0,
      };
    }
    this.extendText(known.bound);
    return known.bound;
  }

  /**
   * Brings a text's lexeme sets up to the dictionary, in place: only lexemes added since it was
   * last brought up are looked at. Everything holding the text (its relevance order, the answer
   * cache's matchers) sees a new listing's new word from then on.
   */
  private extendText(text: BoundText): void {
    const size = this.lexemes.length;
    if (text.dictionarySize === size) return;
    text.query.operands.forEach((operand, i) => {
      for (let id = text.dictionarySize; id < size; id++) {
        if (lexemeMatches(this.lexemes[id]!, operand)) {
          text.operandLexemes[i]!.add(id);
          text.operandIds[i]!.push(id);
        }
      }
    });
    text.dictionarySize = size;
  }

  /**
   * `search_vector @@ query` for every listing at once, as a set: each operand's listings through
   * the postings of its lexemes, then the tree's AND, OR and NOT word by word. Kept per text
   * (KEPT_TEXT_SETS) and kept current as listings change; built again if the columns grew.
   */
  private textSet(text: BoundText): Uint32Array {
    const state = this.state;
    const sets = state.columns.sets;
    const words = sets.words;
    const kept = this.textSets.get(text);
    if (kept && kept.length === words) return kept;
    const operandSet = (operand: number): Uint32Array => {
      const set = new Uint32Array(words);
      for (const lexeme of text.operandIds[operand]!) {
        for (const id of state.postings[lexeme] ?? []) addSlot(set, state.slotById[id]!);
      }
      return set;
    };
    const evaluate = (node: QueryNode): Uint32Array => {
      switch (node.kind) {
        case 'word':
          return operandSet(text.operandOf.get(node)!);
        case 'not': {
          const inner = evaluate(node.operand);
          for (let i = 0; i < words; i++) inner[i] = sets.live[i]! & ~inner[i]!;
          return inner;
        }
        case 'and': {
          const left = evaluate(node.left);
          intersect(left, evaluate(node.right), words);
          return left;
        }
        case 'or': {
          const left = evaluate(node.left);
          const right = evaluate(node.right);
          for (let i = 0; i < words; i++) left[i]! |= right[i]!;
          return left;
        }
      }
    };
    const set = text.query.root ? evaluate(text.query.root) : new Uint32Array(words);
    this.textSets.set(text, set);
    return set;
  }

  /** The query's filter as values; null when its text needs SQL. */
  private filter(query: DirectoryQuery, text: BoundText | null): Filter | null {
    if (query.search && !text) return null;
    const place = query.location ? findLocation(query.location)! : null;
    return {
      bit: query.service ? (SERVICE_BIT.get(query.service) ?? 0) : -1,
      place: place && { name: place.name, area: circle(place, place.radiusKm / KM_PER_MILE) },
      minTenths: tenthsAtLeast(query.minRating ?? -Infinity),
      priced: query.minHourlyRate !== undefined || query.maxHourlyRate !== undefined,
      minPence: query.minHourlyRate === undefined ? -Infinity : Math.round(query.minHourlyRate * 100),
      maxPence: query.maxHourlyRate === undefined ? Infinity : Math.round(query.maxHourlyRate * 100),
      near: query.near ? circle(resolveNear(query.near), query.radiusMiles ?? DEFAULT_RADIUS_MILES) : null,
      text: query.search ? text : null,
    };
  }

  /** The listing the index holds for a live professional (tests and diagnostics). */
  listing(id: number): IndexedListing | undefined {
    return this.state.listing(id);
  }

  /**
   * A matcher for the answer cache: whether a listing is one a search could include. Null when
   * the index can't tell (not ready, or text it has not parsed yet): the answer is then
   * forgotten on every change.
   */
  matcherFor(query: DirectoryQuery): SearchMatcher | null {
    if (!this.ready) return null;
    try {
      const f = this.filter(query, query.search ? this.boundText(query.search) : null);
      if (!f) return null;
      const text = f.text;
      const matches: ListingMatcher = (listing) => {
        if (text) this.extendText(text); // the listing may bring words the dictionary did not have
        return matchesListing(f, listing);
      };
      return { matches, services: f.bit, places: filterPlaces(f) };
    } catch {
      return null;
    }
  }

  /** The query's filter, once a change being read is in; null when the index can't answer (SQL does). */
  private async prepare(query: DirectoryQuery): Promise<Filter | null> {
    if (query.near) resolveNear(query.near); // an unknown place is a 400 whatever answers
    // A change is being read: wait for it (a few milliseconds, at most REFRESH_WAIT_MS), so a
    // search right after a write that has notified sees it, as SQL would.
    if (this.refreshing) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.refreshing, new Promise((resolve) => (timer = setTimeout(resolve, REFRESH_WAIT_MS)))]);
      clearTimeout(timer);
    }
    const text = query.search ? await this.textQuery(query.search) : null;
    const f = this.ready ? this.filter(query, text) : null;
    // A slot per id (IndexState.slotById) past MAX_TEXT_ID would cost too much memory: SQL finds such text.
    if (!f || (f.text && this.state.maxId > MAX_TEXT_ID)) {
      this.counts.toSql += 1;
      return null;
    }
    this.counts.answered += 1;
    // Nothing awaits from here to the end of the search: the scratch set is its alone.
    return f;
  }

  /**
   * The [offset, end) of `found` sorted by `key` (smallest first), ties by `tie`: only the first
   * `end` are sorted.
   */
  private sortedPage(found: number[], offset: number, end: number, key: (slot: number) => number, tie: SlotCompare): number[] {
    const c = this.state.columns;
    const keys = new Float64Array(found.length);
    for (let i = 0; i < found.length; i++) keys[i] = key(found[i]!);
    // Only the positions whose key is at most the end-th smallest can be on the page; those are
    // sorted, with their ties.
    const last = end >= found.length ? Infinity : kthSmallest(keys.slice(), end - 1);
    const chosen: number[] = [];
    for (let i = 0; i < found.length; i++) if (keys[i]! <= last) chosen.push(i);
    chosen.sort((a, b) => keys[a]! - keys[b]! || tie(c, found[a]!, found[b]!));
    return chosen.slice(offset, end).map((i) => found[i]!);
  }

  /**
   * Every listing inside a circle, nearest first (`distanceSql`, then `p.id ASC`): kept per circle
   * and kept current as listings change (keepNearest), so a page by distance is a walk, not a
   * sort of every match. Null for a circle's first search (most are asked once: the caller sorts
   * that search's matches alone).
   */
  private byDistance(near: Circle): number[] | null {
    const state = this.state;
    const c = state.columns;
    const key = circleKey(near);
    const kept = this.nearest.get(key);
    if (kept && kept.state === state) return kept.slots;
    if (!this.nearSeen.has(key)) {
      this.nearSeen.set(key, true);
      return null;
    }
    const found: number[] = [];
    forEachSlot(circleSet(c, near), c.sets.words, (slot) => found.push(slot));
    const slots = this.sortedPage(found, 0, found.length, this.milesFrom(near), byId);
    this.nearest.set(key, { state, near, slots });
    return slots;
  }

  /** Takes a slot out of the kept nearest-first orders of the circles it is inside (before its columns are released). */
  private forgetNearest(slot: number): void {
    const c = this.state.columns;
    const lat = c.lat[slot]!;
    const lng = c.lng[slot]!;
    for (const kept of this.nearest.values()) {
      if (kept.state !== this.state || !inside(kept.near, lat, lng)) continue;
      const at = kept.slots.indexOf(slot);
      if (at >= 0) kept.slots.splice(at, 1);
    }
  }

  /** Puts a new slot into the kept nearest-first orders of the circles it is inside. */
  private keepNearest(slot: number): void {
    const c = this.state.columns;
    const lat = c.lat[slot]!;
    const lng = c.lng[slot]!;
    for (const kept of this.nearest.values()) {
      if (kept.state !== this.state || !inside(kept.near, lat, lng)) continue;
      const miles = distanceMiles(kept.near.point, lat, lng);
      const id = c.id[slot]!;
      let low = 0;
      let high = kept.slots.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        const other = kept.slots[mid]!;
        const otherMiles = distanceMiles(kept.near.point, c.lat[other]!, c.lng[other]!);
        if (otherMiles < miles || (otherMiles === miles && c.id[other]! < id)) low = mid + 1;
        else high = mid;
      }
      kept.slots.splice(low, 0, slot);
    }
  }

  /** A slot's distance in miles from a circle's centre (distanceSql's arithmetic). */
  private milesFrom(near: Circle): (slot: number) => number {
    const c = this.state.columns;
    return (slot) => distanceMiles(near.point, c.lat[slot]!, c.lng[slot]!);
  }

  /** The search's matches (select), in this index's scratch sets. */
  private select(f: Filter, textSet: Uint32Array | null): Selection {
    const c = this.state.columns;
    const words = c.sets.words;
    if (this.scratch.length < words) this.scratch = new Uint32Array(words);
    return select(f, c, textSet, this.scratch);
  }

  /**
   * The listings a text finds in relevance order: ts_rank DESC, then BEST_RATED_ORDER. Built once
   * (every match ranked once), then kept current as listings change while the text is searched.
   */
  private relevanceOrder(text: BoundText): RankedOrder {
    const kept = this.rankedTexts.get(text);
    if (kept) return kept;
    const c = this.state.columns;
    const found: number[] = [];
    forEachSlot(this.textSet(text), c.sets.words, (slot) => found.push(slot));
    const keys = new Float32Array(found.length);
    for (let i = 0; i < found.length; i++) keys[i] = tsRank(c.listings[found[i]!]!.text, text.query, text.operandLexemes);
    const sorted = byRankThenPosition(found, keys, this.state.orders.rating) ?? byRankThenBestRated(c, found, keys);
    const order = new RankedOrder(c, bestRated, sorted.slots, sorted.keys);
    this.rankedTexts.set(text, order);
    return order;
  }

  /** One page of the search as JSON, the total and where the page sits; null when the index can't answer (use SQL). */
  async page(query: DirectoryQuery): Promise<{ json: string; total: number; place: PagePlace } | null> {
    const f = await this.prepare(query);
    if (!f) return null;
    const { columns: c, orders } = this.state;
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const offset = query.offset ?? 0;
    const end = offset + limit;
    const sort: Sort = query.sort ?? (query.search ? 'relevance' : query.near ? 'distance' : 'rating');
    let page: number[];
    let total: number;
    const relevance = sort === 'relevance' && f.text !== null;
    if (relevance) f.text!.searches += 1;
    const hasOrder = relevance && this.rankedTexts.has(f.text!);
    // Walking the text's own relevance order needs no test of the text (its listings all have it).
    const textSet = f.text && !hasOrder ? this.textSet(f.text) : null;
    const selection = this.select(f, textSet);
    // A text seen once or twice (the long tail) ranks the search's matches now, nothing kept; unless
    // they are many: then its relevance order costs little more and serves its next searches.
    const rankNow = relevance && !hasOrder && f.text!.searches < ORDER_TEXT_AFTER_SEARCHES && selectedCount(selection) <= this.rankPerSearchUpTo;
    if (rankNow) {
      const { query: textQuery, operandLexemes } = f.text!;
      const found = selectedSlots(selection);
      total = found.length;
      page = this.sortedPage(found, offset, end, (slot) => -tsRank(c.listings[slot]!.text, textQuery, operandLexemes), bestRated);
    } else if (sort === 'distance' && f.near) {
      const near = f.near;
      const nearestFirst = this.byDistance(near);
      if (nearestFirst) ({ page, total } = walkOrder({ slots: nearestFirst, length: nearestFirst.length }, selection, selection.check, { offset, end, countAll: true }));
      else {
        const found = selectedSlots(selection);
        total = found.length;
        page = this.sortedPage(found, offset, end, this.milesFrom(near), byId);
      }
    } else if (relevance) {
      // The text's own relevance order holds only the listings it finds: walk all of it for the total.
      ({ page, total } = walkOrder(this.relevanceOrder(f.text!), selection, selection.check, { offset, end, countAll: true }));
    } else {
      const order = sort === 'price' ? orders.price : sort === 'newest' ? orders.newest : orders.rating;
      total = selectedCount(selection);
      page =
        total <= SORT_MATCHES_UP_TO
          ? inOrder(order, selectedSlots(selection), offset, end)
          : walkOrder(order, selection, selection.check, { offset, end, countAll: false }).page;
    }
    const miles = f.near && this.milesFrom(f.near);
    const parts = page.map((slot) => {
      const json = c.listings[slot]!.json;
      return miles ? `${json.slice(0, -1)},"distanceMiles":${Math.round(miles(slot) * 10) / 10}}` : json;
    });
    const place: PagePlace = {
      ids: new Set(page.map((slot) => c.id[slot]!)),
      ends: page.length > 0 ? { first: c.listings[page[0]!]!, last: c.listings[page[page.length - 1]!]! } : null,
      compare: relevance ? byRelevance(f.text!) : sort === 'distance' && f.near ? byDistanceFrom(f.near) : sort === 'price' ? cheapestListing : sort === 'newest' ? newestListing : bestRatedListing,
      full: page.length === limit,
    };
    return { json: `[${parts.join(',')}]`, total, place };
  }

  /**
   * Live listings per region, and per region and service (the /locations page, product rule 5;
   * the home page's counts are sums of these), or null while the index cannot answer (a change
   * being read first, as `count` waits for it). Regions without a live listing are left out, as SQL's
   * GROUP BY leaves them out.
   */
  async regionCounts(): Promise<readonly RegionCount[] | null> {
    if (!(await this.prepare(UNFILTERED))) return null;
    const kept = this.tally;
    if (kept && kept.state === this.state && kept.version === this.tallyVersion) return kept.counts;
    const counts = this.countRegions();
    this.tally = { state: this.state, version: this.tallyVersion, counts };
    return counts;
  }

  /** regionCounts' pass: kept until a listing comes, goes or moves (home and locations ask after every change). */
  private countRegions(): RegionCount[] {
    const c = this.state.columns;
    const { sets } = c;
    // One pass over the live slots, counting by region and by each service bit: 2 ms at 100,000
    // listings, where intersecting each region's set with each service's took 25–75 ms.
    const byRegion = new Map<number, { count: number; services: Int32Array }>();
    forEachSlot(sets.live, sets.words, (slot) => {
      const region = c.region[slot]!;
      let counts = byRegion.get(region);
      if (!counts) byRegion.set(region, (counts = { count: 0, services: new Int32Array(SERVICES.length) }));
      counts.count += 1;
      for (let mask = c.service[slot]!; mask !== 0; mask &= mask - 1) counts.services[31 - Math.clz32(mask & -mask)]! += 1;
    });
    const result: RegionCount[] = [];
    for (const [region, id] of c.regions()) {
      const counts = byRegion.get(id);
      if (!counts) continue;
      const services = SERVICES.flatMap((service, i) => (counts.services[i]! > 0 ? [{ service, count: counts.services[i]! }] : []));
      result.push({ region, count: counts.count, services });
    }
    return result;
  }

  async count(query: DirectoryQuery): Promise<number | null> {
    const f = await this.prepare(query);
    if (!f) return null;
    return selectedCount(this.select(f, f.text && this.textSet(f.text)));
  }

  /** mapPointsJson's answer (search-professionals.ts), from memory: every match, in id order. */
  async mapJson(query: DirectoryQuery): Promise<string | null> {
    const f = await this.prepare(query);
    if (!f) return null;
    const { columns: c, orders } = this.state;
    const selection = this.select(f, f.text && this.textSet(f.text));
    const matched =
      selectedCount(selection) <= SORT_MATCHES_UP_TO
        ? inOrder(orders.id, selectedSlots(selection), 0, Infinity)
        : walkOrder(orders.id, selection, selection.check, { offset: 0, end: Infinity, countAll: true }).page;
    const pointOf = matched.length <= NAMED_MAP_POINTS_LIMIT ? c.namedPoint : c.plainPoint;
    const points: string[] = [];
    for (const slot of matched) {
      const point = pointOf[slot];
      if (point !== null && point !== undefined) points.push(point);
    }
    return `{"total":${matched.length},"points":[${points.join(',')}]}`;
  }
}
