// When the worker adds build-sitemaps (decision 0039), besides the clock's daily run:
//   - at start, when no sitemap is stored (a new database, or a restore from before the table);
//   - whenever the directory's change feed names professionals (the triggers of migration
//     20261125180000_directory_change_ids NOTIFY on commit, whoever wrote): any of their changes
//     may put a listing in or out of the sitemaps or move a lastmod;
//   - after this connection was lost and is back, since a change may have gone unheard.
// Every worker listens, and the job is deduplicated and delayed (core/jobs.ts), so a burst of
// changes heard by several workers costs one build. Reviews' notifications are left out: a review
// changes a listing's rating through recalculate-rating, which the feed names as a professional.
// The connection, and its reconnection, are prisma/listen.ts's, as the API's feeds are.
import type { Logger } from 'pino';
import { SITEMAP_INDEX_FILE } from '../../../core/sitemaps';
import type { PrismaClient } from '../../../prisma/db';
import { listenForNotifications } from '../../../prisma/listen';

/** The directory change feed's channel (constant SQL text of our migrations). */
const CHANNEL = 'itc_directory_changed';

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
  let wasLive = false;

  const request = (reason: string) => {
    requestBuild(reason).catch((err: unknown) => logger.warn({ err, reason }, 'build-sitemaps not added'));
  };

  const feed = listenForNotifications({ databaseUrl, logger, channel: CHANNEL, name: 'sitemap-changes' });
  // A payload names what changed; null says the feed went down or came up. Coming up again after
  // being live means a change may have gone unheard; the first time, the start's check below covers it.
  feed.onChange((payload) => {
    if (payload !== null) {
      if (payload.startsWith('professionals:')) request('listings changed');
    } else if (feed.live) {
      if (wasLive) request('change feed back');
      wasLive = true;
    }
  });

  prisma.sitemapFile
    .findUnique({ where: { name: SITEMAP_INDEX_FILE }, select: { name: true } })
    .then((index) => {
      if (!index && !closed) request('no sitemap stored');
    })
    .catch((err: unknown) => logger.warn({ err }, 'could not look for a stored sitemap'));

  return {
    get live() {
      return feed.live;
    },
    async close() {
      closed = true;
      await feed.close();
    },
  };
}
