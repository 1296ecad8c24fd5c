// What the directory index builds for searches and keeps beside a generation of listings
// (decision 0019): each text's set of the listings it finds and its relevance order (its ts_rank,
// then best rated), and each circle's listings nearest first. Built when searches ask for them,
// kept for the texts and circles searched lately, and kept current as the keeper replaces
// listings (index-state.ts calls these hooks), so a search of a text or circle asked before is a
// walk, not a sort of every match.
import { LRUCache } from 'lru-cache';
import type { BoundText } from './bound-text';
import { circleKey, distanceMiles, inside, type Circle } from './circle';
import { circleSet } from './filters';
import type { IndexState, ListingFollower, ReplacedListing } from './index-state';
import type { IndexedListing } from './indexed-listing';
import { bestRated, byId, RankedOrder } from './listing-columns';
import { addSlot, forEachSlot, removeSlot } from './slot-sets';
import { byRankThenBestRated, byRankThenPosition, milesFrom, sortedPage } from './slot-selection';
import { tsRank } from './text-search';

/** How many texts keep the set of listings they find (a bit per listing each; decision 0019). */
const KEPT_TEXT_SETS = 1_024;

/**
 * How many listings the kept relevance orders may hold together (a slot and a float4 rank each,
 * RankedOrder), the least recently searched texts losing theirs first. Each order holds only the
 * listings its text finds: the hundreds of texts a day's long tail repeats fit, and a text is
 * ranked once, not once per search (decision 0019).
 */
const RANKED_ENTRIES = 1_500_000;
/** What a kept order costs beyond its entries, in entries (its objects and the text's own). */
const RANKED_ORDER_OVERHEAD = 256;

/** A circle's listings nearest first, for the index state they were read from. */
interface NearestFirst {
  state: IndexState;
  near: Circle;
  slots: number[];
}

export class KeptOrders implements ListingFollower {
  /** Circles searched by distance lately, their listings nearest first (byDistance). */
  private readonly nearest = new LRUCache<string, NearestFirst>({ max: 64 });
  /** Circles searched by distance once (byDistance keeps an order from the second search). */
  private readonly nearSeen = new LRUCache<string, true>({ max: 4096 });
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

  /** `state`: the index's current generation. */
  constructor(private readonly state: () => IndexState) {}

  /** The set of the listings a text finds (IndexState.textSet), kept per text (KEPT_TEXT_SETS) and kept current as listings change. */
  textSet(text: BoundText): Uint32Array {
    const state = this.state();
    const kept = this.textSets.get(text);
    if (kept && kept.length === state.columns.sets.words) return kept;
    const set = state.textSet(text);
    this.textSets.set(text, set);
    return set;
  }

  /** Whether the text has its relevance order now (a walk of it needs no test of the text). */
  hasRelevanceOrder(text: BoundText): boolean {
    return this.rankedTexts.has(text);
  }

  /**
   * The listings a text finds in relevance order: ts_rank DESC, then BEST_RATED_ORDER. Built once
   * (every match ranked once), then kept current as listings change while the text is searched.
   */
  relevanceOrder(text: BoundText): RankedOrder {
    const kept = this.rankedTexts.get(text);
    if (kept) return kept;
    const state = this.state();
    const c = state.columns;
    const found: number[] = [];
    forEachSlot(this.textSet(text), c.sets.words, (slot) => found.push(slot));
    const keys = new Float32Array(found.length);
    for (let i = 0; i < found.length; i++) keys[i] = tsRank(c.listings[found[i]!]!.text, text.query, text.operandLexemes);
    const sorted = byRankThenPosition(found, keys, state.orders.rating) ?? byRankThenBestRated(c, found, keys);
    const order = new RankedOrder(c, bestRated, sorted.slots, sorted.keys);
    this.rankedTexts.set(text, order);
    return order;
  }

  /**
   * Every listing inside a circle, nearest first (`distanceSql`, then `p.id ASC`): kept per circle
   * and kept current as listings change, so a page by distance is a walk, not a sort of every
   * match. Null for a circle's first search (most are asked once: the caller sorts that search's
   * matches alone).
   */
  byDistance(near: Circle): number[] | null {
    const state = this.state();
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
    const slots = sortedPage(c, found, 0, found.length, milesFrom(c, near), byId);
    this.nearest.set(key, { state, near, slots });
    return slots;
  }

  // ---- following the listings (ListingFollower): the texts with a relevance order (a hundred or
  // so) look at every changed document, as it orders by rating; those with a kept set (up to
  // KEPT_TEXT_SETS) only at one whose words or slot change, as a new rating (most changes) leaves a
  // set as it was.

  /** A new generation is about to be swapped in: the orders and sets built over the old one go. */
  reloaded(): void {
    this.rankedTexts.clear();
    this.textSets.clear();
  }

  leaving(slot: number, listing: IndexedListing): void {
    for (const [text, order] of this.rankedTexts.entries()) {
      if (text.finds(listing.text)) order.remove(slot, tsRank(listing.text, text.query, text.operandLexemes));
    }
    this.forgetNearest(slot);
  }

  arrived(slot: number, listing: IndexedListing): void {
    this.keepNearest(slot);
    for (const [text, order] of this.rankedTexts.entries()) {
      if (text.finds(listing.text)) order.insert(slot, tsRank(listing.text, text.query, text.operandLexemes));
    }
  }

  replaced({ before, slotBefore, after, slotAfter, sameText }: ReplacedListing): void {
    // The sets hold slots: same words in the same slot (the slot just freed is the one taken
    // again, so every new rating) leave each set as it was.
    if (sameText && slotAfter === slotBefore) return;
    const words = this.state().columns.sets.words;
    for (const [text, set] of this.textSets.entries()) {
      // A set shorter than the columns (they grew) is built again when next asked.
      if (set.length !== words) continue;
      if (before) removeSlot(set, slotBefore);
      if (after && text.finds(after.text)) addSlot(set, slotAfter);
    }
  }

  /** Takes a slot out of the kept nearest-first orders of the circles it is inside (before its columns are released). */
  private forgetNearest(slot: number): void {
    const state = this.state();
    const c = state.columns;
    const lat = c.lat[slot]!;
    const lng = c.lng[slot]!;
    for (const kept of this.nearest.values()) {
      if (kept.state !== state || !inside(kept.near, lat, lng)) continue;
      const at = kept.slots.indexOf(slot);
      if (at >= 0) kept.slots.splice(at, 1);
    }
  }

  /** Puts a new slot into the kept nearest-first orders of the circles it is inside. */
  private keepNearest(slot: number): void {
    const state = this.state();
    const c = state.columns;
    const lat = c.lat[slot]!;
    const lng = c.lng[slot]!;
    for (const kept of this.nearest.values()) {
      if (kept.state !== state || !inside(kept.near, lat, lng)) continue;
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
}
