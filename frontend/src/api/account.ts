// Account settings (product rule 32): change the name, ask to change the e-mail address, use the
// link sent to the new address, change the password. Each refreshes the current user when it
// changed something the header or My Profile shows.
import { mutate } from 'swr';
import type { CurrentUser } from '../../../core/auth';
import { patchJson, postJson } from './client';
import { CURRENT_USER_KEY } from './use-current-user';

export async function changeName(name: string): Promise<string> {
  const answer = await patchJson<{ user: CurrentUser; message: string }>('/api/account/name', { name });
  if (answer) await mutate(CURRENT_USER_KEY, answer.user, { revalidate: false });
  return answer?.message ?? 'Your name has been changed.';
}

export async function requestEmailChange(email: string, currentPassword: string): Promise<string> {
  const answer = await postJson<{ message: string }>('/api/account/email', { email, currentPassword });
  return answer?.message ?? 'We have sent a link to the new address.';
}

export async function confirmEmailChange(token: string): Promise<{ email: string; message: string }> {
  const answer = await postJson<{ email: string; message: string }>('/api/account/email/confirm', { token });
  await mutate(CURRENT_USER_KEY);
  return answer ?? { email: '', message: 'Your e-mail address has been changed.' };
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<string> {
  const answer = await postJson<{ message: string }>('/api/account/password', { currentPassword, newPassword });
  return answer?.message ?? 'Your password has been changed.';
}
