// Account settings on /profile (product rule 32): the input schemas and messages of changing one's
// name, e-mail address (confirmed by a link sent to the new address) and password, shared by the
// forms and the API (api/src/routes/account.ts).
import { z } from 'zod';
import { Email, NEW_PASSWORD_MIN } from './auth';
import { text } from './text';

/** The name as sign-up takes it. */
export const AccountName = text()
  .trim()
  .min(2, 'Name must be at least 2 characters')
  .max(100, 'Name must be at most 100 characters');

/** The current password, asked for again before a sensitive change. */
export const currentPassword = text({ error: 'Please enter your current password' })
  .min(1, 'Please enter your current password')
  .max(200, 'Please enter your current password');

/** PATCH /api/account/name */
export const ChangeNameInput = z.object({ name: AccountName });
export type ChangeNameInput = z.infer<typeof ChangeNameInput>;

/** POST /api/account/email: the new address, and the current password (whoever holds a session alone cannot move the account). */
export const ChangeEmailInput = z.object({ email: Email, currentPassword });
export type ChangeEmailInput = z.infer<typeof ChangeEmailInput>;

/** POST /api/account/email/confirm: the token of the link sent to the new address. */
export const ConfirmEmailChangeInput = z.object({ token: text().min(20).max(200) });

/** POST /api/account/password */
export const ChangePasswordInput = z.object({
  currentPassword,
  newPassword: text({ error: `Password must be at least ${NEW_PASSWORD_MIN} characters` })
    .min(NEW_PASSWORD_MIN, `Password must be at least ${NEW_PASSWORD_MIN} characters`)
    .max(200, 'Password must be at most 200 characters'),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/** How long the link to a new address works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

export const ACCOUNT_MESSAGES = {
  nameChanged: 'Your name has been changed.',
  emailSame: 'That is already your e-mail address.',
  emailChangeSent:
    'We have sent a link to the new address. Your e-mail address changes only when you open it (within 24 hours). We have also told your current address.',
  emailChangeInvalid: 'This link is invalid, has expired or has already been used. Please ask for a new one on My Profile.',
  emailTaken: 'Another account already uses that e-mail address.',
  emailChanged: 'Your e-mail address has been changed.',
  wrongCurrentPassword: 'Your current password is not right.',
  passwordSame: 'Choose a new password that differs from the current one.',
  passwordChanged: 'Your password has been changed. Every other session has been signed out.',
} as const;
