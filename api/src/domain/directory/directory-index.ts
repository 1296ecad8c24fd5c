// The live listings in the API's memory, searched without PostgreSQL (decision 0019).
//
// The directory's SQL costs PostgreSQL the page and its exact count over every match per search,
// which at the directory's size is far from the search budgets (docs/performance.md). This index
// answers the same searches from a compact copy of the listed professionals: the fields searches
// filter and sort on as typed arrays by slot (listing-columns.ts), sets of slots as bitsets per
// filter value and per place or circle searched (slot-sets.ts, with the filters' own sets from
// filters.ts), and the orders the directory offers kept presorted with each slot's position. A
// search ANDs the sets its filters name and counts the bits for its exact total (whatever it
// matches), then takes its page by sorting a few matches by position, or by walking the presorted
// order until the page is full. Only turning free text into a tsquery (PostgreSQL's stemmer and
// stop words) still asks PostgreSQL, once per distinct word (text-queries.ts).
//
// What a search returns is the SQL path's answer, row for row (directory-sql.ts is the reference;
// tests/integration/directory-index.int.test.ts compares the two over generated queries): the same
// filters (each defined once for both, filters.ts), the same distance arithmetic (circle.ts),
// ts_rank computed as PostgreSQL computes it (text-search.ts), and the same orders, each ending on
// the id.
//
// This file answers searches; index-keeper.ts loads the listings and follows the change feed, and
// tells what is kept for searches (kept-orders.ts: texts' sets and relevance orders, circles'
// nearest-first orders) of each listing it replaces (index-state.ts).
import type { Logger } from 'pino';
import { DEFAULT_PAGE_SIZE } from '../../../../core/directory';
import { DirectoryQuery } from '../../../../core/directory-query';
import { SERVICES } from '../../../../core/services';
import type { PrismaClient } from '../../../../prisma/db';
import type { NotificationFeed } from '../../../../prisma/listen';
import { Lexicon } from './bound-text';
import { sortOf } from './directory-sql';
import {
  compileFilters,
  FILTERS,
  locationFilter,
  nearFilter,
  prepareFilters,
  readFilters,
  searchMatcher,
  textFilter,
  type CompiledFilter,
  type CompiledQuery,
  type DirectoryFilter,
  type IndexView,
} from './filters';
import { IndexKeeper, type StateFollower } from './index-keeper';
import { MAX_TEXT_ID, type IndexState } from './index-state';
import type { DirectoryChange, IndexedListing, SearchMatcher } from './indexed-listing';
import { KeptOrders } from './kept-orders';
import { bestRated, byId } from './listing-columns';
import { placeOfPage, searchOrder, type PagePlace } from './page-place';
import { NAMED_MAP_POINTS_LIMIT } from './search-professionals';
import { forEachSlot } from './slot-sets';
import { inOrder, milesFrom, select, selectedCount, selectedSlots, sortedPage, walkOrder, type Selection } from './slot-selection';
import { TextQueries } from './text-queries';
import { tsRank } from './text-search';

/** Live listings in one region, in all and by service (the locations page; the home page sums them). */
export interface RegionCount {
  readonly region: string;
  readonly count: number;
  readonly services: readonly { readonly service: string; readonly count: number }[];
}

/** How long a search waits for a change being read before answering from what the index holds. */
const REFRESH_WAIT_MS = 50;

/** A search with no filter: every live listing. */
const UNFILTERED = DirectoryQuery.parse({});

/** A text searched this often gets its own relevance order; rarer ones rank their matches per search. */
const ORDER_TEXT_AFTER_SEARCHES = 3;
/**
 * ...unless a search of it matches more than this many listings: ranking them is most of what its
 * order costs, so the order is built at once and its next searches are walks (decision 0019).
 */
const RANK_PER_SEARCH_UP_TO = 5_000;

/** Below this many matches a page is found by sorting them (by position); above, by walking the presorted order. */
const SORT_MATCHES_UP_TO = 2_000;

export interface DirectoryIndexOptions {
  prisma: PrismaClient;
  feed: NotificationFeed;
  logger: Logger;
  /** RANK_PER_SEARCH_UP_TO, lower in tests (their few thousand listings take both paths). */
  rankPerSearchUpTo?: number;
  /** The filter table (filters.ts); tests add entries of their own. */
  filters?: readonly DirectoryFilter[];
}

export class DirectoryIndex {
  /** What it has done (metrics and the bench): searches answered here or left to SQL, refreshes and their time, loads. */
  readonly counts = { answered: 0, toSql: 0, refreshes: 0, refreshMs: 0, refreshMaxMs: 0, loads: 0, refreshFailures: 0 };
  private readonly keeper: IndexKeeper;
  private readonly filters: readonly DirectoryFilter[];
  private readonly texts: TextQueries;
  /** Bumped by every change that can alter regionCounts' tally; `tally` is kept for one state and version. */
  private tallyVersion = 0;
  private tally: { state: IndexState; version: number; counts: readonly RegionCount[] } | undefined;
  /** One search's sets (select). */
  private scratch = new Uint32Array(0);
  /** The texts' sets and relevance orders and the circles' nearest-first orders, kept beside the listings. */
  private readonly kept: KeptOrders;
  private readonly rankPerSearchUpTo: number;

  /** What the filters' index forms ask of the index (filters.ts). */
  private readonly view: IndexView = {
    parseText: (search) => this.texts.parse(search),
    // A slot per id (IndexState.slotById) past MAX_TEXT_ID would cost too much memory: SQL finds such text.
    boundText: (search) => (this.keeper.state.maxId > MAX_TEXT_ID ? null : this.texts.bound(search)),
    textSet: (text) => this.kept.textSet(text),
  };

  constructor({ prisma, feed, logger, rankPerSearchUpTo = RANK_PER_SEARCH_UP_TO, filters = FILTERS }: DirectoryIndexOptions) {
    this.rankPerSearchUpTo = rankPerSearchUpTo;
    this.filters = filters;
    const lexicon = new Lexicon();
    this.texts = new TextQueries(prisma, lexicon);
    this.kept = new KeptOrders(() => this.keeper.state);
    this.keeper = new IndexKeeper({ prisma, feed, logger, filters, lexicon, follower: this.follower(), counts: this.counts });
  }

  /** True while answers from the index are the database's answers. */
  get ready(): boolean {
    return this.keeper.ready;
  }

  get live(): boolean {
    return this.keeper.live;
  }

  get size(): number {
    return this.keeper.state.size;
  }

  /** Hears of every change the index applies, naming the listings before and after (the answer cache). */
  onChange(listener: (change: DirectoryChange) => void): void {
    this.keeper.onChange(listener);
  }

  close(): Promise<void> {
    return this.keeper.close();
  }

  /** Resolves once the index has loaded and applied every change it has heard of (tests and the bench). */
  whenReady(timeoutMs?: number): Promise<void> {
    return this.keeper.whenReady(timeoutMs);
  }

  /**
   * The keeper's follower: the kept orders and sets follow each replaced listing, and the region
   * tally (regionCounts) is counted again only when a listing comes, goes or changes region or
   * services; ratings, texts and everything else leave it as it is.
   */
  private follower(): StateFollower {
    return {
      reloaded: () => this.kept.reloaded(),
      leaving: (slot, listing) => this.kept.leaving(slot, listing),
      arrived: (slot, listing) => this.kept.arrived(slot, listing),
      replaced: (change) => {
        this.kept.replaced(change);
        const { before, after } = change;
        if (!before || !after || before.region !== after.region || before.serviceMask !== after.serviceMask) this.tallyVersion += 1;
      },
    };
  }

  // ---- searching -------------------------------------------------------------------------

  /** The listing the index holds for a live professional (tests and diagnostics). */
  listing(id: number): IndexedListing | undefined {
    return this.keeper.state.listing(id);
  }

  /**
   * A matcher for the answer cache: whether a listing is one a search could include, and what to
   * file the search's answers under. Null when the index can't tell (not ready, or text it has not
   * parsed yet): the answer is then forgotten on every change.
   */
  matcherFor(query: DirectoryQuery): SearchMatcher | null {
    if (!this.ready) return null;
    try {
      const compiled = compileFilters(readFilters(query, this.filters), this.view);
      return compiled && searchMatcher(compiled);
    } catch {
      return null;
    }
  }

  /** The query's filters in the index's forms, once a change being read is in; null when the index can't answer (SQL does). */
  private async prepare(query: DirectoryQuery): Promise<CompiledQuery | null> {
    // An unknown place is a 400 whatever answers: reading the filters' values says so.
    const active = readFilters(query, this.filters);
    // A change is being read: wait for it (a few milliseconds, at most REFRESH_WAIT_MS), so a
    // search right after a write that has notified sees it, as SQL would.
    const refreshing = this.keeper.refreshing;
    if (refreshing) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([refreshing, new Promise((resolve) => (timer = setTimeout(resolve, REFRESH_WAIT_MS)))]);
      clearTimeout(timer);
    }
    const preparing = prepareFilters(active, this.view);
    if (preparing) await preparing;
    const compiled = this.ready ? compileFilters(active, this.view) : null;
    if (!compiled) {
      this.counts.toSql += 1;
      return null;
    }
    this.counts.answered += 1;
    // Nothing awaits from here to the end of the search: the scratch set is its alone.
    return compiled;
  }

  /** The search's matches (select), in this index's scratch sets. */
  private select(query: CompiledQuery, implied?: CompiledFilter): Selection {
    const c = this.keeper.state.columns;
    const words = c.sets.words;
    if (this.scratch.length < words) this.scratch = new Uint32Array(words);
    return select(query.compiled, c, this.scratch, implied);
  }

  /** One page of the search as JSON, the total and where the page sits; null when the index can't answer (use SQL). */
  async page(query: DirectoryQuery): Promise<{ json: string; total: number; place: PagePlace } | null> {
    const compiled = await this.prepare(query);
    if (!compiled) return null;
    const { columns: c, orders } = this.keeper.state;
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const offset = query.offset ?? 0;
    const end = offset + limit;
    const sort = sortOf(query);
    const textForm = compiled.of(textFilter);
    const text = textForm?.text ?? null;
    const near = compiled.of(nearFilter)?.circle ?? null;
    // Nearest first from a place's centre when no `near` is given (issue 34, directory-sql.ts):
    // listings without a position last, and no distance in the answer.
    const placeOrigin = sort === 'distance' && !near ? (locationFilter.read(query)?.area ?? null) : null;
    let page: number[];
    let total: number;
    const relevance = sort === 'relevance' && text !== null;
    if (relevance) text.searches += 1;
    const hasOrder = relevance && this.kept.hasRelevanceOrder(text);
    // Walking the text's own relevance order needs no test of the text (its listings all have it).
    const selection = this.select(compiled, hasOrder ? textForm : undefined);
    // A text seen once or twice (the long tail) ranks the search's matches now, nothing kept; unless
    // they are many: then its relevance order costs little more and serves its next searches.
    const rankNow = relevance && !hasOrder && text.searches < ORDER_TEXT_AFTER_SEARCHES && selectedCount(selection) <= this.rankPerSearchUpTo;
    if (rankNow) {
      const { query: textQuery, operandLexemes } = text;
      const found = selectedSlots(selection);
      total = found.length;
      page = sortedPage(c, found, offset, end, (slot) => -tsRank(c.listings[slot]!.text, textQuery, operandLexemes), bestRated);
    } else if (sort === 'distance' && near) {
      const nearestFirst = this.kept.byDistance(near);
      if (nearestFirst) ({ page, total } = walkOrder({ slots: nearestFirst, length: nearestFirst.length }, selection, { offset, end, countAll: true }));
      else {
        const found = selectedSlots(selection);
        total = found.length;
        page = sortedPage(c, found, offset, end, milesFrom(c, near), byId);
      }
    } else if (placeOrigin) {
      const found = selectedSlots(selection);
      total = found.length;
      const miles = milesFrom(c, placeOrigin);
      page = sortedPage(c, found, offset, end, (slot) => {
        const d = miles(slot);
        return Number.isNaN(d) ? Infinity : d;
      }, byId);
    } else if (relevance) {
      // The text's own relevance order holds only the listings it finds: walk all of it for the total.
      ({ page, total } = walkOrder(this.kept.relevanceOrder(text), selection, { offset, end, countAll: true }));
    } else {
      const order = sort === 'price' ? orders.price : sort === 'newest' ? orders.newest : orders.rating;
      total = selectedCount(selection);
      page = total <= SORT_MATCHES_UP_TO ? inOrder(order, selectedSlots(selection), offset, end) : walkOrder(order, selection, { offset, end, countAll: false }).page;
    }
    const miles = near && milesFrom(c, near);
    const parts = page.map((slot) => {
      const json = c.listings[slot]!.json;
      return miles ? `${json.slice(0, -1)},"distanceMiles":${Math.round(miles(slot) * 10) / 10}}` : json;
    });
    const place = placeOfPage(
      page.map((slot) => c.listings[slot]!),
      searchOrder(sort, text, near ?? placeOrigin),
      limit,
    );
    return { json: `[${parts.join(',')}]`, total, place };
  }

  /**
   * Live listings per region, and per region and service (the /locations page, product rule 5;
   * the home page's counts are sums of these), or null while the index cannot answer (a change
   * being read first, as `count` waits for it). Regions without a live listing are left out, as SQL's
   * GROUP BY leaves them out.
   */
  async regionCounts(): Promise<readonly RegionCount[] | null> {
    if (!(await this.prepare(UNFILTERED))) return null;
    const state = this.keeper.state;
    const kept = this.tally;
    if (kept && kept.state === state && kept.version === this.tallyVersion) return kept.counts;
    const counts = this.countRegions();
    this.tally = { state, version: this.tallyVersion, counts };
    return counts;
  }

  /**
   * regionCounts' pass: one over the live slots, counting by region and by each service bit (far
   * cheaper than intersecting each region's set with each service's), kept until a listing comes,
   * goes or moves (home and locations ask after every change).
   */
  private countRegions(): RegionCount[] {
    const c = this.keeper.state.columns;
    const { sets } = c;
    const byRegion = new Map<number, { count: number; services: Int32Array }>();
    forEachSlot(sets.live, sets.words, (slot) => {
      const region = c.region[slot]!;
      let counts = byRegion.get(region);
      if (!counts) byRegion.set(region, (counts = { count: 0, services: new Int32Array(SERVICES.length) }));
      counts.count += 1;
      for (let mask = c.service[slot]!; mask !== 0; mask &= mask - 1) counts.services[31 - Math.clz32(mask & -mask)]! += 1;
    });
    const result: RegionCount[] = [];
    for (const [region, id] of c.regions()) {
      const counts = byRegion.get(id);
      if (!counts) continue;
      const services = SERVICES.flatMap((service, i) => (counts.services[i]! > 0 ? [{ service, count: counts.services[i]! }] : []));
      result.push({ region, count: counts.count, services });
    }
    return result;
  }

  async count(query: DirectoryQuery): Promise<number | null> {
    const compiled = await this.prepare(query);
    if (!compiled) return null;
    return selectedCount(this.select(compiled));
  }

  /** Every listing the search matches, by id, lowest first; null when the index can't answer (tests and diagnostics). */
  async ids(query: DirectoryQuery): Promise<number[] | null> {
    const compiled = await this.prepare(query);
    if (!compiled) return null;
    const { columns: c, orders } = this.keeper.state;
    return inOrder(orders.id, selectedSlots(this.select(compiled)), 0, Infinity).map((slot) => c.id[slot]!);
  }

  /** mapPointsJson's answer (search-professionals.ts), from memory: every match, in id order. */
  async mapJson(query: DirectoryQuery): Promise<string | null> {
    const compiled = await this.prepare(query);
    if (!compiled) return null;
    const { columns: c, orders } = this.keeper.state;
    const selection = this.select(compiled);
    const matched =
      selectedCount(selection) <= SORT_MATCHES_UP_TO
        ? inOrder(orders.id, selectedSlots(selection), 0, Infinity)
        : walkOrder(orders.id, selection, { offset: 0, end: Infinity, countAll: true }).page;
    const pointOf = matched.length <= NAMED_MAP_POINTS_LIMIT ? c.namedPoint : c.plainPoint;
    const points: string[] = [];
    for (const slot of matched) {
      const point = pointOf[slot];
      if (point !== null && point !== undefined) points.push(point);
    }
    return `{"total":${matched.length},"points":[${points.join(',')}]}`;
  }
}
