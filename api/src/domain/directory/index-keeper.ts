// Keeps the directory index current (decision 0019): loads every listed professional into a new
// generation (index-state.ts) and follows the directory change feed. The triggers of migration
// 20261125180000_directory_change_ids NOTIFY the ids of the professionals whose rows (or reviews)
// a statement changed; the keeper reads those rows again, replaces them, and tells its listeners
// (the answer cache) which listings changed, before and after, so they forget only the answers
// those listings could be part of. Until it has loaded, and whenever the feed is not live (a
// change could be missed; it loads again once the feed is back), `ready` is false and callers use
// SQL.
import type { Logger } from 'pino';
import type { PrismaClient } from '../../../../prisma/db';
import type { Lexicon } from './bound-text';
import { LISTED } from './directory-sql';
import type { DirectoryFilter } from './filters';
import { IndexRows, type IndexRow } from './index-row';
import { IndexState, type ListingFollower } from './index-state';
import type { DirectoryChange } from './indexed-listing';
import type { NotificationFeed } from '../../../../prisma/listen';

const LOAD_BATCH = 5_000;
/** More ids than this in one refresh read everything again instead. */
const REFRESH_ALL_ABOVE = 20_000;

/** What the keeper's follower also hears: a load replaced the whole state. */
export interface StateFollower extends ListingFollower {
  /** A new generation is about to be swapped in: whatever was built over the old one goes. */
  reloaded(): void;
}

/** The keeper's part of DirectoryIndex.counts. */
export interface KeeperCounts {
  refreshes: number;
  refreshMs: number;
  refreshMaxMs: number;
  loads: number;
  refreshFailures: number;
}

export interface IndexKeeperOptions {
  prisma: PrismaClient;
  feed: NotificationFeed;
  logger: Logger;
  filters: readonly DirectoryFilter[];
  lexicon: Lexicon;
  follower: StateFollower;
  counts: KeeperCounts;
}

export class IndexKeeper {
  /** The current generation. */
  state: IndexState;
  /** A refresh under way (searches wait a little for it), or null. */
  refreshing: Promise<void> | null = null;
  private readonly rows: IndexRows;
  private loaded = false;
  private loading: Promise<void> | null = null;
  /** Counts the feed's live flips: a load that saw one may have missed a change. */
  private feedEpoch = 0;
  private readonly pendingIds = new Set<number>();
  private readonly pendingReviewsOf = new Set<number>();
  private pendingAll = false;
  /** A refresh failed: the index lags the database until one succeeds (it is not `ready` meanwhile). */
  private lagging = false;
  private closed = false;
  private readonly listeners: ((change: DirectoryChange) => void)[] = [];
  private readonly prisma: PrismaClient;
  private readonly feed: NotificationFeed;
  private readonly logger: Logger;
  private readonly filters: readonly DirectoryFilter[];
  private readonly follower: StateFollower;
  private readonly counts: KeeperCounts;

  constructor({ prisma, feed, logger, filters, lexicon, follower, counts }: IndexKeeperOptions) {
    this.prisma = prisma;
    this.feed = feed;
    this.logger = logger;
    this.filters = filters;
    this.follower = follower;
    this.counts = counts;
    this.rows = new IndexRows(filters, lexicon);
    this.state = new IndexState(filters);
    feed.onChange((payload) => this.notified(payload));
  }

  /** True while answers from the index are the database's answers. */
  get ready(): boolean {
    return this.loaded && !this.lagging && this.feed.live && !this.closed;
  }

  get live(): boolean {
    return this.feed.live;
  }

  onChange(listener: (change: DirectoryChange) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([this.loading, this.refreshing]);
  }

  /** Resolves once the index has loaded and applied every change it has heard of (tests and the bench). */
  async whenReady(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ready || this.refreshing || this.pendingIds.size > 0 || this.pendingAll) {
      if (Date.now() > deadline) throw new Error('the directory index did not load in time');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private emit(change: DirectoryChange): void {
    for (const listener of this.listeners) listener(change);
  }

  /** A notification's payload ('professionals:1,2', 'reviews:3', 'professionals:*', …); null: the feed went live or down. */
  private notified(payload: string | null): void {
    if (this.closed) return;
    if (payload === null) {
      // Live again (or lost): whatever happened meanwhile is unknown, so read everything again.
      this.feedEpoch += 1;
      this.loaded = false;
      this.emit({ listings: null, reviewsOf: [] });
      if (this.feed.live) this.startLoad();
      return;
    }
    const match = /^(professionals|reviews):([\d,]+|\*)$/.exec(payload);
    if (match?.[1] === 'reviews' && match[2] === '*') {
      this.emit({ listings: null, reviewsOf: [] });
      return;
    }
    if (!match || match[2] === '*') this.pendingAll = true;
    else {
      const pending = match[1] === 'reviews' ? this.pendingReviewsOf : this.pendingIds;
      for (const id of match[2]!.split(',')) if (id) pending.add(Number(id));
    }
    if (this.loaded) this.scheduleRefresh();
    // Not loaded yet: answers meanwhile come from SQL, and the cache must hear of the change now.
    else this.emit({ listings: null, reviewsOf: [] });
  }

  private startLoad(): void {
    if (this.loading || this.closed) return;
    this.loading = this.load()
      .catch((err: unknown) => {
        this.logger.error({ err }, 'directory index: load failed; searches use SQL meanwhile');
      })
      .finally(() => {
        this.loading = null;
        if (!this.loaded && this.feed.live && !this.closed) setTimeout(() => this.startLoad(), 1_000).unref();
        else if (this.loaded) this.scheduleRefresh();
      });
  }

  private async load(): Promise<void> {
    const started = Date.now();
    const epoch = this.feedEpoch;
    // Whatever is pending now is part of what is read below; what commits from here on notifies.
    this.pendingIds.clear();
    this.pendingReviewsOf.clear();
    this.pendingAll = false;
    const state = new IndexState(this.filters);
    let afterId = 0;
    for (;;) {
      if (this.closed || !this.feed.live || epoch !== this.feedEpoch) return;
      const rows = await this.prisma.$queryRaw<IndexRow[]>`
        SELECT ${this.rows.columns} FROM professionals p
        WHERE ${LISTED} AND p.id > ${afterId}::int ORDER BY p.id LIMIT ${LOAD_BATCH}::int`;
      for (const row of rows) state.load(this.rows.toListing(row, undefined));
      if (rows.length < LOAD_BATCH) break;
      afterId = rows[rows.length - 1]!.id;
    }
    if (epoch !== this.feedEpoch || this.closed) return;
    state.sortAll();
    this.follower.reloaded();
    this.state = state;
    this.loaded = true;
    this.emit({ listings: null, reviewsOf: [] });
    this.counts.loads += 1;
    this.logger.info({ listings: state.size, ms: Date.now() - started }, 'directory index loaded');
  }

  private scheduleRefresh(): void {
    if (this.refreshing || this.closed) return;
    if (!this.pendingAll && this.pendingIds.size === 0 && this.pendingReviewsOf.size === 0) return;
    const ids = [...this.pendingIds];
    const reviewsOf = [...this.pendingReviewsOf];
    const started = performance.now();
    this.refreshing = this.refresh()
      .then(() => {
        this.lagging = false;
        const ms = performance.now() - started;
        this.counts.refreshes += 1;
        this.counts.refreshMs += ms;
        this.counts.refreshMaxMs = Math.max(this.counts.refreshMaxMs, ms);
      })
      .catch(async (err: unknown) => {
        // The changed rows could not be read (the database is busy or away): until they are, the
        // index is not used and the cache keeps nothing it could have said. Try again shortly.
        this.logger.warn({ err, ids: ids.length }, 'directory index: could not read changed listings; searches use SQL until it can');
        this.lagging = true;
        this.counts.refreshFailures += 1;
        for (const id of ids) this.pendingIds.add(id);
        for (const id of reviewsOf) this.pendingReviewsOf.add(id);
        this.emit({ listings: null, reviewsOf: [] });
        await new Promise((resolve) => setTimeout(resolve, 250));
      })
      .finally(() => {
        this.refreshing = null;
        this.scheduleRefresh();
      });
  }

  private async refresh(): Promise<void> {
    if (this.pendingAll || this.pendingIds.size > REFRESH_ALL_ABOVE) {
      this.loaded = false;
      this.emit({ listings: null, reviewsOf: [] });
      this.startLoad();
      return;
    }
    const ids = [...this.pendingIds];
    const reviewsOf = [...this.pendingReviewsOf];
    this.pendingIds.clear();
    this.pendingReviewsOf.clear();
    const rows = ids.length
      ? await this.prisma.$queryRaw<IndexRow[]>`SELECT ${this.rows.columns} FROM professionals p WHERE p.id = ANY(${ids}::int[])`
      : [];
    if (!this.loaded) return;
    try {
      this.apply(ids, rows, reviewsOf);
    } catch (err) {
      // A fault of our own halfway through leaves the orders in doubt: read everything again.
      this.logger.error({ err }, 'directory index: applying a change failed; loading again');
      this.loaded = false;
      this.emit({ listings: null, reviewsOf: [] });
      this.startLoad();
    }
  }

  private apply(ids: number[], rows: IndexRow[], reviewsOf: number[]): void {
    const state = this.state;
    const fresh = new Map(rows.filter((row) => row.listed).map((row) => [row.id, row]));
    const listings: NonNullable<DirectoryChange['listings']> = [];
    for (const id of ids) {
      const row = fresh.get(id);
      listings.push(state.replace(id, row ? this.rows.toListing(row, state.listing(id)) : undefined, this.follower));
    }
    this.emit({ listings, reviewsOf });
  }
}
