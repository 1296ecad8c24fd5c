// Public runtime configuration (GET /api/site-config). While it loads, or if the call fails, the
// shell renders without the optional parts it drives (e.g. the footer's social icons).
import useSWR from 'swr';
import type { SiteConfig } from '../../../core/site-config';
import { getJson } from './client';

export const SITE_CONFIG_KEY = '/api/site-config';

export function useSiteConfig(): { config: SiteConfig | undefined; isLoading: boolean } {
  const { data, isLoading } = useSWR(SITE_CONFIG_KEY, (path: string) => getJson<SiteConfig>(path));
  return { config: data ?? undefined, isLoading };
}
