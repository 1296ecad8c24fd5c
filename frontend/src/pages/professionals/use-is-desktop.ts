import { useSyncExternalStore } from 'react';

/** Tailwind's md breakpoint: the directory shows list and map side by side from here up. */
const DESKTOP_QUERY = '(min-width: 48rem)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DESKTOP_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the screen is md or wider. False on the server and during hydration (the server cannot
 * know the width; the page's markup does not depend on it), then the browser's answer.
 */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DESKTOP_QUERY).matches,
    () => false,
  );
}
