// SWR as the spec sets it (section 7): queries never retry, never refetch on a timer, on focus or on
// reconnect, and data never goes stale: a key is fetched once and then served from the cache until
// something mutates it (login, logout, a save). Concurrent requests for one key are deduplicated.
import type { SWRConfiguration } from 'swr';
import { defaultFetcher } from './client';

export const SWR_OPTIONS = {
  fetcher: defaultFetcher,
  shouldRetryOnError: false,
  errorRetryCount: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
  refreshWhenHidden: false,
  refreshWhenOffline: false,
  dedupingInterval: 2000,
} satisfies SWRConfiguration;
