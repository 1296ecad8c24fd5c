// Finding a professional (issue 3): search from the header, filter with the pickers, chips and
// Clear Filters, on site / remote (issue 31), an unknown postcode after a known one (issue 30),
// paging, sorting, the list → profile, the map → popup → profile, and the mobile map panel. Runs against the real product
// with the demo professionals (tests/e2e/run.ts); every page state is scanned with axe. The
// profile page itself is tested elsewhere: here only its URL.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { MapPoints, ProfessionalListItem } from '../../core/directory';
import { checkA11y, expect, openDirectory, saveScreenshot, test, untilHydrated } from './fixtures';

const COUNT_TEXT = /^\d[\d,]* professionals?$/;

/** The directory's result cards. */
function cards(page: Page): Locator {
  return page.getByRole('region', { name: 'Results', exact: true }).getByRole('article');
}

async function apiList(request: APIRequestContext, query: string): Promise<{ items: ProfessionalListItem[]; total: number }> {
  const response = await request.get(`/api/professionals?${query}`);
  expect(response.ok()).toBe(true);
  const items = (await response.json()) as ProfessionalListItem[];
  return { items, total: Number(response.headers()['x-total-count']) };
}

/** The demo professionals are placed on the map by the worker shortly after seeding. */
async function waitForLocatedPoints(request: APIRequestContext, query = ''): Promise<number> {
  let located = 0;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/professionals/map${query ? `?${query}` : ''}`);
        located = ((await response.json()) as MapPoints).points.length;
        return located;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  return located;
}

/** On a phone the filters sit behind 'Filters (n)': opens them (nothing to do on desktop). */
async function showFilters(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: /^Filters \(\d+\)$/ });
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/** Chooses an option of a searchable picker by typing part of it and pressing Enter. */
async function pick(page: Page, label: string, typed: string, expected: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: label, exact: true });
  await picker.click();
  await picker.fill(typed);
  await expect(page.getByRole('listbox', { name: label }).getByRole('option').first()).toHaveText(expected);
  await picker.press('Enter');
  await expect(picker).toHaveValue(expected);
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
}

test.describe('searching', () => {
  test('a search from the header lists the matches and shows the text in the keyword box', async ({
    consentedPage: page,
    isMobile,
    request,
  }) => {
    test.slow(); // several axe scans on a two-core machine
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About ITConnect' })).toBeVisible();
    // The SPA's search (before hydration the form is sent by the browser: first-screen.spec.ts).
    await untilHydrated(page);
    if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
    const box = page.getByRole('searchbox', { name: 'Search IT professionals' });
    await box.fill('web design');
    await box.press('Enter');

    await expect(page).toHaveURL(/\/professionals\?search=web%20design$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Professionals' })).toBeVisible();
    await showFilters(page);
    await expect(page.getByRole('searchbox', { name: 'Keywords' })).toHaveValue('web design');

    const { items, total } = await apiList(request, 'search=web%20design&sort=relevance&limit=24');
    expect(total).toBeGreaterThan(0);
    await expect(page.getByText(COUNT_TEXT)).toHaveText(`${total} professional${total === 1 ? '' : 's'}`);
    await expect(cards(page)).toHaveCount(Math.min(total, 24));
    await expect(cards(page).first().getByRole('heading')).toHaveText(items[0]?.companyName ?? '');
    await expect(page.getByRole('button', { name: 'Remove filter: “web design”' })).toBeVisible();
    // Relevance is offered (and chosen) only when searching for text.
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
    await expect(page).toHaveTitle('Results for "web design" | ITConnect');
    await checkA11y(page);
  });

  test('the pickers filter by service and location; the address and the results follow', async ({
    consentedPage: page,
    request,
  }) => {
    test.slow(); // several axe scans on a two-core machine
    await openDirectory(page, '/professionals');
    await showFilters(page);
    await expect(page.getByRole('combobox', { name: 'Sort by' }).getByRole('option', { name: 'Best match' })).toHaveCount(0);

    // Keyboard: arrows move through the list, Escape closes it and keeps the choice.
    const service = page.getByRole('combobox', { name: 'Service', exact: true });
    await service.focus();
    await service.press('ArrowDown');
    await expect(service).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('listbox', { name: 'Service' }).getByRole('option')).toHaveCount(31);
    await checkA11y(page);
    await service.press('Escape');
    await expect(service).toHaveAttribute('aria-expanded', 'false');
    await expect(service).toHaveValue('All Services');

    // Type-ahead with nothing to match.
    await service.fill('zzz');
    await expect(page.getByText('No service found.')).toBeVisible();
    await service.press('Escape');
    await expect(service).toHaveValue('All Services');

    await pick(page, 'Service', 'web des', 'Web Design');
    await pick(page, 'Location', 'manch', 'Manchester');
    await page.getByRole('search', { name: 'Filter professionals' }).getByRole('button', { name: 'Search', exact: true }).click();

    await expect(page).toHaveURL(/\/professionals\?service=Web\+Design&location=Manchester$/);
    await expect(page).toHaveTitle('Web Design in Manchester | ITConnect');
    const { items, total } = await apiList(request, 'service=Web%20Design&location=Manchester&sort=rating&limit=24');
    expect(total).toBeGreaterThan(0);
    await expect(page.getByText(COUNT_TEXT)).toHaveText(`${total} professional${total === 1 ? '' : 's'}`);
    await expect(cards(page).getByRole('heading')).toHaveText(items.map((p) => p.companyName));
    await expect(page.getByRole('button', { name: 'Remove filter: Web Design' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove filter: Manchester' })).toBeVisible();
    await checkA11y(page);

    // A chip removes its filter only.
    await page.getByRole('button', { name: 'Remove filter: Manchester' }).click();
    await expect(page).toHaveURL(/\/professionals\?service=Web\+Design$/);
    await showFilters(page);
    await expect(page.getByRole('combobox', { name: 'Location', exact: true })).toHaveValue('All UK');
    const { total: serviceTotal } = await apiList(request, 'service=Web%20Design');
    await expect(page.getByText(COUNT_TEXT)).toHaveText(`${serviceTotal} professional${serviceTotal === 1 ? '' : 's'}`);
  });

  test('rating and the price slider go into the address; only non-default values', async ({ consentedPage: page }) => {
    await openDirectory(page, '/professionals');
    await showFilters(page);
    const form = page.getByRole('search', { name: 'Filter professionals' });
    const rating = form.getByRole('combobox', { name: 'Rating' });
    const max = form.getByRole('slider', { name: 'Maximum hourly rate' });
    // Both choices are checked just before Search, and made again if the form lost one (a CI run
    // once sent the price without the rating: the select showed 'Any rating' again by then).
    await expect(async () => {
      if ((await rating.inputValue()) !== '4') await rating.selectOption({ label: '4+ stars' });
      for (let i = 0; i < 10 && (await max.getAttribute('aria-valuetext')) !== '£50'; i += 1) await max.press('ArrowLeft');
      await expect(rating).toHaveValue('4', { timeout: 500 });
      await expect(max).toHaveAttribute('aria-valuetext', '£50', { timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/professionals\?minRating=4&maxHourlyRate=50$/);
    await expect(page.getByRole('button', { name: 'Remove filter: 4+ stars' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove filter: Up to £50/hour' })).toBeVisible();

    // Back at 100 the upper end means no limit again.
    await showFilters(page);
    for (let i = 0; i < 5; i += 1) await max.press('ArrowRight');
    await expect(max).toHaveAttribute('aria-valuetext', 'No maximum');
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/professionals\?minRating=4$/);
  });

  test('On site / remote narrows the list, names the page and shows on the profile (product rule 39)', async ({ consentedPage: page, request }) => {
    const all = await apiList(request, '');
    const remote = await apiList(request, 'workMode=remote&limit=100');
    // Those who work both ways are found by either mode; the demo data has every mode.
    expect(remote.total).toBeGreaterThan(0);
    expect(remote.total).toBeLessThan(all.total);
    expect(new Set(remote.items.map((item) => item.workMode))).toEqual(new Set(['remote', 'both']));

    await openDirectory(page, '/professionals');
    await showFilters(page);
    const form = page.getByRole('search', { name: 'Filter professionals' });
    const mode = form.getByRole('combobox', { name: 'On site / remote' });
    await expect(mode).toHaveValue('');
    await mode.selectOption({ label: 'Works remotely' });
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/professionals\?workMode=remote$/);
    await expect(page).toHaveTitle(/working remotely/);
    await expect(page.getByRole('button', { name: 'Remove filter: Works remotely' })).toBeVisible();
    await expect(page.getByText(COUNT_TEXT)).toHaveText(`${remote.total.toLocaleString('en-GB')} professional${remote.total === 1 ? '' : 's'}`);
    await checkA11y(page);
    await saveScreenshot(page, 'directory-works-remotely', { fullPage: false });

    // The profile of the first match says how it works.
    const first = remote.items[0]!;
    await cards(page).first().getByRole('link', { name: /View Profile/ }).click();
    await expect(page).toHaveURL(new RegExp(`/professionals/${first.slug}$`));
    const works = page.getByRole('term').filter({ hasText: /^Works$/ });
    await expect(works.locator('xpath=following-sibling::dd[1]')).toHaveText(first.workMode === 'both' ? 'On site and remotely' : 'Remotely');
    await saveScreenshot(page, 'profile-works');
    await page.goBack();

    // Removing the chip searches every mode again.
    await page.getByRole('button', { name: 'Remove filter: Works remotely' }).click();
    await expect(page).toHaveURL(/\/professionals$/);
    await expect(page.getByText(COUNT_TEXT)).toHaveText(`${all.total.toLocaleString('en-GB')} professional${all.total === 1 ? '' : 's'}`);
  });

  test('filters from the address that the controls cannot show are kept when searching again', async ({ consentedPage: page }) => {
    await openDirectory(page, '/professionals?minRating=3&maxHourlyRate=200');
    await showFilters(page);
    const form = page.getByRole('search', { name: 'Filter professionals' });
    await expect(form.getByLabel('Rating')).toHaveValue('3');
    await expect(form.getByText('Up to £200/hour')).toBeVisible();
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/[?&]minRating=3(&|$)/);
    await expect(page).toHaveURL(/[?&]maxHourlyRate=200(&|$)/);
  });

  test('no match shows the empty state, and Clear Filters resets to All Services and All UK', async ({ consentedPage: page }) => {
    await openDirectory(page, '/professionals?search=qqxzzy&service=Graphic%20Design&location=Inverness');
    await expect(page.getByText('No professionals found matching your criteria.')).toBeVisible();
    await expect(page.getByText(COUNT_TEXT)).toHaveText('0 professionals');
    await checkA11y(page);

    // The count shown is the one the page was sent (other journeys may add listings meanwhile).
    const unfiltered = page.waitForResponse((res) => {
      const url = new URL(res.url());
      return url.pathname === '/api/professionals' && !url.searchParams.has('search') && res.ok();
    });
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/professionals$/);
    await showFilters(page);
    await expect(page.getByRole('combobox', { name: 'Service', exact: true })).toHaveValue('All Services');
    await expect(page.getByRole('combobox', { name: 'Location', exact: true })).toHaveValue('All UK');
    await expect(page.getByRole('searchbox', { name: 'Keywords' })).toHaveValue('');
    const total = Number((await unfiltered).headers()['x-total-count']);
    await expect(page.getByText(COUNT_TEXT)).toHaveText(`${total} professionals`);
    await expect(page).toHaveTitle('Browse IT Professionals | ITConnect');
  });

  test('an unknown postcode clears the last search: its message where the results were, no cards, no chip', async ({
    consentedPage: page,
    request,
  }) => {
    test.slow(); // three searches and an axe scan on a two-core machine
    // The demo listings are placed by the worker shortly after seeding: wait until Leeds has some.
    let total = 0;
    await expect
      .poll(async () => (total = (await apiList(request, 'near=LS1%204DY&radiusMiles=10&limit=1')).total), { timeout: 20_000 })
      .toBeGreaterThan(0);
    const form = page.getByRole('search', { name: 'Filter professionals' });
    const nearField = form.getByRole('textbox', { name: 'Near postcode or place' });
    const searchButton = form.getByRole('button', { name: 'Search', exact: true });
    const results = page.getByRole('region', { name: 'Results', exact: true });
    const leedsChip = page.getByRole('button', { name: 'Remove filter: Within 10 miles of LS1 4DY' });

    await openDirectory(page, '/professionals');
    await showFilters(page);
    await nearField.fill('LS1 4DY');
    await form.getByRole('combobox', { name: 'Within' }).selectOption('10');
    await searchButton.click();
    await expect(page).toHaveURL(/\/professionals\?near=LS1(\+|%20)4DY&radiusMiles=10$/);
    await expect(leedsChip).toBeVisible();
    await expect(page.getByText(COUNT_TEXT)).toHaveText(`${total} professional${total === 1 ? '' : 's'}`);
    await expect(cards(page)).toHaveCount(Math.min(total, 24));

    await showFilters(page);
    await nearField.fill('ZZ99 9ZZ');
    await searchButton.click();
    await expect(page).toHaveURL(/\/professionals\?near=ZZ99(\+|%20)9ZZ&radiusMiles=10$/);
    await expect(results.getByText('We could not find that postcode or place')).toBeVisible();
    await expect(results.getByText('Nothing is listed for ‘ZZ99 9ZZ’.', { exact: false })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(leedsChip).toHaveCount(0);
    await expect(page.getByText(/Within \d+ miles of/)).toHaveCount(0);
    await expect(page.getByText(COUNT_TEXT)).toHaveCount(0);
    await expect(page.getByText('Failed to load professionals. Please try again.')).toHaveCount(0);
    // The postcode field (open on a phone too) says it and has the focus, to correct it.
    await expect(nearField).toHaveValue('ZZ99 9ZZ');
    await expect(nearField).toHaveAttribute('aria-invalid', 'true');
    await expect(nearField).toHaveAccessibleDescription('We could not find that postcode or place');
    await expect(nearField).toBeFocused();
    await saveScreenshot(page, 'unknown-postcode');
    await checkA11y(page);

    // Corrected, the search answers again.
    await nearField.fill('LS1 4DY');
    await searchButton.click();
    await expect(page).toHaveURL(/\/professionals\?near=LS1(\+|%20)4DY&radiusMiles=10$/);
    await expect(leedsChip).toBeVisible();
    await expect(cards(page)).toHaveCount(Math.min(total, 24));
    await expect(results.getByText('We could not find that postcode or place')).toHaveCount(0);
  });

  test('Load more adds the next page until every match is listed', async ({ consentedPage: page }) => {
    const firstPage = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/professionals' && res.ok());
    await openDirectory(page, '/professionals');
    const total = Number((await firstPage).headers()['x-total-count']);
    // The demo seed lists about 60 professionals: more than one page of 24.
    expect(total, 'demo data should fill more than one page').toBeGreaterThan(24);
    await expect(cards(page)).toHaveCount(24);
    const loadMore = page.getByRole('button', { name: 'Load more' });
    while (await loadMore.isVisible()) {
      const before = await cards(page).count();
      await loadMore.click();
      await expect(cards(page)).not.toHaveCount(before);
    }
    // Every professional appears once (other journeys may have added a few since the first page).
    const names = await cards(page).getByRole('link', { name: /^View Profile/ }).evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')),
    );
    expect(names.length).toBeGreaterThanOrEqual(total);
    expect(new Set(names).size).toBe(names.length);
  });
});

test.describe('profiles', () => {
  test('View Profile on a card opens the profile by slug', async ({ consentedPage: page }) => {
    await openDirectory(page, '/professionals');
    const first = cards(page).first();
    const name = (await first.getByRole('heading').textContent()) ?? '';
    const link = first.getByRole('link', { name: `View Profile: ${name}` });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/professionals\/[a-z0-9-]+$/);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('after a search near a postcode, the profile opened from the list says how far away it is', async ({ consentedPage: page }) => {
    await openDirectory(page, '/professionals?near=M1+1AE');
    const first = cards(page).first();
    const distance = (await first.getByText(/miles? away$/).textContent()) ?? '';
    expect(distance).toMatch(/^\d+\.\d miles? away$/);
    const link = first.getByRole('link', { name: /^View Profile: / });
    expect(await link.getAttribute('href')).toMatch(/^\/professionals\/[a-z0-9-]+\?near=M1\+1AE$/);
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(`${distance} from M1 1AE`)).toBeVisible();
    await checkA11y(page);
  });

  test('desktop: a map marker opens a popup whose link opens the profile', async ({ consentedPage: page, isMobile, request }) => {
    test.slow(); // several axe scans on a two-core machine
    test.skip(isMobile, 'the map sits beside the list on desktop; the mobile panel is tested below');
    const query = 'location=Manchester';
    const located = await waitForLocatedPoints(request, query);
    await openDirectory(page, `/professionals?${query}`);

    const map = page.getByRole('region', { name: 'Map of results' });
    await expect(map).toBeVisible();
    const box = await map.boundingBox();
    expect(box?.height).toBeCloseTo(page.viewportSize()!.height * 0.7, -1);
    await expect(page.getByText(`${located} on the map`)).toBeVisible();
    await expect(map.getByText('Loading map...')).toHaveCount(0);
    await checkA11y(page);

    // Clusters zoom in (or fan out at the closest zoom) when clicked, until a marker can be clicked.
    const marker = map.locator('img.leaflet-marker-icon');
    for (let i = 0; i < 8 && (await marker.count()) === 0; i += 1) {
      await map.locator('.marker-cluster').first().click();
      await page.waitForTimeout(600);
    }
    await marker.first().click();

    const popup = map.locator('.leaflet-popup');
    const profileLink = popup.getByRole('link', { name: 'View Profile →' });
    await expect(profileLink).toBeVisible();
    const href = await profileLink.getAttribute('href');
    expect(href).toMatch(/^\/professionals\/[a-z0-9-]+$/);
    await checkA11y(page);
    await profileLink.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('desktop: a 420px list column beside the map', async ({ consentedPage: page, isMobile }) => {
    test.skip(isMobile, 'desktop layout');
    await openDirectory(page, '/professionals');
    const list = await page.getByRole('region', { name: 'Results', exact: true }).boundingBox();
    expect(list?.width).toBeCloseTo(420, 0);
    await expect(page.getByRole('button', { name: 'View on Map' })).toHaveCount(0);
  });
});

test.describe('mobile map panel', () => {
  test.skip(({ isMobile }) => !isMobile, 'the map panel exists below md only');

  test('View on Map opens a 60vh Map View above the list; Hide Map and the close button close it', async ({
    consentedPage: page,
    request,
  }) => {
    test.slow(); // several axe scans on a two-core machine
    await waitForLocatedPoints(request);
    await openDirectory(page, '/professionals');
    const toggle = page.getByRole('button', { name: 'View on Map' });
    const panel = page.getByRole('region', { name: 'Map View' });
    await expect(panel).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(panel).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hide Map' })).toHaveAttribute('aria-expanded', 'true');
    const mapBox = await panel.locator('.leaflet-container').boundingBox();
    expect(mapBox?.height).toBeCloseTo(844 * 0.6, -1);
    await expect(panel.locator('.leaflet-marker-icon').first()).toBeVisible();
    await expect(page.getByText(/\d+ on the map/)).toBeVisible();
    // The panel sits above the list.
    const listBox = await page.getByRole('region', { name: 'Results', exact: true }).boundingBox();
    expect((mapBox?.y ?? 0) < (listBox?.y ?? 0)).toBe(true);
    await checkA11y(page);

    await page.getByRole('button', { name: 'Hide Map' }).click();
    await expect(panel).toBeHidden();

    await page.getByRole('button', { name: 'View on Map' }).click();
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Close map' }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'View on Map' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the banner invites professionals to join', async ({ consentedPage: page }) => {
  await openDirectory(page, '/professionals');
  const banner = page.getByRole('region', { name: 'Are you an IT Professional?' });
  await expect(banner).toContainText('Join our directory and connect with clients across the UK...');
  await expect(banner.getByRole('link', { name: 'Join us today' })).toHaveAttribute('href', '/apply');
  await expect(banner.getByRole('link', { name: 'Learn more about ITConnect' })).toHaveAttribute('href', '/about');
});
