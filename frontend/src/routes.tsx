// Every URL of the SPA, in one place (spec section 2, route list). Each page is its own lazily
// loaded chunk, so the entry bundle holds only the shell (header, footer, banner, data layer).
// Pages marked "placeholder" belong to later issues and show an honest "coming soon" until then.
// main.tsx loads the first page's chunk before the first render (preloadPage), so a page whose
// chunk is already here renders at once instead of through the Suspense fallback: the first paint
// is the page itself (the server preloads that chunk beside the entry, and for some pages has
// already sent the same markup, which must not be swapped for a skeleton and back: LCP and CLS).
import { createElement, lazy, useState, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { AppLayout } from './components/layout/app-layout';

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

const HomePage = lazyPage(() => import('./pages/home/home-page'), 'HomePage'); // placeholder
const ProfessionalsPage = lazyPage(() => import('./pages/professionals/professionals-page'), 'ProfessionalsPage'); // placeholder
const ProfessionalProfilePage = lazyPage(
  () => import('./pages/professional-profile/professional-profile-page'),
  'ProfessionalProfilePage',
); // placeholder
const ApplyPage = lazyPage(() => import('./pages/apply/apply-page'), 'ApplyPage'); // placeholder
const LoginPage = lazyPage(() => import('./pages/login/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('./pages/register/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(() => import('./pages/forgot-password/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./pages/reset-password/reset-password-page'), 'ResetPasswordPage');
const ConfirmEmailPage = lazyPage(() => import('./pages/confirm-email/confirm-email-page'), 'ConfirmEmailPage');
const ProfilePage = lazyPage(() => import('./pages/profile/profile-page'), 'ProfilePage');
const AdminMailPage = lazyPage(() => import('./pages/admin-mail/admin-mail-page'), 'AdminMailPage');
const AdminPage = lazyPage(() => import('./pages/admin/admin-page'), 'AdminPage'); // placeholder
const AboutPage = lazyPage(() => import('./pages/about/about-page'), 'AboutPage');
const LocationsPage = lazyPage(() => import('./pages/locations/locations-page'), 'LocationsPage'); // placeholder
const SubscribePage = lazyPage(() => import('./pages/subscribe/subscribe-page'), 'SubscribePage'); // placeholder
const SubscriptionSuccessPage = lazyPage(
  () => import('./pages/subscription-success/subscription-success-page'),
  'SubscriptionSuccessPage',
); // placeholder
const ApplicationSuccessPage = lazyPage(
  () => import('./pages/application-success/application-success-page'),
  'ApplicationSuccessPage',
); // placeholder
const PrivacyPolicyPage = lazyPage(() => import('./pages/privacy-policy/privacy-policy-page'), 'PrivacyPolicyPage');
const CookiePolicyPage = lazyPage(() => import('./pages/cookie-policy/cookie-policy-page'), 'CookiePolicyPage');
const TermsOfServicePage = lazyPage(
  () => import('./pages/terms-of-service/terms-of-service-page'),
  'TermsOfServicePage',
);
const ContactPage = lazyPage(() => import('./pages/contact/contact-page'), 'ContactPage'); // placeholder
const NotFoundPage = lazyPage(() => import('./pages/not-found/not-found-page'), 'NotFoundPage');

/** The pages, each a path and its component; '*' is the 404 page. */
export const PAGE_ROUTES: readonly { path: string; Component: PageComponent }[] = [
  { path: '/', Component: HomePage },
  { path: '/professionals', Component: ProfessionalsPage },
  { path: '/professionals/:slug', Component: ProfessionalProfilePage },
  { path: '/apply', Component: ApplyPage },
  { path: '/login', Component: LoginPage },
  { path: '/register', Component: RegisterPage },
  { path: '/forgot-password', Component: ForgotPasswordPage },
  { path: '/reset-password', Component: ResetPasswordPage },
  { path: '/confirm-email', Component: ConfirmEmailPage },
  { path: '/profile', Component: ProfilePage },
  { path: '/admin', Component: AdminPage },
  { path: '/admin/mail', Component: AdminMailPage },
  { path: '/about', Component: AboutPage },
  { path: '/locations', Component: LocationsPage },
  { path: '/subscribe', Component: SubscribePage },
  { path: '/subscription-success', Component: SubscriptionSuccessPage },
  { path: '/application-success', Component: ApplicationSuccessPage },
  { path: '/privacy-policy', Component: PrivacyPolicyPage },
  { path: '/cookie-policy', Component: CookiePolicyPage },
  { path: '/terms-of-service', Component: TermsOfServicePage },
  { path: '/contact', Component: ContactPage },
  { path: '*', Component: NotFoundPage },
];

export const routes: RouteObject[] = [
  {
    // The layout wraps every page (and catches a page's errors inside it, see app-layout.tsx).
    Component: AppLayout,
    children: PAGE_ROUTES.map(({ path, Component }) => ({ path, Component })),
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/** Loads the chunk of the page at `pathname`, so that its first render needs no fallback. */
export async function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => (route.Component as Partial<PageComponent> | undefined)?.preload?.()));
}
