// A search engine's way in (issue 33): starting at / and following only the links in the HTML the
// server sends (no script runs, robots.txt obeyed), every live profile is reached within 3 clicks.
// The service-and-place pages are the middle step: /locations and the profiles link to them, and
// each lists its listings in the server's markup.
import { expect, query, test, BASE_URL } from './fixtures';

const MAX_CLICKS = 3;
/** Addresses a crawler does not fetch as pages: the API, built files, feeds. */
const NOT_A_PAGE = /^\/(api|assets|media|og)\/|\.[a-z0-9]+$/i;

function linksIn(html: string): string[] {
  const links: string[] = [];
  for (const [, href] of html.matchAll(/<a\s[^>]*?href="([^"]+)"/g)) {
    const url = new URL(href!.replaceAll('&amp;', '&'), BASE_URL);
    if (url.origin !== new URL(BASE_URL).origin) continue;
    links.push(`${url.pathname}${url.search}`);
  }
  return links;
}

test('every live profile is reached from / within 3 clicks of the server-rendered HTML', async ({ request, isMobile }) => {
  test.skip(isMobile, 'no page is drawn: one crawl is enough');
  test.slow();
  const robots = await (await request.get('/robots.txt')).text();
  const disallowed = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map(([, path]) => path!);
  const isAllowed = (path: string) => !disallowed.some((prefix) => path.startsWith(prefix)) && !NOT_A_PAGE.test(path.split('?')[0]!);
  // The profiles live before the crawl starts (other tests may add more while it runs).
  const live = await query<{ slug: string }>("SELECT slug FROM professionals WHERE is_approved AND subscription_status = 'active'");
  expect(live.length).toBeGreaterThan(10);

  const clicksTo = new Map<string, number>([['/', 0]]);
  let frontier = ['/'];
  for (let clicks = 1; clicks <= MAX_CLICKS && frontier.length > 0; clicks += 1) {
    const next: string[] = [];
    for (const path of frontier) {
      const res = await request.get(path, { headers: { Accept: 'text/html' } });
      if (res.status() !== 200) continue;
      for (const link of linksIn(await res.text())) {
        if (clicksTo.has(link) || !isAllowed(link)) continue;
        clicksTo.set(link, clicks);
        // A profile is where a crawl ends; every other page is read for its links.
        if (!link.startsWith('/professionals/')) next.push(link);
      }
    }
    frontier = next;
  }
  const unreached = live.filter(({ slug }) => !clicksTo.has(`/professionals/${encodeURIComponent(slug)}`)).map(({ slug }) => slug);
  expect(unreached, `${unreached.length} of ${live.length} live profiles are not reached within ${MAX_CLICKS} clicks`).toEqual([]);
  // The service-and-place pages are part of the way.
  expect([...clicksTo.keys()].filter((path) => /^\/[a-z0-9-]+\/[a-z0-9-]+$/.test(path) && !path.startsWith('/professionals/')).length).toBeGreaterThan(0);
});
