import { describe, expect, it } from 'vitest';
import { LoginInput, PasswordResetInput, RegisterInput } from '../../../../core/auth';
import { ApiRequestError } from '../../api/client';
import { apiFieldErrors, failureToast, validate } from './form-validation';

describe('validate', () => {
  it("maps the login schema's failures to the spec's messages, one per field", () => {
    const result = validate(LoginInput, { email: 'not-an-email', password: '123', captcha: '' });
    expect(result).toEqual({
      ok: false,
      errors: {
        email: 'Invalid email address',
        password: 'Password must be at least 6 characters',
        captcha: 'Please complete the captcha',
      },
    });
  });

  it('returns the parsed data (trimmed, lower-cased email) when valid', () => {
    const result = validate(LoginInput, { email: '  Ada@Example.COM ', password: 'secret1', captcha: 'x' });
    expect(result).toEqual({ ok: true, data: { email: 'ada@example.com', password: 'secret1', captcha: 'x' } });
  });

  it("checks the register name ('Name must be at least 2 characters')", () => {
    const result = validate(RegisterInput, { name: ' A ', email: 'a@b.co', password: 'a long password', captcha: 'x' });
    expect(result).toEqual({ ok: false, errors: { name: 'Name must be at least 2 characters' } });
  });

  it('asks for 8 characters on a sign-up password too (one rule for every new password)', () => {
    const result = validate(RegisterInput, { name: 'Ada', email: 'a@b.co', password: 'secret1', captcha: 'x' });
    expect(result).toEqual({ ok: false, errors: { password: 'Password must be at least 8 characters' } });
  });

  it('asks for 8 characters on a new password', () => {
    const result = validate(PasswordResetInput.pick({ password: true }), { password: 'short' });
    expect(result).toEqual({ ok: false, errors: { password: 'Password must be at least 8 characters' } });
  });
});

describe('apiFieldErrors', () => {
  it('keys the API field messages by top-level field', () => {
    const body = JSON.stringify({
      error: { code: 'invalid_input', message: 'Check the form', fields: { 'services.0': 'Unknown service', phone: 'Too long' } },
    });
    expect(apiFieldErrors(new ApiRequestError(422, 'Unprocessable Entity', body))).toEqual({
      services: 'Unknown service',
      phone: 'Too long',
    });
  });

  it('is empty for other failures', () => {
    expect(apiFieldErrors(new TypeError('fetch failed'))).toEqual({});
    expect(apiFieldErrors(new ApiRequestError(500, 'Internal Server Error', 'oops'))).toEqual({});
  });
});

describe('failureToast', () => {
  const fallback = { title: 'Login failed', description: 'Failed to login' };

  it("shows 'Error' with the API's message", () => {
    const error = new ApiRequestError(401, 'Unauthorized', '{"error":{"code":"unauthenticated","message":"Invalid email or password"}}');
    expect(failureToast(error, fallback)).toEqual({ title: 'Error', description: 'Invalid email or password', variant: 'destructive' });
  });

  it('falls back to the given texts without one', () => {
    expect(failureToast(new TypeError('fetch failed'), fallback)).toEqual({ ...fallback, variant: 'destructive' });
    expect(failureToast(new ApiRequestError(502, 'Bad Gateway', ''), fallback)).toEqual({ ...fallback, variant: 'destructive' });
  });
});
