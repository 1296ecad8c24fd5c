import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Every route change scrolls to the top (spec section 2). Not the first page: the browser placed
 * it (the top, a #fragment, or where a visitor on a slow phone has already scrolled while the
 * scripts loaded), and scrolling it when React takes it over would throw that visitor back to the
 * top, under a finger about to tap what they scrolled to.
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const address = `${pathname}${search}`;
    if (shown.current !== null && shown.current !== address) window.scrollTo(0, 0);
    shown.current = address;
  }, [pathname, search]);
  return null;
}
