import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword (ASVS V6.2.4, V6.2.11, V6.2.12)', () => {
  it('knows the most common passwords of 8 characters or more, in any case, with digits and symbols around them', () => {
    for (const p of ['password', '12345678', 'qwertyuiop', 'Sunshine', 'PASSWORD1', 'Password1!', 'iloveyou2024', '!!football!!']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
  });

  it("refuses the site's own name however it is dressed up", () => {
    for (const p of ['itconnect', 'ITConnect2026!', 'itconnect.co.uk', 'IT-Connect']) expect(isCommonPassword(p), p).toBe(true);
  });

  it('accepts passphrases and random passwords, and does not hold a short stem against a password', () => {
    for (const p of ['correct horse battery', 'lantern orchard 47 quietly', '7Gk#2xQ!9pZ', '1984 ab 2024', 'abcdefgh']) {
      expect(isCommonPassword(p), p).toBe(false);
    }
  });
});
