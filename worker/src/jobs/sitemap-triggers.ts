// When the worker adds build-sitemaps (decision 0039), besides the clock's daily run:
//   - at start, when no sitemap is stored (a new database, or a restore from before the table);
//   - whenever the directory's change feed names professionals (the triggers of migration
//     20261125180000_directory_change_ids NOTIFY on commit, whoever wrote): any of their changes
//     may put a listing in or out of the sitemaps or move a lastmod;
//   - after this connection was lost and is back, since a change may have gone unheard.
// Every worker listens, and the job is deduplicated and delayed (core/jobs.ts), so a burst of
// changes heard by several workers costs one build. Reviews' notifications are left out: a review
// changes a listing's rating through recalculate-rating, which the feed names as a professional.
import pg from 'pg';
import type { Logger } from 'pino';
import { SITEMAP_INDEX_FILE } from '../../../core/sitemaps';
import type { PrismaClient } from '../../../prisma/db';

/** The directory change feed's channel (constant SQL text of our migrations). */
const CHANNEL = 'itc_directory_changed';
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;

export interface SitemapTriggers {
  /** Whether LISTEN is in place (tests wait for it). */
  readonly live: boolean;
  close(): Promise<void>;
}

export function startSitemapTriggers({
  databaseUrl,
  prisma,
  logger,
  requestBuild,
}: {
  databaseUrl: string;
  prisma: Pick<PrismaClient, 'sitemapFile'>;
  logger: Logger;
  /** Adds build-sitemaps (deduplicated, so calling it often is cheap). */
  requestBuild(reason: string): Promise<void>;
}): SitemapTriggers {
  let closed = false;
  let live = false;
  let wasLive = false;
  let client: pg.Client | null = null;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | null = null;

  const request = (reason: string) => {
    requestBuild(reason).catch((err: unknown) => logger.warn({ err, reason }, 'build-sitemaps not added'));
  };

  const lost = (reason: unknown, current: pg.Client) => {
    if (client !== current) return;
    client = null;
    live = false;
    current.end().catch(() => undefined);
    if (closed) return;
    logger.warn({ err: reason, retryMs }, 'sitemap change feed lost; listening again soon');
    retryTimer = setTimeout(connect, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  function connect(): void {
    retryTimer = null;
    if (closed) return;
    const current = new pg.Client({ connectionString: databaseUrl, application_name: 'itconnect-sitemap-changes' });
    client = current;
    current.on('notification', (message) => {
      if (message.channel === CHANNEL && (message.payload ?? '').startsWith('professionals:')) request('listings changed');
    });
    current.on('error', (err) => lost(err, current));
    current.on('end', () => lost(new Error('connection ended'), current));
    current
      .connect()
      .then(() => current.query(`LISTEN ${CHANNEL}`))
      .then(() => {
        if (client !== current || closed) return;
        live = true;
        retryMs = RETRY_MIN_MS;
        if (wasLive) request('change feed back');
        wasLive = true;
      })
      .catch((err: unknown) => lost(err, current));
  }

  connect();
  prisma.sitemapFile
    .findUnique({ where: { name: SITEMAP_INDEX_FILE }, select: { name: true } })
    .then((index) => {
      if (!index && !closed) request('no sitemap stored');
    })
    .catch((err: unknown) => logger.warn({ err }, 'could not look for a stored sitemap'));

  return {
    get live() {
      return live;
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      live = false;
      await current?.end().catch(() => undefined);
    },
  };
}
