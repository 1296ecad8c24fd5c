// The sitemaps' layout (issue 33 item 4, decision 0039), shared by the worker that builds them
// (worker/src/jobs/build-sitemaps.ts) and the API that serves them as stored (sitemap_files):
//   /sitemap.xml                 always a sitemap index, with each child's <lastmod>
//   /sitemaps/pages.xml          the fixed pages of core/pages.ts and one directory address per
//                                region with live listings
//   /sitemaps/services-{n}.xml   the indexable service-and-place pages (core/service-places.ts)
//   /sitemaps/profiles-{n}.xml   every live profile
// Each child holds at most SITEMAP_MAX_URLS addresses (the protocol's limit); n counts from 1.
// Also the addresses the files list, written once for the API's heads and the worker's files.

/** The protocol's limit of addresses per file (and of files per index). */
export const SITEMAP_MAX_URLS = 50_000;

/** The stored name of the index, which is also its address without the leading slash. */
export const SITEMAP_INDEX_FILE = 'sitemap.xml';

export type SitemapSection = 'pages' | 'services' | 'profiles';

/** A child's stored name: 'sitemaps/pages.xml', 'sitemaps/profiles-2.xml' (part from 1; pages has one file). */
export function sitemapFileName(section: SitemapSection, part = 1): string {
  return section === 'pages' ? 'sitemaps/pages.xml' : `sitemaps/${section}-${part}.xml`;
}

const CHILD_PATH = /^\/sitemaps\/(?:pages|(?:services|profiles)-[1-9]\d{0,5})\.xml$/;

/** The stored name an address asks for ('/sitemaps/profiles-2.xml' → 'sitemaps/profiles-2.xml'); null when it is none of them. */
export function sitemapFileAt(path: string): string | null {
  if (path === `/${SITEMAP_INDEX_FILE}`) return SITEMAP_INDEX_FILE;
  return CHILD_PATH.test(path) ? path.slice(1) : null;
}

/** The rule for what search engines may see: a listing is live when approved with an active subscription (the directory's LISTED). */
export const LIVE_LISTING = { isApproved: true, subscriptionStatus: 'active' } as const;

/** PUBLIC_URL without a trailing slash: 'https://itconnect.example'. */
export function siteOrigin(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}

/** /professionals/{slug}, as the SPA links it (product rule 4). */
export function profilePath(slug: string): string {
  return `/professionals/${encodeURIComponent(slug)}`;
}

/** /professionals?location={region}, as the locations page links it. */
export function regionPath(region: string): string {
  return `/professionals?location=${encodeURIComponent(region)}`;
}

/** XML text and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
