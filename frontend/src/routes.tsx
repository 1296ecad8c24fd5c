// Every URL of the SPA: the page registry (core/pages.ts) gives each page's address, and this file
// its component. Each page is its own lazily loaded chunk, so the entry bundle holds only the
// shell (header, footer, banner, data layer).
// main.tsx loads the first page's chunk before the first render (preloadPage), so a page whose
// chunk is already here renders at once instead of through the Suspense fallback: the first paint
// is the page itself (the server preloads that chunk beside the entry, and for some pages has
// already sent the same markup, which must not be swapped for a skeleton and back: LCP and CLS).
// While the maintenance gate is shown (product rule 12), only the gate and the sign-in page exist.
import { createElement, lazy, useState, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { PAGE_IDS, PAGES, type PageId } from '../../core/pages';
import { AppLayout } from './components/layout/app-layout';
import { MaintenanceGate } from './components/maintenance/maintenance-gate';
import { MaintenanceLayout } from './components/maintenance/maintenance-layout';
import { useIsMaintenanceGateShown } from './components/maintenance/maintenance-state';
import { TooltipProvider } from './components/tooltip';

type PageComponent = ComponentType & { preload: () => Promise<void> };

function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): PageComponent {
  let loaded: ComponentType | undefined;
  const Lazy = lazy(async () => {
    const Component: ComponentType = (await load())[name];
    loaded = Component;
    return { default: Component };
  });
  // Chosen once per mount: switching from Lazy to the loaded component would remount the page.
  function Page() {
    const [Component] = useState(() => loaded ?? Lazy);
    return createElement(Component);
  }
  return Object.assign(Page, {
    preload: async () => {
      loaded = (await load())[name];
    },
  });
}

/** The component of each page of the registry (the compiler asks for one per page). */
const COMPONENTS: Record<PageId, PageComponent> = {
  home: lazyPage(() => import('./pages/home/home-page'), 'HomePage'),
  directory: lazyPage(() => import('./pages/professionals/professionals-page'), 'ProfessionalsPage'),
  profile: lazyPage(() => import('./pages/professional-profile/professional-profile-page'), 'ProfessionalProfilePage'),
  apply: lazyPage(() => import('./pages/apply/apply-page'), 'ApplyPage'),
  login: lazyPage(() => import('./pages/login/login-page'), 'LoginPage'),
  register: lazyPage(() => import('./pages/register/register-page'), 'RegisterPage'),
  forgotPassword: lazyPage(() => import('./pages/forgot-password/forgot-password-page'), 'ForgotPasswordPage'),
  resetPassword: lazyPage(() => import('./pages/reset-password/reset-password-page'), 'ResetPasswordPage'),
  confirmEmail: lazyPage(() => import('./pages/confirm-email/confirm-email-page'), 'ConfirmEmailPage'),
  confirmEmailChange: lazyPage(() => import('./pages/confirm-email-change/confirm-email-change-page'), 'ConfirmEmailChangePage'),
  myProfile: lazyPage(() => import('./pages/profile/profile-page'), 'ProfilePage'),
  admin: lazyPage(() => import('./pages/admin/admin-page'), 'AdminPage'),
  adminMail: lazyPage(() => import('./pages/admin-mail/admin-mail-page'), 'AdminMailPage'),
  locations: lazyPage(() => import('./pages/locations/locations-page'), 'LocationsPage'),
  about: lazyPage(() => import('./pages/about/about-page'), 'AboutPage'),
  subscribe: lazyPage(() => import('./pages/subscribe/subscribe-page'), 'SubscribePage'),
  subscriptionSuccess: lazyPage(() => import('./pages/subscription-success/subscription-success-page'), 'SubscriptionSuccessPage'),
  applicationSuccess: lazyPage(() => import('./pages/application-success/application-success-page'), 'ApplicationSuccessPage'),
  privacyPolicy: lazyPage(() => import('./pages/privacy-policy/privacy-policy-page'), 'PrivacyPolicyPage'),
  cookiePolicy: lazyPage(() => import('./pages/cookie-policy/cookie-policy-page'), 'CookiePolicyPage'),
  termsOfService: lazyPage(() => import('./pages/terms-of-service/terms-of-service-page'), 'TermsOfServicePage'),
  reviewPolicy: lazyPage(() => import('./pages/review-policy/review-policy-page'), 'ReviewPolicyPage'),
  whatWeCheck: lazyPage(() => import('./pages/what-we-check/what-we-check-page'), 'WhatWeCheckPage'),
  contact: lazyPage(() => import('./pages/contact/contact-page'), 'ContactPage'),
  getQuotes: lazyPage(() => import('./pages/get-quotes/get-quotes-page'), 'GetQuotesPage'),
  quoteRequest: lazyPage(() => import('./pages/quote-request/quote-request-page'), 'QuoteRequestPage'),
  servicePlace: lazyPage(() => import('./pages/service-place/service-place-page'), 'ServicePlacePage'),
  notFound: lazyPage(() => import('./pages/not-found/not-found-page'), 'NotFoundPage'),
};

/** The pages, each a path and its component; '*' is the 404 page. */
export const PAGE_ROUTES: readonly { path: string; Component: PageComponent }[] = PAGE_IDS.map((id) => ({
  path: PAGES[id].path,
  Component: COMPONENTS[id],
}));

export const routes: RouteObject[] = [
  {
    // The layout wraps every page (and catches a page's errors inside it, see app-layout.tsx).
    Component: AppLayout,
    children: PAGE_ROUTES.map(({ path, Component }) => ({ path, Component })),
  },
];

/** The site in maintenance: the sign-in page (always reachable, for administrators) and the gate everywhere else. */
export const gateRoutes: RouteObject[] = [
  {
    Component: MaintenanceLayout,
    children: [
      { path: PAGES.login.path, Component: COMPONENTS.login },
      { path: '*', Component: MaintenanceGate },
    ],
  },
];

/** Every route, in the one tooltip provider (shared delays): the browser, server-render.tsx and prerender.tsx all render this. */
export function AppRoutes() {
  const isGateShown = useIsMaintenanceGateShown();
  const page = useRoutes(isGateShown ? gateRoutes : routes);
  return <TooltipProvider>{page}</TooltipProvider>;
}

/** Loads the chunk of the page at `pathname`, so that its first render needs no fallback. */
export async function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => (route.Component as Partial<PageComponent> | undefined)?.preload?.()));
}
