// Authentication state (spec section 4): authenticated when GET /api/auth/me returns a user.
// 401 (not signed in) and 404 (the endpoint missing) both mean anonymous; any other failure also
// leaves the visitor anonymous instead of breaking the shell. No retry.
import useSWR from 'swr';
import { getJson } from './client';
import type { CurrentUser } from './current-user';

export const CURRENT_USER_KEY = '/api/auth/me';

export function fetchCurrentUser(path: string = CURRENT_USER_KEY): Promise<CurrentUser | null> {
  return getJson<CurrentUser>(path, { nullOnStatus: [401, 404] });
}

export function useCurrentUser(): { user: CurrentUser | null; isLoading: boolean } {
  const { data, isLoading } = useSWR(CURRENT_USER_KEY, fetchCurrentUser);
  return { user: data ?? null, isLoading };
}
