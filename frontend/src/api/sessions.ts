// Signed-in devices (core/sessions.ts): the signed-in user's own sessions on /profile, signing out
// one other device or all the others, and an admin's "Sign out everywhere" for one user. A session
// is only ever named by its handle; the session id stays in the HttpOnly cookie.
import useSWR, { mutate } from 'swr';
import type { AccountSessions, SessionsEnded } from '../../../core/sessions';
import { deleteJson, getJson, postJson } from './client';

export const ACCOUNT_SESSIONS_KEY = '/api/account/sessions';

/** Read afresh each time the list is shown: sessions come and go elsewhere (another sign-in, a password change). */
export function useAccountSessions() {
  const { data, error, mutate: reload } = useSWR(ACCOUNT_SESSIONS_KEY, (path: string) => getJson<AccountSessions>(path), {
    revalidateOnMount: true,
  });
  return { sessions: data?.sessions, error: error as unknown, reload: () => reload() };
}

/** Signs out one other device; the list is read again either way (it may have ended meanwhile). */
export async function endSession(handle: string): Promise<SessionsEnded | null> {
  try {
    return await deleteJson<SessionsEnded>(`${ACCOUNT_SESSIONS_KEY}/${encodeURIComponent(handle)}`);
  } finally {
    await mutate(ACCOUNT_SESSIONS_KEY);
  }
}

export async function endOtherSessions(): Promise<SessionsEnded | null> {
  try {
    return await postJson<SessionsEnded>(`${ACCOUNT_SESSIONS_KEY}/end-others`);
  } finally {
    await mutate(ACCOUNT_SESSIONS_KEY);
  }
}

/** An admin signs one user out of every device (POST /api/admin/users/:id/end-sessions). */
export function signOutUserEverywhere(userId: number) {
  return postJson<SessionsEnded>(`/api/admin/users/${userId}/end-sessions`);
}
