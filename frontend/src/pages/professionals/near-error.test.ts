import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/client';
import { nearFieldError, searchOutcome } from './near-error';

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

describe('searchOutcome', () => {
  const unknown = new ApiRequestError(400, 'Bad Request', body({ near: 'We could not find that postcode or place' }));
  const filters = { service: 'Web Design', location: 'All UK', search: '', near: 'ZZ99 9ZZ', radiusMiles: 25 };

  it('reads an unknown postcode as its message, with no distance chip and no list failure', () => {
    expect(searchOutcome(filters, unknown)).toEqual({
      unknownNear: 'We could not find that postcode or place',
      chipFilters: { service: 'Web Design', location: 'All UK', search: '', near: '' },
      listError: undefined,
    });
  });

  it('leaves a known postcode, its chip and any other failure as they are', () => {
    const failure = new ApiRequestError(500, 'Internal Server Error', '');
    expect(searchOutcome(filters, undefined)).toEqual({ unknownNear: null, chipFilters: filters, listError: undefined });
    expect(searchOutcome(filters, failure)).toEqual({ unknownNear: null, chipFilters: filters, listError: failure });
  });

  it('is no unknown postcode when the address has none', () => {
    const noNear = { ...filters, near: '', radiusMiles: undefined };
    expect(searchOutcome(noNear, unknown)).toEqual({ unknownNear: null, chipFilters: noNear, listError: unknown });
  });
});
