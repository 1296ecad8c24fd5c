// Password hashing for user accounts, shared by the API (sign-up, login, reset) and the scripts
// (demo seed, admin:create) the way prisma/db.ts is.
//
// argon2id with OWASP's parameters (Password Storage Cheat Sheet: m = 19 MiB, t = 2, p = 1), through
// @node-rs/argon2 (the Rust argon2 crate, prebuilt per platform, no install script). Decision 0020:
// it replaced scrypt N=2^15, which was below OWASP's scrypt minimum and cost ten times the CPU.
//
// Stored form: the PHC string `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`. The parameters travel
// with each hash, so raising the cost later only changes new hashes; verifyPassword reads whatever
// a hash says, within bounds. Hashes of the earlier form `scrypt$N$r$p$<salt>$<hash>` still verify,
// and sign-in re-hashes them (needsRehash). A stored value in any other form (an empty or locked
// account) never verifies.
import { scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';

/**
 * Stored for accounts that must not be able to sign in with a password (demo reviewers): it is
 * in neither hash form, so verifyPassword always says no. A password reset replaces it as usual.
 */
export const UNUSABLE_PASSWORD_HASH = '!no-password';

/** argon2id, m = 19 MiB (in KiB), t = 2, p = 1: about 10 ms per hash on our 2-core machines. */
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** The package's `Algorithm.Argon2id` (an ambient const enum, which isolated modules cannot read). */
const ARGON2ID = 2 as Algorithm;
/** Largest parameters a stored hash may ask for, so a tampered row can't exhaust memory or time. */
const MAX_ARGON2 = { memoryCost: 262_144, timeCost: 16, parallelism: 4 } as const;
const ARGON2_FORM = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]{16,}\$[A-Za-z0-9+/]{43,}$/;

/** The earlier scrypt form's bounds and key length (verification only). */
const SCRYPT_KEY_LENGTH = 64;
const MAX_SCRYPT = { N: 2 ** 20, r: 16, p: 4 } as const;

function argon2Params(stored: string): { memoryCost: number; timeCost: number; parallelism: number } | null {
  const match = ARGON2_FORM.exec(stored);
  if (!match) return null;
  const [memoryCost, timeCost, parallelism] = match.slice(1, 4).map(Number) as [number, number, number];
  return { memoryCost, timeCost, parallelism };
}

function deriveScrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; allow twice that (Node's default maxmem refuses N=2^15, r=8).
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, SCRYPT_KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const valid = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (!valid(N, MAX_SCRYPT.N) || (N & (N - 1)) !== 0 || !valid(r, MAX_SCRYPT.r) || !valid(p, MAX_SCRYPT.p)) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (salt.length === 0 || expected.length !== SCRYPT_KEY_LENGTH) return false;
  return timingSafeEqual(await deriveScrypt(password, salt, { N, r, p }), expected);
}

export function hashPassword(password: string): Promise<string> {
  // The library draws a random 16-byte salt from the operating system for each hash.
  return argon2Hash(password.normalize('NFKC'), { algorithm: ARGON2ID, ...ARGON2_PARAMS });
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  const params = argon2Params(stored);
  if (!params) return false;
  const within = (key: keyof typeof MAX_ARGON2) => params[key] >= 1 && params[key] <= MAX_ARGON2[key];
  if (!within('memoryCost') || !within('timeCost') || !within('parallelism')) return false;
  try {
    return await argon2Verify(stored, password.normalize('NFKC'));
  } catch {
    return false; // a salt or hash the library cannot decode
  }
}

/** True when a hash was made some other way or with weaker parameters than today's, so sign-in re-hashes it. */
export function needsRehash(stored: string): boolean {
  const params = argon2Params(stored);
  return (
    params === null ||
    params.memoryCost < ARGON2_PARAMS.memoryCost ||
    params.timeCost < ARGON2_PARAMS.timeCost ||
    params.parallelism < ARGON2_PARAMS.parallelism
  );
}
