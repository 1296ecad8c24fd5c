// What a page needs before it can paint, announced in its index.html so the browser fetches it in
// parallel with the entry script instead of after it (LCP budget, docs/performance.md):
//   - the page's lazily loaded chunk and the chunks it imports (<link rel="modulepreload">), found
//     in the Vite build manifest (dist/frontend/.vite/manifest.json) by the page's source module;
//   - the one API answer the page's largest content waits for (<link rel="preload" as="fetch">),
//     for the pages whose SWR key is a fixed function of the URL.
//   - for the pages the build prerendered (frontend/src/prerender.tsx, .vite/prerendered.json),
//     their first render's markup inside <div id="root">, painted before any script runs, with the
//     entry stylesheet inlined (7 KB compressed), so that first paint waits for no other request.
// Which page an address is, its module and its data come from the page registry (core/pages.ts),
// which the SPA's router reads too; core/pages.test.ts checks each module file exists.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PAGES, pageAt, pageDataPath } from '../../../core/pages';
import { escapeHtml } from '../domain/seo/escape';
import { withConsentChoiceScript } from './consent-choice-script';
import { withEarlyClicksScript } from './early-clicks-script';
import { scriptsAfterPaint } from './scripts-after-paint';

/** One chunk of the Vite manifest (only the fields used here). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

/** Page path → the markup of its first render, from the build. */
export type PrerenderedPages = Record<string, string>;

/** The entry's stylesheet: its URL path and its text. */
export interface InlineStyle {
  href: string;
  css: string;
}

/** The build's files these preloads come from; each is undefined or empty when the build has none. */
export interface BuildInfo {
  manifest: ViteManifest | undefined;
  prerendered: PrerenderedPages | undefined;
  entryStyles: InlineStyle[];
}

export async function readBuildInfo(staticDir: string): Promise<BuildInfo> {
  const viteDir = path.join(staticDir, '.vite');
  const [manifest, prerendered] = await Promise.all([
    readJsonFile<ViteManifest>(path.join(viteDir, 'manifest.json')),
    readJsonFile<PrerenderedPages>(path.join(viteDir, 'prerendered.json')),
  ]);
  const cssFiles = Object.values(manifest ?? {}).flatMap((chunk) => (chunk.isEntry ? (chunk.css ?? []) : []));
  const entryStyles = await Promise.all(
    cssFiles.map(async (file) => ({ href: `/${file}`, css: await readFile(path.join(staticDir, file), 'utf8') })),
  );
  // Inside <style>, only '</style' could end the element early; Tailwind's output has none.
  return { manifest, prerendered, entryStyles: entryStyles.filter(({ css }) => !/<\/style/i.test(css)) };
}

async function readJsonFile<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Every chunk a manifest key loads statically, itself included. */
function staticClosure(manifest: ViteManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const EMPTY_ROOT = /<div id="root"><\/div>/;
const STYLESHEET_LINKS = /<link rel="stylesheet"[^>]*>/g;

/**
 * index.html with the page's prerendered markup in its root element, when the build has it, and
 * the entry stylesheet inlined: the first paint then needs this one response and nothing else.
 * Its scripts only make the page interactive, so they and the preloads are asked for after the
 * first paint (scripts-after-paint.ts).
 */
export function withPrerenderedPage(
  html: string,
  { build, pathname }: { build: Pick<BuildInfo, 'prerendered' | 'entryStyles'>; pathname: string },
): string {
  const { prerendered, entryStyles } = build;
  const markup = prerendered && Object.hasOwn(prerendered, pathname) ? prerendered[pathname] : undefined;
  if (!markup) return html;
  return withRootMarkup(html, { markup, entryStyles });
}

/**
 * index.html with `markup` in its root element (and `after` just behind it: outside the root, where
 * hydration does not look), the entry stylesheet inlined and the scripts asked for after the first
 * paint, as for a prerendered page. Also used for the pages the server renders per request (first-screen.ts).
 * The markup includes the cookie banner for an unknown choice; the head's consent-choice script
 * hides it before the first paint for a visitor who has chosen (consent-choice-script.ts), and the
 * early-clicks script makes its buttons and the controls marked for it work before hydration.
 */
export function withRootMarkup(html: string, { markup, after = '', entryStyles }: { markup: string; after?: string; entryStyles: InlineStyle[] }): string {
  let page = withEarlyClicksScript(withConsentChoiceScript(scriptsAfterPaint(html))).replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>${after}`);
  const inline = new Map(entryStyles.map(({ href, css }) => [`href="${href}"`, css]));
  page = page.replace(STYLESHEET_LINKS, (tag) => {
    const css = [...inline].find(([attribute]) => tag.includes(attribute))?.[1];
    return css === undefined ? tag : `<style>${css}</style>`;
  });
  return page;
}

/**
 * The <link> tags for one page ('' when there is nothing to preload). `isDataInPage`: the server
 * rendered the page with its data (first-screen.ts), so its API answer is not fetched.
 */
export function pagePreloadTags({
  manifest,
  pathname,
  search,
  isDataInPage = false,
}: {
  manifest: ViteManifest | undefined;
  pathname: string;
  search: string;
  isDataInPage?: boolean;
}): string {
  const tags: string[] = [];
  const page = PAGES[pageAt(pathname)];
  if (manifest && manifest[page.module]) {
    // The entry's own chunks are already in index.html.
    const inEntry = new Set<string>();
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticClosure(manifest, key, inEntry);
    for (const key of staticClosure(manifest, page.module)) {
      if (!inEntry.has(key)) tags.push(`<link rel="modulepreload" crossorigin href="/${escapeHtml(manifest[key]!.file)}">`);
    }
  }
  const data = isDataInPage ? undefined : pageDataPath(pathname, search);
  // use-credentials: the SPA's fetch sends cookies (api/client.ts), and a preload is only reused
  // by a request with the same credentials mode.
  if (data) tags.push(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(data)}">`);
  return tags.join('\n    ');
}
