// The captcha's loader (issue 30, item 4): a failed load of the ALTCHA widget's code is tried again
// twice, after 1 s and 2 s (frontend/src/components/captcha/load-with-retries.ts), before the form
// says it could not be loaded. The widget's code is a lazily imported chunk (assets/altcha-<hash>.js);
// these tests fail its requests with page.route. Runs on both projects (desktop and mobile).
import type { Page } from '@playwright/test';
import { checkA11y, consoleErrors, expect, test } from './fixtures';

/** The widget's chunk, whatever its content hash. */
const ALTCHA_CHUNK = /\/assets\/altcha-[\w-]+\.js(\?.*)?$/;
const LOAD_FAILED = 'The security check could not be loaded. Please reload the page.';

/** Fails the first `failures` requests for the widget's chunk (all of them: Infinity); returns the running count of requests. */
async function failWidgetLoads(page: Page, failures: number): Promise<{ requests: () => number }> {
  let requests = 0;
  await page.route(ALTCHA_CHUNK, (route) => {
    requests += 1;
    return requests <= failures ? route.abort('connectionreset') : route.continue();
  });
  return { requests: () => requests };
}

test('the captcha still appears and verifies when its first two loads fail', async ({ consentedPage: page }) => {
  const errors = consoleErrors(page);
  const chunk = await failWidgetLoads(page, 2);
  await page.goto('/login');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByRole('status').filter({ hasText: 'Loading the security check…' })).toBeVisible();

  // Two failures, pauses of 1 s and 2 s, then the third load works.
  await expect(main.getByText("I'm not a robot")).toBeVisible({ timeout: 15_000 });
  expect(chunk.requests()).toBe(3);
  await expect(main.getByText(LOAD_FAILED)).toHaveCount(0);

  await main.getByText("I'm not a robot").click();
  await expect(main.getByText('Verified', { exact: true })).toBeVisible({ timeout: 20_000 });
  await checkA11y(page);
  expect(errors).toEqual([]);
});

test('the form says the captcha could not be loaded only after two retries fail', async ({ consentedPage: page }) => {
  const errors = consoleErrors(page);
  const chunk = await failWidgetLoads(page, Infinity);
  const startedAt = Date.now();
  await page.goto('/login');
  const main = page.getByRole('main');

  const alert = main.getByRole('alert').filter({ hasText: LOAD_FAILED });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  // The two pauses (1 s + 2 s) came before the message, and no load after it.
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3_000);
  expect(chunk.requests()).toBe(3);
  await expect(main.getByText("I'm not a robot")).toHaveCount(0);
  await expect(main.getByRole('status').filter({ hasText: 'Loading the security check…' })).toHaveCount(0);

  await page.waitForTimeout(3_000);
  expect(chunk.requests()).toBe(3);
  await checkA11y(page);
  expect(errors).toEqual([]);
});
