// The head's inline script that makes the first screen's controls work before the SPA has taken
// over (decision 0031; core/early-clicks.ts says the protocol). Until React is attached: a click on
// a pending cookie banner's button stores the choice as saveConsent does
// (frontend/src/components/cookie-consent.ts) and marks <html> so the stylesheet hides the banner,
// as for a choice found at load (consent-choice-script.ts); a click on a button marked with
// EARLY_HREF_ATTRIBUTE goes to its address; a click on a control marked with REPLAY_ATTRIBUTE is
// noted for its component to play. A constant, allowed by its hash in the CSP
// (middleware/security-headers.ts).
import { createHash } from 'node:crypto';
import { CONSENT_BUTTON_ATTRIBUTE, EARLY_CLICKS_GLOBAL, EARLY_HREF_ATTRIBUTE, REPLAY_ATTRIBUTE } from '../../../core/early-clicks';
import { COOKIE_CONSENT_STORAGE_KEY } from '../../../core/site-config';
import { CONSENT_CHOICE_ATTRIBUTE } from './consent-choice-script';

const j = JSON.stringify;

export const EARLY_CLICKS_SCRIPT =
  `(function(){var s=window[${j(EARLY_CLICKS_GLOBAL)}]={clicks:[],isReactAttached:false};` +
  `document.addEventListener('click',function(e){var t=e.target;if(s.isReactAttached||!t||!t.closest)return;` +
  `var c=t.closest('[data-cookie-banner="pending"] [${CONSENT_BUTTON_ATTRIBUTE}]');` +
  `if(c){try{localStorage.setItem(${j(COOKIE_CONSENT_STORAGE_KEY)},JSON.stringify({choice:c.getAttribute(${j(CONSENT_BUTTON_ATTRIBUTE)}),at:Date.now()}))}catch(x){}` +
  `document.documentElement.setAttribute(${j(CONSENT_CHOICE_ATTRIBUTE)},'');return}` +
  `var a=t.closest('[${EARLY_HREF_ATTRIBUTE}]');if(a){e.preventDefault();location.assign(a.getAttribute(${j(EARLY_HREF_ATTRIBUTE)}));return}` +
  `var r=t.closest('[${REPLAY_ATTRIBUTE}]');if(r)s.clicks.push(r.getAttribute(${j(REPLAY_ATTRIBUTE)}))},true)})();`;

/** The CSP source that allows exactly this script. */
export const EARLY_CLICKS_SCRIPT_CSP = `'sha256-${createHash('sha256').update(EARLY_CLICKS_SCRIPT).digest('base64')}'`;

/** The page with the script at the end of its head: it listens before any of the body is painted. */
export function withEarlyClicksScript(html: string): string {
  return html.replace(/<\/head>/i, () => `<script>${EARLY_CLICKS_SCRIPT}</script></head>`);
}
