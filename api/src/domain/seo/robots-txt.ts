// robots.txt: everything but personal pages, one-time links and the API, and where the sitemap is.
import { PAGE_IDS, PAGES } from '../../../../core/pages';
import { SITEMAP_INDEX_FILE, siteOrigin } from '../../../../core/sitemaps';

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Personal pages and one-time links (core/pages.ts isCrawlable), and the API.
    ...PAGE_IDS.filter((id) => !PAGES[id].isCrawlable).map((id) => `Disallow: ${PAGES[id].path}`),
    'Disallow: /api/',
    '',
    `Sitemap: ${siteOrigin(publicUrl)}/${SITEMAP_INDEX_FILE}`,
    '',
  ].join('\n');
}
