import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';
import { COMMON_PASSWORDS_FILE, parseCommonPasswords } from './common-passwords-file';

describe('the list of common passwords (common-passwords.txt)', () => {
  it("holds zxcvbn 4.4.2's 30,000 passwords, most common first, under a header with its MIT licence", () => {
    const text = readFileSync(COMMON_PASSWORDS_FILE, 'utf8');
    const passwords = parseCommonPasswords(text);
    expect(passwords).toHaveLength(30_000);
    expect(new Set(passwords).size).toBe(30_000);
    expect(passwords.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    expect(text).toContain('# Copyright (c) 2012-2016 Dan Wheeler and Dropbox, Inc.');
    expect(text).toContain('# The above copyright notice and this permission notice shall be');
  });

  it('reads a password a line, leaving out the header and the ends of Windows lines', () => {
    expect(parseCommonPasswords('# header\n#\nhunter22\r\nletmein1\n\n')).toEqual(['hunter22', 'letmein1']);
  });
});

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
