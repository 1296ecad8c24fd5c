// listing-columns.ts against the SQL it stands for: the orders the directory offers, kept by
// SlotOrder through generated additions and removals (slots freed and taken again), against each
// ORDER BY of directory-sql.ts applied to the listings as plain rows:
//   best rated  (p.review_count > 0) DESC, ((p.rating * p.review_count + 20.0) / (p.review_count + 5)) DESC,
//               p.review_count DESC, p.id ASC       (numeric division: at least 16 significant digits)
//   price       p.hourly_rate_pence ASC NULLS LAST, p.id ASC
//   newest      p.created_at DESC, p.id ASC
//   id          p.id
// and a text's relevance order (RankedOrder: its ts_rank as float4 DESC, then best rated), the
// orders over listings the answer cache compares with (they agree with the slot orders), and the
// columns as written.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BAYES_PRIOR_MEAN, BAYES_PRIOR_WEIGHT } from '../../../../core/rating';
import type { IndexedListing } from './indexed-listing';
import { bestRated, bestRatedListing, byId, cheapest, cheapestListing, ListingColumns, newest, newestListing, RankedOrder, SlotOrder, type SlotCompare } from './listing-columns';

/** The listing as SQL rows have it: rating numeric(2,1), NULL pence, a timestamp. */
interface Row {
  id: number;
  rating: string;
  reviewCount: number;
  pence: number | null;
  createdMs: number;
  region: string;
}

const rowFields = fc.record({
  tenths: fc.integer({ min: 0, max: 50 }),
  // Few distinct counts and prices, so ties are common and the later keys decide.
  reviewCount: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 1_999 })),
  pence: fc.option(fc.constantFrom(0, 2_500, 4_000, 4_050, 10_000), { nil: null }),
  createdMs: fc.constantFrom(1_700_000_000_000, 1_700_000_000_001, 1_700_000_500_000),
  region: fc.constantFrom('Leeds', 'Kent', 'Wales'),
});

const SCALE = 10n ** 20n;
const PRIOR_SUM_TENTHS = BigInt(Math.round(BAYES_PRIOR_MEAN * BAYES_PRIOR_WEIGHT * 10));

/**
 * The weighted rating as PostgreSQL's numeric division gives it, to 20 decimal places (it keeps at
 * least 16 significant digits; two averages of counts below 2,000 differ far above that, so the
 * order is the same).
 */
function weighted(row: Row): bigint {
  const [units, tenth] = row.rating.split('.').map(BigInt) as [bigint, bigint];
  const ratingTenths = units * 10n + tenth;
  return ((ratingTenths * BigInt(row.reviewCount) + PRIOR_SUM_TENTHS) * SCALE) / (10n * BigInt(row.reviewCount + BAYES_PRIOR_WEIGHT));
}

/** A column of an ORDER BY: compare a and b by one key (negative: a first). */
type Key = (a: Row, b: Row) => number;
const desc = <T extends number | bigint | boolean>(key: (r: Row) => T): Key => (a, b) => (key(a) === key(b) ? 0 : key(a) > key(b) ? -1 : 1);
const asc = <T extends number | bigint>(key: (r: Row) => T): Key => (a, b) => (key(a) === key(b) ? 0 : key(a) < key(b) ? -1 : 1);
const nullsLast = (key: (r: Row) => number | null): Key => (a, b) => {
  const ka = key(a);
  const kb = key(b);
  if (ka === kb) return 0;
  if (ka === null) return 1;
  if (kb === null) return -1;
  return ka < kb ? -1 : 1;
};
const orderBy = (...keys: Key[]) => (a: Row, b: Row) => {
  for (const key of keys) {
    const by = key(a, b);
    if (by !== 0) return by;
  }
  return 0;
};

const SQL_ORDERS = {
  bestRated: orderBy(
    desc((r) => r.reviewCount > 0),
    desc(weighted),
    desc((r) => r.reviewCount),
    asc((r) => r.id),
  ),
  cheapest: orderBy(
    nullsLast((r) => r.pence),
    asc((r) => r.id),
  ),
  newest: orderBy(
    desc((r) => r.createdMs),
    asc((r) => r.id),
  ),
  byId: orderBy(asc((r) => r.id)),
};
const SLOT_ORDERS: Record<keyof typeof SQL_ORDERS, SlotCompare> = { bestRated, cheapest, newest, byId };

function listingOf(row: Row): IndexedListing {
  const [units, tenth] = row.rating.split('.').map(Number) as [number, number];
  return {
    id: row.id,
    ratingTenths: units * 10 + tenth,
    reviewCount: row.reviewCount,
    hourlyPence: row.pence ?? -1,
    createdMs: row.createdMs,
    region: row.region,
    serviceMask: 0,
    lat: NaN,
    lng: NaN,
  } as IndexedListing;
}

const opArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('add' as const), fields: rowFields }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), at: fc.nat() }) },
);

describe('ListingColumns and SlotOrder', () => {
  it("keep every order as SQL's ORDER BY sorts the rows, through additions and removals", () => {
    fc.assert(
      fc.property(fc.array(rowFields, { maxLength: 40 }), fc.array(opArbitrary, { minLength: 20, maxLength: 80 }), (initial, ops) => {
        const c = new ListingColumns([]);
        const orders = Object.fromEntries(Object.entries(SLOT_ORDERS).map(([name, compare]) => [name, new SlotOrder(c, compare)])) as Record<keyof typeof SQL_ORDERS, SlotOrder>;
        const rows = new Map<number, Row>();
        let nextId = 1;
        const rowOf = (fields: (typeof initial)[number]): Row => ({
          id: nextId++,
          rating: `${Math.floor(fields.tenths / 10)}.${fields.tenths % 10}`,
          reviewCount: fields.reviewCount,
          pence: fields.pence,
          createdMs: fields.createdMs,
          region: fields.region,
        });
        // A load: added unsorted, then each order sorted once (IndexState.sortAll).
        for (const fields of initial) {
          const row = rowOf(fields);
          rows.set(c.add(listingOf(row)), row);
        }
        for (const order of Object.values(orders)) order.fill(Int32Array.from(rows.keys()));
        for (const op of ops) {
          if (op.kind === 'add') {
            const row = rowOf(op.fields);
            const slot = c.add(listingOf(row));
            rows.set(slot, row);
            for (const order of Object.values(orders)) order.insert(slot);
          } else {
            const slots = [...rows.keys()];
            if (slots.length === 0) continue;
            const slot = slots[op.at % slots.length]!;
            for (const order of Object.values(orders)) order.remove(slot);
            c.release(slot);
            rows.delete(slot);
          }
          for (const [name, order] of Object.entries(orders) as [keyof typeof SQL_ORDERS, SlotOrder][]) {
            const bySql = [...rows.entries()].sort(([, a], [, b]) => SQL_ORDERS[name](a, b)).map(([slot]) => slot);
            expect(Array.from(order.slots.subarray(0, order.length)), name).toEqual(bySql);
            const rank = order.rank;
            bySql.forEach((slot, position) => expect(rank[slot], `${name} rank`).toBe(position));
          }
        }
        // The columns hold each slot's row; the answer cache's orders over listings are the slot orders.
        const slots = [...rows.keys()];
        for (const slot of slots) {
          const row = rows.get(slot)!;
          expect([c.id[slot], c.reviewCount[slot], c.pence[slot], c.createdMs[slot], c.listings[slot]?.id]).toEqual([row.id, row.reviewCount, row.pence ?? -1, row.createdMs, row.id]);
          expect([...c.regions()].find(([, id]) => id === c.region[slot])?.[0]).toBe(row.region);
        }
        for (const a of slots) {
          for (const b of slots) {
            const [la, lb] = [c.listings[a]!, c.listings[b]!];
            expect(Math.sign(bestRatedListing(la, lb))).toBe(Math.sign(bestRated(c, a, b)));
            expect(Math.sign(cheapestListing(la, lb))).toBe(Math.sign(cheapest(c, a, b)));
            expect(Math.sign(newestListing(la, lb))).toBe(Math.sign(newest(c, a, b)));
          }
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('numbers regions in the order they first come, and says -2 for one no listing has', () => {
    const c = new ListingColumns([]);
    for (const region of ['Kent', 'Leeds', 'Kent']) c.add(listingOf({ id: 1, rating: '0.0', reviewCount: 0, pence: null, createdMs: 0, region }));
    expect([...c.regions()]).toEqual([
      ['Kent', 0],
      ['Leeds', 1],
    ]);
    expect(c.regionIdOf('Wales')).toBe(-2);
  });
});

describe('RankedOrder', () => {
  it('keeps its slots by rank (as float4) DESC, then best rated, through insertions and removals', () => {
    const rank = fc.constantFrom(0.1, 0.25, Math.fround(0.3), 0.3, 1e-20, 0.6079270839691162);
    fc.assert(
      fc.property(fc.array(fc.tuple(rowFields, rank), { minLength: 1, maxLength: 40 }), fc.array(fc.nat(), { maxLength: 20 }), (entries, removals) => {
        const c = new ListingColumns([]);
        const kept = entries.map(([fields, key], i) => {
          const row: Row = { id: i + 1, rating: `${Math.floor(fields.tenths / 10)}.${fields.tenths % 10}`, reviewCount: fields.reviewCount, pence: fields.pence, createdMs: fields.createdMs, region: fields.region };
          return { slot: c.add(listingOf(row)), row, key: Math.fround(key) };
        });
        const byRelevance = (a: (typeof kept)[number], b: (typeof kept)[number]) => b.key - a.key || SQL_ORDERS.bestRated(a.row, b.row);
        // Built from its first half in order, then the rest inserted one by one.
        const half = Math.ceil(kept.length / 2);
        const built = kept.slice(0, half).sort(byRelevance);
        const order = new RankedOrder(
          c,
          bestRated,
          built.map((k) => k.slot),
          built.map((k) => k.key),
        );
        for (const k of kept.slice(half)) order.insert(k.slot, k.key);
        let present = [...kept];
        for (const at of removals) {
          if (present.length === 0) break;
          const gone = present[at % present.length]!;
          order.remove(gone.slot, gone.key);
          present = present.filter((k) => k !== gone);
        }
        const expected = present.sort(byRelevance);
        expect(Array.from(order.slots.subarray(0, order.length))).toEqual(expected.map((k) => k.slot));
        expect(Array.from(order.keys.subarray(0, order.length))).toEqual(expected.map((k) => k.key));
      }),
      { numRuns: 300 },
    );
  });
});
