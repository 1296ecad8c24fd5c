// The answer cache's rule for answers computed across a change (answer-cache.ts): stored when no
// change since the computation began can alter it, returned but not stored when one can.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnswerCache, ownBytes, type AnswerChanges, type AnswerScope } from './answer-cache';
import type { DirectoryChange, IndexedListing } from './indexed-listing';
import { listingPlaces } from './listing-places';

function changes(): AnswerChanges & { send(change: DirectoryChange): void } {
  const listeners: ((change: DirectoryChange) => void)[] = [];
  return {
    live: true,
    onChange: (listener) => void listeners.push(listener),
    send: (change) => listeners.forEach((listener) => listener(change)),
  };
}

/** A listing as far as these scopes look at it: its id. */
const listing = (id: number) => ({ id }) as IndexedListing;
const newRating = (id: number): DirectoryChange => ({ listings: [{ id, before: listing(id), after: listing(id) }], reviewsOf: [] });
/** An answer resting on the listings with these ids. */
const listingsScope = (...ids: number[]): AnswerScope => ({ kind: 'listings', matches: (l) => ids.includes(l.id) });

/** Stores an answer for `key` resting on `scope`. */
async function keep(cache: AnswerCache, key: string, scope: AnswerScope): Promise<void> {
  await cache.value(key, async () => key, () => 10, () => scope);
  expect(cache.has(key)).toBe(true);
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Starts computing `key` (resting on `scope`), sends `during` while it runs, then lets it finish. */
async function computeAcross(cache: AnswerCache, feed: ReturnType<typeof changes>, key: string, scope: AnswerScope, during: DirectoryChange[]): Promise<string> {
  const gate = deferred<string>();
  const answer = cache.value(key, () => gate.promise, () => 10, () => scope);
  for (const change of during) feed.send(change);
  gate.resolve(`answer for ${key}`);
  return answer;
}

describe('an answer computed across a change', () => {
  it('is stored when the change cannot alter it (a new rating of someone it cannot include)', async () => {
    const feed = changes();
    const cache = new AnswerCache(feed, { maxBytes: 1_000_000 });
    expect(await computeAcross(cache, feed, 'search', listingsScope(1, 2), [newRating(3), newRating(4)])).toBe('answer for search');
    expect(cache.has('search')).toBe(true);
  });

  it('is returned but not stored when a change can alter it', async () => {
    const feed = changes();
    const cache = new AnswerCache(feed, { maxBytes: 1_000_000 });
    expect(await computeAcross(cache, feed, 'search', listingsScope(1, 2), [newRating(3), newRating(2)])).toBe('answer for search');
    expect(cache.has('search')).toBe(false);
  });

  it('is not stored across a change that could touch anything, or new reviews of the professional it is about', async () => {
    const feed = changes();
    const cache = new AnswerCache(feed, { maxBytes: 1_000_000 });
    await computeAcross(cache, feed, 'search', listingsScope(1), [{ listings: null, reviewsOf: [] }]);
    expect(cache.has('search')).toBe(false);
    await computeAcross(cache, feed, 'profile', { kind: 'professionals', ids: [5] }, [{ listings: [], reviewsOf: [5] }]);
    expect(cache.has('profile')).toBe(false);
    await computeAcross(cache, feed, 'other profile', { kind: 'professionals', ids: [6] }, [{ listings: [], reviewsOf: [5] }]);
    expect(cache.has('other profile')).toBe(true);
  });

  it('is not stored when more changes came than are kept for it', async () => {
    const feed = changes();
    const cache = new AnswerCache(feed, { maxBytes: 1_000_000 });
    const many = Array.from({ length: 300 }, (_, i) => newRating(100 + i));
    await computeAcross(cache, feed, 'search', listingsScope(1), many);
    expect(cache.has('search')).toBe(false);
  });

  it('is not shared with a request that comes after the change', async () => {
    const feed = changes();
    const cache = new AnswerCache(feed, { maxBytes: 1_000_000 });
    const first = deferred<string>();
    const before = cache.value('search', () => first.promise, () => 10, () => listingsScope(1));
    feed.send(newRating(1));
    const after = cache.value('search', async () => 'new', () => 10, () => listingsScope(1));
    first.resolve('old');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
  });
});

describe('forgetting by service and by professional', () => {
  /** A listing offering these services (serviceMask bits). */
  const offering = (id: number, serviceMask: number) => ({ id, serviceMask }) as IndexedListing;
  const moved = (id: number, before: number, after: number): DirectoryChange => ({ listings: [{ id, before: offering(id, before), after: offering(id, after) }], reviewsOf: [] });

  it('looks at a search of one service only for changes of listings that offer it, before or after', async () => {
    const feed = changes();
    const cache = new AnswerCache(feed, { maxBytes: 1_000_000 });
    const webDesign = 0b01;
    const security = 0b10;
    const ofService = (bit: number): AnswerScope => ({ kind: 'listings', matches: (l) => (l.serviceMask & bit) !== 0, services: bit });
    await keep(cache, 'web design', ofService(webDesign));
    await keep(cache, 'security', ofService(security));
    await keep(cache, 'any service', { kind: 'listings', matches: () => true, services: -1 });
    await keep(cache, 'profile 7', { kind: 'professionals', ids: [7] });

    feed.send(moved(1, security, security));
    expect([cache.has('web design'), cache.has('security'), cache.has('any service'), cache.has('profile 7')]).toEqual([true, false, false, true]);

    await keep(cache, 'security', ofService(security));
    await keep(cache, 'any service', { kind: 'listings', matches: () => true, services: -1 });
    // A listing that takes up web design: the web design search must hear of it.
    feed.send(moved(2, security, security | webDesign));
    expect([cache.has('web design'), cache.has('security')]).toEqual([false, false]);

    feed.send({ listings: [], reviewsOf: [7] });
    expect(cache.has('profile 7')).toBe(false);
  });

  it('forgets only the profile, and what rests on anything, for a change that names only reviews', async () => {
    const feed = changes();
    const cache = new AnswerCache(feed, { maxBytes: 1_000_000 });
    await keep(cache, 'any service', { kind: 'listings', matches: () => true, services: -1 });
    await keep(cache, 'web design', { kind: 'listings', matches: () => true, services: 0b01 });
    await keep(cache, 'profile 7', { kind: 'professionals', ids: [7] });
    await keep(cache, 'profile 8', { kind: 'professionals', ids: [8] });
    await keep(cache, 'home', { kind: 'any' });
    feed.send({ listings: [], reviewsOf: [7] });
    expect(['any service', 'web design', 'profile 7', 'profile 8', 'home'].filter((key) => cache.has(key))).toEqual(['any service', 'web design', 'profile 8']);
    // The worker's new rating is a change of the listing: then the searches that include it go.
    feed.send(moved(7, 0b01, 0b01));
    expect(['any service', 'web design', 'profile 8'].filter((key) => cache.has(key))).toEqual(['profile 8']);
  });
});

describe('forgetting by place', () => {
  /** A listing of one service, in a region, at a point (or none). */
  const at = (id: number, region: string, lat: number, lng: number) => ({ id, serviceMask: 0b1, region, lat, lng }) as IndexedListing;
  const leeds = at(1, 'West Yorkshire', 53.8, -1.55);
  const bristol = at(2, 'Bristol', 51.45, -2.59);
  const edited = (before: IndexedListing, after: IndexedListing): DirectoryChange => ({ listings: [{ id: before.id, before, after }], reviewsOf: [] });

  it("tests a search around a place only against changes of listings in its places, before or after", async () => {
    const feed = changes();
    const cache = new AnswerCache(feed, { maxBytes: 1_000_000 });
    let asked = 0;
    const aroundLeeds: AnswerScope = { kind: 'listings', matches: (l) => (asked++, l.region === 'West Yorkshire'), services: 0b1, places: listingPlaces(leeds) };
    await keep(cache, 'around leeds', aroundLeeds);
    await keep(cache, 'anywhere', { kind: 'listings', matches: () => true, services: 0b1 });

    // A new rating in Bristol: the search around Leeds is not even tested; the one of anywhere goes.
    feed.send(edited(bristol, bristol));
    expect([cache.has('around leeds'), cache.has('anywhere'), asked]).toEqual([true, false, 0]);

    // A listing that moves from Bristol to Leeds comes into it.
    feed.send(edited(bristol, { ...leeds, id: bristol.id }));
    expect([cache.has('around leeds'), asked > 0]).toEqual([false, true]);

    // One without a point is in its region alone.
    await keep(cache, 'around leeds', aroundLeeds);
    const unplaced = at(3, 'West Yorkshire', NaN, NaN);
    expect(listingPlaces(unplaced)).toEqual(['region:West Yorkshire']);
    feed.send(edited(unplaced, unplaced));
    expect(cache.has('around leeds')).toBe(false);
  });
});

describe('ownBytes', () => {
  it('copies zlib output and pooled slices into memory of their own size, and leaves an exact buffer as it is', () => {
    const gzipped = gzipSync(Buffer.from('{"a":1}'.repeat(500)), { level: 1 });
    // zlib hands back a slice of its 16 KB output chunk.
    expect(gzipped.buffer.byteLength).toBeGreaterThan(gzipped.length);
    const own = ownBytes(gzipped);
    expect(own.equals(gzipped)).toBe(true);
    expect(own.buffer.byteLength).toBe(own.length);
    expect(own.byteOffset).toBe(0);
    const pooled = Buffer.from('[]');
    expect(ownBytes(pooled).buffer.byteLength).toBe(2);
    const exact = Buffer.allocUnsafeSlow(3).fill(7);
    expect(ownBytes(exact)).toBe(exact);
  });
});
