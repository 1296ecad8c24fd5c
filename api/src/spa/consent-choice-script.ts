// The cookie banner at first paint (docs/decisions/0018-server-rendered-first-screen.md, "The
// cookie banner at first paint"). A page whose first screen is in its HTML (prerendered or
// server-rendered) carries the banner's markup, because the server cannot know whether the visitor
// has chosen: the choice is in localStorage (frontend/src/components/cookie-consent.ts). This tiny
// inline script in the head reads it before the body is parsed and, when a valid choice is stored,
// marks <html> with CONSENT_CHOICE_ATTRIBUTE; the stylesheet (frontend/src/styles.css) then hides
// the banner markup rendered for an unknown choice, so a visitor who has chosen never sees it, and
// one who has not sees it in the first paint instead of after hydration (it was the directory's LCP
// element, painted late). After hydration React owns the banner and drops or keeps it as before.
// The validity rules are parseConsent's: a JSON object whose choice is 'accepted' or 'declined' and
// whose `at` is a finite number. The script is a constant, allowed by its hash in the CSP
// (middleware/security-headers.ts), like the after-paint loader.
import { createHash } from 'node:crypto';
import { COOKIE_CONSENT_STORAGE_KEY } from '../../../core/site-config';

/** Set on <html> when the visitor's choice is stored; styles.css hides the pending banner under it. */
export const CONSENT_CHOICE_ATTRIBUTE = 'data-cookie-choice';

/** The inline script: marks <html> when a valid choice is stored; any failure leaves the banner shown. */
export const CONSENT_CHOICE_SCRIPT = `(function(){try{var v=JSON.parse(localStorage.getItem(${JSON.stringify(COOKIE_CONSENT_STORAGE_KEY)}));if(v&&typeof v==='object'&&(v.choice==='accepted'||v.choice==='declined')&&typeof v.at==='number'&&isFinite(v.at))document.documentElement.setAttribute('${CONSENT_CHOICE_ATTRIBUTE}','');}catch(e){}})();`;

/** The CSP source that allows exactly this script. */
export const CONSENT_CHOICE_SCRIPT_CSP = `'sha256-${createHash('sha256').update(CONSENT_CHOICE_SCRIPT).digest('base64')}'`;

/** The page with the script at the end of its head: it runs before any of the body is painted. */
export function withConsentChoiceScript(html: string): string {
  return html.replace(/<\/head>/i, () => `<script>${CONSENT_CHOICE_SCRIPT}</script></head>`);
}
