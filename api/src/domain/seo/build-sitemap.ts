// sitemap.xml: the public pages, every live profile (with lastmod) and the directory filtered by
// each region that has live professionals. The protocol allows 50,000 URLs per file: above that,
// /sitemap.xml becomes a sitemap index of /sitemap-{n}.xml parts (profiles in id order).
import { PAGE_IDS, PAGES } from '../../../../core/pages';
import type { PrismaClient } from '../../../../prisma/db';
import { escapeXml } from './escape';
import { LIVE_PROFESSIONAL, profilePath, regionPath, siteOrigin } from './live-professional';

export const SITEMAP_MAX_URLS = 50_000;
/** The fixed pages the registry lists in the sitemap (profiles and regions are added from the data). */
const PUBLIC_PAGES = PAGE_IDS.filter((id) => PAGES[id].isInSitemap).map((id) => PAGES[id].path);

export interface SitemapDeps {
  prisma: PrismaClient;
  publicUrl: string;
  /** URLs per file; tests lower it to see the index. */
  maxUrls?: number;
}

interface Entry {
  path: string;
  lastmod?: Date;
}

function urlset(origin: string, entries: Entry[]): string {
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${escapeXml(`${origin}${path}`)}</loc>`;
    return `  <url>${loc}${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

async function fixedEntries(prisma: PrismaClient): Promise<Entry[]> {
  const regions = await prisma.professional.groupBy({ by: ['region'], where: LIVE_PROFESSIONAL, orderBy: { region: 'asc' } });
  return [...PUBLIC_PAGES.map((path) => ({ path })), ...regions.map(({ region }) => ({ path: regionPath(region) }))];
}

async function profileEntries(prisma: PrismaClient, skip: number, take: number): Promise<Entry[]> {
  const rows = await prisma.professional.findMany({
    where: LIVE_PROFESSIONAL,
    select: { slug: true, updatedAt: true },
    orderBy: { id: 'asc' },
    skip,
    take,
  });
  return rows.map(({ slug, updatedAt }) => ({ path: profilePath(slug), lastmod: updatedAt }));
}

/**
 * The XML for `part`: 0 is /sitemap.xml (everything, or the index when it does not fit), n ≥ 1 is
 * /sitemap-{n}.xml. null when the part does not exist.
 */
export async function buildSitemap({ prisma, publicUrl, maxUrls = SITEMAP_MAX_URLS }: SitemapDeps, part = 0): Promise<string | null> {
  const origin = siteOrigin(publicUrl);
  const [fixed, liveCount] = await Promise.all([fixedEntries(prisma), prisma.professional.count({ where: LIVE_PROFESSIONAL })]);
  const fitsInOne = fixed.length + liveCount <= maxUrls;

  if (part === 0) {
    if (fitsInOne) return urlset(origin, [...fixed, ...(await profileEntries(prisma, 0, liveCount))]);
    const parts = 1 + Math.ceil(liveCount / maxUrls);
    const items = Array.from({ length: parts }, (_, i) => `  <sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
  }
  if (fitsInOne) return null;
  if (part === 1) return urlset(origin, fixed);
  const skip = (part - 2) * maxUrls;
  if (skip >= liveCount) return null;
  return urlset(origin, await profileEntries(prisma, skip, maxUrls));
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Personal pages and one-time links (core/pages.ts isCrawlable), and the API.
    ...PAGE_IDS.filter((id) => !PAGES[id].isCrawlable).map((id) => `Disallow: ${PAGES[id].path}`),
    'Disallow: /api/',
    '',
    `Sitemap: ${siteOrigin(publicUrl)}/sitemap.xml`,
    '',
  ].join('\n');
}
