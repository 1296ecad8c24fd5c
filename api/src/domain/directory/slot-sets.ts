// Sets of the directory index's slots as bitsets (decision 0019), one bit a slot: 12.5 KB a set
// at 100,000 listings. There is one set per service, per rating threshold (in tenths), per
// whole-pound price bound (at most and at least) and per region, and a list of slots per map cell.
// A search ANDs the few sets its filters name, a few microseconds each, and counts the bits for
// its exact total, so it costs about the same whatever it matches; before, it read every listing
// (0.5–2.5 ms at 100,000 on this machine, whatever the filter). What no set says exactly (a price
// bound that is not a whole pound, a circle, text) is checked listing by listing, and only for the
// listings the sets let through (a circle's candidates come from its map cells).
import type { ListingColumns } from './listing-columns';

/** Price bounds of whole pounds up to this have their own sets (the search form offers £10 steps to £100). */
export const PRICE_GRID_POUNDS = 200;
/** Ratings run 0.0–5.0: thresholds in tenths up to this have their own sets. */
export const MAX_RATING_TENTHS = 50;
/** A map cell's side in degrees: a 25-mile circle touches about 20 cells. */
const CELL_DEGREES = 0.2;

export function hasSlot(set: Uint32Array, slot: number): boolean {
  return (set[slot >>> 5]! & (1 << (slot & 31))) !== 0;
}

export function addSlot(set: Uint32Array, slot: number): void {
  set[slot >>> 5]! |= 1 << (slot & 31);
}

export function removeSlot(set: Uint32Array, slot: number): void {
  set[slot >>> 5]! &= ~(1 << (slot & 31));
}

/** into &= other, word by word. */
export function intersect(into: Uint32Array, other: Uint32Array, words: number): void {
  for (let i = 0; i < words; i++) into[i]! &= other[i]!;
}

function bitsIn(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export function countSlots(set: Uint32Array, words: number): number {
  let count = 0;
  for (let i = 0; i < words; i++) if (set[i] !== 0) count += bitsIn(set[i]!);
  return count;
}

/** Calls `visit` with every slot in the set, lowest first. */
export function forEachSlot(set: Uint32Array, words: number, visit: (slot: number) => void): void {
  for (let i = 0; i < words; i++) {
    let word = set[i]!;
    while (word !== 0) {
      const lowest = word & -word;
      visit((i << 5) + (31 - Math.clz32(lowest)));
      word ^= lowest;
    }
  }
}

/**
 * Places and circles searched lately whose sets are kept (12.5 KB each at 100,000 listings: 13 MB
 * in all). The long tail asks for thousands of circles (an outcode × a radius); the ones asked
 * again within a while are served from here.
 */
const KEPT_CIRCLES = 1_024;

/** Bounds in degrees: a place's or circle's box, or a map cell's (what `within`'s `holdsBox` is asked about). */
export interface CellBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** A map cell: its row and column (degrees ÷ CELL_DEGREES, rounded down) and the slots in it. */
interface Cell {
  row: number;
  column: number;
  slots: number[];
}

function cellKey(row: number, column: number): number {
  return row * 100_000 + column;
}

export class SlotSets {
  /** 32-bit words per set. */
  words = 0;
  live = new Uint32Array(0);
  /** By service index (SERVICES order). */
  readonly service: Uint32Array[];
  /** [t]: ratingTenths ≥ t, for t = 0…MAX_RATING_TENTHS. */
  readonly ratingAtLeast: Uint32Array[] = [];
  /** A price the price filter can match: the hourly equivalent is known and the listing is not project-based. */
  priced = new Uint32Array(0);
  /** [k]: priced and pence ≤ k × 100, for k = 0…PRICE_GRID_POUNDS. */
  readonly penceAtMost: Uint32Array[] = [];
  /** [k]: priced and pence ≥ k × 100. */
  readonly penceAtLeast: Uint32Array[] = [];
  /** By region id (ListingColumns.regionIdOf). */
  readonly region: Uint32Array[] = [];
  /** Slots with a position, by map cell. */
  private readonly cells = new Map<number, Cell>();
  /** The slots in a place or circle searched lately, by key, kept current as slots come and go (least recently used first). */
  private readonly circles = new Map<string, { matches: (slot: number) => boolean; set: Uint32Array }>();

  constructor(services: number) {
    this.service = Array.from({ length: services }, () => new Uint32Array(0));
    for (let t = 0; t <= MAX_RATING_TENTHS; t++) this.ratingAtLeast.push(new Uint32Array(0));
    for (let k = 0; k <= PRICE_GRID_POUNDS; k++) {
      this.penceAtMost.push(new Uint32Array(0));
      this.penceAtLeast.push(new Uint32Array(0));
    }
  }

  /** Room for `capacity` slots in every set. */
  grow(capacity: number): void {
    const words = Math.ceil(capacity / 32);
    const grown = (old: Uint32Array) => {
      const next = new Uint32Array(words);
      next.set(old.subarray(0, Math.min(old.length, words)));
      return next;
    };
    this.live = grown(this.live);
    this.priced = grown(this.priced);
    for (const list of [this.service, this.ratingAtLeast, this.penceAtMost, this.penceAtLeast, this.region]) {
      for (let i = 0; i < list.length; i++) list[i] = grown(list[i]!);
    }
    for (const circle of this.circles.values()) circle.set = grown(circle.set);
    this.words = words;
  }

  /** Puts `slot` (its columns written) in every set its fields place it in. */
  add(c: ListingColumns, slot: number): void {
    this.place(c, slot, addSlot);
    for (const circle of this.circles.values()) if (circle.matches(slot)) addSlot(circle.set, slot);
    const lat = c.lat[slot]!;
    const lng = c.lng[slot]!;
    if (Number.isNaN(lat) || Number.isNaN(lng)) return;
    const row = Math.floor(lat / CELL_DEGREES);
    const column = Math.floor(lng / CELL_DEGREES);
    const cell = this.cells.get(cellKey(row, column));
    if (cell) cell.slots.push(slot);
    else this.cells.set(cellKey(row, column), { row, column, slots: [slot] });
  }

  /** Takes `slot` out of every set (its columns still hold what it was added with). */
  remove(c: ListingColumns, slot: number): void {
    this.place(c, slot, removeSlot);
    for (const circle of this.circles.values()) removeSlot(circle.set, slot);
    const lat = c.lat[slot]!;
    const lng = c.lng[slot]!;
    if (Number.isNaN(lat) || Number.isNaN(lng)) return;
    const slots = this.cells.get(cellKey(Math.floor(lat / CELL_DEGREES), Math.floor(lng / CELL_DEGREES)))?.slots;
    const at = slots?.indexOf(slot) ?? -1;
    if (!slots || at < 0) return;
    slots[at] = slots[slots.length - 1]!;
    slots.pop();
  }

  /**
   * The set of the slots `matches` says are in a place or circle (its `key`): those of `region` (a
   * region id, or -1 for none) and those in the cells `box` touches that `matches` lets through.
   * Kept for the next search of the same key, and kept current as slots come and go. A cell that
   * `holdsBox` says lies wholly inside goes in without a test of each of its slots.
   */
  within(key: string, box: CellBox, region: number, matches: (slot: number) => boolean, holdsBox: (cell: CellBox) => boolean = () => false): Uint32Array {
    const kept = this.circles.get(key);
    if (kept) {
      this.circles.delete(key);
      this.circles.set(key, kept);
      return kept.set;
    }
    const set = new Uint32Array(this.words);
    const regionSet = region >= 0 ? this.region[region] : undefined;
    if (regionSet) set.set(regionSet);
    this.forEachCellInBox(box, ({ row, column, slots }) => {
      const whole = holdsBox({ minLat: row * CELL_DEGREES, maxLat: (row + 1) * CELL_DEGREES, minLng: column * CELL_DEGREES, maxLng: (column + 1) * CELL_DEGREES });
      for (const slot of slots) if (whole || matches(slot)) addSlot(set, slot);
    });
    this.circles.set(key, { matches, set });
    if (this.circles.size > KEPT_CIRCLES) this.circles.delete(this.circles.keys().next().value!);
    return set;
  }

  /** Calls `visit` with every cell holding slots that the box touches (a superset of the box's slots). */
  private forEachCellInBox(box: CellBox, visit: (cell: Cell) => void): void {
    const row0 = Math.floor(box.minLat / CELL_DEGREES);
    const row1 = Math.floor(box.maxLat / CELL_DEGREES);
    const column0 = Math.floor(box.minLng / CELL_DEGREES);
    const column1 = Math.floor(box.maxLng / CELL_DEGREES);
    if ((row1 - row0 + 1) * (column1 - column0 + 1) > this.cells.size) {
      // A box with more cells than hold anyone: walk the cells there are instead.
      for (const cell of this.cells.values()) {
        if (cell.row >= row0 && cell.row <= row1 && cell.column >= column0 && cell.column <= column1) visit(cell);
      }
      return;
    }
    for (let row = row0; row <= row1; row++) {
      for (let column = column0; column <= column1; column++) {
        const cell = this.cells.get(cellKey(row, column));
        if (cell) visit(cell);
      }
    }
  }

  private place(c: ListingColumns, slot: number, apply: (set: Uint32Array, slot: number) => void): void {
    apply(this.live, slot);
    const mask = c.service[slot]!;
    for (let i = 0; i < this.service.length; i++) if ((mask & (1 << i)) !== 0) apply(this.service[i]!, slot);
    const tenths = Math.min(c.ratingTenths[slot]!, MAX_RATING_TENTHS);
    for (let t = 0; t <= tenths; t++) apply(this.ratingAtLeast[t]!, slot);
    const region = c.region[slot]!;
    while (this.region.length <= region) this.region.push(new Uint32Array(this.words));
    apply(this.region[region]!, slot);
    const pence = c.pence[slot]!;
    if (pence < 0 || c.projectBased[slot] === 1) return;
    apply(this.priced, slot);
    for (let k = 0; k <= PRICE_GRID_POUNDS; k++) {
      if (pence <= k * 100) apply(this.penceAtMost[k]!, slot);
      if (pence >= k * 100) apply(this.penceAtLeast[k]!, slot);
    }
  }
}
