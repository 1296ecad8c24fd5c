// Closes a menu when the visitor navigates, but not for a navigation that was already under way
// when the menu opened: the address changes at once while React commits the new page later (a lazy
// page's chunk still loading), and that late commit must not shut a menu opened in between (e.g.
// clicked right after signing in or creating an account, while the toast shows).
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Returns the function to call when the menu opens. */
export function useCloseOnNavigation(close: () => void): () => void {
  const { pathname, search } = useLocation();
  const openedAt = useRef<string | null>(null);
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (openedAt.current !== `${pathname}${search}`) closeRef.current();
  }, [pathname, search]);
  // Stable, so a caller's handler built on it (the header's openMenu) is too.
  return useCallback(() => {
    openedAt.current = `${window.location.pathname}${window.location.search}`;
  }, []);
}
