// Request-time server rendering of the pages whose content is data: the directory
// (/professionals with its filters), a profile, the home page, /locations and the
// service-and-place pages (/web-design/leeds: their facts and first listings; LCP budget,
// docs/performance.md; docs/decisions/0018-server-rendered-first-screen.md). The home page and
// /locations are also prerendered at build time without their data (prerender.tsx): that markup is
// served when this render is not possible; rendered here, they hydrate with their figures in place
// rather than fetching them and rendering the page again (decision 0036). The API imports the Vite
// SSR build of this file (dist/frontend/.vite/ssr/server-render.js) and calls renderFirstScreen for
// such a page. The SWR keys asked for are made by the data hooks' own functions, the API answers
// each with the domain functions behind that endpoint, and the page renders with exactly those
// answers in its SWR cache, as the browser will hydrate it (api/first-screen-data.ts seeds the
// browser's cache).
// What only the browser knows renders as unknown, as in prerender.tsx: the signed-in user (the
// header and the review panel show their loading state) unless the request carries no session
// cookie, when the visitor is known to be signed out and the page renders so, with that answer
// among its data (decision 0036); the screen width (the directory's layout
// follows it through CSS; the map mounts after hydration), the cookie choice (the banner renders
// as pending, hidden before the first paint when a choice is stored: api/src/spa/consent-choice-script.ts).
// Any other page, an id address (the server redirects it) and a profile that is not live: null,
// and the page is served as before.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { unstable_serialize } from 'swr/infinite';
import { pageAt } from '../../core/pages';
import type { FirstScreen, FirstScreenLoad, FirstScreenRenderer } from '../../core/first-screen';
import type { ProfessionalListItem, ReviewItem } from '../../core/directory';
import type { ReviewSummary } from '../../core/reviews';
import { readServicePlace, slugOf } from '../../core/service-places';
import { filtersFromSearchParams, type DirectoryFilters } from './api/directory-query';
import { SwrProvider } from './api/swr-provider';
import { CURRENT_USER_KEY } from './api/use-current-user';
import { HOME_KEY } from './api/use-home';
import { LOCATIONS_KEY } from './api/use-locations';
import { professionalsPageKey } from './api/use-professionals';
import { isProfessionalId, professionalKey } from './api/use-professional';
import { reviewSummaryKey, reviewsPageKey, type ReviewsPage } from './api/use-reviews';
import { isServiceAlone, servicePlaceFilters, servicePlaceKey, servicePlacesKey } from './api/use-service-place';
import { AppRoutes, preloadPage } from './routes';

type Data = Record<string, unknown>;

/** The first page of an infinite list: under its list key (what the hook reads) and its page key. */
async function firstPage<Page>(data: Data, getKey: (index: number, previous: null) => string | null, load: FirstScreenLoad, page: (items: unknown[], total: number) => Page): Promise<Page | null> {
  const pageKey = getKey(0, null);
  if (pageKey === null) return null;
  const answer = await load(pageKey);
  if (!answer || !Array.isArray(answer.body)) return null;
  const value = page(answer.body, answer.total ?? answer.body.length);
  data[unstable_serialize(getKey)] = [value];
  data[pageKey] = value;
  return value;
}

async function directoryData(filters: DirectoryFilters, load: FirstScreenLoad, data: Data = {}): Promise<Data | null> {
  const [page] = await Promise.all([
    firstPage(data, professionalsPageKey(filters), load, (items, total) => ({ items: items as ProfessionalListItem[], total })),
    isServiceAlone(filters) ? servicePlacesData(filters.service, load, data) : null,
  ]);
  return page ? data : null;
}

/** The links under a directory searched by one service: its places (none when the answer fails: the browser asks). */
async function servicePlacesData(service: string, load: FirstScreenLoad, data: Data): Promise<void> {
  const key = servicePlacesKey(slugOf(service));
  const answer = await load(key);
  if (answer) data[key] = answer.body;
}

/** A service-and-place page: its facts and the first page of the directory search it is. */
async function servicePlaceData(pathname: string, load: FirstScreenLoad): Promise<Data | null> {
  const [, serviceSlug = '', placeSlug = ''] = pathname.split('/');
  const named = readServicePlace(serviceSlug, placeSlug);
  if (!named) return null;
  const key = servicePlaceKey(serviceSlug, placeSlug);
  const summary = await load(key);
  if (!summary) return null;
  return directoryData(servicePlaceFilters(named), load, { [key]: summary.body });
}

async function profileData(pathname: string, search: string, load: FirstScreenLoad): Promise<Data | null> {
  let param: string;
  try {
    param = decodeURIComponent(pathname.slice('/professionals/'.length));
  } catch {
    return null;
  }
  if (param === '' || isProfessionalId(param)) return null;
  const near = new URLSearchParams(search).get('near')?.trim() || null;
  const key = professionalKey(param, near);
  const answer = await load(key);
  if (!answer) return null;
  const professional = answer.body as ProfessionalListItem;
  const data: Data = { [key]: professional };
  const [reviews, summary] = await Promise.all([
    firstPage(data, reviewsPageKey(professional.id, 'newest'), load, (items, total): ReviewsPage => ({ items: items as ReviewItem[], total })),
    load(reviewSummaryKey(professional.id)),
  ]);
  if (!reviews || !summary) return null;
  data[reviewSummaryKey(professional.id)] = summary.body as ReviewSummary;
  return data;
}

/** The one answer a page of the same content for everyone is made from, under its key. */
async function summaryData(key: string, load: FirstScreenLoad): Promise<Data | null> {
  const answer = await load(key);
  return answer ? { [key]: answer.body } : null;
}

/** The answers `page` is rendered with, or null for a page not rendered per request (or without them). */
function pageData(page: ReturnType<typeof pageAt>, pathname: string, query: string, load: FirstScreenLoad): Promise<Data | null> {
  switch (page) {
    case 'directory':
      return directoryData(filtersFromSearchParams(new URLSearchParams(query)), load);
    case 'servicePlace':
      return servicePlaceData(pathname, load);
    case 'profile':
      return profileData(pathname, query, load);
    case 'home':
      return summaryData(HOME_KEY, load);
    case 'locations':
      return summaryData(LOCATIONS_KEY, load);
    default:
      return Promise.resolve(null);
  }
}

export const renderFirstScreen: FirstScreenRenderer['renderFirstScreen'] = async ({ pathname, search, load, isSignedOut = false }): Promise<FirstScreen | null> => {
  const page = pageAt(pathname);
  const query = search.startsWith('?') ? search.slice(1) : search;
  const data = await pageData(page, pathname, query, load);
  if (!data) return null;
  // GET /api/auth/me's answer for a visitor without a session (use-current-user.ts: signed out).
  if (isSignedOut) data[CURRENT_USER_KEY] = null;
  await preloadPage(pathname);
  const html = renderToString(
    <StrictMode>
      <SwrProvider initialData={data}>
        <StaticRouter location={query ? `${pathname}?${query}` : pathname}>
          <AppRoutes />
        </StaticRouter>
      </SwrProvider>
    </StrictMode>,
  );
  return { html, data };
};
