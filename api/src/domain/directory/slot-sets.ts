// Sets of the directory index's slots as bitsets (decision 0019), one bit a slot. A search ANDs
// the few sets its filters name, word by word, and counts the bits for its exact total, so it
// costs about the same whatever it matches; before, it read every listing (decision 0019). What no set says exactly (a price bound that is not a whole pound, a circle,
// text) is checked listing by listing, and only for the listings the sets let through (a circle's
// candidates come from its map cells).
//
// Which sets there are is the filters' business (filters.ts): each filter that narrows by sets
// brings a family (one set per service, per rating threshold, per value of an enum field, …) and
// says which of them a listing belongs in. This file keeps them, and the sets every search shares:
// the live slots, one set per region, the slots by map cell, and the places and circles searched
// lately. So a new filter needs no change here.
import type { IndexedListing } from './indexed-listing';

/** A filter's sets: how many, and which of them a listing belongs in. */
export interface SetFamily {
  readonly size: number;
  /** Calls `visit` with the index of every set of the family `listing` belongs in. */
  setsOf(listing: IndexedListing, visit: (set: number) => void): void;
}

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
 * Places and circles searched lately whose sets are kept (a bit per listing each; decision 0019).
 * The long tail asks for thousands of circles (an outcode × a radius); the ones asked again within
 * a while are served from here.
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
  /** By region id (ListingColumns.regionIdOf). */
  readonly region: Uint32Array[] = [];
  /** Each filter's sets, by its family. */
  private readonly families: Map<SetFamily, Uint32Array[]>;
  /** Slots with a position, by map cell. */
  private readonly cells = new Map<number, Cell>();
  /** The slots in a place or circle searched lately, by key, kept current as slots come and go (least recently used first). */
  private readonly circles = new Map<string, { region: number; matches: (slot: number) => boolean; set: Uint32Array }>();

  constructor(families: readonly SetFamily[]) {
    this.families = new Map(families.map((family) => [family, Array.from({ length: family.size }, () => new Uint32Array(0))]));
  }

  /** A family's sets, in its order. */
  of(family: SetFamily): readonly Uint32Array[] {
    const sets = this.families.get(family);
    if (!sets) throw new Error('slot sets: a filter family the index was not built with');
    return sets;
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
    for (const list of [this.region, ...this.families.values()]) {
      for (let i = 0; i < list.length; i++) list[i] = grown(list[i]!);
    }
    for (const circle of this.circles.values()) circle.set = grown(circle.set);
    this.words = words;
  }

  /** Puts `slot`, holding `listing` in region `region` (an id), in every set the listing belongs in. */
  add(slot: number, listing: IndexedListing, region: number): void {
    this.place(slot, listing, region, addSlot);
    for (const circle of this.circles.values()) if ((region >= 0 && region === circle.region) || circle.matches(slot)) addSlot(circle.set, slot);
    const { lat, lng } = listing;
    if (Number.isNaN(lat) || Number.isNaN(lng)) return;
    const row = Math.floor(lat / CELL_DEGREES);
    const column = Math.floor(lng / CELL_DEGREES);
    const cell = this.cells.get(cellKey(row, column));
    if (cell) cell.slots.push(slot);
    else this.cells.set(cellKey(row, column), { row, column, slots: [slot] });
  }

  /** Takes `slot` out of every set (`listing` and `region`: what it was added with). */
  remove(slot: number, listing: IndexedListing, region: number): void {
    this.place(slot, listing, region, removeSlot);
    for (const circle of this.circles.values()) removeSlot(circle.set, slot);
    const { lat, lng } = listing;
    if (Number.isNaN(lat) || Number.isNaN(lng)) return;
    const slots = this.cells.get(cellKey(Math.floor(lat / CELL_DEGREES), Math.floor(lng / CELL_DEGREES)))?.slots;
    const at = slots?.indexOf(slot) ?? -1;
    if (!slots || at < 0) return;
    slots[at] = slots[slots.length - 1]!;
    slots.pop();
  }

  /**
   * The set of the slots in a place or circle (its `key`): those of `region` (a region id, or -1
   * for none) and those in the cells `box` touches that `matches` lets through. Kept for the next
   * search of the same key, and kept current as slots come and go (a slot that comes later is in
   * it when it is of `region` or `matches` lets it through). A cell that `holdsBox` says lies
   * wholly inside goes in without a test of each of its slots.
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
    this.circles.set(key, { region, matches, set });
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

  private place(slot: number, listing: IndexedListing, region: number, apply: (set: Uint32Array, slot: number) => void): void {
    apply(this.live, slot);
    while (this.region.length <= region) this.region.push(new Uint32Array(this.words));
    apply(this.region[region]!, slot);
    for (const [family, sets] of this.families) family.setsOf(listing, (set) => apply(sets[set]!, slot));
  }
}
