// The filter table's forms agree (filters.ts, docs/decisions/0032-one-table-per-directory-filter.md),
// over generated listings, searches and changes, with no database:
//   - for every entry of the table, alone and together, the index's narrowing (its sets and
//     checks, the way a search selects) lets through exactly the listings its per-listing test
//     passes, and every listing the search matches is in the services and places it is filed
//     under for the answer cache;
//   - after generated changes, every page and map the answer cache kept is the one computed
//     afresh (body and total), and the cache computed one again only when it changed (or a write
//     touched a listing on the page, or one tying in rank with an end of a relevance page);
//   - the real enum entry (work mode, whose 'both' either mode finds) and an enum and a boolean
//     entry made by enumFilter (test-only, api/src/testing/directory-filter-arbitraries.ts: support
//     hours, taking on clients) go through the same: their
//     sets and tests here, their SQL text below; their SQL in PostgreSQL, with the columns added,
//     is tests/integration/directory-filters.int.test.ts.
// Each property fails when a generator leaves an entry of the table unused, or never lets it
// both match and exclude a listing: a new entry cannot go untested.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER, type Sort } from '../../../../core/directory';
import { WORK_MODES } from '../../../../core/work-mode';
import {
  entryArbitraries,
  factsArbitrary,
  EntryUsage,
  positionArbitrary,
  positionPoint,
  REGIONS,
  SEARCHED_SERVICES,
  searchArbitrary,
  takingClientsFilter,
  TEST_TABLE as TABLE,
  supportHoursFilter,
  SUPPORT_HOURS,
  UNLISTED,
  type StoredSupportHours,
  type TestListing,
  type TestQuery,
} from '../../testing/directory-filter-arbitraries';
import { AnswerCache, searchScope, type AnswerChanges } from './answer-cache';
import { Lexicon, type BoundText } from './bound-text';
import { distanceMiles } from './circle';
import { sortOf } from './directory-sql';
import { compileFilters, locationFilter, nearFilter, readFilters, searchMatcher, tenthsAtLeast, textFilter, workModeFilter, type IndexView } from './filters';
import { IndexState, type ListingFollower } from './index-state';
import { serviceMaskOf, type DirectoryChange, type IndexedListing } from './indexed-listing';
import { bestRatedListing } from './listing-columns';
import { listingPlaces } from './listing-places';
import { placeOfPage, searchOrder } from './page-place';
import { select, selectedSlots } from './slot-selection';
import { parseTsquery, tsRank } from './text-search';

// ---- generated listings -----------------------------------------------------------------------

const LEXEMES = ['web', 'design', 'cloud', 'backup', 'network', 'wifi', 'seo', 'secur', 'data', 'recoveri', 'london', 'manchest'];
const WEIGHTS = ['A', 'B', 'C', ''];

/** A listing's fields as generated (the rest follow from them). */
const listingFields = fc.record({
  services: fc.subarray(SEARCHED_SERVICES, { maxLength: 3 }),
  region: fc.constantFrom(...REGIONS),
  position: positionArbitrary,
  ratingTenths: fc.integer({ min: 0, max: 50 }),
  reviewCount: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 })),
  hourlyPence: fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 25_000 }), fc.integer({ min: 0, max: 250 }).map((pounds) => pounds * 100)),
  projectBased: fc.boolean(),
  createdMs: fc.integer({ min: 1_700_000_000_000, max: 1_700_000_100_000 }),
  words: fc.uniqueArray(fc.record({ lexeme: fc.constantFrom(...LEXEMES), positions: fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 2 }), weight: fc.constantFrom(...WEIGHTS) }), {
    selector: (word) => word.lexeme,
    maxLength: 4,
  }),
  workMode: fc.constantFrom<string | null>(...WORK_MODES, null),
  supportHours: fc.constantFrom<StoredSupportHours | null>(...SUPPORT_HOURS, UNLISTED, null),
  takingClients: fc.constantFrom(true, false, null),
  facts: factsArbitrary,
});
type ListingFields = typeof listingFields extends fc.Arbitrary<infer T> ? T : never;

function makeListing(id: number, fields: ListingFields, lexicon: Lexicon): TestListing {
  const point = positionPoint(fields.position);
  const lat = point?.lat ?? NaN;
  const lng = point?.lng ?? NaN;
  const vector = fields.words.map(({ lexeme, positions, weight }) => `'${lexeme}':${positions.map((p) => `${p}${weight}`).join(',')}`).join(' ');
  return {
    id,
    serviceMask: serviceMaskOf(fields.services),
    region: fields.region,
    lat,
    lng,
    ratingTenths: fields.ratingTenths,
    reviewCount: fields.reviewCount,
    hourlyPence: fields.hourlyPence,
    projectBased: fields.projectBased,
    createdMs: fields.createdMs,
    companyName: `Company ${id}`,
    textDigest: vector,
    text: lexicon.document(vector),
    json: JSON.stringify({ id, rating: fields.ratingTenths, reviews: fields.reviewCount, words: vector }),
    point: Number.isNaN(lat) ? null : { plain: `[${id},${lat},${lng}]`, named: `[${id},${lat},${lng},"Company ${id} ${fields.region}"]` },
    workMode: fields.workMode,
    supportHours: fields.supportHours,
    takingClients: fields.takingClients,
    ...fields.facts,
  };
}

// ---- generated searches: one generator per entry of the table -------------------------------------

/** What PostgreSQL's to_tsquery gives for visitors' words (the index asks it; the view below parses it as given). */
const ENTRY_FIELDS = entryArbitraries([
  "'web':*",
  "'web':* & 'design':*",
  "'cloud' | 'backup'",
  "'network' & !'wifi'",
  "!'seo'",
  "'se':*",
  "'data' & 'recoveri' & 'london'",
  "'nosuch'",
  "'d':* | 'w':*",
]);
const queryArbitrary = searchArbitrary(ENTRY_FIELDS).map((search) => search.query);

it('has a generator for every entry of the table, and none for an entry it lacks', () => {
  expect(Object.keys(ENTRY_FIELDS).sort()).toEqual(TABLE.map((filter) => filter.name).sort());
});

// ---- an index of generated listings --------------------------------------------------------------

/** What the kept orders would be told; this test keeps none (the index's own tests cover them). */
const FOLLOWS_NOTHING: ListingFollower = { leaving: () => {}, arrived: () => {}, replaced: () => {} };

function indexOf(fields: ListingFields[]) {
  const lexicon = new Lexicon();
  const state = new IndexState(TABLE);
  const listings = new Map<number, TestListing>();
  fields.forEach((f, i) => {
    const listing = makeListing(i + 1, f, lexicon);
    listings.set(listing.id, listing);
    state.load(listing);
  });
  state.sortAll();
  const texts = new Map<string, BoundText | null>();
  const view: IndexView = {
    parseText: async () => {},
    boundText(search) {
      if (!texts.has(search)) {
        const query = parseTsquery(search);
        texts.set(search, query && lexicon.bind(query));
      }
      const text = texts.get(search) ?? null;
      text?.extend();
      return text;
    },
    textSet: (text) => state.textSet(text),
  };
  return { lexicon, state, listings, view };
}

type Index = ReturnType<typeof indexOf>;

/** The ids the narrowing lets through (the index's select, its sets and checks), lowest first. */
function narrowed(index: Index, forms: Parameters<typeof select>[0]): number[] {
  const c = index.state.columns;
  const selection = select(forms, c, new Uint32Array(c.sets.words));
  return selectedSlots(selection)
    .map((slot) => c.id[slot]!)
    .sort((a, b) => a - b);
}

describe('the filter table', () => {
  it('narrows every search, and each entry alone, to exactly the listings its per-listing test passes, within the places and services it is filed under', () => {
    const usage = new EntryUsage();
    fc.assert(
      fc.property(fc.array(listingFields, { minLength: 20, maxLength: 70 }), fc.array(queryArbitrary, { minLength: 1, maxLength: 6 }), (fields, queries) => {
        const index = indexOf(fields);
        const all = [...index.listings.values()];
        for (const query of queries) {
          const active = readFilters(query, TABLE);
          for (const entry of active) {
            const form = entry.filter.compile(entry.value, index.view)!;
            const tested = all.filter((listing) => form.test(listing)).map((l) => l.id);
            expect(narrowed(index, [form]), `${entry.filter.name} ${JSON.stringify(entry.value)}`).toEqual(tested);
            usage.note(entry.filter.name, tested.length, all.length);
          }
          const compiled = compileFilters(active, index.view)!;
          const matcher = searchMatcher(compiled);
          const matching = all.filter((listing) => matcher.matches(listing));
          expect(narrowed(index, compiled.compiled), JSON.stringify(query)).toEqual(matching.map((l) => l.id));
          for (const listing of matching) {
            if (matcher.services !== -1) expect(listing.serviceMask & matcher.services, `services of ${JSON.stringify(query)}`).not.toBe(0);
            if (matcher.places) expect(listingPlaces(listing).some((place) => matcher.places!.includes(place)), `places of ${JSON.stringify(query)}, listing ${listing.id}`).toBe(true);
          }
        }
      }),
      { numRuns: 300, seed: 20261128 },
    );
    usage.expectEveryEntry(TABLE, 40);
  }, 120_000);

  it("keeps a page or map only while it equals the one computed afresh, and computes one again only when it changed", async () => {
    const usage = new EntryUsage();
    let kept = 0;
    let recounted = 0;
    const change = fc.oneof(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('rating' as const), at: fc.nat(), ratingTenths: fc.integer({ min: 0, max: 50 }), reviewCount: fc.integer({ min: 0, max: 40 }) }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), at: fc.nat(), fields: listingFields }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('leave' as const), at: fc.nat() }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('arrive' as const), fields: listingFields }) },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(listingFields, { minLength: 20, maxLength: 60 }), fc.array(queryArbitrary, { minLength: 4, maxLength: 8 }), fc.array(change, { minLength: 5, maxLength: 15 }), async (fields, queries, changes) => {
        const index = indexOf(fields);
        const feed = testFeed();
        const cache = new AnswerCache(feed, { maxBytes: 100_000_000 });
        const last = new Map<string, { json: string; total: number; touches: (listing: IndexedListing) => boolean }>();
        const answers = queries.flatMap((query, i) => [
          { key: `list ${i}`, query, kind: 'listings' as const },
          { key: `map ${i}`, query, kind: 'points' as const },
        ]);
        const ask = async ({ key, query, kind }: (typeof answers)[number], changed: IndexedListing[]) => {
          let computed = false;
          const answer = await cache.answer(key, async () => {
            computed = true;
            const fresh = computeAfresh(index, query, kind);
            return { body: fresh.json, scope: fresh.scope, ...(kind === 'listings' && { total: fresh.total }) };
          });
          const fresh = computeAfresh(index, query, kind);
          const json = answer!.json.toString();
          const total = Number(answer!.headers[TOTAL_COUNT_HEADER] ?? -1);
          expect({ json, total }, `${key} ${JSON.stringify(query)}`).toEqual({ json: fresh.json, total: kind === 'listings' ? fresh.total : -1 });
          const before = last.get(key);
          if (before && computed) {
            // Computed again: it changed, or a write touched a listing on the page (its bytes show the
            // listing) or one tying in rank with an end of it (relevance).
            const changedIt = before.json !== fresh.json || (kind === 'listings' && before.total !== fresh.total) || changed.some(before.touches);
            expect(changedIt, `${key} computed again though nothing changed: ${JSON.stringify(query)}`).toBe(true);
          }
          if (before && !computed) {
            kept += 1;
            if (kind === 'listings' && before.total !== fresh.total) recounted += 1;
          }
          last.set(key, { json: fresh.json, total: fresh.total, touches: fresh.touches });
        };
        for (const answer of answers) await ask(answer, []);
        for (const query of queries) {
          for (const entry of readFilters(query, TABLE)) {
            const form = entry.filter.compile(entry.value, index.view)!;
            usage.note(entry.filter.name, [...index.listings.values()].filter((l) => form.test(l)).length, index.listings.size);
          }
        }
        let nextId = fields.length + 1;
        for (const step of changes) {
          const ids = [...index.listings.keys()];
          let id: number;
          let after: TestListing | undefined;
          if (step.kind === 'arrive') {
            id = nextId++;
            after = makeListing(id, step.fields, index.lexicon);
          } else {
            if (ids.length === 0) continue;
            id = ids[step.at % ids.length]!;
            const current = index.listings.get(id)!;
            after =
              step.kind === 'leave'
                ? undefined
                : step.kind === 'rating'
                  ? { ...current, ratingTenths: step.ratingTenths, reviewCount: step.reviewCount, json: JSON.stringify({ id, rating: step.ratingTenths, reviews: step.reviewCount, words: current.textDigest }) }
                  : makeListing(id, step.fields, index.lexicon);
          }
          const replaced = index.state.replace(id, after, FOLLOWS_NOTHING);
          if (after) index.listings.set(id, after);
          else index.listings.delete(id);
          feed.send({ listings: [replaced], reviewsOf: [] });
          const changed = [replaced.before, replaced.after].filter((l): l is IndexedListing => l !== undefined);
          for (const answer of answers) await ask(answer, changed);
        }
      }),
      { numRuns: 60, seed: 20261129 },
    );
    usage.expectEveryEntry(TABLE, 20);
    // The cache did keep pages through changes, and gave some a new total (else this proves little).
    expect(kept).toBeGreaterThan(2_000);
    expect(recounted).toBeGreaterThan(50);
  }, 120_000);
});

/** The answer cache's source of changes, fed by hand (what the index's keeper emits). */
function testFeed(): AnswerChanges & { send(change: DirectoryChange): void } {
  const listeners: ((change: DirectoryChange) => void)[] = [];
  return {
    live: true,
    onChange: (listener) => void listeners.push(listener),
    send: (change) => listeners.forEach((listener) => listener(change)),
  };
}

/**
 * A search's page (or map) computed the plain way: its matches by the table's narrowing, sorted by
 * the search's whole order (ranks as float4, then best rated; distance, then id; …), and the scope
 * the directory's answers give it (directory-answers.ts).
 */
function computeAfresh(index: Index, query: TestQuery, kind: 'listings' | 'points') {
  const compiled = compileFilters(readFilters(query, TABLE), index.view)!;
  const c = index.state.columns;
  const matches = selectedSlots(select(compiled.compiled, c, new Uint32Array(c.sets.words))).map((slot) => c.listings[slot]!);
  const matcher = searchMatcher(compiled);
  if (kind === 'points') {
    const points = matches
      .sort((a, b) => a.id - b.id)
      .flatMap((l) => (l.point ? [l.point.named] : []));
    return { json: `{"total":${matches.length},"points":[${points.join(',')}]}`, total: matches.length, scope: searchScope(matcher, 'points'), touches: () => false };
  }
  const sort: Sort = sortOf(query);
  const text = compiled.of(textFilter)?.text ?? null;
  const near = compiled.of(nearFilter)?.circle ?? null;
  // Distance with a place and no near: from the place's centre, no position last (issue 34).
  const origin = near ?? (sort === 'distance' ? (locationFilter.read(query)?.area ?? null) : null);
  const milesOf = (l: IndexedListing) => (origin && !Number.isNaN(l.lat) ? distanceMiles(origin.point, l.lat, l.lng) : Infinity);
  const rank = (l: IndexedListing) => (text ? Math.fround(tsRank(l.text, text.query, text.operandLexemes)) : 0);
  const whole =
    sort === 'relevance' && text
      ? (a: IndexedListing, b: IndexedListing) => rank(b) - rank(a) || bestRatedListing(a, b)
      : sort === 'distance' && origin
        ? (a: IndexedListing, b: IndexedListing) => (milesOf(a) === milesOf(b) ? a.id - b.id : milesOf(a) - milesOf(b))
        : searchOrder(sort, null, null);
  const limit = query.limit ?? 24;
  const offset = query.offset ?? 0;
  const page = matches.sort(whole).slice(offset, offset + limit);
  const place = placeOfPage(page, searchOrder(sort, text, origin), limit);
  const ends = place.ends;
  // A write to a listing on the page may change its bytes; and byRelevance says 0 for equal ranks,
  // so a listing tying with an end may be forgotten without a change.
  const touches = (l: IndexedListing) =>
    place.ids.has(l.id) || (sort === 'relevance' && text !== null && ends !== null && (rank(l) === rank(ends.first) || rank(l) === rank(ends.last)));
  return { json: `[${page.map((l) => l.json).join(',')}]`, total: matches.length, scope: searchScope(matcher, 'listings', place), touches };
}

describe('enumFilter', () => {
  it("writes its SQL as the column against the value, and nothing for a value it does not know", () => {
    const evenings = supportHoursFilter.sql('evenings');
    expect(evenings.sql).toBe('p.support_hours = ?');
    expect(evenings.values).toEqual(['evenings']);
    expect(supportHoursFilter.sql(UNLISTED).sql).toBe('false');
    expect(takingClientsFilter.sql(false).sql).toBe('p.taking_clients = ?');
    expect(takingClientsFilter.sql(false).values).toEqual([false]);
    // The index reads the column it names, under the field's name.
    expect(supportHoursFilter.columns).toEqual({ supportHours: 'p.support_hours' });
  });

  it("finds, for a searched value, every stored value it names: work mode 'both' by either mode (product rule 39)", () => {
    const remote = workModeFilter.sql('remote');
    expect(remote.sql).toBe('p.work_mode IN (?,?)');
    expect(remote.values).toEqual(['remote', 'both']);
    const onSite = workModeFilter.compile('on_site', null as never)!;
    const listing = (workMode: string | null) => ({ workMode }) as IndexedListing;
    expect(['on_site', 'remote', 'both', null].map((mode) => onSite.test(listing(mode)))).toEqual([true, false, true, false]);
    const sets: number[] = [];
    workModeFilter.sets!.setsOf(listing('both'), (at) => sets.push(at));
    expect(sets).toEqual([0, 1]);
  });
});

describe('tenthsAtLeast', () => {
  it('is the least rating in tenths a minimum lets through, whatever the float', () => {
    expect([0, 0.1, 0.3, 3, 3.33, 3.5, 4.95, 5].map(tenthsAtLeast)).toEqual([0, 1, 3, 30, 34, 35, 50, 50]);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 5, noNaN: true }), (minRating) => {
        const tenths = tenthsAtLeast(minRating);
        expect(tenths / 10 >= minRating && (tenths - 1) / 10 < minRating).toBe(true);
      }),
    );
  });
});
