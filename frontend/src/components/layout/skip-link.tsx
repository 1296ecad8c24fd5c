import type { MouseEvent } from 'react';

export const MAIN_ID = 'main';

/** The first focusable element on every page: jumps past the header to the page content. */
export function SkipLink() {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // Move focus without touching the router's URL.
    event.preventDefault();
    const main = document.getElementById(MAIN_ID);
    main?.focus();
    main?.scrollIntoView();
  }
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={onClick}
      className="sr-only z-50 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to main content
    </a>
  );
}
