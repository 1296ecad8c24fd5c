// The directory, profiles, the home page and /locations are rendered by the server with their data
// (issue 15 item 3, docs/decisions/0018-server-rendered-first-screen.md and 0036): with JavaScript
// off, the page as sent already holds the first page of results, the profile with its reviews, the
// home page's top rated firms and /locations' regions with their counts; with JavaScript on, the
// SPA hydrates that markup without asking the API for the same answers again and without a
// hydration mismatch (React reports one as a console error).
import type { APIRequestContext, Page } from '@playwright/test';
import type { HomeSummary, ProfessionalListItem, RegionSummary, ReviewItem } from '../../core/directory';
import { checkA11y, consoleErrors, expect, firstScreenData, holdScripts, test, untilHydrated } from './fixtures';

const DIRECTORY = '/professionals?service=Web%20Design&location=Manchester';
/** The pages that are only text, prerendered at build time (frontend/src/prerender.tsx), and their headings. */
const TEXT_PAGES: [path: string, heading: string][] = [
  ['/about', 'About ITConnect'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/cookie-policy', 'Cookie Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/review-policy', 'Review Policy'],
];
const DIRECTORY_ANSWER = '/api/professionals?service=Web+Design&location=Manchester&sort=rating&limit=24&offset=0';

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** A live professional with reviews (the demo seed has several), and its first page of reviews. */
async function profileWithReviews(request: APIRequestContext): Promise<{ professional: ProfessionalListItem; reviews: ReviewItem[] }> {
  const professionals = await getJson<ProfessionalListItem[]>(request, '/api/professionals?sort=rating&limit=24');
  const professional = professionals.find((p) => p.reviewCount > 0);
  if (!professional) throw new Error('the demo seed should have a professional with reviews');
  const reviews = await getJson<ReviewItem[]>(request, `/api/reviews?professionalId=${professional.id}&sort=newest&limit=20&offset=0`);
  return { professional, reviews };
}

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test("the filtered directory's page holds its first page of results", async ({ consentedPage: page, request }) => {
    const expected = await getJson<ProfessionalListItem[]>(request, DIRECTORY_ANSWER);
    expect(expected.length, 'the demo seed should have Web Design firms in Manchester').toBeGreaterThan(0);
    await page.goto(DIRECTORY);
    const results = page.getByRole('region', { name: 'Results', exact: true });
    for (const professional of expected) {
      await expect(results.getByRole('heading', { name: professional.companyName, exact: true })).toBeVisible();
    }
    await expect(page.getByText(`${expected.length} professional`, { exact: false }).first()).toBeVisible();
  });

  test("a profile's page holds its name, details and reviews", async ({ consentedPage: page, request }) => {
    const { professional, reviews } = await profileWithReviews(request);
    await page.goto(`/professionals/${professional.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: professional.companyName })).toBeVisible();
    const section = page.getByRole('region', { name: 'Customer Reviews' });
    for (const review of reviews.slice(0, 5)) await expect(section.getByText(review.title, { exact: true }).first()).toBeVisible();
    // A visitor without a session is known to be signed out: the contact section says how to write.
    await expect(page.getByRole('link', { name: `Send ${professional.companyName} an enquiry` })).toBeVisible();
    await expect(page.getByText('to message them through ITConnect', { exact: false })).toBeVisible();
  });

  test("the header's search is a form the server answers, its text trimmed", async ({ consentedPage: page, isMobile }) => {
    test.skip(isMobile, "on a phone the header's search is in the menu");
    await page.goto('/about');
    const search = page.getByRole('search', { name: 'Search professionals' });
    await search.getByRole('searchbox', { name: 'Search IT professionals' }).fill('  web design  ');
    await search.getByRole('searchbox', { name: 'Search IT professionals' }).press('Enter');
    await expect(page).toHaveURL(/\/professionals\?search=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Professionals' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove filter: “web design”' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Results', exact: true }).getByRole('article').first()).toBeVisible();
  });

  test("the home page's search and the directory's filters are forms the server answers", async ({ consentedPage: page, request, isMobile }) => {
    const expected = await getJson<ProfessionalListItem[]>(request, DIRECTORY_ANSWER);
    await page.goto('/');
    const hero = page.getByRole('search', { name: 'Find IT professionals' });
    await hero.getByRole('combobox', { name: 'Service' }).fill('Web Design');
    await hero.getByRole('combobox', { name: 'Location' }).fill('Manchester');
    await hero.getByRole('button', { name: 'Search Professionals' }).click();
    await expect(page).toHaveURL(/\/professionals\?service=Web\+Design&location=Manchester/);
    const results = page.getByRole('region', { name: 'Results', exact: true });
    await expect(results.getByRole('heading', { name: expected[0]!.companyName, exact: true })).toBeVisible();

    // The directory's own filters (on a phone they are behind the Filters button, which needs its
    // script): a minimum rating, sent as the form's GET, keeps the others.
    if (isMobile) return;
    const filters = page.getByRole('search', { name: 'Filter professionals' });
    await filters.getByRole('combobox', { name: 'Rating' }).selectOption('4');
    await filters.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/minRating=4/);
    await expect(page.getByRole('button', { name: 'Remove filter: Web Design' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remove filter: 4/ })).toBeVisible();
  });

  test("the home page and /locations hold the figures they were rendered with", async ({ consentedPage: page }) => {
    await page.goto('/');
    const home = (await firstScreenData(page))['/api/home'] as HomeSummary;
    expect(home.topRated.length, 'the demo seed should have rated professionals').toBeGreaterThan(0);
    const topRated = page.getByRole('region', { name: 'Top Rated IT Professionals' });
    for (const professional of home.topRated) await expect(topRated.getByText(professional.companyName, { exact: true }).first()).toBeVisible();

    await page.goto('/locations');
    const regions = (await firstScreenData(page))['/api/locations'] as RegionSummary[];
    expect(regions.length, 'the demo seed should have live professionals').toBeGreaterThan(0);
    const main = page.getByRole('main');
    for (const region of regions.slice(0, 5)) await expect(main.getByRole('heading', { name: region.region, exact: true })).toBeVisible();
  });

  test('the pages that are only text hold their whole text', async ({ consentedPage: page }) => {
    for (const [path, heading] of TEXT_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      expect((await page.getByRole('main').innerText()).length, `${path} should carry its text`).toBeGreaterThan(1_000);
      await expect(page.getByRole('contentinfo')).toBeVisible();
    }
  });
});

// Every control of the first screen works from the moment it is painted (decision 0031): with the
// scripts held back, as on a slow phone, each is clicked as soon as it is visible.
test.describe('while the scripts are still loading', () => {
  test("the header's search goes to the directory", async ({ consentedPage: page, isMobile }) => {
    test.skip(isMobile, "on a phone the header's search is in the menu");
    await holdScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const box = page.getByRole('search', { name: 'Search professionals' }).getByRole('searchbox');
    await box.fill('network');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/professionals\?search=network$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Professionals' })).toBeVisible();
  });

  test("a filter chip's removal and Clear Filters go to their searches", async ({ consentedPage: page }) => {
    await holdScripts(page);
    await page.goto(DIRECTORY, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Remove filter: Web Design' }).click();
    await expect(page).toHaveURL(/\/professionals\?location=Manchester$/);
    await expect(page.getByRole('button', { name: 'Remove filter: Web Design' })).toHaveCount(0);

    await page.goto('/professionals?search=qqqzzzxxy', { waitUntil: 'domcontentloaded' });
    await expect(page.getByText('No professionals found matching your criteria.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/professionals$/);
    await expect(page.getByRole('region', { name: 'Results', exact: true }).getByRole('article').first()).toBeVisible();
  });

  test('a visitor who scrolled while the scripts loaded stays there, and a later page starts at the top', async ({ consentedPage: page, request }) => {
    const [listed] = (await (await request.get('/api/professionals?limit=1')).json()) as { slug: string }[];
    const release = await holdScripts(page);
    await page.goto(`/professionals/${listed!.slug}`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => window.scrollTo(0, 600));
    release();
    await untilHydrated(page);
    // Taken over by React (its first effects have run) without moving the page under the visitor.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).first().click();
    await expect(page).toHaveURL(/\/login/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("on a phone, 'Filters' tapped early opens the filters once the page is ready", async ({ consentedPage: page, isMobile }) => {
    test.skip(!isMobile, "the 'Filters' button exists on a phone only");
    const release = await holdScripts(page);
    await page.goto(DIRECTORY, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: /^Filters \(\d\)$/ }).click();
    release();
    await expect(page.getByRole('combobox', { name: 'Service', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filters \(\d\)$/ })).toHaveAttribute('aria-expanded', 'true');
  });
});

/** The API paths the page asks for. */
function apiRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) paths.push(`${url.pathname}${url.search}`);
  });
  return paths;
}

test.describe('after the scripts run', () => {
  test('the directory hydrates without fetching its first page again, and works', async ({ consentedPage: page, isMobile }) => {
    const errors = consoleErrors(page);
    const requests = apiRequests(page);
    await page.goto(DIRECTORY);
    const results = page.getByRole('region', { name: 'Results', exact: true });
    await expect(results.getByRole('article').first()).toBeVisible();
    // Interactive once hydrated: on a phone the filters open, on a desktop the map mounts.
    if (isMobile) {
      await untilHydrated(page);
      await page.getByRole('button', { name: /^Filters \(\d\)$/ }).click();
      await expect(page.getByRole('combobox', { name: 'Service', exact: true })).toBeVisible();
    } else {
      await expect(page.getByRole('region', { name: 'Map of results' }).locator('.leaflet-container')).toBeVisible();
    }
    // (GET /api/professionals?limit=1 is the SPA's maintenance probe, main.tsx.)
    expect(requests.filter((path) => path.startsWith('/api/professionals?') && path !== '/api/professionals?limit=1')).toEqual([]);
    expect(errors).toEqual([]);
    await checkA11y(page);
  });

  test('a profile hydrates without fetching the professional or its reviews again', async ({ consentedPage: page, request }) => {
    const { professional } = await profileWithReviews(request);
    const errors = consoleErrors(page);
    const requests = apiRequests(page);
    await page.goto(`/professionals/${professional.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: professional.companyName })).toBeVisible();
    // Interactive once hydrated: another order of the reviews is fetched and shown.
    const sort = page.getByRole('combobox', { name: 'Sort reviews' });
    await expect(async () => {
      await sort.selectOption('highest');
      await sort.selectOption('lowest');
      expect(requests.some((path) => path.includes('sort=lowest'))).toBe(true);
    }).toPass();
    expect(requests.filter((path) => path.startsWith('/api/professionals/slug/') || path.includes('sort=newest') || path.startsWith('/api/reviews/summary'))).toEqual([]);
    expect(errors).toEqual([]);
    await checkA11y(page);
  });

  test('the home page and /locations hydrate without fetching their figures, or who is signed in, again', async ({ consentedPage: page }) => {
    const errors = consoleErrors(page);
    const requests = apiRequests(page);
    for (const path of ['/', '/locations']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await untilHydrated(page);
    }
    expect(requests.filter((path) => path === '/api/home' || path === '/api/locations' || path === '/api/auth/me')).toEqual([]);
    expect(errors).toEqual([]);
    await checkA11y(page);
  });

  test('the pages that are only text hydrate without a mismatch', async ({ consentedPage: page }) => {
    const errors = consoleErrors(page);
    for (const [path, heading] of TEXT_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await untilHydrated(page);
    }
    expect(errors).toEqual([]);
  });
});
