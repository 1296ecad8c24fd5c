// The directory index's listings by column (decision 0019): each listing has a slot, and every
// field the orders sort on or a filter checks slot by slot is a typed array indexed by slot
// (compact, and read without chasing objects across the heap). The slots are also kept in sets by
// what they hold (slot-sets.ts, with the families the filters bring: filters.ts), which is how a
// search finds its matches, and the orders the directory offers are arrays of slots kept sorted as
// listings change, with each slot's position. A filter whose sets say everything (an enum or
// boolean field) needs no column here.
import { BAYES_PRIOR_MEAN, BAYES_PRIOR_WEIGHT } from '../../../../core/rating';
import type { IndexedListing } from './indexed-listing';
import { SlotSets, type SetFamily } from './slot-sets';

const PRIOR_SUM_TENTHS = Math.round(BAYES_PRIOR_MEAN * BAYES_PRIOR_WEIGHT * 10);

export class ListingColumns {
  capacity = 0;
  id = new Int32Array(0);
  service = new Int32Array(0);
  region = new Int32Array(0);
  lat = new Float64Array(0);
  lng = new Float64Array(0);
  ratingTenths = new Int32Array(0);
  reviewCount = new Int32Array(0);
  /** The hourly equivalent in pence; -1 when none. */
  pence = new Int32Array(0);
  createdMs = new Float64Array(0);
  readonly listings: (IndexedListing | undefined)[] = [];
  /**
   * Each slot's map point (IndexedListing.point), plain and named, null without a position: read
   * straight from here, not through each listing and its point (two more objects to fetch from
   * memory per point), a large map answer costs far less (decision 0032).
   */
  readonly plainPoint: (string | null)[] = [];
  readonly namedPoint: (string | null)[] = [];
  /** The slots by what they hold, for filters (slot-sets.ts). */
  readonly sets: SlotSets;
  private readonly free: number[] = [];
  private used = 0;
  private readonly regionIds = new Map<string, number>();

  /** `families`: the sets the filters keep (filters.ts). */
  constructor(families: readonly SetFamily[]) {
    this.sets = new SlotSets(families);
  }

  /** A region name's number here; -2 (equal to no slot's) when no listing has used it. */
  regionIdOf(name: string): number {
    return this.regionIds.get(name) ?? -2;
  }

  /** Every region name a listing has used, with its number. */
  regions(): IterableIterator<[string, number]> {
    return this.regionIds.entries();
  }

  add(listing: IndexedListing): number {
    const slot = this.free.pop() ?? this.used++;
    if (slot >= this.capacity) this.grow(Math.max(1024, Math.ceil(this.capacity * 1.5)));
    let region = this.regionIds.get(listing.region);
    if (region === undefined) {
      region = this.regionIds.size;
      this.regionIds.set(listing.region, region);
    }
    this.id[slot] = listing.id;
    this.service[slot] = listing.serviceMask;
    this.region[slot] = region;
    this.lat[slot] = listing.lat;
    this.lng[slot] = listing.lng;
    this.ratingTenths[slot] = listing.ratingTenths;
    this.reviewCount[slot] = listing.reviewCount;
    this.pence[slot] = listing.hourlyPence;
    this.createdMs[slot] = listing.createdMs;
    this.listings[slot] = listing;
    this.plainPoint[slot] = listing.point?.plain ?? null;
    this.namedPoint[slot] = listing.point?.named ?? null;
    this.sets.add(slot, listing, region);
    return slot;
  }

  release(slot: number): void {
    this.sets.remove(slot, this.listings[slot]!, this.region[slot]!);
    this.listings[slot] = undefined;
    this.plainPoint[slot] = null;
    this.namedPoint[slot] = null;
    this.free.push(slot);
  }

  private grow(capacity: number): void {
    const grown = <T extends Int32Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.id = grown(this.id, (n) => new Int32Array(n));
    this.service = grown(this.service, (n) => new Int32Array(n));
    this.region = grown(this.region, (n) => new Int32Array(n));
    this.lat = grown(this.lat, (n) => new Float64Array(n));
    this.lng = grown(this.lng, (n) => new Float64Array(n));
    this.ratingTenths = grown(this.ratingTenths, (n) => new Int32Array(n));
    this.reviewCount = grown(this.reviewCount, (n) => new Int32Array(n));
    this.pence = grown(this.pence, (n) => new Int32Array(n));
    this.createdMs = grown(this.createdMs, (n) => new Float64Array(n));
    this.capacity = capacity;
    this.sets.grow(capacity);
  }
}

export type SlotCompare = (c: ListingColumns, a: number, b: number) => number;
/** The same orders over listings themselves (what the answer cache compares a changed listing with). */
export type ListingCompare = (a: IndexedListing, b: IndexedListing) => number;

/**
 * BEST_RATED_ORDER (directory-sql.ts): reviewed first, the Bayesian average best first, more
 * reviews first, then id. The average is compared as an exact fraction (cross-multiplied in
 * integers), as PostgreSQL's numeric division keeps 16 significant digits: equal averages tie,
 * different ones never do (for review counts below about 2,000 per listing).
 */
function bestRatedOf(countA: number, tenthsA: number, idA: number, countB: number, tenthsB: number, idB: number): number {
  if ((countA > 0) !== (countB > 0)) return countA > 0 ? -1 : 1;
  const cross = (tenthsB * countB + PRIOR_SUM_TENTHS) * (countA + BAYES_PRIOR_WEIGHT) - (tenthsA * countA + PRIOR_SUM_TENTHS) * (countB + BAYES_PRIOR_WEIGHT);
  if (cross !== 0) return cross;
  if (countA !== countB) return countB - countA;
  return idA - idB;
}
export const bestRated: SlotCompare = (c, a, b) => bestRatedOf(c.reviewCount[a]!, c.ratingTenths[a]!, c.id[a]!, c.reviewCount[b]!, c.ratingTenths[b]!, c.id[b]!);
export const bestRatedListing: ListingCompare = (a, b) => bestRatedOf(a.reviewCount, a.ratingTenths, a.id, b.reviewCount, b.ratingTenths, b.id);

/** hourly_rate_pence ASC NULLS LAST, id (-1 pence: none). */
function cheapestOf(penceA: number, idA: number, penceB: number, idB: number): number {
  const pa = penceA < 0 ? Infinity : penceA;
  const pb = penceB < 0 ? Infinity : penceB;
  if (pa !== pb) return pa < pb ? -1 : 1;
  return idA - idB;
}
export const cheapest: SlotCompare = (c, a, b) => cheapestOf(c.pence[a]!, c.id[a]!, c.pence[b]!, c.id[b]!);
export const cheapestListing: ListingCompare = (a, b) => cheapestOf(a.hourlyPence, a.id, b.hourlyPence, b.id);

/** created_at DESC, id. */
function newestOf(createdA: number, idA: number, createdB: number, idB: number): number {
  if (createdA !== createdB) return createdB - createdA;
  return idA - idB;
}
export const newest: SlotCompare = (c, a, b) => newestOf(c.createdMs[a]!, c.id[a]!, c.createdMs[b]!, c.id[b]!);
export const newestListing: ListingCompare = (a, b) => newestOf(a.createdMs, a.id, b.createdMs, b.id);

export const byId: SlotCompare = (c, a, b) => c.id[a]! - c.id[b]!;

/**
 * Slots kept in one order, and each slot's position (`rank`): a change moves at most all of them
 * by one (a memmove, and one pass when positions are next asked: far cheaper than sorting again;
 * decision 0019). A search walks `slots` from the front
 * (the page of a search matching many), or sorts its matches by `rank` (a search matching few).
 */
export class SlotOrder {
  slots = new Int32Array(1024);
  length = 0;
  private ranks = new Int32Array(0);
  /** Positions from here on have moved since `ranks` was brought up to date (a remove and an insert cost one pass). */
  private stale = 0;

  constructor(
    private readonly columns: ListingColumns,
    readonly compare: SlotCompare,
  ) {}

  /** Replaces the contents with these slots, sorted here unless they are in `compare` order already. */
  fill(slots: Int32Array, { sorted: inOrder = false }: { sorted?: boolean } = {}): void {
    const c = this.columns;
    const sorted = inOrder ? slots : Array.from(slots).sort((a, b) => this.compare(c, a, b));
    this.allocate(Math.max(1024, Math.ceil(sorted.length * 1.25)));
    this.slots.set(sorted);
    this.length = sorted.length;
    this.stale = 0;
  }

  /** By slot, its position here (meaningful only for slots in the order), brought up to date. */
  get rank(): Int32Array {
    let at = this.stale;
    if (this.ranks.length < this.columns.capacity) {
      const grown = new Int32Array(this.columns.capacity);
      grown.set(this.ranks);
      this.ranks = grown;
      at = 0;
    }
    const { slots, ranks } = this;
    for (let i = at; i < this.length; i++) ranks[slots[i]!] = i;
    this.stale = this.length;
    return ranks;
  }

  private allocate(capacity: number): void {
    const next = new Int32Array(capacity);
    next.set(this.slots.subarray(0, Math.min(this.length, capacity)));
    this.slots = next;
  }

  /** Where `slot` is or would go (lower bound). */
  private position(slot: number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(this.columns, this.slots[mid]!, slot) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  insert(slot: number): void {
    if (this.length === this.slots.length) this.allocate(Math.ceil(this.slots.length * 1.5));
    const at = this.position(slot);
    this.slots.copyWithin(at + 1, at, this.length);
    this.slots[at] = slot;
    this.length += 1;
    this.stale = Math.min(this.stale, at);
  }

  /** Removes `slot`, whose columns must still hold the values it was inserted with. */
  remove(slot: number): void {
    let at = this.position(slot);
    if (this.slots[at] !== slot) at = this.slots.subarray(0, this.length).indexOf(slot);
    if (at < 0) return;
    this.slots.copyWithin(at, at + 1, this.length);
    this.length -= 1;
    this.stale = Math.min(this.stale, at);
  }
}

/**
 * Slots kept in one order by a number each, largest first, ties by `tie` (a text's relevance
 * order: its ts_rank, then best rated). The numbers are kept beside the slots, so the order costs
 * ~10 bytes per listing the text finds and nothing for the rest of the directory. A search walks
 * `slots` from the front; a change moves the entries after it by one.
 */
export class RankedOrder {
  slots: Int32Array;
  keys: Float32Array;
  length: number;

  /** `slots` and their `keys` in order already. */
  constructor(
    private readonly columns: ListingColumns,
    private readonly tie: SlotCompare,
    slots: ArrayLike<number>,
    keys: ArrayLike<number>,
  ) {
    const capacity = Math.max(64, Math.ceil(slots.length * 1.25));
    this.slots = new Int32Array(capacity);
    this.keys = new Float32Array(capacity);
    this.slots.set(slots);
    this.keys.set(keys);
    this.length = slots.length;
  }

  /** Where (slot, key) is or would go (lower bound). */
  private position(slot: number, key: number): number {
    const f = Math.fround(key);
    let low = 0;
    let high = this.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const other = this.keys[mid]!;
      if (other > f || (other === f && this.tie(this.columns, this.slots[mid]!, slot) < 0)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  insert(slot: number, key: number): void {
    if (this.length === this.slots.length) {
      const capacity = Math.ceil(this.slots.length * 1.5);
      const slots = new Int32Array(capacity);
      const keys = new Float32Array(capacity);
      slots.set(this.slots);
      keys.set(this.keys);
      this.slots = slots;
      this.keys = keys;
    }
    const at = this.position(slot, key);
    this.slots.copyWithin(at + 1, at, this.length);
    this.keys.copyWithin(at + 1, at, this.length);
    this.slots[at] = slot;
    this.keys[at] = key;
    this.length += 1;
  }

  /** Removes `slot`, inserted with `key`, whose columns must still hold the values it was inserted with. */
  remove(slot: number, key: number): void {
    let at = this.position(slot, key);
    if (this.slots[at] !== slot || at >= this.length) at = this.slots.subarray(0, this.length).indexOf(slot);
    if (at < 0) return;
    this.slots.copyWithin(at, at + 1, this.length);
    this.keys.copyWithin(at, at + 1, this.length);
    this.length -= 1;
  }
}
