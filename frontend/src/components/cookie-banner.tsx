// Asks once for consent to non-essential cookies (product rule 15) and stays until the visitor
// chooses. It sits at the very end of the page and is sticky to the bottom of the viewport, so when
// the visitor scrolls to the end it rests below the footer instead of covering the footer's links.
// Where the choice cannot be read yet (the prerendered and server-rendered pages, and their
// hydration) it renders marked data-cookie-banner="pending": in the page's HTML, painted with it,
// and hidden by styles.css before the first paint when the head's inline script has found a stored
// choice (api/src/spa/consent-choice-script.ts). Once the choice is known, React drops it for a
// visitor who has chosen and keeps the same markup, unmarked, for one who has not. A click on its
// buttons before hydration is stored by the head's early-clicks script (core/early-clicks.ts).
import { useId } from 'react';
import { CONSENT_BUTTON_ATTRIBUTE } from '../../../core/early-clicks';
import { Link } from 'react-router-dom';
import { linkClass, pageWidthClass, primaryButtonClass, secondaryButtonClass } from './styles';
import { useCookieConsent } from './cookie-consent';

function focusMain() {
  document.getElementById('main')?.focus({ preventScroll: true });
}

export function CookieBanner() {
  const { isKnown, hasChosen, accept, decline } = useCookieConsent();
  const titleId = useId();
  if (hasChosen) return null;

  return (
    <section
      aria-labelledby={titleId}
      data-cookie-banner={isKnown ? undefined : 'pending'}
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
            {...{ [CONSENT_BUTTON_ATTRIBUTE]: 'declined' }}
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
            {...{ [CONSENT_BUTTON_ATTRIBUTE]: 'accepted' }}
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
