import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ARGON2_PARAMS, hashPassword, needsRehash, UNUSABLE_PASSWORD_HASH, verifyPassword } from './password';

/** A hash in the earlier scrypt form, as accounts made before decision 0020 have it. */
function scryptHash(password: string, N: number): string {
  const salt = Buffer.from('0123456789abcdef');
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
  return ['scrypt', N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('password hashing', () => {
  it('stores an argon2id PHC string with its parameters, and verifies only the right password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    const { memoryCost, timeCost, parallelism } = ARGON2_PARAMS;
    expect(stored).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${memoryCost},t=${timeCost},p=${parallelism}\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}$`));
    expect([memoryCost, timeCost, parallelism]).toEqual([19_456, 2, 1]); // OWASP's argon2id minimum
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('reads a password as its NFKC form, however the keyboard composed it', async () => {
    const stored = await hashPassword('café crème');
    expect(await verifyPassword('cafe\u0301 cre\u0300me', stored)).toBe(true);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
  });

  it('still verifies a hash of the earlier scrypt form, and asks for it to be re-hashed', async () => {
    const old = scryptHash('correct horse battery staple', 1024);
    expect(await verifyPassword('correct horse battery staple', old)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it('asks for a weaker argon2id hash to be re-hashed', async () => {
    const stored = await hashPassword('x');
    expect(needsRehash(stored.replace('m=19456,t=2', 'm=8192,t=2'))).toBe(true);
    expect(needsRehash(stored.replace('m=19456,t=2', 'm=19456,t=1'))).toBe(true);
    expect(needsRehash(stored.replace('m=19456,t=2', 'm=65536,t=3'))).toBe(false);
    expect(needsRehash(stored.replace('$argon2id$', '$argon2i$'))).toBe(true);
  });

  it('never verifies locked, malformed or unreasonable stored values', async () => {
    const stored = await hashPassword('x');
    expect(await verifyPassword('', UNUSABLE_PASSWORD_HASH)).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$16384$8$1$c2FsdA==')).toBe(false);
    expect(await verifyPassword('x', stored.slice(0, -4))).toBe(false);
    expect(await verifyPassword('x', stored.replace('$argon2id$', '$argon2d$'))).toBe(false);
    // A tampered row asking for 2^30 iterations or 4 GiB must not run the function at all (it would
    // take minutes or exhaust memory; answering false at once is what shows it did not run).
    expect(await verifyPassword('x', `scrypt$${2 ** 30}$8$1$c2FsdHNhbHRzYWx0c2FsdA==$${Buffer.alloc(64).toString('base64')}`)).toBe(false);
    const started = performance.now();
    expect(await verifyPassword('x', stored.replace('m=19456,t=2', 'm=4194304,t=2'))).toBe(false);
    expect(await verifyPassword('x', stored.replace('m=19456,t=2', 'm=19456,t=1000'))).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000); // t=1000 alone would take seconds
    expect(needsRehash(UNUSABLE_PASSWORD_HASH)).toBe(true);
    expect(needsRehash('scrypt$16384$8$1$a$b')).toBe(true);
  });
});
