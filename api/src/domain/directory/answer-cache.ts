// The public directory's answers, kept in memory until the data behind them changes
// (docs/decisions/0005-directory-answer-cache.md).
//
// Most directory traffic repeats a small set of searches (a service in a city, the whole-UK map,
// popular profiles), and the data changes rarely (an approval, a profile edit, a new review).
// So each answer is computed once, stored ready to send (its gzip bytes, or its JSON when small,
// and an ETag), and forgotten the moment a change could alter it. Each answer says what it rests
// on (its scope): the listings a search could include (a matcher from the directory index, and
// where its page sits in its order), one professional (a profile), or anything (home, locations,
// sitemaps). A change names the listings it touched, before and after (index-keeper.ts), so a
// new review of one professional forgets that professional's profile and the pages of searches
// it is on, or moves across the ends of, or comes into or goes out of before their end, and
// nothing else; a page it comes into or leaves after its end keeps its bytes with a new total
// (docs/decisions/0026-forgetting-by-place-and-recounting-pages.md). A change the index cannot
// name (it is loading again, or off) forgets everything. Correctness rules:
//   - nothing is stored while the feed is not live (a change could go unnoticed);
//   - an answer computed across a change that can alter it is returned to its caller but not
//     stored (it may hold the old data): each computation remembers the generation it started in,
//     and the changes since are kept while computations run (an answer computed across a new
//     rating of someone it cannot include is stored: under steady writes most are);
//   - concurrent requests for the same key share one computation;
//   - errors and `null` (not found) are never stored.
// The answers nearly every visit starts with (the home page, the unfiltered directory and its map)
// are computed again in the background shortly after each change (keepWarm), so the first visitor
// after an approval or an edit does not wait for the whole-UK map to be built.
// DIRECTORY_CACHE_MB=0 turns it off: every request computes its answer.
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { TOTAL_COUNT_HEADER } from '../../../../core/directory';
import type { DirectoryChange, ListingMatcher, SearchMatcher } from './indexed-listing';
import { listingPlaces } from './listing-places';
import { pageChange, type PagePlace } from './page-place';
import { gzipBody } from '../../gzip';

/** Bodies smaller than this are sent as they are (gzip would save next to nothing). */
const GZIP_MIN_BYTES = 1024;
/** A safety net only: the change feed is what keeps answers fresh. */
const MAX_AGE_MS = 10 * 60_000;
/** Changes kept for the computations running across them; one begun before the oldest kept is not stored. */
const RECENT_CHANGES = 256;
/** Map/Set overhead per entry, roughly. */
const ENTRY_OVERHEAD_BYTES = 256;
/** Warm-up waits this long after a change, so a burst of writes costs one warm-up. */
const WARM_DELAY_MS = 1_000;

/** An answer ready to send: JSON bytes, their gzip (when worth it), a weak ETag and extra headers. */
export interface Answer {
  /** The JSON bytes: unzipped from `gzip` when that is what is kept. */
  readonly json: Buffer;
  readonly gzip: Buffer | null;
  /** Of the JSON and the total: a page whose total changed is a new representation. */
  readonly etag: string;
  /** Its own headers, and X-Total-Count when it has a total. */
  readonly headers: Readonly<Record<string, string>>;
  readonly scope: AnswerScope;
  /** The memory its bytes take. */
  readonly bytes: number;
}

/**
 * Keeps the gzip bytes alone when there are some: nearly every client takes them (browsers,
 * crawlers), and JSON is several times their size, so the same memory holds several times the
 * answers (decision 0019); the rare client without gzip and the server-rendered first screen unzip
 * them.
 */
class PreparedAnswer implements Answer {
  readonly etag: string;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    private readonly plain: Buffer | null,
    readonly gzip: Buffer | null,
    /** The JSON's SHA-1 (base64url). */
    private readonly digest: string,
    private readonly ownHeaders: Readonly<Record<string, string>>,
    /** A page's search total (its X-Total-Count), or null. */
    readonly total: number | null,
    readonly scope: AnswerScope,
  ) {
    this.etag = total === null ? `W/"${digest}"` : `W/"${digest}.${total}"`;
    this.headers = total === null ? ownHeaders : { ...ownHeaders, [TOTAL_COUNT_HEADER]: String(total) };
  }

  /** The same page with another total (listings arrived or left after it). */
  withTotal(total: number): PreparedAnswer {
    return new PreparedAnswer(this.plain, this.gzip, this.digest, this.ownHeaders, total, this.scope);
  }

  get json(): Buffer {
    return this.plain ?? gunzipSync(this.gzip!);
  }

  get bytes(): number {
    return (this.plain?.length ?? 0) + (this.gzip?.length ?? 0);
  }
}

/** What an answer rests on: which changes make it stale. */
export type AnswerScope =
  | { kind: 'any' }
  | { kind: 'professionals'; ids: readonly number[] }
  /**
   * A page of a search: its total and its listings (when `page` says where it sits, only a change
   * there). `services`: a listing it matches offers one of these (serviceMask bits; absent or -1:
   * any). `places`: a listing it matches is in one of these (listingPlaces; absent: anywhere).
   */
  | { kind: 'listings'; matches: ListingMatcher; services?: number; places?: readonly string[]; page?: PagePlace }
  /**
   * Which listings match, and their map points, and nothing else about them (a map's answer): a
   * new rating of a listing on the map leaves it as it is, unless it moves the listing in or out.
   */
  | { kind: 'points'; matches: ListingMatcher; services?: number; places?: readonly string[] };

export const ANY_CHANGE: AnswerScope = { kind: 'any' };

/**
 * A search's scope: the listings it could include (the index's matcher for it, and what to file it
 * under), and for a page where it sits; anything when the index cannot tell (no matcher).
 */
export function searchScope(matcher: SearchMatcher | null, kind: 'listings' | 'points', page?: PagePlace): AnswerScope {
  if (!matcher) return ANY_CHANGE;
  return { kind, matches: matcher.matches, services: matcher.services, ...(matcher.places && { places: matcher.places }), ...(page && { page }) };
}

/** Where changes come from: the directory index, or the bare feed (every change is 'anything'). */
export interface AnswerChanges {
  readonly live: boolean;
  onChange(listener: (change: DirectoryChange) => void): void;
}

interface Stored {
  value: unknown;
  bytes: number;
  scope: AnswerScope;
}

/**
 * What a change does to an answer resting on `scope`: nothing (0), the total of its page alone (by
 * this many: listings arrived or left after the page, pageChange), or more (null: forget it).
 */
function effectOf(scope: AnswerScope, change: DirectoryChange, ids: ReadonlySet<number>): number | null {
  switch (scope.kind) {
    case 'any':
      return null;
    case 'professionals':
      return scope.ids.some((id) => ids.has(id)) ? null : 0;
    case 'listings':
    case 'points': {
      let total = 0;
      // A loop, not .some with a closure: a change is tested against thousands of kept answers.
      for (const { before, after } of change.listings ?? []) {
        const was = before !== undefined && scope.matches(before);
        const is = after !== undefined && scope.matches(after);
        if (!was && !is) continue;
        if (scope.kind === 'points') {
          // A map: the listing moved in or out, or its point changed.
          if (was !== is || before!.point?.named !== after!.point?.named) return null;
          continue;
        }
        // A page: where the listing was and is (in the search) against where the page sits.
        const moved = scope.page ? pageChange(scope.page, was ? before : undefined, is ? after : undefined) : null;
        if (moved === null) return null;
        total += moved;
      }
      return total;
    }
  }
}

function isAffected(scope: AnswerScope, change: DirectoryChange, ids: ReadonlySet<number>): boolean {
  return effectOf(scope, change, ids) !== 0;
}

export interface AnswerCacheStats {
  hits: number;
  misses: number;
  /** Kept pages given a new total instead of being forgotten (listings arrived or left after them). */
  recounted: number;
  entries: number;
  bytes: number;
  live: boolean;
}

/** Kept answers' keys and their scopes (the same scope the LRU entry holds, so a change need not look the entry up). */
type Bucket = Map<string, AnswerScope>;

/** The service key of a search or map of any service, and the place key of one of anywhere. */
const ANY_SERVICE = -1;
const ANYWHERE = '*';

/**
 * The kept answers by what a change must touch to alter them, so a change looks only at those:
 * searches and maps by their service and place (a search of one service around Leeds is looked at
 * only for a change of a listing offering it, in Leeds' region or in a square its circle covers;
 * one of any service or anywhere, for any such change), profiles by professional, and answers
 * resting on anything always. A change that names only reviews (a new review, before the worker
 * recalculates the rating) touches no listing, so no search or map (a large share of the changes
 * under writes). Kept in step with the LRU cache (its dispose hook), and a change scans its
 * candidates instead of every kept answer: thousands are kept, and changes come many times a
 * second under writes (decisions 0019, 0026).
 */
class ScopeBuckets {
  private readonly always: Bucket = new Map();
  /** Searches and maps by service (a bit, or ANY_SERVICE), then by place (one of theirs, or ANYWHERE). */
  private readonly bySearch = new Map<number, Map<string, Bucket>>();
  private readonly byProfessional = new Map<number, Bucket>();

  add(key: string, scope: AnswerScope): void {
    if (scope.kind === 'any') this.always.set(key, scope);
    else if (scope.kind === 'professionals') for (const id of scope.ids) bucketAt(this.byProfessional, id).set(key, scope);
    else {
      for (const service of searchServices(scope)) {
        let byPlace = this.bySearch.get(service);
        if (!byPlace) this.bySearch.set(service, (byPlace = new Map()));
        for (const place of scope.places ?? [ANYWHERE]) bucketAt(byPlace, place).set(key, scope);
      }
    }
  }

  remove(key: string, scope: AnswerScope): void {
    // A bucket goes with its last answer (there is one per professional and place ever asked for).
    if (scope.kind === 'any') this.always.delete(key);
    else if (scope.kind === 'professionals') for (const id of scope.ids) deleteFrom(this.byProfessional, id, key);
    else {
      for (const service of searchServices(scope)) {
        const byPlace = this.bySearch.get(service);
        if (!byPlace) continue;
        for (const place of scope.places ?? [ANYWHERE]) deleteFrom(byPlace, place, key);
        if (byPlace.size === 0) this.bySearch.delete(service);
      }
    }
  }

  /** Visits every kept answer a change could alter, as (scope, key) (a key may come more than once). */
  forEachCandidate(change: DirectoryChange, ids: ReadonlySet<number>, visit: (scope: AnswerScope, key: string) => void): void {
    this.always.forEach(visit);
    if (change.listings?.length) {
      let services = 0;
      const places = new Set([ANYWHERE]);
      for (const { before, after } of change.listings) {
        for (const listing of [before, after]) {
          if (!listing) continue;
          services |= listing.serviceMask;
          for (const place of listingPlaces(listing)) places.add(place);
        }
      }
      for (const service of [ANY_SERVICE, ...serviceBits(services)]) {
        const byPlace = this.bySearch.get(service);
        if (byPlace) for (const place of places) byPlace.get(place)?.forEach(visit);
      }
    }
    for (const id of ids) this.byProfessional.get(id)?.forEach(visit);
  }
}

/** A mask's bits, one by one (m & -m is the lowest bit of m). */
function serviceBits(mask: number): number[] {
  const bits: number[] = [];
  for (let m = mask; m !== 0; m &= m - 1) bits.push(m & -m);
  return bits;
}

/** The service keys of a search or map: each of its services' bits, or ANY_SERVICE. None when it matches nothing (no service). */
function searchServices(scope: AnswerScope & { kind: 'listings' | 'points' }): number[] {
  const services = scope.services ?? -1;
  return services === -1 ? [ANY_SERVICE] : serviceBits(services);
}

function bucketAt<K>(buckets: Map<K, Bucket>, at: K): Bucket {
  let bucket = buckets.get(at);
  if (!bucket) buckets.set(at, (bucket = new Map()));
  return bucket;
}

function deleteFrom<K>(buckets: Map<K, Bucket>, at: K, key: string): void {
  const bucket = buckets.get(at);
  if (!bucket) return;
  bucket.delete(key);
  if (bucket.size === 0) buckets.delete(at);
}

interface RecentChange {
  generation: number;
  change: DirectoryChange;
  ids: ReadonlySet<number>;
}

/** The professionals a change names: the listings it touched and those whose reviews changed. */
function idsOf(change: DirectoryChange): ReadonlySet<number> {
  return new Set([...(change.listings ?? []).map((l) => l.id), ...change.reviewsOf]);
}

export class AnswerCache {
  private generation = 0;
  /** The changes since the oldest computation still running began (at most RECENT_CHANGES). */
  private recent: RecentChange[] = [];
  private running = 0;
  private readonly stored: LRUCache<string, Stored> | null;
  private readonly buckets = new ScopeBuckets();
  private readonly pending = new Map<string, Promise<unknown>>();
  private hits = 0;
  private misses = 0;
  private recounted = 0;
  private readonly warmers: (() => Promise<unknown>)[] = [];
  private warmTimer: NodeJS.Timeout | null = null;
  private warming: Promise<unknown> | null = null;
  private closed = false;

  constructor(
    private readonly feed: AnswerChanges | null,
    { maxBytes }: { maxBytes: number },
  ) {
    this.stored =
      feed && maxBytes > 0
        ? new LRUCache<string, Stored>({
            maxSize: maxBytes,
            sizeCalculation: (s) => s.bytes,
            ttl: MAX_AGE_MS,
            dispose: (entry, key) => this.buckets.remove(key, entry.scope),
          })
        : null;
    feed?.onChange((change) => this.forget(change));
  }

  /** Whether answers are being kept right now. */
  get active(): boolean {
    return this.stored !== null && this.feed?.live === true;
  }

  /**
   * The value for `key`: stored, being computed by another request, or computed now by `compute`.
   * `bytes` estimates the stored value's memory; `scope` says which changes make it stale (any, unless said).
   */
  async value<T>(key: string, compute: () => Promise<T>, bytes: (value: T) => number, scope: (value: T) => AnswerScope = () => ANY_CHANGE): Promise<T> {
    const stored = this.stored;
    if (!stored || !this.active) return compute();
    const hit = stored.get(key);
    if (hit) {
      this.hits += 1;
      return hit.value as T;
    }
    const running = this.pending.get(key);
    if (running) {
      this.hits += 1;
      return running as Promise<T>;
    }
    this.misses += 1;
    const generation = this.generation;
    this.running += 1;
    const computation = compute().then((value) => {
      if (value !== null && value !== undefined && this.active) {
        const answerScope = scope(value);
        if (this.unchangedSince(generation, answerScope)) {
          stored.set(key, { value, bytes: bytes(value) + key.length + ENTRY_OVERHEAD_BYTES, scope: answerScope });
          // Not kept (larger than the whole cache): nothing to look up.
          if (stored.has(key)) this.buckets.add(key, answerScope);
        }
      }
      return value;
    });
    this.pending.set(key, computation);
    const release = () => {
      if (this.pending.get(key) === computation) this.pending.delete(key);
      this.running -= 1;
      if (this.running === 0) this.recent = [];
    };
    computation.then(release, release);
    return computation;
  }

  /**
   * An answer for `key` (see `value`); `compute` gives the body as a JSON-able value (or JSON text),
   * or null for none, and what it rests on (anything, unless it says).
   */
  answer(
    key: string,
    compute: () => Promise<{ body: unknown; headers?: Record<string, string>; total?: number; scope?: AnswerScope } | null>,
  ): Promise<Answer | null> {
    return this.value(
      key,
      async () => {
        const result = await compute();
        if (!result) return null;
        const text = typeof result.body === 'string' ? result.body : JSON.stringify(result.body);
        return prepareAnswer(text, result.headers ?? {}, result.total ?? null, result.scope ?? ANY_CHANGE);
      },
      (answer) => answer?.bytes ?? 0,
      (answer) => answer?.scope ?? ANY_CHANGE,
    );
  }

  /** Computes these answers again shortly after every change (and once the feed is live). */
  keepWarm(warm: () => Promise<unknown>): void {
    this.warmers.push(warm);
  }

  /** Stops warming and waits for a warm-up under way (callers close the database after this). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.warmTimer) clearTimeout(this.warmTimer);
    await this.warming;
  }

  /** Whether an answer is kept for `key` now (tests and diagnostics). */
  has(key: string): boolean {
    return this.stored?.has(key) ?? false;
  }

  stats(): AnswerCacheStats {
    return {
      hits: this.hits,
      misses: this.misses,
      recounted: this.recounted,
      entries: this.stored?.size ?? 0,
      bytes: this.stored?.calculatedSize ?? 0,
      live: this.active,
    };
  }

  /**
   * Whether no change since `generation` can alter an answer with this scope: then it is the same
   * whether it was read before or after them. Not when a change could touch anything, or when
   * the changes are no longer all kept.
   */
  private unchangedSince(generation: number, scope: AnswerScope): boolean {
    if (generation === this.generation) return true;
    const first = this.recent[0];
    if (!first || first.generation > generation + 1) return false;
    return this.recent.every((r) => r.generation <= generation || (r.change.listings !== null && !isAffected(scope, r.change, r.ids)));
  }

  private forget(change: DirectoryChange): void {
    // Answers being computed now may have read the old data: later requests don't share them,
    // and they are stored only if this change cannot alter them (unchangedSince).
    this.generation += 1;
    this.pending.clear();
    const ids = idsOf(change);
    if (this.running > 0) {
      this.recent.push({ generation: this.generation, change, ids });
      if (this.recent.length > RECENT_CHANGES) this.recent.shift();
    }
    const stored = this.stored;
    if (stored) {
      // Clearing disposes of every entry, which takes it out of its buckets.
      if (change.listings === null) stored.clear();
      else {
        const stale: string[] = [];
        const recounted = new Map<string, number>();
        this.buckets.forEachCandidate(change, ids, (scope, key) => {
          // A key may come more than once (from two places): it is looked at once.
          if (recounted.has(key)) return;
          const effect = effectOf(scope, change, ids);
          if (effect === null) stale.push(key);
          else if (effect !== 0) recounted.set(key, effect);
        });
        for (const key of stale) stored.delete(key);
        for (const [key, by] of recounted) this.recount(key, by);
      }
    }
    this.scheduleWarmUp();
  }

  /**
   * A kept page whose search gained or lost listings after it: the same bytes with the new total
   * (and so a new ETag), in place; forgotten when it is not a page with a total.
   */
  private recount(key: string, by: number): void {
    const entry = this.stored?.peek(key);
    if (!entry) return; // forgotten already (the same change forgot it from another place)
    const answer = entry.value;
    if (!(answer instanceof PreparedAnswer) || answer.total === null || answer.total + by < 0) {
      this.stored!.delete(key);
      return;
    }
    entry.value = answer.withTotal(answer.total + by);
    this.recounted += 1;
  }

  private scheduleWarmUp(): void {
    if (this.closed || this.warmers.length === 0 || !this.active) return;
    if (this.warmTimer) clearTimeout(this.warmTimer);
    this.warmTimer = setTimeout(() => {
      this.warmTimer = null;
      if (this.closed || !this.active) return;
      if (this.warming) return this.scheduleWarmUp();
      // A failed warm-up costs nothing: the next visitor computes the answer as usual.
      this.warming = Promise.allSettled(this.warmers.map((warm) => warm())).finally(() => {
        this.warming = null;
      });
    }, WARM_DELAY_MS);
    this.warmTimer.unref();
  }
}

/**
 * `bytes` in memory of their own size. zlib hands back its output as a slice of a larger output
 * chunk, and a small Buffer.from is a slice of a shared pool: kept for minutes, a slice keeps the
 * whole of its chunk, several times what the cache counts, and that growth made V8 collect the old
 * generation in full again and again under the long tail ("external memory pressure";
 * docs/decisions/0024-api-old-generation-growth.md).
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** An answer's bytes, gzipped as gzip.ts says (its level, and why). */
async function prepareAnswer(text: string, headers: Record<string, string>, total: number | null, scope: AnswerScope): Promise<Answer> {
  const json = Buffer.from(text, 'utf8');
  const gzipped = json.length >= GZIP_MIN_BYTES ? ownBytes(await gzipBody(json)) : null;
  const digest = createHash('sha1').update(json).digest('base64url');
  return new PreparedAnswer(gzipped ? null : ownBytes(json), gzipped, digest, headers, total, scope);
}

/** The bare change feed as a source of changes: every notification may have changed anything. */
export function everyChangeFromFeed(feed: { readonly live: boolean; onChange(listener: (payload: string | null) => void): void }): AnswerChanges {
  return {
    get live() {
      return feed.live;
    },
    onChange(listener) {
      feed.onChange(() => listener({ listings: null, reviewsOf: [] }));
    },
  };
}

/** A stable key for a parsed query: its defined values, keys sorted. */
export function queryKey(query: Record<string, unknown>, omit: readonly string[] = []): string {
  return Object.keys(query)
    .filter((k) => query[k] !== undefined && !omit.includes(k))
    .sort()
    .map((k) => `${k}=${encodeURIComponent(String(query[k]))}`)
    .join('&');
}
