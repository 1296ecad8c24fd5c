// Password hashing for user accounts, shared by the API (sign-up, login, reset) and the scripts
// (demo seed, admin:create) the way prisma/db.ts is. Node's scrypt, no extra package.
//
// Stored form: `scrypt$N$r$p$<salt base64>$<hash base64>`. The parameters travel with each hash,
// so raising the cost later only changes new hashes; verifyPassword reads whatever a hash says.
// A stored value in any other form (an empty or locked account) never verifies.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Stored for accounts that must not be able to sign in with a password (demo reviewers): it is
 * not in scrypt form, so verifyPassword always says no. A password reset replaces it as usual.
 */
export const UNUSABLE_PASSWORD_HASH = '!no-password';

/** N=2^15, r=8, p=1: about 100 ms and 32 MiB per hash on our 2-core machines. */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
/** Largest parameters a stored hash may ask for, so a tampered row can't exhaust memory. */
const MAX_N = 2 ** 20;
const MAX_R = 16;
const MAX_P = 4;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node's default maxmem (32 MiB) is exactly that for our
  // parameters and is refused, so allow twice what the parameters need.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const { N, r, p } = SCRYPT_PARAMS;
  const key = await derive(password, salt, SCRYPT_PARAMS);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const valid = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (!valid(N, MAX_N) || (N & (N - 1)) !== 0 || !valid(r, MAX_R) || !valid(p, MAX_P)) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (salt.length === 0 || expected.length !== KEY_LENGTH) return false;
  const key = await derive(password, salt, { N, r, p });
  return timingSafeEqual(key, expected);
}

/** True when a hash was made with weaker parameters than today's, so login can re-hash it. */
export function needsRehash(stored: string): boolean {
  const [scheme, N, r, p] = stored.split('$');
  return (
    scheme !== 'scrypt' ||
    Number(N) < SCRYPT_PARAMS.N ||
    Number(r) < SCRYPT_PARAMS.r ||
    Number(p) < SCRYPT_PARAMS.p
  );
}
