// Every page of the site, once: its address, the source module of its lazily loaded chunk, its
// title (its description, for the server's head only, is in page-descriptions.ts, out of the
// SPA's entry), whether search engines may crawl it and find it in the sitemap, and the API answer its
// main content waits for. Read by the SPA's router (frontend/src/routes.tsx), the server's page
// heads and preloads (api/src/domain/seo, api/src/spa/page-preloads.ts), robots.txt and the sitemap.
// A new page is one entry here and one component in routes.tsx (the compiler asks for it).
// Zod-free and dependency-free: the SPA's entry chunk imports it.
import { apiPath, SUMMARY_PATHS } from './api-paths';

export const SITE_NAME = 'ITConnect';
/** The site's own title: the home page's, and the static <title> of frontend/index.html. */
export const DEFAULT_TITLE = 'ITConnect – Find trusted IT professionals in the UK';
export const DEFAULT_DESCRIPTION =
  'ITConnect is a UK directory of IT professionals and IT companies. Browse and search for free by service, location, rating and price, read customer reviews and contact professionals directly.';

/** 'About Us' → 'About Us | ITConnect'; no page title → the site's default title. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : DEFAULT_TITLE;
}

export interface PageInfo {
  /** The address as React Router writes it ('/professionals/:slug'; '*' for every other address). */
  path: string;
  /** The page's module under frontend/ (its chunk is preloaded with the page). */
  module: string;
  /** The page's own title (the browser tab shows 'title | ITConnect'); absent: the site's title or one made from data. */
  title?: string;
  /** Listed in sitemap.xml. */
  isInSitemap: boolean;
  /** Crawlers may visit it (robots.txt disallows the others: personal pages and one-time links). */
  isCrawlable: boolean;
}

export const PAGES = {
  home: { path: '/', module: 'src/pages/home/home-page.tsx', isInSitemap: true, isCrawlable: true },
  directory: { path: '/professionals', module: 'src/pages/professionals/professionals-page.tsx', isInSitemap: true, isCrawlable: true },
  profile: {
    path: '/professionals/:slug',
    module: 'src/pages/professional-profile/professional-profile-page.tsx',
    // Each live profile is listed in the sitemap by itself, with its last change.
    isInSitemap: false,
    isCrawlable: true,
  },
  apply: {
    path: '/apply',
    module: 'src/pages/apply/apply-page.tsx',
    title: 'Join as a professional',
    isInSitemap: false,
    isCrawlable: true,
  },
  login: { path: '/login', module: 'src/pages/login/login-page.tsx', title: 'Sign in', isInSitemap: false, isCrawlable: true },
  register: { path: '/register', module: 'src/pages/register/register-page.tsx', title: 'Create an account', isInSitemap: false, isCrawlable: true },
  forgotPassword: {
    path: '/forgot-password',
    module: 'src/pages/forgot-password/forgot-password-page.tsx',
    title: 'Forgot password',
    isInSitemap: false,
    isCrawlable: true,
  },
  resetPassword: {
    path: '/reset-password',
    module: 'src/pages/reset-password/reset-password-page.tsx',
    title: 'Reset password',
    isInSitemap: false,
    isCrawlable: false,
  },
  confirmEmail: {
    path: '/confirm-email',
    module: 'src/pages/confirm-email/confirm-email-page.tsx',
    title: 'Confirm your e-mail',
    isInSitemap: false,
    isCrawlable: false,
  },
  confirmEmailChange: {
    path: '/confirm-email-change',
    module: 'src/pages/confirm-email-change/confirm-email-change-page.tsx',
    title: 'Confirm your new e-mail address',
    isInSitemap: false,
    isCrawlable: false,
  },
  myProfile: { path: '/profile', module: 'src/pages/profile/profile-page.tsx', title: 'My Profile', isInSitemap: false, isCrawlable: false },
  admin: { path: '/admin', module: 'src/pages/admin/admin-page.tsx', title: 'Admin dashboard', isInSitemap: false, isCrawlable: false },
  adminMail: {
    path: '/admin/mail',
    module: 'src/pages/admin-mail/admin-mail-page.tsx',
    title: 'Development e-mails',
    isInSitemap: false,
    isCrawlable: false,
  },
  locations: {
    path: '/locations',
    module: 'src/pages/locations/locations-page.tsx',
    title: 'IT professionals by location',
    isInSitemap: true,
    isCrawlable: true,
  },
  about: {
    path: '/about',
    module: 'src/pages/about/about-page.tsx',
    title: 'About Us',
    isInSitemap: true,
    isCrawlable: true,
  },
  subscribe: { path: '/subscribe', module: 'src/pages/subscribe/subscribe-page.tsx', isInSitemap: false, isCrawlable: true },
  subscriptionSuccess: {
    path: '/subscription-success',
    module: 'src/pages/subscription-success/subscription-success-page.tsx',
    isInSitemap: false,
    isCrawlable: true,
  },
  applicationSuccess: {
    path: '/application-success',
    module: 'src/pages/application-success/application-success-page.tsx',
    isInSitemap: false,
    isCrawlable: true,
  },
  privacyPolicy: {
    path: '/privacy-policy',
    module: 'src/pages/privacy-policy/privacy-policy-page.tsx',
    title: 'Privacy Policy',
    isInSitemap: false,
    isCrawlable: true,
  },
  cookiePolicy: {
    path: '/cookie-policy',
    module: 'src/pages/cookie-policy/cookie-policy-page.tsx',
    title: 'Cookie Policy',
    isInSitemap: false,
    isCrawlable: true,
  },
  termsOfService: {
    path: '/terms-of-service',
    module: 'src/pages/terms-of-service/terms-of-service-page.tsx',
    title: 'Terms of Service',
    isInSitemap: false,
    isCrawlable: true,
  },
  reviewPolicy: {
    path: '/review-policy',
    module: 'src/pages/review-policy/review-policy-page.tsx',
    title: 'Review Policy',
    isInSitemap: false,
    isCrawlable: true,
  },
  /** What each badge means and does not (issue 34, product rule 45). */
  whatWeCheck: {
    path: '/what-we-check',
    module: 'src/pages/what-we-check/what-we-check-page.tsx',
    title: 'What we check',
    isInSitemap: true,
    isCrawlable: true,
  },
  contact: {
    path: '/contact',
    module: 'src/pages/contact/contact-page.tsx',
    title: 'Contact',
    isInSitemap: false,
    isCrawlable: true,
  },
  getQuotes: {
    path: '/get-quotes',
    module: 'src/pages/get-quotes/get-quotes-page.tsx',
    title: 'Get quotes from IT professionals',
    isInSitemap: true,
    isCrawlable: true,
  },
  /** A buyer's private link to their request for quotes (product rule 41): never crawled. */
  quoteRequest: { path: '/quotes/request', module: 'src/pages/quote-request/quote-request-page.tsx', title: 'Your request for quotes', isInSitemap: false, isCrawlable: false },
  // Issue 33 (decision 0038): a service in a place, '/web-design/leeds'; after every page with a
  // static first segment, so '/professionals/acme' or '/admin/mail' is never read as one.
  servicePlace: { path: '/:service/:place', module: 'src/pages/service-place/service-place-page.tsx', isInSitemap: false, isCrawlable: true },
  notFound: { path: '*', module: 'src/pages/not-found/not-found-page.tsx', title: '404 Page Not Found', isInSitemap: false, isCrawlable: true },
} as const satisfies Record<string, PageInfo>;

export type PageId = keyof typeof PAGES;
export const PAGE_IDS = Object.keys(PAGES) as PageId[];

/** '/professionals/:slug' → a pattern for a whole pathname; '*' matches anything. */
function pathPattern(path: string): RegExp {
  if (path === '*') return /^/;
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

const MATCHERS = PAGE_IDS.map((id) => ({ id, pattern: pathPattern(PAGES[id].path) })).sort(
  // The catch-all last, so any real page is found first.
  (a, b) => Number(PAGES[a.id].path === '*') - Number(PAGES[b.id].path === '*'),
);

/** The page an address shows (the 404 page for any address no other page has). */
export function pageAt(pathname: string): PageId {
  return MATCHERS.find(({ pattern }) => pattern.test(pathname))!.id;
}

/**
 * The API answer a page's main content is fetched from, exactly as the SPA's data hook asks for it
 * (so the server can preload it), or undefined when the page has none fixed by its address.
 */
export function pageDataPath(pathname: string, search: string): string | undefined {
  switch (pageAt(pathname)) {
    case 'home':
      return apiPath(SUMMARY_PATHS.home); // frontend/src/api/use-home.ts
    case 'locations':
      return apiPath(SUMMARY_PATHS.locations); // use-locations.ts
    case 'profile': {
      // use-professional.ts: a slug (an all-digit id is redirected by the server), without ?near=.
      const raw = pathname.slice('/professionals/'.length);
      if (/^\d+$/.test(raw) || new URLSearchParams(search).has('near')) return undefined;
      try {
        return `/api/professionals/slug/${encodeURIComponent(decodeURIComponent(raw))}`;
      } catch {
        return undefined;
      }
    }
    case 'servicePlace': {
      // use-service-place.ts: the two slugs as the address has them.
      const [, service = '', place = ''] = pathname.split('/');
      return apiPath(SUMMARY_PATHS.servicePlace.replace(':service', service).replace(':place', place));
    }
    default:
      return undefined;
  }
}
