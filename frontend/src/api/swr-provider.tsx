import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { SWR_OPTIONS } from './swr-options';

export function SwrProvider({ children }: { children: ReactNode }) {
  return <SWRConfig value={SWR_OPTIONS}>{children}</SWRConfig>;
}
