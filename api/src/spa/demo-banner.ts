// The line every page carries while the Stripe stand-in takes payments (PAYMENTS=stand-in, docs/
// decisions/0008): put into index.html before the SPA's root, so it is in the first paint of every
// page (prerendered, server-rendered or not, the maintenance gate's too), needs no script, and
// React never touches it. A landmark of its own, so it is not content outside every landmark.
import { DEMO_PAYMENTS_BANNER } from '../../../core/site-config';

const STYLE = [
  'margin:0',
  'padding:0.25rem 1rem',
  'background:#fef3c7',
  'color:#78350f',
  'border-bottom:2px solid #d97706',
  'text-align:center',
  'font:600 0.875rem/1.25rem system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif',
].join(';');

export const DEMO_BANNER_HTML = `<aside aria-label="Demo site" data-demo-banner style='${STYLE}'><p style="margin:0">${DEMO_PAYMENTS_BANNER}</p></aside>`;

/** index.html with the banner first in its body. */
export function withDemoBanner(html: string): string {
  return html.replace(/<body([^>]*)>/i, (tag) => `${tag}\n    ${DEMO_BANNER_HTML}`);
}
