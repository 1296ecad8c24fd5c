// Accounts: the input schemas with the spec's messages (section 5), shared by the forms and the
// API, and the current-user shape of GET /api/auth/me.
import { z } from 'zod';
import { text } from './text';

export const ROLES = ['customer', 'provider', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** How each role is labelled on My Profile (spec section 6). */
export const ROLE_LABELS: Record<Role, string> = {
  customer: 'customer',
  provider: 'Service Provider',
  admin: 'Administrator',
};

export const Email = text()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Invalid email address' }).max(254, 'Invalid email address'));

/** Passwords are never trimmed; 200 caps the hashing work an attacker can ask for. */
const password = (min: number) =>
  text({ error: `Password must be at least ${min} characters` })
    .min(min, `Password must be at least ${min} characters`)
    .max(200, 'Password must be at most 200 characters');

export const Captcha = text({ error: 'Please complete the captcha' }).min(1, 'Please complete the captcha').max(4000);

/**
 * The shortest password a new account, a reset or an application may set (one rule for all: NCSC
 * guidance, and the spec's own rule for applications). Sign-in still accepts the spec's 6, so an
 * older, shorter password keeps working until its owner changes it.
 */
export const NEW_PASSWORD_MIN = 8;
const SIGN_IN_PASSWORD_MIN = 6;

export const LoginInput = z.object({
  email: Email,
  password: password(SIGN_IN_PASSWORD_MIN),
  captcha: Captcha,
});
export type LoginInput = z.infer<typeof LoginInput>;

/** `role` may be sent (the spec's client sends 'customer'), but registration always creates a customer. */
export const RegisterInput = z.object({
  name: text().trim().min(2, 'Name must be at least 2 characters').max(100, 'Name must be at most 100 characters'),
  email: Email,
  password: password(NEW_PASSWORD_MIN),
  captcha: Captcha,
  role: z.unknown().optional(),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

export const PasswordResetRequestInput = z.object({ email: Email, captcha: Captcha });
/** An e-mailed one-time token (sign-up confirmation, password reset). */
const EmailedToken = text().min(20).max(200);

export const PasswordResetInput = z.object({
  token: EmailedToken,
  password: password(NEW_PASSWORD_MIN),
});

/**
 * POST /api/auth/register/confirm: the token of the sign-up link, and the password chosen at
 * sign-up (or at /apply): whoever opens a link must also know it, so a sign-up someone else made
 * with your address cannot become your account with their password (decision 0029).
 */
export const RegistrationConfirmInput = z.object({
  token: EmailedToken,
  password: text({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(200),
});

/** POST /api/auth/archive: deleting an account asks for its password again. */
export const ArchiveAccountInput = z.object({
  password: text({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(200),
});

export interface CurrentUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  professionalId: number | null;
  /** The professional's public slug, for 'View Public Profile'. */
  professionalSlug: string | null;
  createdAt: string;
  /** Whether signing in needs a code from an authenticator app after the password (product rule 35). */
  twoStepEnabled: boolean;
}

/** The API's account messages, shared so the pages and tests quote the same text. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  accountArchived: 'This account has been deleted',
  emailTaken: 'An account with this email already exists. Please sign in, or reset your password.',
  registrationSent: 'Check your e-mail: we have sent a link to finish creating your account. It works for 24 hours.',
  registrationInvalid: 'This sign-up link is invalid or has expired. Please sign up again.',
  registrationWrongPassword: 'That is not the password chosen when this sign-up was made. Please try again.',
  wrongPassword: 'That password is not right.',
  signInRequired: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do that.',
  captchaMissing: 'Please complete the captcha',
  captchaInvalid: 'Captcha verification failed. Please try again.',
  captchaReplayed: 'Captcha already used. Please try again.',
  resetRequested: 'If an account exists for that email, we have sent a link to reset the password.',
  resetInvalid: 'This reset link is invalid or has expired.',
  passwordChanged: 'Your password has been changed. Please sign in.',
  passwordTooCommon: 'This password is too common and easy to guess. Please choose another.',
} as const;

/** How long a password-reset link stays valid (product rule 10). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** How long a sign-up confirmation link stays valid. */
export const REGISTRATION_TTL_MS = 24 * 60 * 60 * 1000;
