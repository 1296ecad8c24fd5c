import { describe, expect, it } from 'vitest';
import { defaultFetcher } from './client';
import { SWR_OPTIONS } from './swr-options';

describe('SWR_OPTIONS (spec section 7)', () => {
  it('never retries and never refetches on its own', () => {
    expect(SWR_OPTIONS).toMatchObject({
      shouldRetryOnError: false,
      errorRetryCount: 0,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      revalidateIfStale: false,
      refreshInterval: 0,
    });
    expect(SWR_OPTIONS.dedupingInterval).toBeGreaterThan(0);
  });

  it('uses the JSON GET fetcher by default', () => {
    expect(SWR_OPTIONS.fetcher).toBe(defaultFetcher);
  });
});
