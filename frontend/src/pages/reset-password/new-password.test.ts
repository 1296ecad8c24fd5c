import { describe, expect, it } from 'vitest';
import { newPasswordErrors, PASSWORDS_DONT_MATCH } from './new-password';

describe('newPasswordErrors', () => {
  it('asks for at least 8 characters', () => {
    expect(newPasswordErrors('short', 'short')).toEqual({ password: 'Password must be at least 8 characters' });
  });

  it("says when the passwords don't match", () => {
    expect(newPasswordErrors('long enough', 'long enougH')).toEqual({ confirmPassword: PASSWORDS_DONT_MATCH });
  });

  it('accepts a long enough, confirmed password', () => {
    expect(newPasswordErrors('long enough', 'long enough')).toEqual({});
  });
});
