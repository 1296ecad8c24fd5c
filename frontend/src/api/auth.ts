// Session commands. Each refreshes the current-user data on success (spec section 4).
import { mutate } from 'swr';
import { postJson } from './client';
import { CURRENT_USER_KEY } from './use-current-user';

export async function signOut(): Promise<void> {
  await postJson('/api/auth/logout');
  await mutate(CURRENT_USER_KEY, null, { revalidate: false });
}
