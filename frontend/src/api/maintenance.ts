// Maintenance mode as the SPA sees it (spec section 4 "App start", product rule 12). At start the
// SPA probes the directory list: 503 or a network error means maintenance (the gate is shown),
// anything else normal mode. The server decides: it answers 503 to everyone but admins and beta
// testers holding the unlock cookie, so an admin's probe passes. The gate unlocks with
// POST /api/maintenance/unlock, which sets that cookie. Part of the entry bundle: no zod here.
import { postJson } from './client';

/** The spec's probe: the directory list, one row. */
export const MAINTENANCE_PROBE_PATH = '/api/professionals?limit=1';
export const MAINTENANCE_UNLOCK_PATH = '/api/maintenance/unlock';

/** Whether the site is in maintenance for this visitor: true on 503 or when the request fails. */
export async function probeMaintenance(path: string = MAINTENANCE_PROBE_PATH): Promise<boolean> {
  try {
    const response = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
    await response.body?.cancel();
    return response.status === 503;
  } catch {
    return true;
  }
}

/** The gate's access code; resolves when accepted (the unlock cookie is set), throws otherwise. */
export async function unlockMaintenance(password: string, path: string = MAINTENANCE_UNLOCK_PATH): Promise<void> {
  await postJson<unknown>(path, { password });
}
