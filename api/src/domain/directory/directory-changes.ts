// Tells the API when the data behind the public directory changes, so its answer cache can forget.
// The migration 20261122053000_directory_change_notify puts statement triggers on `professionals`
// and `reviews` that NOTIFY itc_directory_changed on commit, whoever writes; while the feed is down
// nothing is cached (prisma/listen.ts).
import type { Logger } from 'pino';
import { listenForNotifications, type NotificationFeed } from '../../../../prisma/listen';

export const DIRECTORY_CHANNEL = 'itc_directory_changed';

export type DirectoryChangeFeed = NotificationFeed;

export function listenForDirectoryChanges({ databaseUrl, logger }: { databaseUrl: string; logger: Logger }): DirectoryChangeFeed {
  return listenForNotifications({ databaseUrl, logger, channel: DIRECTORY_CHANNEL, name: 'directory-changes' });
}
