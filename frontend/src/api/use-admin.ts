// The admin dashboard's single answers: statistics (GET /api/admin/stats), the maintenance switch
// (GET /api/admin/maintenance/status), the queue summary (GET /api/admin/queues) and the reported
// front-end errors (GET /api/admin/client-errors). Lists are in
// admin-lists.ts, the actions in admin-actions.ts. Only asked for by an admin's dashboard.
import useSWR from 'swr';
import type { AdminStats, MaintenanceStatus, QueueSummary } from '../../../core/admin';
import type { ClientErrorGroup } from '../../../core/client-errors';
import { getJson } from './client';

export const ADMIN_STATS_KEY = '/api/admin/stats';
export const MAINTENANCE_STATUS_KEY = '/api/admin/maintenance/status';
export const QUEUES_KEY = '/api/admin/queues';
export const CLIENT_ERRORS_KEY = '/api/admin/client-errors';

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

export function useClientErrors(enabled = true) {
  const { data, ...rest } = useAdminAnswer<ClientErrorGroup[]>(enabled ? CLIENT_ERRORS_KEY : null);
  return { groups: data ?? [], hasData: data !== null, ...rest };
}

/** The queues as an array, whether the API sends one or `{ queues }`. */
export function queueList(data: QueueSummary[] | { queues: QueueSummary[] } | null): QueueSummary[] {
  if (!data) return [];
  return Array.isArray(data) ? data : data.queues;
}
