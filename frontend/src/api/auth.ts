// Account commands (spec section 7). Login, registration and logout each refresh the current-user
// data on success (spec section 4); so does archiving, which ends the session.
import { mutate } from 'swr';
import type { CurrentUser } from '../../../core/auth';
import type { TwoStepChallenge } from '../../../core/two-step';
import { ApiRequestError, postJson } from './client';
import { CURRENT_USER_KEY } from './use-current-user';

export interface Credentials {
  email: string;
  password: string;
  captcha: string;
}

export interface Registration extends Credentials {
  name: string;
}

async function setCurrentUser(user: CurrentUser | null): Promise<void> {
  await mutate(CURRENT_USER_KEY, user, { revalidate: false });
}

/** Forget the signed-in user (after logout or archive, once the browser has left the page). */
export async function clearCurrentUser(): Promise<void> {
  // Nothing fetched while signed in stays in memory (ASVS V14.3.1): the inbox, My Profile, admin
  // lists. Every cached answer goes, then the current user is known to be nobody.
  // Hooks still on the page (the home page the caller went to) fetch their answers again, as nobody.
  await mutate(() => true, undefined, { revalidate: true });
  await setCurrentUser(null);
}

/**
 * The password step. Answers the signed-in user, or a challenge when the account has two-step
 * verification on (product rule 35): then nobody is signed in until signInWithCode succeeds.
 */
export async function signIn(credentials: Credentials): Promise<CurrentUser | TwoStepChallenge | null> {
  const answer = await postJson<CurrentUser | TwoStepChallenge>('/api/auth/login', credentials);
  if (answer && 'twoStepRequired' in answer) return answer;
  await setCurrentUser(answer);
  return answer;
}

/** The second step: a code from the authenticator app, or one recovery code. */
export async function signInWithCode(input: { code: string } | { recoveryCode: string }): Promise<CurrentUser | null> {
  const user = await postJson<CurrentUser>('/api/auth/login/two-step', input);
  await setCurrentUser(user);
  return user;
}

/**
 * Public registration always creates a customer (the API ignores any other role), once the e-mail
 * address is confirmed: this sends the link and answers the same whether or not the address has
 * an account. Resolves to the message to show.
 */
export async function register(registration: Registration): Promise<string> {
  const answer = await postJson<{ message: string }>('/api/auth/register', { ...registration, role: 'customer' });
  return answer?.message ?? 'Check your e-mail: we have sent a link to finish creating your account.';
}

/** Uses the e-mailed sign-up link: creates the account and signs it in. */
/**
 * POST /api/auth/register/confirm with the password chosen at sign-up: the new account, signed in,
 * and the application waiting for payment when the sign-up came from /apply.
 */
export async function confirmRegistration(token: string, password: string): Promise<{ user: CurrentUser; applicationId: number | null }> {
  const answer = await postJson<CurrentUser & { applicationId?: number | null }>('/api/auth/register/confirm', { token, password });
  if (!answer) throw new Error('The account was created but the answer was empty. Please sign in.');
  const { applicationId = null, ...user } = answer;
  await setCurrentUser(user);
  return { user, applicationId };
}

/** Ends the session; the caller goes to / and then calls clearCurrentUser(). */
export async function signOut(): Promise<void> {
  await postJson('/api/auth/logout');
}

/**
 * Deleting an account archives it (spec section 4), with the account's password given again; the
 * API ends the session. The caller goes to / and then calls clearCurrentUser().
 */
export async function archiveAccount(password: string): Promise<void> {
  await postJson('/api/auth/archive', { password });
}

/** Always answers the same whether or not the email has an account. */
export async function requestPasswordReset(input: { email: string; captcha: string }): Promise<void> {
  await postJson('/api/auth/password-reset/request', input);
}

export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  await postJson('/api/auth/password-reset', input);
}

/** Everything held about the signed-in user (product rule 14), as the JSON text the API sends. */
export async function fetchMyData(): Promise<string> {
  const response = await fetch('/api/auth/my-data', { credentials: 'include', headers: { Accept: 'application/json' } });
  const text = await response.text();
  if (!response.ok) throw new ApiRequestError(response.status, response.statusText, text);
  return text;
}
