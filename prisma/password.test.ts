import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, SCRYPT_PARAMS, UNUSABLE_PASSWORD_HASH, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores scrypt parameters, salt and hash, and verifies only the right password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    const [scheme, N, r, p, salt, hash] = stored.split('$');
    expect(scheme).toBe('scrypt');
    expect([Number(N), Number(r), Number(p)]).toEqual([SCRYPT_PARAMS.N, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p]);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash!, 'base64')).toHaveLength(64);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
  });

  it('never verifies locked, malformed or unreasonable stored values', async () => {
    expect(await verifyPassword('', UNUSABLE_PASSWORD_HASH)).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$16384$8$1$c2FsdA==')).toBe(false);
    // A tampered row asking for 2^30 iterations must not run scrypt at all.
    expect(await verifyPassword('x', `scrypt$${2 ** 30}$8$1$c2FsdHNhbHRzYWx0c2FsdA==$${Buffer.alloc(64).toString('base64')}`)).toBe(false);
    expect(needsRehash(UNUSABLE_PASSWORD_HASH)).toBe(true);
    expect(needsRehash('scrypt$16384$8$1$a$b')).toBe(true);
  });
});
