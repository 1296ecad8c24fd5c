// One generation of the directory index (decision 0019): the listings by slot in columns, with
// their sets (the filters' families, filters.ts) and the orders the directory offers, the slot of
// each id, and the postings of each lexeme. A full load builds a new one and swaps it in; a
// change replaces one listing at a time (`replace`), telling a follower (the searches' kept orders
// and sets, directory-index.ts) at the moments it must act.
import type { BoundText } from './bound-text';
import type { DirectoryFilter } from './filters';
import type { IndexedListing } from './indexed-listing';
import { bestRated, byId, cheapest, ListingColumns, newest, SlotOrder } from './listing-columns';
import { addSlot, intersect, type SetFamily } from './slot-sets';
import type { QueryNode } from './text-search';

/** Above this id, a slot per id (IndexState.slotById) would cost too much memory: SQL finds text. */
export const MAX_TEXT_ID = 20_000_000;

/** The orders kept sorted; 'relevance' and 'distance' sort each search's matches. */
export interface Orders {
  rating: SlotOrder;
  price: SlotOrder;
  newest: SlotOrder;
  id: SlotOrder;
}

/** One listing's change, as `replace` made it: where it was and is (slot -1: not there). */
export interface ReplacedListing {
  before: IndexedListing | undefined;
  slotBefore: number;
  after: IndexedListing | undefined;
  slotAfter: number;
  /** The same words (the same parsed document): its postings stayed as they were. */
  sameText: boolean;
}

/** What is kept beside a state and must follow its listings (the searches' orders and sets). */
export interface ListingFollower {
  /** `listing` is about to leave `slot`; its columns still hold it. */
  leaving(slot: number, listing: IndexedListing): void;
  /** `listing` has just taken `slot` (its columns and sets written). */
  arrived(slot: number, listing: IndexedListing): void;
  /** One listing's change is complete. */
  replaced(change: ReplacedListing): void;
}

export class IndexState {
  readonly columns: ListingColumns;
  readonly slotOf = new Map<number, number>();
  /** slotOf as an array by id (-1: none), for walking postings to slots fast. */
  slotById = new Int32Array(0);
  /** Per lexeme id, the ids of the listings whose text has it. */
  readonly postings: number[][] = [];
  readonly orders: Orders;
  maxId = 0;

  /** `filters`: the filter table, whose sets the columns keep. */
  constructor(filters: readonly DirectoryFilter[]) {
    const families = filters.flatMap((filter): SetFamily[] => (filter.sets ? [filter.sets] : []));
    const c = (this.columns = new ListingColumns(families));
    this.orders = { rating: new SlotOrder(c, bestRated), price: new SlotOrder(c, cheapest), newest: new SlotOrder(c, newest), id: new SlotOrder(c, byId) };
  }

  get size(): number {
    return this.slotOf.size;
  }

  listing(id: number): IndexedListing | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.columns.listings[slot];
  }

  /** Adds a listing with its postings, unsorted (a load sorts once at the end: sortAll). */
  load(listing: IndexedListing): void {
    this.put(listing, { sorted: false });
    this.addPostings(listing);
  }

  sortAll(): void {
    const slots = Int32Array.from(this.slotOf.values());
    for (const order of Object.values(this.orders) as SlotOrder[]) order.fill(slots);
  }

  /**
   * Replaces the listing of `id` (undefined: none now), in its slot, sets, orders and postings,
   * and tells `follower` as it goes. Same words in the same slot (a new rating: the slot just
   * freed is the one taken again) leave every set of texts as it was.
   */
  replace(id: number, after: IndexedListing | undefined, follower: ListingFollower): { id: number; before: IndexedListing | undefined; after: IndexedListing | undefined } {
    const before = this.listing(id);
    const sameText = before !== undefined && after !== undefined && after.text === before.text;
    const slotBefore = before ? this.slotOf.get(id)! : -1;
    let slotAfter = -1;
    if (before) {
      // Out of the followers' orders while the columns still hold what they were sorted by.
      follower.leaving(slotBefore, before);
      this.remove(id);
      if (!sameText) this.removePostings(before);
    }
    if (after) {
      this.put(after, { sorted: true });
      if (!sameText) this.addPostings(after);
      slotAfter = this.slotOf.get(id)!;
      follower.arrived(slotAfter, after);
    }
    follower.replaced({ before, slotBefore, after, slotAfter, sameText });
    return { id, before, after };
  }

  /**
   * `search_vector @@ query` for every listing at once, as a set: each operand's listings through
   * the postings of its lexemes, then the tree's AND, OR and NOT word by word.
   */
  textSet(text: BoundText): Uint32Array {
    const sets = this.columns.sets;
    const words = sets.words;
    const operandSet = (operand: number): Uint32Array => {
      const set = new Uint32Array(words);
      for (const lexeme of text.operandIds[operand]!) {
        for (const id of this.postings[lexeme] ?? []) addSlot(set, this.slotById[id]!);
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
    return text.query.root ? evaluate(text.query.root) : new Uint32Array(words);
  }

  private put(listing: IndexedListing, { sorted }: { sorted: boolean }): void {
    const slot = this.columns.add(listing);
    this.slotOf.set(listing.id, slot);
    // Past MAX_TEXT_ID text goes to SQL (DirectoryIndex.prepare), so nothing reads slotById.
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

  private remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    for (const order of Object.values(this.orders) as SlotOrder[]) order.remove(slot);
    this.columns.release(slot);
    this.slotOf.delete(id);
    this.slotById[id] = -1;
  }

  private addPostings(listing: IndexedListing): void {
    for (const lexeme of listing.text.lexemeIds) (this.postings[lexeme] ??= []).push(listing.id);
  }

  private removePostings(listing: IndexedListing): void {
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
