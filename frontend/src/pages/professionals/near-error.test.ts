import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/client';
import { nearFieldError } from './near-error';

const body = (fields: Record<string, string>) =>
  JSON.stringify({ error: { code: 'bad_request', message: 'We could not find that postcode or place', fields } });

describe('nearFieldError', () => {
  it("gives the API's message for an unknown postcode or place", () => {
    const error = new ApiRequestError(400, 'Bad Request', body({ near: 'We could not find that postcode or place' }));
    expect(nearFieldError(error)).toBe('We could not find that postcode or place');
  });

  it('is null for any other failure', () => {
    expect(nearFieldError(new ApiRequestError(400, 'Bad Request', body({ minRating: 'Expected a number' })))).toBeNull();
    expect(nearFieldError(new ApiRequestError(500, 'Internal Server Error', ''))).toBeNull();
    expect(nearFieldError(new Error('network'))).toBeNull();
    expect(nearFieldError(undefined)).toBeNull();
  });
});
