// New passwords are checked against the most common ones (ASVS 5.0 V6.2.4, V6.2.12) and against
// words of this site (V6.2.11). Wherever a password is set — sign-up, a reset link, a change on
// /profile, an account made at /apply — the route calls refuseCommonPassword right after parsing
// the input, before any rate limit or captcha is spent (a refusal is input validation, 422).
//
// The list: the 30,000 most common passwords of zxcvbn 4.4.2 (MIT, Dropbox; compiled from leaked
// password sets), of which 11,611 meet our 8-character minimum, shipped as common-passwords.txt
// (written once by scripts/make-common-passwords.ts; zxcvbn itself is unmaintained and no
// dependency). The API reads it when this module loads, so a server started without it fails at
// start rather than at the first sign-up; it never goes to the browser. Passwords are compared
// without case, and also with leading and trailing digits and symbols removed, so 'Password1!'
// counts as 'password'.
// The documented list of context-specific words is CONTEXT_WORDS (docs/security.md, V6.1.2).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AUTH_MESSAGES } from '../../../../core/auth';
import { AppError } from '../app-error';
import { COMMON_PASSWORDS_FILE, parseCommonPasswords } from './common-passwords-file';

/** Words of this product a password must not be made of (ASVS V6.1.2, V6.2.11). */
export const CONTEXT_WORDS = ['itconnect', 'itconnectuk', 'itconnectcouk', 'itprofessional', 'itprofessionals', 'itsupport'] as const;

function readCommonPasswords(): Set<string> {
  let text: string;
  try {
    text = readFileSync(COMMON_PASSWORDS_FILE, 'utf8');
  } catch (err) {
    throw new Error(`The list of common passwords cannot be read at ${fileURLToPath(COMMON_PASSWORDS_FILE)}: the server build copies it there (scripts/lib/build.ts)`, { cause: err });
  }
  return new Set([...parseCommonPasswords(text), ...CONTEXT_WORDS]);
}

const common = readCommonPasswords();

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
  return forms(password).some((form) => common.has(form));
}

/** Throws 422 with the field's message when `password` is too common. */
export function refuseCommonPassword(password: string | undefined, field: string): void {
  if (password !== undefined && isCommonPassword(password)) {
    throw new AppError('invalid_input', AUTH_MESSAGES.passwordTooCommon, { fields: { [field]: AUTH_MESSAGES.passwordTooCommon } });
  }
}
