// Accounts: the input schemas with the spec's messages (section 5), shared by the forms and the
// API, and the current-user shape of GET /api/auth/me.
import { z } from 'zod';

export const ROLES = ['customer', 'provider', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** How each role is labelled on My Profile (spec section 6). */
export const ROLE_LABELS: Record<Role, string> = {
  customer: 'customer',
  provider: 'Service Provider',
  admin: 'Administrator',
};

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Invalid email address' }).max(254, 'Invalid email address'));

/** Passwords are never trimmed; 200 caps the hashing work an attacker can ask for. */
const password = (min: number) =>
  z
    .string({ error: `Password must be at least ${min} characters` })
    .min(min, `Password must be at least ${min} characters`)
    .max(200, 'Password must be at most 200 characters');

export const Captcha = z.string({ error: 'Please complete the captcha' }).min(1, 'Please complete the captcha').max(4000);

export const LoginInput = z.object({
  email: Email,
  password: password(6),
  captcha: Captcha,
});
export type LoginInput = z.infer<typeof LoginInput>;

/** `role` may be sent (the spec's client sends 'customer'), but registration always creates a customer. */
export const RegisterInput = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(100, 'Name must be at most 100 characters'),
  email: Email,
  password: password(6),
  captcha: Captcha,
  role: z.unknown().optional(),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

export const PasswordResetRequestInput = z.object({ email: Email, captcha: Captcha });
export const PasswordResetInput = z.object({
  token: z.string().min(20).max(200),
  password: password(8),
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
}

/** The API's account messages, shared so the pages and tests quote the same text. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  accountArchived: 'This account has been deleted',
  emailTaken: 'An account with this email already exists',
  signInRequired: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do that.',
  captchaMissing: 'Please complete the captcha',
  captchaInvalid: 'Captcha verification failed. Please try again.',
  captchaReplayed: 'Captcha already used. Please try again.',
  resetRequested: 'If an account exists for that email, we have sent a link to reset the password.',
  resetInvalid: 'This reset link is invalid or has expired.',
  passwordChanged: 'Your password has been changed. Please sign in.',
} as const;

/** How long a password-reset link stays valid (DECISIONS #10). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
