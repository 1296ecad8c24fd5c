// One-time tokens e-mailed to people (password reset, sign-up confirmation), shared by the worker
// (which makes and sends them) and the API (which checks them). Only a token's SHA-256 is stored:
// whoever reads the database, a backup or a queue cannot use a link from it.
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
