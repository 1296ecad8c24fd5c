// The line every page carries while the Stripe stand-in takes payments (PAYMENTS=stand-in, docs/
// decisions/0008): put into index.html before the SPA's root, so it is in the first paint of every
// page (prerendered, server-rendered or not, the maintenance gate's too), needs no script, and
// React never touches it. A landmark of its own, so it is not content outside every landmark.
// It stays at the top while the page scrolls: its height is --demo-banner-h, which the sticky
// header and the toast region add to their own offsets (both read 0 when there is no banner).
import { DEMO_PAYMENTS_BANNER } from '../../../core/site-config';

const HEIGHT = '30px';

const STYLE = [
  'position:sticky',
  'top:0',
  'z-index:50',
  'box-sizing:border-box',
  'height:var(--demo-banner-h)',
  'overflow:hidden',
  'white-space:nowrap',
  'margin:0',
  'padding:0.25rem 1rem',
  'background:#fef3c7',
  'color:#78350f',
  'border-bottom:2px solid #d97706',
  'text-align:center',
  'font:600 0.875rem/1.25rem system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif',
].join(';');

const HEIGHT_STYLE = `<style>:root{--demo-banner-h:${HEIGHT}}</style>`;

export const DEMO_BANNER_HTML = `<aside aria-label="Demo site" data-demo-banner style='${STYLE}'><p style="margin:0">${DEMO_PAYMENTS_BANNER}</p></aside>`;

/** index.html with the banner's height in its head and the banner first in its body. */
export function withDemoBanner(html: string): string {
  return html
    .replace(/<\/head>/i, (tag) => `  ${HEIGHT_STYLE}\n  ${tag}`)
    .replace(/<body([^>]*)>/i, (tag) => `${tag}\n    ${DEMO_BANNER_HTML}`);
}
