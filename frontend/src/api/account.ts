// Account settings (product rule 32): change the name, ask to change the e-mail address, use the
// link sent to the new address, change the password, two-step verification (product rule 35). Each refreshes the current user when it
// changed something the header or My Profile shows.
import { mutate } from 'swr';
import type { CurrentUser } from '../../../core/auth';
import type { TwoStepSetup } from '../../../core/two-step';
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

export const TWO_STEP_STATUS_KEY = '/api/account/two-step';

/** Asks for the password again and answers a new secret to scan (not yet in use). */
export async function startTwoStepSetup(currentPassword: string): Promise<TwoStepSetup> {
  const answer = await postJson<TwoStepSetup>('/api/account/two-step/setup', { currentPassword });
  if (!answer) throw new Error('The set-up could not be started. Please try again.');
  return answer;
}

interface RecoveryCodesAnswer {
  message: string;
  recoveryCodes: string[];
}

async function afterTwoStepChange(): Promise<void> {
  await Promise.all([mutate(CURRENT_USER_KEY), mutate(TWO_STEP_STATUS_KEY)]);
}

/** Turns it on with a code from the app; answers the recovery codes to show once. */
export async function enableTwoStep(code: string): Promise<RecoveryCodesAnswer> {
  const answer = await postJson<RecoveryCodesAnswer>('/api/account/two-step/enable', { code });
  await afterTwoStepChange();
  if (!answer) throw new Error('Two-step verification may be on, but its recovery codes did not arrive. Please make new ones.');
  return answer;
}

export async function disableTwoStep(currentPassword: string): Promise<string> {
  const answer = await postJson<{ message: string }>('/api/account/two-step/disable', { currentPassword });
  await afterTwoStepChange();
  return answer?.message ?? 'Two-step verification is off.';
}

export async function replaceRecoveryCodes(currentPassword: string): Promise<RecoveryCodesAnswer> {
  const answer = await postJson<RecoveryCodesAnswer>('/api/account/two-step/recovery-codes', { currentPassword });
  await mutate(TWO_STEP_STATUS_KEY);
  if (!answer) throw new Error('The new recovery codes did not arrive. Please try again.');
  return answer;
}
