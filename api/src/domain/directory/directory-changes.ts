// Tells the API when the data behind the public directory changes, so its answer cache can forget.
//
// The migration 20261122053000_directory_change_notify puts statement triggers on `professionals`
// and `reviews` that NOTIFY itc_directory_changed on commit, whoever writes: this API, the worker,
// the seed or an operator in psql. One dedicated connection LISTENs here. While that connection is
// down nothing may be cached (a change could be missed), so `live` is false until LISTEN is in place
// again, and every (re)connection counts as a change (whatever happened while away is forgotten).
import pg from 'pg';
import type { Logger } from 'pino';

export const DIRECTORY_CHANNEL = 'itc_directory_changed';

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;

export interface DirectoryChangeFeed {
  /** True while LISTEN is established: only then may answers be cached. */
  readonly live: boolean;
  /** Called on every change notification and whenever `live` flips. */
  onChange(listener: () => void): void;
  close(): Promise<void>;
}

export function listenForDirectoryChanges({ databaseUrl, logger }: { databaseUrl: string; logger: Logger }): DirectoryChangeFeed {
  const listeners: (() => void)[] = [];
  let live = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | null = null;

  const changed = () => {
    for (const listener of listeners) listener();
  };

  const lost = (reason: unknown, current: pg.Client) => {
    if (client !== current) return;
    client = null;
    live = false;
    changed();
    current.end().catch(() => undefined);
    if (closed) return;
    logger.warn({ err: reason, retryMs }, 'directory change feed lost; answers are not cached until it is back');
    retryTimer = setTimeout(connect, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  function connect(): void {
    retryTimer = null;
    if (closed) return;
    const current = new pg.Client({ connectionString: databaseUrl, application_name: 'itconnect-directory-changes' });
    client = current;
    current.on('notification', (message) => {
      if (message.channel === DIRECTORY_CHANNEL) changed();
    });
    current.on('error', (err) => lost(err, current));
    current.on('end', () => lost(new Error('connection ended'), current));
    current
      .connect()
      .then(() => current.query(`LISTEN ${DIRECTORY_CHANNEL}`))
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
