// The directory as a new visitor sees it (issue 13, items 1–3), at both viewports: the page ends at
// the footer, nothing scrolls sideways, the header stays above the map, a phone shows a result
// before any scrolling (the filters sit behind 'Filters (n)'); the filters and the sort wait for
// 'Search' and the form says so, a shared link's unknown postcode lists nothing and says why, the
// price slider never reads 'Up to £0/hour', an empty result suggests a wider search, a day rate
// says how it was compared; without tiles the list stands alone with a note; markers are named
// after the company, open with Enter and Space, and the list has a way to skip to the map. Every
// state is axe-scanned.
// The map's tiles come from the e2e tile stand-in (tests/e2e/tile-server.ts).
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import pg from 'pg';
import type { MapPoints, ProfessionalListItem } from '../../core/directory';
import { ALONE_TAG, checkA11y, expect, openDirectory, saveScreenshot, test } from './fixtures';

const COUNT_TEXT = /^\d[\d,]* professionals?$/;
const APPLY_NOTE = 'Changes apply when you press Search.';
const MAP_UNAVAILABLE_NOTE = 'The map is not available right now (its map images could not be loaded), so every result is listed here.';

function cards(page: Page): Locator {
  return page.getByRole('region', { name: 'Results', exact: true }).getByRole('article');
}

/** On a phone the filters sit behind 'Filters (n)': opens them (nothing to do on desktop). */
async function showFilters(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: /^Filters \(\d+\)$/ });
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

function filterForm(page: Page): Locator {
  return page.getByRole('search', { name: 'Filter professionals' });
}

async function apiList(request: APIRequestContext, query: string): Promise<{ items: ProfessionalListItem[]; total: number }> {
  const response = await request.get(`/api/professionals?${query}`);
  expect(response.ok()).toBe(true);
  return { items: (await response.json()) as ProfessionalListItem[], total: Number(response.headers()['x-total-count']) };
}

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** Opens the map: beside the list on desktop, behind 'View on Map' on a phone. Returns its box. */
async function showMap(page: Page): Promise<Locator> {
  const toggle = page.getByRole('button', { name: 'View on Map' });
  if ((await toggle.count()) > 0) await toggle.click();
  const map = page.locator('.leaflet-container');
  await expect(map).toBeVisible();
  return map;
}

test.describe('layout (item 1)', () => {
  test('the page ends at the footer: no blank space below it', async ({ consentedPage: page }) => {
    await openDirectory(page, '/professionals');
    await expect(cards(page).first()).toBeVisible();
    const { scrollHeight, footerBottom } = await page.evaluate(() => {
      const footer = document.querySelector('footer');
      return {
        scrollHeight: document.documentElement.scrollHeight,
        footerBottom: (footer?.getBoundingClientRect().bottom ?? 0) + window.scrollY,
      };
    });
    expect(footerBottom).toBeGreaterThan(0);
    expect(Math.abs(scrollHeight - footerBottom), 'page height minus the footer bottom, px').toBeLessThanOrEqual(2);
    await saveScreenshot(page, 'directory-unfiltered');
  });

  test('a long unbroken company name never makes the page scroll sideways', { tag: ALONE_TAG }, async ({ consentedPage: page, isMobile }) => {
    const [row] = await query<{ id: number; company_name: string }>(
      "SELECT id, company_name FROM professionals WHERE is_approved AND subscription_status = 'active' ORDER BY id LIMIT 1",
    );
    expect(row).toBeDefined();
    const longName = 'Supercalifragilisticexpialidociousnetworkingsolutionsltd';
    await query('UPDATE professionals SET company_name = $1 WHERE id = $2', [longName, row!.id]);
    try {
      await expect
        .poll(async () => (await (await page.request.get(`/api/professionals?search=${longName}`)).json()) as unknown[], { timeout: 10_000 })
        .toHaveLength(1);
      await openDirectory(page, `/professionals?search=${longName}`);
      const card = cards(page).first();
      await expect(card.getByRole('heading')).toHaveText(longName);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, 'document width').toBeLessThanOrEqual(clientWidth);
      const box = await card.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(clientWidth);
      if (!isMobile) expect(box?.width ?? 0).toBeLessThanOrEqual(420);
      await checkA11y(page);
    } finally {
      await query('UPDATE professionals SET company_name = $1 WHERE id = $2', [row!.company_name, row!.id]);
    }
  });

  test('the sticky header stays above the map and its zoom buttons when the page scrolls', async ({ consentedPage: page }) => {
    await openDirectory(page, '/professionals');
    const map = await showMap(page);
    const zoomIn = map.getByRole('button', { name: 'Zoom in' });
    await expect(zoomIn).toBeVisible();
    const header = page.locator('header').first();
    const headerBox = await header.boundingBox();
    const zoomBox = await zoomIn.boundingBox();
    expect(headerBox && zoomBox).toBeTruthy();
    // Scroll so that the zoom button sits right under the middle of the header.
    const target = zoomBox!.y + zoomBox!.height / 2 - (headerBox!.y + headerBox!.height / 2);
    await page.evaluate((dy) => window.scrollBy(0, dy), target);
    const point = { x: zoomBox!.x + zoomBox!.width / 2, y: headerBox!.y + headerBox!.height / 2 };
    const onTop = await page.evaluate(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('header')), point);
    expect(onTop, 'the header, not the map, is drawn where they overlap').toBe(true);
  });

  test('a phone shows the first result without scrolling; the filters wait behind Filters (n)', async ({ consentedPage: page, isMobile }) => {
    test.skip(!isMobile, 'the Filters (n) button exists below md only');
    await openDirectory(page, '/professionals?service=Web%20Design&minRating=4');
    const toggle = page.getByRole('button', { name: 'Filters (2)' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(filterForm(page)).toBeHidden();
    await expect(page.getByText(COUNT_TEXT)).toBeVisible();

    const heading = cards(page).first().getByRole('heading');
    await expect(heading).toBeVisible();
    const box = await heading.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0), 'first result heading bottom, px').toBeLessThanOrEqual(844);
    const viewButton = cards(page).first().getByRole('link', { name: /^View Profile: / });
    await expect(viewButton).toBeInViewport();
    await saveScreenshot(page, 'directory-filtered', { fullPage: false });

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(filterForm(page)).toBeVisible();
    await expect(filterForm(page).getByText(APPLY_NOTE)).toBeVisible();
    await saveScreenshot(page, 'directory-mobile-filters-open', { fullPage: false });
    await checkA11y(page);

    // Searching applies and folds the filters away again.
    await filterForm(page).getByRole('combobox', { name: 'Rating' }).selectOption({ label: '4.5+ stars' });
    await filterForm(page).getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/[?&]minRating=4\.5(&|$)/);
    await expect(filterForm(page)).toBeHidden();
  });
});

test.describe('filters (item 2)', () => {
  test('every filter and the sort wait for Search, and the form says so', async ({ consentedPage: page }) => {
    await openDirectory(page, '/professionals');
    await showFilters(page);
    const form = filterForm(page);
    await expect(form.getByText(APPLY_NOTE)).toBeVisible();
    await form.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Lowest price' });
    await form.getByRole('combobox', { name: 'Rating' }).selectOption({ label: '4+ stars' });
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/professionals$/);
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/professionals\?minRating=4&sort=price$/);
    await showFilters(page);
    await expect(filterForm(page).getByRole('combobox', { name: 'Sort by' })).toHaveValue('price');
    await checkA11y(page);
  });

  test('a shared address with an unknown place lists nothing, says why, and can search without it', async ({ consentedPage: page, request }) => {
    test.slow(); // two addresses and an axe scan on a two-core machine
    // (Searching an unknown postcode from the form: find-a-professional.spec.ts, product rule 30.)
    const { total } = await apiList(request, 'service=Web%20Design');
    const results = page.getByRole('region', { name: 'Results', exact: true });
    await openDirectory(page, '/professionals?service=Web%20Design&near=ZZ99');
    await expect(results.getByText('We could not find that postcode or place')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText(COUNT_TEXT)).toHaveCount(0);
    await expect(page.getByText('Failed to load professionals. Please try again.')).toHaveCount(0);
    // The other filters are still the search's; the distance, never searched, has no chip.
    await expect(page.getByRole('button', { name: 'Remove filter: Web Design' })).toBeVisible();
    await expect(page.getByText(/Within \d+ miles of/)).toHaveCount(0);
    // The field says it (a phone opens the filters), without taking the focus on arrival.
    const near = filterForm(page).getByRole('textbox', { name: 'Near postcode or place' });
    await expect(near).toHaveValue('ZZ99');
    await expect(near).toHaveAttribute('aria-invalid', 'true');
    await expect(near).toHaveAccessibleDescription('We could not find that postcode or place');
    await expect(near).not.toBeFocused();
    // Nothing is in distance order, and the sort box says what it would be.
    await expect(filterForm(page).getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
    await expect(filterForm(page).getByRole('option', { name: 'Nearest first' })).toHaveCount(0);
    await checkA11y(page);

    await results.getByRole('button', { name: 'Search without the postcode or place' }).click();
    await expect(page).toHaveURL(/\/professionals\?service=Web(%20|\+)Design$/);
    await expect(page.getByText(COUNT_TEXT)).toHaveText(`${total} professional${total === 1 ? '' : 's'}`);
    await expect(cards(page)).toHaveCount(Math.min(total, 24));
  });

  test("the price slider never offers 'Up to £0/hour'", async ({ consentedPage: page }) => {
    await openDirectory(page, '/professionals');
    await showFilters(page);
    const form = filterForm(page);
    const max = form.getByRole('slider', { name: 'Maximum hourly rate' });
    await max.focus();
    for (let i = 0; i < 12; i += 1) await max.press('ArrowLeft');
    await max.press('Home');
    await expect(max).toHaveAttribute('aria-valuetext', '£10');
    await expect(form.getByText('Up to £10/hour')).toBeVisible();
    await expect(page.getByText('Up to £0/hour')).toHaveCount(0);

    // Nor does an address asking for it.
    await openDirectory(page, '/professionals?maxHourlyRate=0');
    await expect(page.getByText('Up to £0/hour')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove filter: / })).toHaveCount(0);
  });

  test('no results suggests a wider search beside Clear Filters', async ({ consentedPage: page }) => {
    test.slow(); // three addresses and an axe scan on a two-core machine
    await openDirectory(page, '/professionals?search=qqxzzy&service=Graphic%20Design&location=Inverness');
    await expect(page.getByText('No professionals found matching your criteria.')).toBeVisible();
    const results = page.getByRole('region', { name: 'Results', exact: true });
    await expect(results.getByRole('button', { name: 'Search within 25 miles of Inverness' })).toBeVisible();
    await expect(results.getByRole('button', { name: 'Remove Graphic Design' })).toBeVisible();
    await expect(results.getByRole('button', { name: 'Clear Filters' })).toBeVisible();
    await saveScreenshot(page, 'directory-no-results');
    await checkA11y(page);

    await results.getByRole('button', { name: 'Remove “qqxzzy”' }).click();
    await expect(page).toHaveURL(/\/professionals\?service=Graphic\+Design&location=Inverness$/);

    await openDirectory(page, '/professionals?search=qqxzzy&location=Inverness');
    await page.getByRole('button', { name: 'Search within 25 miles of Inverness' }).click();
    await expect(page).toHaveURL(/\/professionals\?search=qqxzzy&near=Inverness$/);
  });

  test('a day-rate firm under an hourly price filter says how its rate was compared', async ({ consentedPage: page, request }) => {
    const { items } = await apiList(request, 'maxHourlyRate=100&limit=100');
    const daily = items.find((item) => item.rateType === 'daily' && item.hourlyRate !== null);
    expect(daily, 'the demo data has a day-rate firm under £100/hour').toBeDefined();
    const dayPence = Math.round(Number(daily!.hourlyRate) * 100);
    const hourPence = Math.round(dayPence / 8);
    const money = (pence: number) =>
      `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: pence % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;
    const note = `Compared as ${money(hourPence)}/hour (${money(dayPence)} a day ÷ 8 hours)`;

    const search = encodeURIComponent(daily!.companyName);
    await openDirectory(page, `/professionals?search=${search}&maxHourlyRate=100`);
    const card = cards(page).filter({ has: page.getByRole('heading', { name: daily!.companyName, exact: true }) });
    await expect(card.getByText(`From £${daily!.hourlyRate}/day`)).toBeVisible();
    await expect(card.getByText(note)).toBeVisible();

    // No price filter, no comparison to explain.
    await openDirectory(page, `/professionals?search=${search}`);
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByText(/^Compared as/)).toHaveCount(0);
  });
});

test.describe('the map (item 3)', () => {
  test('when the tiles cannot load, the list stands alone with a note', async ({ consentedPage: page, isMobile }) => {
    // Block the tile host, as an offline browser or a blocking network would.
    await page.route(/\/\d+\/\d+\/\d+\.png(\?.*)?$/, (route) => route.abort('blockedbyclient'));
    await openDirectory(page, '/professionals');
    if (isMobile) await page.getByRole('button', { name: 'View on Map' }).click();
    await expect(page.getByText(MAP_UNAVAILABLE_NOTE)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Map of results' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'View on Map' })).toHaveCount(0);
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
    const results = await page.getByRole('region', { name: 'Results', exact: true }).boundingBox();
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    expect(results?.width ?? 0, 'the list takes the page width').toBeGreaterThan(width * (isMobile ? 0.85 : 0.8));
    await expect(cards(page).first()).toBeVisible();
    await checkA11y(page);
  });

  test('markers are named after the company; Enter and Space open the popup; the list skips to the map', async ({
    consentedPage: page,
    request,
  }) => {
    test.slow(); // the map chunk and axe on a two-core machine
    // One located professional, so its marker stands alone (not in a cluster).
    let point: MapPoints['points'][number] | undefined;
    await expect
      .poll(async () => {
        point = ((await (await request.get('/api/professionals/map?location=Manchester')).json()) as MapPoints).points[0];
        return point !== undefined;
      }, { timeout: 20_000 })
      .toBe(true);
    const companyName = point![3] ?? '';
    expect(companyName, 'a small answer names each point').not.toBe('');
    const search = encodeURIComponent(companyName);
    await expect
      .poll(async () => ((await (await request.get(`/api/professionals/map?search=${search}`)).json()) as MapPoints).points.length)
      .toBeGreaterThan(0);
    await openDirectory(page, `/professionals?search=${search}`);

    // The list's first stop for the keyboard is a way past the cards to the map (desktop: beside it).
    const skip = page.getByRole('link', { name: 'Skip to the map' });
    const map = await showMap(page);
    await skip.focus();
    await expect(skip).toBeVisible();
    await skip.press('Enter');
    await expect(map).toBeFocused();

    const marker = map.getByRole('button', { name: companyName, exact: true }).first();
    await expect(marker).toBeVisible({ timeout: 20_000 });
    await expect(map.getByRole('button', { name: 'IT professional' })).toHaveCount(0);

    await marker.focus();
    await marker.press('Enter');
    const popup = map.locator('.leaflet-popup');
    const link = popup.getByRole('link', { name: 'View Profile →' });
    await expect(link).toBeFocused();
    await expect(popup.getByText(companyName, { exact: true })).toBeVisible();
    // The popup is in the site's type, not Leaflet's Helvetica.
    const [popupFont, bodyFont] = await page.evaluate(() => [
      getComputedStyle(document.querySelector('.leaflet-popup-content')!).fontFamily,
      getComputedStyle(document.body).fontFamily,
    ]);
    expect(popupFont).toBe(bodyFont);
    await checkA11y(page);

    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(marker).toBeFocused();
    await marker.press(' ');
    await expect(popup.getByRole('link', { name: 'View Profile →' })).toBeVisible();
  });
});
