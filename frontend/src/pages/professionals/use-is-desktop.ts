import { useSyncExternalStore } from 'react';

/** Tailwind's md breakpoint: the directory shows list and map side by side from here up. */
const DESKTOP_QUERY = '(min-width: 48rem)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DESKTOP_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DESKTOP_QUERY).matches,
    () => true,
  );
}
