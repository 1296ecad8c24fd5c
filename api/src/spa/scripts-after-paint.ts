// For a page whose first screen is already in its HTML (prerendered at build time, or rendered per
// request: page-preloads.ts withRootMarkup), its scripts and preloads are not in the head but asked
// for by a small inline script right after the browser's first paint: once the paint timing entry
// `first-contentful-paint` is there (the frame was presented), then a task; where paint timing is
// not supported, after the next frame. The first paint then waits for nothing but the document with its inlined
// stylesheet: no script competes with it for a slow mobile link, and Lighthouse's simulation does
// not count 150 KB of scripts that the paint never needed (LCP budget, docs/performance.md;
// docs/decisions/0018-server-rendered-first-screen.md). The scripts only make the page interactive.
// The inline script is always the same text, allowed by its hash in the CSP
// (middleware/security-headers.ts); the tags it adds come from a JSON data element, which is never
// run. A browser without requestAnimationFrame in time (a tab opened in the background) still gets
// them after a second. Neither `load` nor the next frame is late enough on a slow device: with
// Lighthouse on a slow 2-core machine `load` came at 317–433 ms and the next frame's task at
// 413–461 ms, before the first paint was presented (459–624 ms), so the scripts counted towards
// the simulated LCP again (1.0–2.4 s).
import { createHash } from 'node:crypto';
import { jsonForScript } from '../domain/seo/escape';

export const AFTER_PAINT_DATA_ID = 'itc-after-paint';

/** The inline loader: adds each tag of the data element to the head, in order, once. */
export const AFTER_PAINT_LOADER = `(function(){var d=document,n=d.getElementById('${AFTER_PAINT_DATA_ID}'),done=false;if(!n)return;var tags=JSON.parse(n.textContent);function add(){if(done)return;done=true;for(var i=0;i<tags.length;i++){var e=d.createElement(tags[i].tag),a=tags[i].attributes;for(var k in a)e.setAttribute(k,a[k]);d.head.appendChild(e);}}var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(add,0);}}).observe({type:'paint',buffered:true});}else if(window.requestAnimationFrame)requestAnimationFrame(function(){setTimeout(add,0);});setTimeout(add,1000);})();`;

/** The CSP source that allows exactly the loader. */
export const AFTER_PAINT_LOADER_CSP = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;

interface DeferredTag {
  tag: 'script' | 'link';
  attributes: Record<string, string>;
}

const MODULE_SCRIPT = /<script type="module"[^>]*><\/script>\s*/g;
const PRELOAD_LINK = /<link rel="(?:modulepreload|preload)"[^>]*>\s*/g;
const ATTRIBUTE = /([a-z][a-z-]*)(?:="([^"]*)")?/g;

function unescapeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function parseTag(html: string): DeferredTag {
  const tag = html.startsWith('<script') ? 'script' : 'link';
  const inside = html.replace(/^<(script|link)\s*/, '').replace(/>[\s\S]*$/, '');
  const attributes: Record<string, string> = {};
  for (const [, name, value] of inside.matchAll(ATTRIBUTE)) {
    // Priority hints were for tags in the head; after the paint they load as usual.
    if (name && name !== 'fetchpriority') attributes[name] = value === undefined ? '' : unescapeAttribute(value);
  }
  return { tag, attributes };
}

/** The page with its module scripts and preloads moved from the head to after the first paint. */
export function scriptsAfterPaint(html: string): string {
  const headEnd = html.search(/<\/head>/i);
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd);
  const tags = [...head.matchAll(PRELOAD_LINK), ...head.matchAll(MODULE_SCRIPT)]
    .sort((a, b) => a.index - b.index)
    .map(([tag]) => parseTag(tag));
  if (tags.length === 0) return html;
  const rest = head.replace(MODULE_SCRIPT, '').replace(PRELOAD_LINK, '');
  const loader = `<script type="application/json" id="${AFTER_PAINT_DATA_ID}">${jsonForScript(tags)}</script><script>${AFTER_PAINT_LOADER}</script>`;
  return (rest + html.slice(headEnd)).replace(/<\/body>/i, () => `${loader}\n  </body>`);
}
