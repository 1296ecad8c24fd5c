// Tells a process when data changes in PostgreSQL, whoever changed it: the API, the worker, the
// seed or an operator in psql. The API keeps what it holds in memory current with it; the worker
// rebuilds the sitemaps from the directory's feed (worker/src/jobs/sitemap-triggers.ts). Triggers NOTIFY a channel on commit (migrations
// 20261122053000_directory_change_notify for the directory, 20261123210000_site_settings_notify for
// maintenance mode); one dedicated connection per channel LISTENs here. While that connection is
// down a change could be missed, so `live` is false until LISTEN is in place again, and every
// (re)connection counts as a change (whatever happened while away is forgotten). Users of a feed
// keep nothing in memory while it is not live (or only briefly: maintenance-state.ts).
import pg from 'pg';
import type { Logger } from 'pino';

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;

export interface NotificationFeed {
  /** True while LISTEN is established: only then may what the channel guards be kept. */
  readonly live: boolean;
  /** Called with the payload of every change notification, and with null whenever `live` flips. */
  onChange(listener: (payload: string | null) => void): void;
  close(): Promise<void>;
}

export interface ListenOptions {
  databaseUrl: string;
  logger: Logger;
  /** A channel name written by our own migrations (constant SQL text, never input). */
  channel: string;
  /** What the feed is for, in logs and pg_stat_activity ('directory-changes'). */
  name: string;
}

export function listenForNotifications({ databaseUrl, logger, channel, name }: ListenOptions): NotificationFeed {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const listeners: ((payload: string | null) => void)[] = [];
  let live = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | null = null;

  const changed = (payload: string | null = null) => {
    for (const listener of listeners) listener(payload);
  };

  const lost = (reason: unknown, current: pg.Client) => {
    if (client !== current) return;
    client = null;
    live = false;
    changed();
    current.end().catch(() => undefined);
    if (closed) return;
    logger.warn({ err: reason, retryMs, feed: name }, 'change feed lost; nothing it guards is kept until it is back');
    retryTimer = setTimeout(connect, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  function connect(): void {
    retryTimer = null;
    if (closed) return;
    const current = new pg.Client({ connectionString: databaseUrl, application_name: `itconnect-${name}` });
    client = current;
    current.on('notification', (message) => {
      if (message.channel === channel) changed(message.payload ?? '');
    });
    current.on('error', (err) => lost(err, current));
    current.on('end', () => lost(new Error('connection ended'), current));
    current
      .connect()
      .then(() => current.query(`LISTEN ${channel}`))
      .then(() => {
        if (client !== current || closed) return;
        live = true;
        retryMs = RETRY_MIN_MS;
        changed();
      })
      .catch((err: unknown) => lost(err, current));
  }

  connect();

  return {
    get live() {
      return live;
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      live = false;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
