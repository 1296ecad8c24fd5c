// The signed-in user's open application (GET /api/application): /apply offers to pay one that is
// waiting for payment (after the e-mailed link, a lost tab or a declined card; product rule 24).
import useSWR from 'swr';
import type { OpenApplication } from '../../../core/billing';
import { OPEN_APPLICATION_KEY } from './billing';
import { getJson } from './client';

export function useOpenApplication(enabled: boolean) {
  const { data } = useSWR<OpenApplication | null>(enabled ? OPEN_APPLICATION_KEY : null, (path: string) => getJson<OpenApplication | null>(path));
  return data ?? null;
}
