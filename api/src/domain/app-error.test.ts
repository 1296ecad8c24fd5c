import { describe, expect, it } from 'vitest';
import { rateLimited, waitText } from './app-error';

describe('the rate-limit message', () => {
  it('says seconds under a minute and whole minutes (rounded up) above', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(443)).toBe('8 minutes');
    expect(rateLimited(443_000).message).toBe('Too many requests. Please try again in 8 minutes.');
    expect(rateLimited(443_000).headers['Retry-After']).toBe('443');
  });
});
