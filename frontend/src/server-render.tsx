// Request-time server rendering of the pages whose largest content is data: the directory
// (/professionals with its filters) and a profile (LCP budget, docs/performance.md;
// docs/decisions/0018-server-rendered-first-screen.md). The API imports the Vite SSR build of this
// file (dist/frontend/.vite/ssr/server-render.js) and calls renderFirstScreen for such a page. The
// SWR keys asked for are made by the data hooks' own functions, the API answers each with the
// domain functions behind that endpoint, and the page renders with exactly those answers in its
// SWR cache, as the browser will hydrate it (api/first-screen-data.ts seeds the browser's cache).
// What only the browser knows renders as unknown, as in prerender.tsx: the signed-in user (the
// header and the review panel show their loading state), the screen width (the directory's layout
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
import { filtersFromSearchParams } from './api/directory-query';
import { SwrProvider } from './api/swr-provider';
import { professionalsPageKey } from './api/use-professionals';
import { isProfessionalId, professionalKey } from './api/use-professional';
import { reviewSummaryKey, reviewsPageKey, type ReviewsPage } from './api/use-reviews';
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

async function directoryData(search: string, load: FirstScreenLoad): Promise<Data | null> {
  const data: Data = {};
  const filters = filtersFromSearchParams(new URLSearchParams(search));
  const page = await firstPage(data, professionalsPageKey(filters), load, (items, total) => ({ items: items as ProfessionalListItem[], total }));
  return page ? data : null;
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

export const renderFirstScreen: FirstScreenRenderer['renderFirstScreen'] = async ({ pathname, search, load }): Promise<FirstScreen | null> => {
  const page = pageAt(pathname);
  const query = search.startsWith('?') ? search.slice(1) : search;
  const data = page === 'directory' ? await directoryData(query, load) : page === 'profile' ? await profileData(pathname, query, load) : null;
  if (!data) return null;
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
