// Two-step verification (product rule 35): after the password, a 6-digit code from an authenticator
// app (TOTP, RFC 6238: SHA-1, 30-second steps, the codes every app makes), or one of ten single-use
// recovery codes. The input schemas and messages are shared by the forms and the API.
import { z } from 'zod';
import { currentPassword } from './account';
import { text } from './text';

/** Digits of an authenticator code and seconds of a time step: what every authenticator app makes. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes made at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the password step of a sign-in waits for its code. */
export const TWO_STEP_SIGN_IN_TTL_MS = 5 * 60_000;
/** Wrong codes one sign-in may try before it starts again from the password (and its captcha). */
export const TWO_STEP_ATTEMPTS = 5;

export const TWO_STEP_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeInvalid: 'That code is not right, or it has already been used. Please try the newest code.',
  recoveryCodeInvalid: 'That recovery code is not right, or it has already been used.',
  signInExpired: 'Your sign-in has timed out. Please sign in again.',
  tooManyAttempts: 'Too many wrong codes. Please sign in again.',
  setupExpired: 'Please start setting up two-step verification again.',
  alreadyOn: 'Two-step verification is already on.',
  notOn: 'Two-step verification is not on.',
  turnedOn: 'Two-step verification is on. Keep your recovery codes somewhere safe.',
  turnedOff: 'Two-step verification is off.',
  userNotFound: 'User not found',
  turnedOffByTeam: 'Two-step verification is off for this account. They have been e-mailed.',
  newRecoveryCodes: 'Your new recovery codes are below. The old ones no longer work.',
  adminRequired: 'Turn on two-step verification in Account settings on My Profile before using the admin pages.',
} as const;

/** A code as typed: spaces and hyphens (as apps group digits) are ignored. */
export const AuthenticatorCode = text({ error: TWO_STEP_MESSAGES.codeRequired })
  .max(20, TWO_STEP_MESSAGES.codeRequired)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_STEP_MESSAGES.codeRequired));

/** A recovery code as typed: case, spaces and hyphens do not matter. */
export const RecoveryCode = text({ error: 'Enter one of your recovery codes.' })
  .max(40, 'Enter one of your recovery codes.')
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-9]{10,20}$/, 'Enter one of your recovery codes.'));

/** POST /api/auth/login/two-step: the second step of a sign-in, with a code or a recovery code. */
export const TwoStepSignInInput = z.union([
  z.object({ code: AuthenticatorCode }).strict(),
  z.object({ recoveryCode: RecoveryCode }).strict(),
]);
export type TwoStepSignInInput = z.infer<typeof TwoStepSignInInput>;

/** Starting set-up, turning it off and new recovery codes each ask for the password again. */
export const TwoStepPasswordInput = z.object({ currentPassword });
/** POST /api/account/two-step/enable: a code made from the secret being set up. */
export const TwoStepEnableInput = z.object({ code: AuthenticatorCode });

/** The answer to POST /api/auth/login when the account has two-step verification on. */
export interface TwoStepChallenge {
  twoStepRequired: true;
  message: string;
}

/** GET /api/account/two-step. */
export interface TwoStepStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

/** POST /api/account/two-step/setup: what the authenticator app needs (shown once, never stored by the browser). */
export interface TwoStepSetup {
  /** The secret in base32, for typing in by hand. */
  secret: string;
  /** otpauth:// address, the QR code's content. */
  uri: string;
  /** The QR code as an SVG document. */
  qrSvg: string;
}
