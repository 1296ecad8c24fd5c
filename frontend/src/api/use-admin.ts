// The admin dashboard's single answers: statistics (GET /api/admin/stats), the maintenance switch
// (GET /api/admin/maintenance/status) and the queue summary (GET /api/admin/queues). Lists are in
// admin-lists.ts, the actions in admin-actions.ts. Only asked for by an admin's dashboard.
import useSWR from 'swr';
import type { AdminStats, MaintenanceStatus, QueueSummary } from '../../../core/admin';
import { getJson } from './client';

export const ADMIN_STATS_KEY = '/api/admin/stats';
export const MAINTENANCE_STATUS_KEY = '/api/admin/maintenance/status';
export const QUEUES_KEY = '/api/admin/queues';

function useAdminAnswer<T>(key: string | null) {
  // keepPreviousData: while an action's refresh reads the answer again, the old one stays on screen.
  const { data, error, isLoading, mutate } = useSWR<T | null>(key, (path: string) => getJson<T>(path), { keepPreviousData: true });
  return { data: data ?? null, error: error as unknown, isLoading, reload: () => mutate() };
}

export function useAdminStats(enabled = true) {
  const { data, ...rest } = useAdminAnswer<AdminStats>(enabled ? ADMIN_STATS_KEY : null);
  return { stats: data, ...rest };
}

export function useMaintenanceStatus(enabled = true) {
  const { data, ...rest } = useAdminAnswer<MaintenanceStatus>(enabled ? MAINTENANCE_STATUS_KEY : null);
  return { status: data, ...rest };
}

export function useQueueSummary(enabled = true) {
  const { data, ...rest } = useAdminAnswer<QueueSummary[] | { queues: QueueSummary[] }>(enabled ? QUEUES_KEY : null);
  return { queues: queueList(data), hasData: data !== null, ...rest };
}

/** The queues as an array, whether the API sends one or `{ queues }`. */
export function queueList(data: QueueSummary[] | { queues: QueueSummary[] } | null): QueueSummary[] {
  if (!data) return [];
  return Array.isArray(data) ? data : data.queues;
}
