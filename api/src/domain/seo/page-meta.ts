// What the server writes into index.html's <head> for one page, and how it is written: the
// <title> and <meta name="description"> of the built template are replaced, and the canonical
// link, Open Graph tags (with the page's preview image, when it has one), robots and JSON-LD (one
// block per document) are added before </head>. Pure: no I/O.
import { escapeHtml, jsonForScript } from './escape';
import type { JsonLd } from './json-ld';

import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, pageTitle, SITE_NAME } from '../../../../core/pages';

export { DEFAULT_DESCRIPTION, DEFAULT_TITLE, SITE_NAME };

export interface PageMeta {
  /** HTTP status of the page (404 for an unknown professional; the SPA still renders). */
  status: number;
  /** The full <title>. */
  title: string;
  description: string;
  /** Absolute canonical URL; omitted for pages that should not be indexed. */
  canonicalUrl?: string;
  /** 'noindex, follow' for search results and missing pages. */
  robots?: string;
  ogType: 'website' | 'profile';
  /** schema.org documents, each written as its own application/ld+json block, in this order. */
  jsonLd?: readonly JsonLd[];
  /** The page's preview image (og:image, decision 0040); without one the card is a small summary. */
  image?: PageImage;
  /** Answer with a permanent redirect here instead of the page (an id address, product rule 4). */
  redirectTo?: string;
}

export interface PageImage {
  /** Absolute, with the image's version as ?v= (a new version when what it shows changes). */
  url: string;
  width: number;
  height: number;
  /** One sentence from the data it shows. */
  alt: string;
}

/** 'Web Design in Manchester' → 'Web Design in Manchester | ITConnect'; no title → the default (as the SPA does). */
export const fullTitle = pageTitle;

export function headTags(meta: PageMeta): string {
  const tags: string[] = [];
  if (meta.robots) tags.push(`<meta name="robots" content="${escapeHtml(meta.robots)}" />`);
  if (meta.canonicalUrl) tags.push(`<link rel="canonical" href="${escapeHtml(meta.canonicalUrl)}" />`);
  tags.push(`<meta property="og:site_name" content="${SITE_NAME}" />`);
  tags.push(`<meta property="og:type" content="${meta.ogType}" />`);
  tags.push(`<meta property="og:title" content="${escapeHtml(meta.title)}" />`);
  tags.push(`<meta property="og:description" content="${escapeHtml(meta.description)}" />`);
  if (meta.canonicalUrl) tags.push(`<meta property="og:url" content="${escapeHtml(meta.canonicalUrl)}" />`);
  tags.push(`<meta property="og:locale" content="en_GB" />`);
  if (meta.image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(meta.image.url)}" />`);
    tags.push(`<meta property="og:image:type" content="image/png" />`);
    tags.push(`<meta property="og:image:width" content="${meta.image.width}" />`);
    tags.push(`<meta property="og:image:height" content="${meta.image.height}" />`);
    tags.push(`<meta property="og:image:alt" content="${escapeHtml(meta.image.alt)}" />`);
  }
  tags.push(`<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`);
  if (meta.image) tags.push(`<meta name="twitter:image:alt" content="${escapeHtml(meta.image.alt)}" />`);
  for (const document of meta.jsonLd ?? []) tags.push(`<script type="application/ld+json">${jsonForScript(document)}</script>`);
  return tags.join('\n    ');
}

const TITLE_PATTERN = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION_PATTERN = /<meta\s+name=["']description["'][^>]*>/i;

/** The template with this page's head. Works on the built index.html and on a bare test template. */
export function injectPageMeta(template: string, meta: PageMeta): string {
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
  let html = template;
  // Function replacements: '$' in page text must not be read as a replacement pattern.
  html = TITLE_PATTERN.test(html) ? html.replace(TITLE_PATTERN, () => title) : html.replace(/<head[^>]*>/i, (h) => `${h}\n    ${title}`);
  const extra = headTags(meta);
  if (DESCRIPTION_PATTERN.test(html)) {
    html = html.replace(DESCRIPTION_PATTERN, () => description);
  } else {
    html = html.replace(title, () => `${title}\n    ${description}`);
  }
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, () => `    ${extra}\n  </head>`);
  return html.replace(description, () => `${description}\n    ${extra}`);
}
