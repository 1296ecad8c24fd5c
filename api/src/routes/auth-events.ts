// Security events of accounts in the log (ASVS 5.0 V16.3.1, docs/security.md "Logging"): every
// sign-in, successful or not, sign-out, and every change of a credential or of the account, each
// one structured line on the request's logger (so it carries the request id) with the event, the
// outcome, the account's id when there is one, the reason of a failure and the client's address.
// Never the e-mail address typed (it may be a password typed in the wrong field), a password, a
// token, a session id or a captcha.
import type { Context } from 'koa';

export type AuthEvent =
  | 'sign-in'
  /** The password step of a sign-in with two-step verification on (product rule 35). */
  | 'sign-in-password'
  | 'sign-in-two-step'
  | 'two-step-setup'
  | 'two-step-on'
  | 'two-step-off'
  | 'recovery-codes-replaced'
  | 'sign-out'
  | 'sign-up-confirmed'
  | 'password-reset'
  | 'password-change'
  | 'email-change-request'
  | 'account-delete';

export interface AuthEventDetails {
  userId?: number | undefined;
  /** A sign-up from /apply: the application it made. */
  applicationId?: number | null;
  /** Why a failure failed, in a word: 'invalid', 'archived', 'wrong-password'. */
  reason?: string;
}

export function logAuthEvent(ctx: Context, event: AuthEvent, outcome: 'success' | 'failure', details: AuthEventDetails = {}): void {
  const line = { event: `auth.${event}`, outcome, ...details, ip: ctx.ip };
  if (outcome === 'success') ctx.state.log.info(line, `${event} succeeded`);
  else ctx.state.log.warn(line, `${event} failed`);
}
