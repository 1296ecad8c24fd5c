// Build-time prerendering (frontend/vite.config.ts runs this in Node after the client build): the
// markup the SPA's first render produces for a few public pages, with every data section in its
// loading state (no data is fetched here). The API puts it inside <div id="root"> of those pages,
// so the browser paints the page before the scripts arrive, and main.tsx hydrates it (LCP budget,
// docs/performance.md). The visitor's cookie choice is unknown here, so the cookie banner is in it
// marked as pending: painted with the page for a visitor who has not chosen, and hidden by CSS
// before the first paint for one who has, by the head's inline script that reads the stored choice
// (cookie-banner.tsx, api/src/spa/consent-choice-script.ts; decision 0018, "The cookie banner at
// first paint"). Only pages whose first render depends on nothing but the URL belong
// in PRERENDERED_PATHS: the home page and locations (their data sections loading), and the pages
// that are only text (about, the legal pages, the review policy, what we check), which so read with no script at
// all. The directory and profiles, whose content is data, are rendered by the API per request
// instead (server-render.tsx), and so are the home page and locations with their figures whenever
// the API can: their markup here is what is served when it cannot (decision 0036).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { PAGES } from '../../core/pages';
import { SwrProvider } from './api/swr-provider';
import { AppRoutes, preloadPage } from './routes';

export const PRERENDERED_PATHS = [
  PAGES.home.path,
  PAGES.locations.path,
  PAGES.about.path,
  PAGES.privacyPolicy.path,
  PAGES.cookiePolicy.path,
  PAGES.termsOfService.path,
  PAGES.reviewPolicy.path,
  PAGES.whatWeCheck.path,
] as const;

export async function prerenderPage(pathname: string): Promise<string> {
  await preloadPage(pathname);
  return renderToString(
    <StrictMode>
      <SwrProvider>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </SwrProvider>
    </StrictMode>,
  );
}
