// New passwords are checked against the most common ones (ASVS 5.0 V6.2.4, V6.2.12) and against
// words of this site (V6.2.11). Wherever a password is set — sign-up, a reset link, a change on
// /profile, an account made at /apply — the route calls refuseCommonPassword right after parsing
// the input, before any rate limit or captcha is spent (a refusal is input validation, 422).
//
// The list: the 30,000 most common passwords of zxcvbn 4.4.2 (MIT, Dropbox; compiled from leaked
// password sets), of which 11,611 meet our 8-character minimum. It is read once, on first use, by
// the API only (never shipped to the browser). Passwords are compared without case, and also with
// leading and trailing digits and symbols removed, so 'Password1!' counts as 'password'.
// The documented list of context-specific words is CONTEXT_WORDS (docs/security.md, V6.1.2).
import { createRequire } from 'node:module';
import { AUTH_MESSAGES } from '../../../../core/auth';
import { AppError } from '../app-error';

/** Words of this product a password must not be made of (ASVS V6.1.2, V6.2.11). */
export const CONTEXT_WORDS = ['itconnect', 'itconnectuk', 'itconnectcouk', 'itprofessional', 'itprofessionals', 'itsupport'] as const;

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    const lists = createRequire(import.meta.url)('zxcvbn/lib/frequency_lists.js') as { passwords: string[] };
    common = new Set([...lists.passwords, ...CONTEXT_WORDS]);
  }
  return common;
}

/** A shorter stem is not held against a password: '1984 ab 2024' is not 'ab'. */
const MIN_STEM = 5;

/**
 * The password without case; without the digits and symbols around it ('Password1!' → 'password');
 * and without any punctuation or spaces ('itconnect.co.uk' → 'itconnectcouk').
 */
function forms(password: string): string[] {
  const lower = password.toLowerCase();
  const stems = [lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''), lower.replace(/[^\p{L}\p{N}]+/gu, '')];
  return [lower, ...stems.filter((stem) => stem.length >= MIN_STEM)];
}

export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  return forms(password).some((form) => list.has(form));
}

/** Throws 422 with the field's message when `password` is too common. */
export function refuseCommonPassword(password: string | undefined, field: string): void {
  if (password !== undefined && isCommonPassword(password)) {
    throw new AppError('invalid_input', AUTH_MESSAGES.passwordTooCommon, { fields: { [field]: AUTH_MESSAGES.passwordTooCommon } });
  }
}
