// The frame around every page: skip link, sticky header, main content, footer, cookie banner and
// the single toast region; and where error reports go (Sentry when the site config says so).
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useErrorReportDestination } from '../../api/use-error-report-destination';
import { CookieBanner } from '../cookie-banner';
import { AppToaster } from '../toaster';
import { Footer } from './footer';
import { Header } from './header';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoading } from './page-loading';
import { ScrollToTop } from './scroll-to-top';
import { MAIN_ID, SkipLink } from './skip-link';

export function AppLayout() {
  const { pathname } = useLocation();
  useErrorReportDestination();
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <SkipLink />
      {/* First after the skip link in the tab order; drawn last (order-last), stuck to the bottom of the screen. */}
      <CookieBanner />
      <Header />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 outline-none">
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      <AppToaster />
    </div>
  );
}
