// Home, profile and locations against the real product and its demo data (issue 3 items 2, 5, 6,
// 7): live numbers on the home page (compared with /api/home), a category link, a top rated card
// to its profile, the profile's sections and review-count scroll, an unknown professional, the id
// address redirect, /locations, and the server-written head. Every page visited is scanned with axe.
import type { APIRequestContext, Page } from '@playwright/test';
import type { HomeSummary, ProfessionalListItem, RegionSummary } from '../../core/directory';
import { formatStatCount } from '../../core/stat-count';
import { REVIEWS_PAGE_SIZE } from '../../core/reviews';
import { CATEGORY_TILES } from '../../core/services';
import { checkA11y, expect, firstScreenData, openPage as open, test } from './fixtures';

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * Opens `path` and returns the `apiPath` answer the server rendered the page with (it comes with the
 * page: api/src/spa/first-screen.ts): other journeys running at the same time add listings and
 * reviews, so an answer fetched separately may already differ.
 */
async function openWithAnswer<T>(page: Page, path: string, apiPath: string): Promise<T> {
  await open(page, path);
  const data = await firstScreenData(page);
  expect(data[apiPath], `${path} should come with its ${apiPath} answer`).toBeDefined();
  return data[apiPath] as T;
}

function countText(count: number): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? 'professional' : 'professionals'}`;
}

test.describe('home', () => {
  test('shows the hero, live category counts, top rated, live figures, pricing and the closing links', async ({ consentedPage: page }) => {
    const home = await openWithAnswer<HomeSummary>(page, '/', '/api/home');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Connect for free with verified IT professionals' })).toBeVisible();
    await expect(main.getByRole('search', { name: 'Find IT professionals' })).toBeVisible();

    const categories = main.getByRole('region', { name: 'Browse by Service Category' });
    await expect(categories.getByRole('link')).toHaveCount(CATEGORY_TILES.length);
    for (const { label, service } of CATEGORY_TILES) {
      const count = home.categories.find((c) => c.service === service)?.count ?? 0;
      const tile = categories.getByRole('link', { name: new RegExp(`^${label.replace(/[/]/g, '\\/')}`) });
      await expect(tile).toContainText(countText(count));
      await expect(tile).toHaveAttribute('href', `/professionals?service=${encodeURIComponent(service)}`);
    }

    const topRated = main.getByRole('region', { name: 'Top Rated IT Professionals' });
    await expect(topRated.getByRole('article')).toHaveCount(home.topRated.length);
    for (const professional of home.topRated) {
      await expect(topRated.getByRole('heading', { name: professional.companyName })).toBeVisible();
    }

    const figures = main.getByRole('region', { name: 'ITConnect in numbers' });
    const figure = (label: string) => figures.locator('dl > div', { has: page.getByText(label, { exact: true }) });
    await expect(figure('verified professionals')).toContainText(formatStatCount(home.stats.verifiedProfessionals));
    await expect(figure('published reviews')).toContainText(formatStatCount(home.stats.publishedReviews));
    await expect(figure('regions covered')).toContainText(formatStatCount(home.stats.regionsCovered));
    if (home.stats.recommendPercent === null) await expect(figures).not.toContainText('recommend');
    else await expect(figure('of reviewers recommend')).toContainText(`${home.stats.recommendPercent}%`);

    const pricing = main.getByRole('region', { name: 'Simple, transparent pricing' });
    await expect(pricing).toContainText('£3/month');
    await expect(pricing).toContainText('£28/year');
    await expect(pricing).toContainText('Save 22%');
    await expect(pricing).toContainText('30-day money-back guarantee');
    await expect(pricing).toContainText('Best Value');
    await expect(pricing).toContainText('24-48 hours');
    await expect(pricing.getByRole('link', { name: /Pay Monthly/ })).toHaveAttribute('href', '/apply?plan=monthly');
    await expect(pricing.getByRole('link', { name: /Pay Annually/ })).toHaveAttribute('href', '/apply?plan=yearly');

    for (const [name, href] of [
      ['Browse All Services', '/professionals'],
      ['View All Professionals', '/professionals'],
      ['List Your Business', '/apply'],
      ['Learn more about ITConnect', '/about'],
    ] as const) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await checkA11y(page);
  });

  test('a category tile opens the directory filtered by its service', async ({ consentedPage: page }) => {
    await open(page, '/');
    await page
      .getByRole('region', { name: 'Browse by Service Category' })
      .getByRole('link', { name: /^Managed Service Providers/ })
      .click();
    await expect(page).toHaveURL(/\/professionals\?service=Managed%20Service%20Providers$/);
  });

  test('a top rated card opens its profile, with every section and the review count scrolling to the reviews', async ({
    consentedPage: page,
    request,
  }) => {
    const home = await getJson<HomeSummary>(request, '/api/home');
    expect(home.topRated.length, 'the demo data has rated professionals').toBeGreaterThan(0);
    const first = home.topRated[0]!;

    await open(page, '/');
    await page
      .getByRole('region', { name: 'Top Rated IT Professionals' })
      .getByRole('link', { name: `View Profile: ${first.companyName}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/professionals/${first.slug}$`));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: first.companyName })).toBeVisible();
    await expect(page).toHaveTitle(`${first.companyName} – IT services in ${first.region} | ITConnect`);
    await expect(main).toContainText('Verified Professional');
    await expect(main).toContainText(`Serves ${first.region}`);
    await expect(main.getByRole('heading', { name: `About ${first.companyName}` })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Services Offered' })).toBeVisible();
    const contact = main.getByRole('region', { name: 'Contact Information' });
    await expect(contact.getByRole('link', { name: first.email })).toHaveAttribute('href', `mailto:${first.email}`);
    await expect(contact).toContainText(first.postcode);
    if (first.hourlyRate) {
      await expect(main.getByRole('region', { name: 'Pricing' })).toContainText(`From £${first.hourlyRate}/`);
    } else {
      await expect(main.getByRole('region', { name: 'Pricing' })).toHaveCount(0);
    }

    const reviewsHeading = main.getByRole('heading', { name: 'Customer Reviews' });
    const reviews = main.getByRole('region', { name: 'Customer Reviews' });
    // The first page of reviews (the demo data has listings with more than a page of them).
    await expect(reviews.getByRole('article')).toHaveCount(Math.min(first.reviewCount, REVIEWS_PAGE_SIZE));
    const countButton = main.getByRole('button', { name: new RegExp(`${first.reviewCount} reviews?`) });
    await countButton.focus();
    await page.keyboard.press('Enter');
    await expect(reviewsHeading).toBeFocused();
    await expect(reviewsHeading).toBeInViewport();
    await checkA11y(page);
  });

  test('the server writes the profile head: title, canonical URL and ProfessionalService JSON-LD', async ({ request }) => {
    const home = await getJson<HomeSummary>(request, '/api/home');
    expect(home.topRated.length, 'the demo data has rated professionals').toBeGreaterThan(0);
    const first = home.topRated[0]!;
    const res = await request.get(`/professionals/${first.slug}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<link rel="canonical" href="`);
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    expect(ld).not.toBeNull();
    expect(JSON.parse(ld![1]!)).toMatchObject({
      '@type': 'ProfessionalService',
      name: first.companyName,
      aggregateRating: { ratingValue: first.rating, reviewCount: first.reviewCount },
    });
  });
});

test.describe('profile', () => {
  test('a professional without reviews says so', async ({ consentedPage: page, request }) => {
    const list = await getJson<ProfessionalListItem[]>(request, '/api/professionals?limit=100');
    const unreviewed = list.find((p) => p.reviewCount === 0);
    expect(unreviewed, 'the demo data has a professional without reviews').toBeDefined();
    await open(page, `/professionals/${unreviewed!.slug}`);
    const reviews = page.getByRole('region', { name: 'Customer Reviews' });
    await expect(reviews).toContainText('No reviews yet.');
    await expect(reviews).toContainText('Be the first to leave a review for this professional.');
    await checkA11y(page);
  });

  test('an id address is replaced by the slug address', async ({ consentedPage: page, request }) => {
    const [first] = await getJson<ProfessionalListItem[]>(request, '/api/professionals?limit=1');
    expect(first).toBeDefined();
    await open(page, `/professionals/${first!.id}`);
    await expect(page).toHaveURL(new RegExp(`/professionals/${first!.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: first!.companyName })).toBeVisible();

    // Inside the app (a link with the id, no page load) the page itself replaces the address.
    await open(page, '/about');
    await page.evaluate((id) => {
      window.history.pushState({ usr: null, key: 'by-id', idx: 1 }, '', `/professionals/${id}`);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, first!.id);
    await expect(page).toHaveURL(new RegExp(`/professionals/${first!.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: first!.companyName })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('an unknown professional answers 404 and shows Professional Not Found with Go Back', async ({
    consentedPage: page,
  }) => {
    const response = await page.goto('/professionals/no-such-professional-anywhere');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Professional Not Found' })).toBeVisible();
    await expect(main).toContainText("The professional you're looking for doesn't exist or has been removed.");
    await checkA11y(page);

    // Opened directly (no history in the app): Go Back goes home.
    await main.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);

    // Reached from another page: Go Back returns there.
    await open(page, '/about');
    await page.evaluate(() => {
      window.history.pushState({ usr: null, key: 'x', idx: 1 }, '', '/professionals/no-such-professional-anywhere');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await expect(main.getByRole('heading', { level: 1, name: 'Professional Not Found' })).toBeVisible();
    await main.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/about$/);
  });
});

test.describe('locations', () => {
  test('lists the regions with counts, ratings, popular services and links', async ({ consentedPage: page }) => {
    test.setTimeout(90_000); // one card per region of the demo data, each checked
    const regions = await openWithAnswer<RegionSummary[]>(page, '/locations', '/api/locations');
    expect(regions.length).toBeGreaterThan(0);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'IT professionals by location' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Browse all professionals' })).toHaveAttribute('href', '/professionals');
    await expect(main.getByRole('link', { name: 'List your business' })).toHaveAttribute('href', '/apply');
    await expect(main.getByRole('article')).toHaveCount(regions.length);

    for (const region of regions) {
      const card = main.getByRole('article', { name: region.region, exact: true });
      await expect(card).toContainText(countText(region.count));
      await expect(card).toContainText(
        region.averageRating === null ? 'No reviews yet' : `${region.averageRating.toFixed(1)} average rating`,
      );
      for (const service of region.popularServices.slice(0, 3)) await expect(card).toContainText(service);
      await expect(card.getByRole('link', { name: `View professionals in ${region.region}` })).toHaveAttribute(
        'href',
        `/professionals?location=${encodeURIComponent(region.region)}`,
      );
    }
    await checkA11y(page);

    await main.getByRole('link', { name: `View professionals in ${regions[0]!.region}` }).click();
    await expect(page).toHaveURL(new RegExp(`/professionals\\?location=${encodeURIComponent(regions[0]!.region)}$`));
  });
});
