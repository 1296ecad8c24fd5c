// Asks once for consent to non-essential cookies (product rule 15) and stays until the visitor
// chooses. It sits at the very end of the page and is sticky to the bottom of the viewport, so when
// the visitor scrolls to the end it rests below the footer instead of covering the footer's links.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { linkClass, pageWidthClass, primaryButtonClass, secondaryButtonClass } from './styles';
import { useCookieConsent } from './cookie-consent';

function focusMain() {
  document.getElementById('main')?.focus({ preventScroll: true });
}

export function CookieBanner() {
  const { isKnown, hasChosen, accept, decline } = useCookieConsent();
  const titleId = useId();
  if (!isKnown || hasChosen) return null;

  return (
    <section
      aria-labelledby={titleId}
      className="sticky bottom-0 z-30 order-last border-t border-gray-300 bg-white shadow-[0_-4px_12px_rgba(0,0,0,0.08)]"
    >
      <div className={`${pageWidthClass} flex flex-col gap-4 py-4 md:flex-row md:items-center md:justify-between`}>
        <div className="max-w-3xl">
          <h2 id={titleId} className="text-base font-semibold text-gray-900">
            Cookies on ITConnect
          </h2>
          <p className="mt-1 text-sm text-gray-700">
            We use an essential cookie to keep you signed in. We'd like your permission before using any non-essential
            cookies; we won't set any unless you accept. Read our{' '}
            <Link to="/cookie-policy" className={linkClass}>
              Cookie Policy
            </Link>
            .
          </p>
        </div>
        <div className="flex shrink-0 gap-3">
          <button
            type="button"
            onClick={() => {
              decline();
              focusMain();
            }}
            className={secondaryButtonClass}
          >
            Decline
          </button>
          <button
            type="button"
            onClick={() => {
              accept();
              focusMain();
            }}
            className={primaryButtonClass}
          >
            Accept
          </button>
        </div>
      </div>
    </section>
  );
}
