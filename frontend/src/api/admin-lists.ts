// The admin dashboard's lists (GET /api/admin/applications, users, archived-users, professionals,
// contact-messages, review-reports, audit-log): each answers an array of one page and the total in
// the X-Total-Count header (docs/architecture.md, "The HTTP surface"). The key is the path with its
// query, so a new page, search or filter is a new request and the previous page stays on screen
// while it loads (keepPreviousData).
import useSWR from 'swr';
import { ADMIN_PAGE_SIZE } from '../../../core/admin';
import { ApiRequestError } from './client';

export interface ListPage<T> {
  items: T[];
  /** Every match, not only this page (X-Total-Count; the page's length when the header is missing). */
  total: number;
}

export type ListParams = Record<string, string | number | undefined>;

/** '/api/admin/users' + { role: 'all', search: 'ann', offset: 0 } → '/api/admin/users?role=all&search=ann&offset=0&limit=20'. */
export function listKey(path: string, params: ListParams, limit: number = ADMIN_PAGE_SIZE): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    query.set(name, String(value));
  }
  query.set('limit', String(limit));
  return `${path}?${query.toString()}`;
}

/** GETs one page of a list with its total; a non-OK answer throws ApiRequestError like every other call. */
export async function fetchListPage<T>(path: string): Promise<ListPage<T>> {
  const response = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
  const text = await response.text();
  if (!response.ok) throw new ApiRequestError(response.status, response.statusText, text);
  const parsed: unknown = text === '' ? [] : JSON.parse(text);
  const items = Array.isArray(parsed) ? (parsed as T[]) : [];
  const header = response.headers.get('X-Total-Count');
  const total = header === null ? Number.NaN : Number(header);
  return { items, total: Number.isInteger(total) && total >= 0 ? total : items.length };
}

/** One page of an admin list; `enabled: false` (a closed dialog) fetches nothing. */
export function useAdminList<T>({ path, params, enabled = true, limit }: { path: string; params: ListParams; enabled?: boolean; limit?: number }) {
  const key = enabled ? listKey(path, params, limit) : null;
  const { data, error, isLoading, isValidating, mutate } = useSWR<ListPage<T>>(key, (url: string) => fetchListPage<T>(url), {
    keepPreviousData: true,
  });
  return {
    items: data?.items ?? [],
    total: data?.total ?? 0,
    hasData: data !== undefined,
    error: error as unknown,
    isLoading,
    isValidating,
    reload: () => mutate(),
  };
}
