// Front-end error reports (issue 30, item 3; product rule 37) in the built product: a page whose
// answer has the wrong shape throws while rendering; its error screen shows (with the way to reload
// and the way home) and exactly one report goes to POST /api/client-errors, with the page's path
// and nothing of its query; the admin dashboard's 'Reported errors' then lists it. A report
// endpoint that hangs is abandoned after 5 seconds (the unit test proves the exact moment with
// fake timers: frontend/src/api/error-reporting.test.ts). Every screen is scanned with axe.
import type { Page, Request } from '@playwright/test';
import { CLIENT_ERROR_REPORT_TIMEOUT_MS, CLIENT_ERRORS_PATH, type ClientErrorReport } from '../../core/client-error-limits';
import { CLIENT_ERROR_TEXTS } from '../../core/client-errors';
import { checkA11y, expect, test, untilHydrated } from './fixtures';

/** /locations renders GET /api/locations' list: an object in its place makes the page throw. */
async function breakLocations(page: Page): Promise<void> {
  await page.route('**/api/locations', (route) => route.fulfill({ json: { regions: 'not a list' } }));
}

/**
 * Goes to `path` inside the SPA, as the Back button does: a page opened from the address bar comes
 * with its answer rendered by the server (api/src/spa/first-screen.ts), one reached within the SPA
 * fetches it.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.goto('/about');
  await untilHydrated(page);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

function reportsSent(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === CLIENT_ERRORS_PATH) sent.push(request);
  });
  return sent;
}

async function expectErrorScreen(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible({ timeout: 20_000 });
  await expect(main.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
}

// As the demo admin, to read 'Reported errors' afterwards: a report carries no session (it is sent
// without cookies), so who browses does not matter.
test('a page that throws shows its error screen and sends one report, which admins see', async ({ adminPage: page }) => {
  await breakLocations(page);
  const sent = reportsSent(page);
  const stored = page.waitForResponse((res) => new URL(res.url()).pathname === CLIENT_ERRORS_PATH);
  // The query must never leave the browser in a report (it can hold a postcode or search text).
  await openInApp(page, '/locations?near=M1%201AA&search=cloud');
  await expectErrorScreen(page);
  expect((await stored).status()).toBe(202);
  // A render retried or a second listener would send more: give them a moment to show up.
  await page.waitForTimeout(1000);
  expect(sent).toHaveLength(1);
  const report = sent[0]!.postDataJSON() as ClientErrorReport;
  expect(report).toMatchObject({ source: 'page', page: '/locations' });
  expect(report.message).toMatch(/TypeError: .*is not a function/);
  expect(report.release).toMatch(/^[A-Za-z0-9._+-]+$/);
  expect(sent[0]!.postData()).not.toMatch(/M1|cloud|near=/);
  await checkA11y(page);

  // The way home works from the error screen.
  await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);

  expect((await sent[0]!.allHeaders())['cookie']).toBeUndefined();

  await page.goto('/admin');
  const section = page.getByRole('region', { name: CLIENT_ERROR_TEXTS.sectionTitle });
  await expect(section).toBeVisible({ timeout: 20_000 });
  const row = section.getByRole('row').filter({ hasText: report.message }).filter({ hasText: '/locations' });
  await expect(row.first()).toBeVisible();
  await expect(row.first()).toContainText('Page');
  await expect(row.first()).toContainText(report.release);
  await section.scrollIntoViewIfNeeded();
  await checkA11y(page);
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await section.screenshot({ path: `${dir}/${test.info().project.name}-reported-errors.png` });
});

test('a report whose endpoint hangs is abandoned after 5 seconds, and the page is unaffected', async ({ consentedPage: page }) => {
  await breakLocations(page);
  // Never answered: the browser's own timeout has to end it.
  await page.route(`**${CLIENT_ERRORS_PATH}`, () => undefined);
  const started = page.waitForEvent('request', (request) => new URL(request.url()).pathname === CLIENT_ERRORS_PATH);
  const failed = page.waitForEvent('requestfailed', { predicate: (request) => new URL(request.url()).pathname === CLIENT_ERRORS_PATH, timeout: 20_000 });
  await openInApp(page, '/locations');
  await started;
  const sentAt = Date.now();
  await expectErrorScreen(page);
  await failed;
  const waited = Date.now() - sentAt;
  expect(waited).toBeGreaterThanOrEqual(CLIENT_ERROR_REPORT_TIMEOUT_MS - 500);
  expect(waited).toBeLessThan(CLIENT_ERROR_REPORT_TIMEOUT_MS + 3000);
  await expectErrorScreen(page);
});
