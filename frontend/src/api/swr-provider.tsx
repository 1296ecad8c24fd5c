import { useState, type ReactNode } from 'react';
import { SWRConfig, type Cache } from 'swr';
import { withFirstScreenData } from './first-screen-data';
import { SWR_OPTIONS } from './swr-options';

/**
 * The app's SWR configuration. In the browser every hook shares SWR's global cache (the global
 * `mutate` of api/auth.ts and friends acts on it), into which go the answers a server-rendered page
 * came with (`firstScreenData`, api/first-screen-data.ts) before anything renders. The server
 * renders each request with a cache of its own that starts with the answers it loaded
 * (`initialData`, SWR key → data), never the global one.
 */
export function SwrProvider({ children, initialData, firstScreenData }: { children: ReactNode; initialData?: Record<string, unknown>; firstScreenData?: Record<string, unknown> }) {
  const [value] = useState(() =>
    initialData
      ? { ...SWR_OPTIONS, provider: () => new Map(Object.entries(initialData).map(([key, data]) => [key, { data }])) as Cache }
      : firstScreenData
        ? { ...SWR_OPTIONS, provider: (globalCache: Readonly<Cache>) => withFirstScreenData(globalCache, firstScreenData) }
        : SWR_OPTIONS,
  );
  return <SWRConfig value={value}>{children}</SWRConfig>;
}
