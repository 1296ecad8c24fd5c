// The signed-in provider's subscription (GET /api/professional/subscription): what My Profile's
// subscription panel and the cancellation dialog say (product rules 2 and 13).
import useSWR, { mutate } from 'swr';
import type { SubscriptionSummary } from '../../../core/billing';
import { getJson } from './client';
import { MY_PROFILE_KEY } from './use-my-profile';

export const SUBSCRIPTION_KEY = '/api/professional/subscription';

export function useSubscription(enabled: boolean) {
  const { data, error, isLoading, mutate: revalidate } = useSWR<SubscriptionSummary | null>(
    enabled ? SUBSCRIPTION_KEY : null,
    (path: string) => getJson<SubscriptionSummary>(path),
  );
  return { subscription: data ?? null, error: error as unknown, isLoading, revalidate };
}

/**
 * After a payment: forget the cached subscription and listing (data never goes stale by itself,
 * swr-options.ts), so that My Profile reads them again when next shown.
 */
export async function refreshBillingData(): Promise<void> {
  await Promise.all([SUBSCRIPTION_KEY, MY_PROFILE_KEY].map((key) => mutate(key, undefined, { revalidate: true })));
}
