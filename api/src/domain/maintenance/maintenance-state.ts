// Maintenance mode as every API process sees it (product rule 12). The switch and the access code
// live in site_settings (one row, id 1), so a switch made on one process holds on all of them. Each
// process keeps the row in memory and asks PostgreSQL again only when it changes: a trigger
// (migration 20261123210000_site_settings_notify) NOTIFYs itc_site_settings_changed on commit and
// this process LISTENs (prisma/listen.ts). So the gate costs no database read per request,
// and a switch takes effect everywhere within the notification's delivery (milliseconds).
// If the LISTEN connection is down a change could be missed: the row is then read again at most
// FALLBACK_MS after the last read, so a switch still takes effect within about a second.
import type { Logger } from 'pino';
import type { PrismaClient } from '../../../../prisma/db';
import { listenForNotifications, type NotificationFeed } from '../../../../prisma/listen';

export const SITE_SETTINGS_CHANNEL = 'itc_site_settings_changed';
/** site_settings holds a single row (schema.prisma). */
export const SITE_SETTINGS_ID = 1;
const FALLBACK_MS = 1000;

export interface MaintenanceSettings {
  enabled: boolean;
  /** Password hash (prisma/password.ts) of the code an admin set on the dashboard; null when none was set. */
  accessCodeHash: string | null;
}

export const DEFAULT_SETTINGS: MaintenanceSettings = { enabled: false, accessCodeHash: null };

export interface MaintenanceState {
  /** The settings as stored (from memory while the change feed is live). */
  settings(): Promise<MaintenanceSettings>;
  /** This process just wrote the row: read it again on the next request (the others are notified). */
  forget(): void;
  close(): Promise<void>;
}

export function createMaintenanceState({
  prisma,
  databaseUrl,
  logger,
  feed = listenForNotifications({ databaseUrl, logger, channel: SITE_SETTINGS_CHANNEL, name: 'site-settings' }),
}: {
  prisma: PrismaClient;
  databaseUrl: string;
  logger: Logger;
  /** The change feed (tests pass one they control). */
  feed?: NotificationFeed;
}): MaintenanceState {
  let cached: { value: MaintenanceSettings; readAt: number } | null = null;
  let loading: { generation: number; promise: Promise<MaintenanceSettings> } | null = null;
  // Bumped by every change: a read that started before a change must not be kept after it.
  let generation = 0;

  const forget = () => {
    generation += 1;
    cached = null;
  };
  feed.onChange(forget);

  async function read(): Promise<MaintenanceSettings> {
    const startedAt = generation;
    try {
      const row = await prisma.siteSetting.findUnique({
        where: { id: SITE_SETTINGS_ID },
        select: { maintenanceEnabled: true, accessCodeHash: true },
      });
      const value = row ? { enabled: row.maintenanceEnabled, accessCodeHash: row.accessCodeHash } : DEFAULT_SETTINGS;
      if (generation === startedAt) cached = { value, readAt: Date.now() };
      return value;
    } catch (err) {
      // The database is unreachable: the last known settings are the best answer there is.
      if (cached) {
        logger.warn({ err }, 'site settings unreadable; using the last known ones');
        return cached.value;
      }
      throw err;
    } finally {
      if (loading?.generation === startedAt) loading = null;
    }
  }

  return {
    settings() {
      if (cached && (feed.live || Date.now() - cached.readAt < FALLBACK_MS)) return Promise.resolve(cached.value);
      // One read at a time, unless a change came after it started.
      if (!loading || loading.generation !== generation) loading = { generation, promise: read() };
      return loading.promise;
    },
    forget,
    close: () => feed.close(),
  };
}
