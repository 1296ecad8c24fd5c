// Shared Playwright fixtures. Every spec imports { test, expect } from here. After each test the
// pages it visited have been scanned with axe: `await checkA11y(page)` scans the current page and
// fails on any violation (call it on every page a journey visits).
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

export async function checkA11y(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

export const test = base.extend<{ consentedPage: Page }>({
  /** A page whose visitor has already answered the cookie banner (declined), so it stays out of the way. */
  consentedPage: async ({ page, context, baseURL }, use) => {
    await context.addInitScript(() => {
      window.localStorage.setItem('itc-cookie-consent', JSON.stringify({ choice: 'declined', at: Date.now() }));
    });
    void baseURL;
    await use(page);
  },
});
