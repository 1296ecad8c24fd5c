// slot-sets.ts against plain JavaScript sets: the bit operations, and SlotSets kept through
// generated additions, removals and growth, with families of sets as filters bring them (one set
// per value, and a listing in several sets of one family), regions, map cells, and the kept sets of
// places and circles (`within`), built at any moment and kept current from then on.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IndexedListing } from './indexed-listing';
import { addSlot, countSlots, forEachSlot, hasSlot, intersect, removeSlot, SlotSets, type CellBox, type SetFamily } from './slot-sets';

/** The slots of a bitset, lowest first. */
function slotsOf(set: Uint32Array, words: number): number[] {
  const found: number[] = [];
  forEachSlot(set, words, (slot) => found.push(slot));
  return found;
}

describe('bitsets', () => {
  it('add, remove, test, intersect, count and list slots as Sets of numbers do', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat(2_047))), fc.uniqueArray(fc.nat(2_047)), (ops, others) => {
        const words = 64;
        const set = new Uint32Array(words);
        const model = new Set<number>();
        for (const [add, slot] of ops) {
          if (add) {
            addSlot(set, slot);
            model.add(slot);
          } else {
            removeSlot(set, slot);
            model.delete(slot);
          }
        }
        const sorted = [...model].sort((a, b) => a - b);
        expect(slotsOf(set, words)).toEqual(sorted);
        expect(countSlots(set, words)).toBe(model.size);
        for (const slot of [0, 31, 32, 2_047, ...others]) expect(hasSlot(set, slot)).toBe(model.has(slot));
        const other = new Uint32Array(words);
        for (const slot of others) addSlot(other, slot);
        intersect(set, other, words);
        expect(slotsOf(set, words)).toEqual(sorted.filter((slot) => others.includes(slot)));
      }),
    );
  });
});

/** A listing as the sets look at it: its id, position and the field the test families read. */
interface Placed {
  slot: number;
  listing: IndexedListing;
  region: number;
}

/** One set per value of `serviceMask % 4`, as an enum filter's family is. */
const BY_VALUE: SetFamily = { size: 4, setsOf: (listing, visit) => visit(listing.serviceMask % 4) };
/** A listing in every set of a bit it has, as the services' family is. */
const BY_BIT: SetFamily = {
  size: 5,
  setsOf(listing, visit) {
    for (let bit = 0; bit < 5; bit++) if (listing.serviceMask & (1 << bit)) visit(bit);
  },
};

const listingArbitrary = fc.record({
  serviceMask: fc.nat(31),
  position: fc.option(fc.record({ lat: fc.double({ min: 50, max: 51.2, noNaN: true }), lng: fc.double({ min: -1.2, max: 0.2, noNaN: true }) }), { nil: null, freq: 5 }),
  region: fc.nat(3),
});

/**
 * Boxes searched: of every size, some covering whole cells (0.2° a side), some with more cells than
 * hold anyone (then `within` walks the cells there are).
 */
const boxArbitrary = fc
  .record({ lat: fc.double({ min: 49.8, max: 51.2, noNaN: true }), lng: fc.double({ min: -1.4, max: 0.2, noNaN: true }), dLat: fc.double({ min: 0, max: 1.5, noNaN: true }), dLng: fc.double({ min: 0, max: 1.5, noNaN: true }) })
  .map(({ lat, lng, dLat, dLng }): CellBox => ({ minLat: lat, maxLat: lat + dLat, minLng: lng, maxLng: lng + dLng }));

const opArbitrary = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('add' as const), listing: listingArbitrary }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('grow' as const), by: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('within' as const), box: boxArbitrary, region: fc.integer({ min: -1, max: 3 }), key: fc.nat(30) }) },
);

const inBox = (box: CellBox, lat: number, lng: number) => lat >= box.minLat && lat <= box.maxLat && lng >= box.minLng && lng <= box.maxLng;
/** In the place: of its region, or inside its box. */
const inPlace = (box: CellBox, region: number) => (p: Placed) => p.region === region || inBox(box, p.listing.lat, p.listing.lng);
const cellInside = (box: CellBox) => (cell: CellBox) => cell.minLat >= box.minLat && cell.maxLat <= box.maxLat && cell.minLng >= box.minLng && cell.maxLng <= box.maxLng;

describe('SlotSets', () => {
  it('keeps every family, region and kept place holding exactly the slots it should, through additions, removals and growth', () => {
    fc.assert(
      fc.property(fc.array(opArbitrary, { minLength: 60, maxLength: 120 }), (ops) => {
        const sets = new SlotSets([BY_VALUE, BY_BIT]);
        let capacity = 64;
        sets.grow(capacity);
        const placed = new Map<number, Placed>();
        const free: number[] = [];
        let nextSlot = 0;
        /** Places asked for, by key: what they were asked with. */
        const asked = new Map<string, { box: CellBox; region: number }>();
        const lookup = (slot: number) => placed.get(slot)!.listing;
        for (const op of ops) {
          if (op.kind === 'add') {
            const slot = free.pop() ?? nextSlot++;
            if (slot >= capacity) sets.grow((capacity = Math.max(slot + 1, capacity * 2)));
            const listing = { id: slot + 1, serviceMask: op.listing.serviceMask, lat: op.listing.position?.lat ?? NaN, lng: op.listing.position?.lng ?? NaN } as IndexedListing;
            placed.set(slot, { slot, listing, region: op.listing.region });
            sets.add(slot, listing, op.listing.region);
          } else if (op.kind === 'remove') {
            const held = [...placed.values()];
            if (held.length === 0) continue;
            const { slot, listing, region } = held[op.at % held.length]!;
            sets.remove(slot, listing, region);
            placed.delete(slot);
            free.push(slot);
          } else if (op.kind === 'grow') {
            sets.grow((capacity += op.by));
          } else {
            const key = `place ${op.key}`;
            // A key keeps its first box (as a place or circle keeps its own), and its set from then on.
            const { box, region } = asked.get(key) ?? { box: op.box, region: op.region };
            asked.set(key, { box, region });
            const got = sets.within(key, box, region, (slot) => inBox(box, lookup(slot).lat, lookup(slot).lng), cellInside(box));
            expect(slotsOf(got, sets.words), key).toEqual(expected(placed, inPlace(box, region)));
          }
          const words = sets.words;
          expect(words).toBe(Math.ceil(capacity / 32));
          expect(slotsOf(sets.live, words)).toEqual(expected(placed, () => true));
          for (let value = 0; value < 4; value++) expect(slotsOf(sets.of(BY_VALUE)[value]!, words)).toEqual(expected(placed, (p) => p.listing.serviceMask % 4 === value));
          for (let bit = 0; bit < 5; bit++) expect(slotsOf(sets.of(BY_BIT)[bit]!, words)).toEqual(expected(placed, (p) => (p.listing.serviceMask & (1 << bit)) !== 0));
          for (let region = 0; region < sets.region.length; region++) expect(slotsOf(sets.region[region]!, words)).toEqual(expected(placed, (p) => p.region === region));
        }
        // Every kept place, asked once more after all the changes, still holds what it should.
        for (const [key, { box, region }] of asked) {
          expect(slotsOf(sets.within(key, box, region, () => false), sets.words), key).toEqual(expected(placed, inPlace(box, region)));
        }
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it("finds a place's slots in every cell its box touches, whether it looks cell by cell or walks the few cells there are", () => {
    const at = (slot: number, lat: number, lng: number) => ({ id: slot + 1, serviceMask: 0, lat, lng }) as IndexedListing;
    const corners = [at(0, 50.05, 0.05), at(1, 50.45, 0.05), at(2, 50.05, 0.45), at(3, 50.45, 0.45), at(4, 50.55, 0.45)];
    const box: CellBox = { minLat: 50.0, maxLat: 50.5, minLng: 0, maxLng: 0.5 };
    const inside = (slot: number) => inBox(box, corners[slot]!.lat, corners[slot]!.lng);
    // Few cells hold anyone (its 9 cells against 4 held): it walks them.
    const sparse = new SlotSets([]);
    sparse.grow(64);
    corners.slice(0, 4).forEach((listing, slot) => sparse.add(slot, listing, 0));
    expect(slotsOf(sparse.within('few', box, -1, inside), sparse.words)).toEqual([0, 1, 2, 3]);
    // Many cells hold someone: it looks at the box's own.
    const dense = new SlotSets([]);
    dense.grow(64);
    corners.forEach((listing, slot) => dense.add(slot, listing, 0));
    for (let i = 0; i < 20; i++) dense.add(5 + i, at(5 + i, 52 + i * 0.2, 3), 0);
    expect(slotsOf(dense.within('many', box, -1, inside), dense.words)).toEqual([0, 1, 2, 3]);
  });

  it('refuses a family it was not built with', () => {
    expect(() => new SlotSets([BY_VALUE]).of(BY_BIT)).toThrow(/not built with/);
  });
});

function expected(placed: Map<number, Placed>, keep: (p: Placed) => boolean): number[] {
  return [...placed.values()]
    .filter(keep)
    .map((p) => p.slot)
    .sort((a, b) => a - b);
}
