// Tooltips (issue 30 item 2, product rule 38): Radix's Tooltip with a 700 ms open delay and a
// 300 ms skip delay on icon-only controls, opened by keyboard focus too; explanations also open by
// a tap on a phone; map clusters say what their count is. axe is clean with a tooltip open.
// Runs on both projects; each test says which viewport it is for.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ProfessionalListItem } from '../../core/directory';
import { DAY_RATE_COMPARISON_EXPLANATION } from '../../core/hourly-rate';
import { checkA11y, expect, openDirectory, saveScreenshot, openPage as open, test } from './fixtures';

/** Navigates and waits until the page's own content (its h1) has rendered and React has taken over. */
function tooltip(page: Page, text: string): Locator {
  return page.getByRole('tooltip').filter({ hasText: text });
}

/**
 * Starts timing in the page: from the last pointer move over `trigger` to the moment a tooltip
 * saying `text` is in the page. Read the result with readTiming.
 */
async function startTiming(trigger: Locator, text: string): Promise<void> {
  await trigger.evaluate((element, wanted) => {
    const state = { move: 0, shown: 0 };
    (window as unknown as { tipTiming: typeof state }).tipTiming = state;
    element.addEventListener('pointermove', () => {
      if (!state.shown) state.move = performance.now();
    });
    const check = () => {
      if (state.shown) return;
      const tips = [...document.querySelectorAll('[role="tooltip"]')];
      if (tips.some((tip) => tip.textContent?.includes(wanted))) state.shown = performance.now();
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
}

async function readTiming(page: Page): Promise<number> {
  return page.evaluate(() => {
    const { move, shown } = (window as unknown as { tipTiming: { move: number; shown: number } }).tipTiming;
    return shown - move;
  });
}

test.describe('icon-only controls (desktop)', () => {
  test.beforeEach(({ isMobile }) => {
    test.skip(isMobile, 'hover and the desktop header are for the desktop project');
  });

  test('hovering shows the name after 700 ms; the neighbour within 300 ms shows at once', async ({ consentedPage: page }) => {
    await open(page, '/about');
    const header = page.getByRole('banner');
    const search = header.getByRole('button', { name: 'Search', exact: true });
    const account = header.getByRole('link', { name: 'Login or register' });

    await startTiming(search, 'Search');
    await search.hover();
    await expect(tooltip(page, 'Search')).toBeVisible();
    const delay = await readTiming(page);
    expect(delay, 'the open delay (ms)').toBeGreaterThanOrEqual(690);
    expect(delay, 'the open delay (ms)').toBeLessThan(2_000);

    // Straight on to the neighbour: no second wait (a real pointer sends many moves on the way).
    await startTiming(account, 'Login or register');
    await account.hover();
    const box = (await account.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2 + 6, box.y + box.height / 2 + 6, { steps: 6 });
    await expect(tooltip(page, 'Login or register')).toBeVisible();
    expect(await readTiming(page), 'the neighbour opens without the delay (ms)').toBeLessThan(300);
    await expect(tooltip(page, 'Search')).toHaveCount(0);
    // The tooltip repeats the name; the name is still the aria-label.
    await expect(page.getByRole('link', { name: 'Login or register', exact: true })).toHaveAttribute('aria-describedby', /.+/);

    // Leaving closes it (once the pointer is clear of the way to the tooltip: WCAG 1.4.13 hoverable).
    await page.mouse.move(box.x - 300, box.y + 300, { steps: 10 });
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });

  test('keyboard focus opens it at once and Escape closes it; axe is clean with it open', async ({ consentedPage: page }) => {
    await open(page, '/about');
    const header = page.getByRole('banner');
    await header.getByRole('searchbox', { name: 'Search IT professionals' }).focus();
    await page.keyboard.press('Tab');
    await expect(header.getByRole('button', { name: 'Search', exact: true })).toBeFocused();
    await expect(tooltip(page, 'Search')).toBeVisible({ timeout: 500 });
    await checkA11y(page);
    await saveScreenshot(page, 'tooltip-keyboard', { fullPage: false });

    await page.keyboard.press('Tab');
    await expect(header.getByRole('link', { name: 'Login or register' })).toBeFocused();
    await expect(tooltip(page, 'Login or register')).toBeVisible({ timeout: 500 });
    await expect(tooltip(page, 'Search')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });

  test('a map cluster says what its count is, in a title and its name', async ({ consentedPage: page }) => {
    await openDirectory(page, '/professionals');
    const cluster = page.locator('.marker-cluster').first();
    await expect(cluster).toBeVisible({ timeout: 20_000 });
    const label = /^\d[\d,]* professionals here: select to see them$/;
    await expect(cluster).toHaveAttribute('aria-label', label);
    await expect(cluster).toHaveAttribute('title', label);
    await expect(cluster).toHaveAttribute('role', 'button');
  });
});

/** The directory showing a day-rate firm under a price filter: its card and the card's 'Compared as' note. */
async function openDayRateCard(page: Page, request: APIRequestContext) {
  const response = await request.get('/api/professionals?maxHourlyRate=100&limit=100');
  expect(response.ok()).toBe(true);
  const items = (await response.json()) as ProfessionalListItem[];
  const daily = items.find((item) => item.rateType === 'daily' && item.hourlyRate !== null);
  expect(daily, 'the demo data has a day-rate firm under £100/hour').toBeDefined();
  await openDirectory(page, `/professionals?search=${encodeURIComponent(daily!.companyName)}&maxHourlyRate=100`);
  const card = page
    .getByRole('region', { name: 'Results', exact: true })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: daily!.companyName, exact: true }) });
  return { daily: daily!, card, note: card.getByRole('button', { name: /^Compared as £[\d.,]+\/hour/ }) };
}

test.describe('explanations', () => {
  test('on a phone, a tap opens a day rate’s explanation, a second tap or a tap elsewhere closes it', async ({ consentedPage: page, request, isMobile }) => {
    test.skip(!isMobile, 'a tap is for the mobile project');
    const { daily, card, note } = await openDayRateCard(page, request);
    await note.scrollIntoViewIfNeeded();

    await note.tap();
    await expect(tooltip(page, DAY_RATE_COMPARISON_EXPLANATION)).toBeVisible();
    await checkA11y(page);
    await saveScreenshot(page, 'tooltip-tap', { fullPage: false });

    await note.tap();
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    await note.tap();
    await expect(tooltip(page, DAY_RATE_COMPARISON_EXPLANATION)).toBeVisible();
    await card.getByRole('heading', { name: daily.companyName, exact: true }).tap();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });

  test('on a desktop, focus opens the explanation and Enter toggles it', async ({ consentedPage: page, request, isMobile }) => {
    test.skip(isMobile, 'keyboard on the desktop project');
    const { daily, card, note } = await openDayRateCard(page, request);
    // Keyboard focus: back from the card's next control, 'View Profile'.
    await card.getByRole('link', { name: `View Profile: ${daily.companyName}` }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(note).toBeFocused();
    await expect(tooltip(page, DAY_RATE_COMPARISON_EXPLANATION)).toBeVisible({ timeout: 500 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(tooltip(page, DAY_RATE_COMPARISON_EXPLANATION)).toBeVisible();
    await checkA11y(page);
  });
});
