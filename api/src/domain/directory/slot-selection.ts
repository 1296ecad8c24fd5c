// A search's matches in the directory index (decision 0019), and the ways of taking its page of
// them: the filters' narrowings ANDed over the live slots (filters.ts: each filter's sets, and
// checks for what no set says exactly), then a page by sorting a few matches by their position in
// a presorted order, or by walking the order until the page is full.
import { distanceMiles, type Circle } from './circle';
import type { CompiledFilter, SlotCheck } from './filters';
import { bestRated, type ListingColumns, type SlotCompare, type SlotOrder } from './listing-columns';
import { countSlots, forEachSlot, hasSlot } from './slot-sets';

/** A search's matches: the slots in `set`, less those `check` (when there is one) turns down. */
export interface Selection {
  set: Uint32Array;
  words: number;
  check: SlotCheck | null;
}

/** Every check in one, or null for none. */
function allOf(checks: SlotCheck[]): SlotCheck | null {
  if (checks.length === 0) return null;
  if (checks.length === 1) return checks[0]!;
  return (slot) => checks.every((check) => check(slot));
}

/**
 * The matches of a search's filters: the live slots narrowed by each (`implied`: one that every
 * slot the caller will look at passes already, left out). Writes into `result` (a search never
 * awaits while it uses it).
 */
export function select(filters: readonly CompiledFilter[], c: ListingColumns, result: Uint32Array, implied?: CompiledFilter): Selection {
  const words = c.sets.words;
  result.set(c.sets.live.subarray(0, words));
  const checks: SlotCheck[] = [];
  for (const filter of filters) if (filter !== implied) filter.narrow(c, result, checks);
  return { set: result, words, check: allOf(checks) };
}

function isSelected(selection: Selection, slot: number, check: SlotCheck | null): boolean {
  return hasSlot(selection.set, slot) && (check === null || check(slot));
}

export function selectedCount(selection: Selection): number {
  const check = selection.check;
  if (check === null) return countSlots(selection.set, selection.words);
  let count = 0;
  forEachSlot(selection.set, selection.words, (slot) => {
    if (check(slot)) count += 1;
  });
  return count;
}

export function selectedSlots(selection: Selection): number[] {
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
export function walkOrder(
  order: { slots: ArrayLike<number>; length: number },
  selection: Selection,
  { offset, end, countAll }: { offset: number; end: number; countAll: boolean },
): { page: number[]; total: number } {
  const page: number[] = [];
  const slots = order.slots;
  const check = selection.check;
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
export function inOrder(order: SlotOrder, found: number[], offset: number, end: number): number[] {
  const positions = new Int32Array(found.length);
  const rank = order.rank;
  for (let i = 0; i < found.length; i++) positions[i] = rank[found[i]!]!;
  positions.sort();
  return Array.from(positions.subarray(offset, Math.min(end, positions.length)), (at) => order.slots[at]!);
}

/**
 * The [offset, end) of `found` sorted by `key` (smallest first), ties by `tie`: only the first
 * `end` are sorted.
 */
export function sortedPage(c: ListingColumns, found: number[], offset: number, end: number, key: (slot: number) => number, tie: SlotCompare): number[] {
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

/** A slot's distance in miles from a circle's centre (distanceSql's arithmetic). */
export function milesFrom(c: ListingColumns, near: Circle): (slot: number) => number {
  return (slot) => distanceMiles(near.point, c.lat[slot]!, c.lng[slot]!);
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

const FLOAT_OF_BITS = new Float32Array(1);
const BITS_OF_FLOAT = new Uint32Array(FLOAT_OF_BITS.buffer);
/** Positions in the best-rated order packed below a rank's bits: up to 2^21 listings (2,097,152). */
const POSITION_SPAN = 2 ** 21;

/**
 * `found` by rank DESC, then best rated (a text's relevance order), or null past POSITION_SPAN
 * listings. Each listing becomes one number, its rank's float32 bits (which order as the ranks do,
 * ranks being positive) reversed, times POSITION_SPAN, plus its position in the best-rated order:
 * below 2^52, so exact in a double, and a Float64Array sorts natively, faster than an array
 * sorted with a comparator (decision 0019).
 */
export function byRankThenPosition(found: number[], ranks: Float32Array, rating: SlotOrder): { slots: Int32Array; keys: Float32Array } | null {
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
export function byRankThenBestRated(c: ListingColumns, found: number[], ranks: Float32Array): { slots: number[]; keys: number[] } {
  const positions = Array.from(found.keys()).sort((a, b) => ranks[b]! - ranks[a]! || bestRated(c, found[a]!, found[b]!));
  return { slots: positions.map((i) => found[i]!), keys: positions.map((i) => ranks[i]!) };
}
