// Signed-in devices (ASVS V7.5.2 and V7.4.5) at both viewports, with axe on every screen:
//   - one account signed in from two browsers (two contexts, each with its own User-Agent): My
//     Profile lists both, this one as 'This device'; the other is signed out from the keyboard,
//     and its next page is the sign-in page; signed in again, 'Sign out all other devices' ends it
//     once more;
//   - an admin signs a customer out everywhere from the dashboard's Users dialog.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { BASE_URL, checkA11y, createAccount, declineCookies, expect, saveScreenshot, signInAs, test, uniqueEmail } from './fixtures';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

/** A browser of its own (cookies and all) that says it is `userAgent`, signed in as `email`. */
async function signedInBrowser(browser: Browser, email: string, userAgent: string): Promise<{ context: BrowserContext; page: Page }> {
  const { viewport, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({
    baseURL: BASE_URL,
    userAgent,
    ...(viewport ? { viewport } : {}),
    ...(isMobile === undefined ? {} : { isMobile }),
    ...(hasTouch === undefined ? {} : { hasTouch }),
  });
  await declineCookies(context);
  const page = await context.newPage();
  await signInAs(page, email);
  return { context, page };
}

async function openDevices(page: Page) {
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(section.getByRole('list', { name: 'Signed-in devices' })).toBeVisible({ timeout: 20_000 });
  return section;
}

/** The page a signed-out browser gets for /profile: the sign-in page. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
}

test('a user sees where they are signed in and signs out another device, then all the others', async ({ browser }) => {
  const email = uniqueEmail('devices');
  await createAccount(email, 'Dee Vices');
  const laptop = await signedInBrowser(browser, email, CHROME_ON_WINDOWS);
  let other = await signedInBrowser(browser, email, FIREFOX_ON_LINUX);
  try {
    const section = await openDevices(laptop.page);
    const rows = section.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Chrome on Windows');
    await expect(rows.first()).toContainText('This device');
    await expect(rows.first()).toContainText(/Signed in \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2} · Last active/);
    await expect(rows.nth(1)).toContainText('Firefox on Linux');
    await expect(rows.nth(1)).not.toContainText('This device');
    // This device is signed out with Sign Out, not from this list.
    await expect(section.getByRole('button', { name: 'Sign out Chrome on Windows' })).toHaveCount(0);
    await checkA11y(laptop.page);
    await saveScreenshot(laptop.page, 'signed-in-devices');

    // From the keyboard.
    await section.getByRole('button', { name: 'Sign out Firefox on Linux' }).focus();
    await laptop.page.keyboard.press('Enter');
    await expect(laptop.page.getByText('Firefox on Linux has been signed out.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(section.getByText('You are not signed in on any other device.')).toBeVisible();
    await expect(section.getByRole('heading', { name: 'Signed-in devices' })).toBeFocused();
    await checkA11y(laptop.page);
    await expectSignedOut(other.page);

    // Signed in there again: 'Sign out all other devices' ends it once more, this device stays.
    await other.context.close();
    other = await signedInBrowser(browser, email, FIREFOX_ON_LINUX);
    await openDevices(other.page);
    await laptop.page.reload();
    await expect(rows).toHaveCount(2);
    await section.getByRole('button', { name: 'Sign out all other devices' }).click();
    await expect(laptop.page.getByText('Signed out 1 other device.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expectSignedOut(other.page);
    await laptop.page.reload();
    await expect(section.getByRole('listitem')).toHaveCount(1);
  } finally {
    await laptop.context.close();
    await other.context.close();
  }
});

test('an admin signs a customer out everywhere from the Users dialog', async ({ adminPage: page, browser }) => {
  const email = uniqueEmail('everywhere');
  const name = `Eve Where ${Math.random().toString(36).slice(2, 8)}`;
  await createAccount(email, name);
  const customer = await signedInBrowser(browser, email, CHROME_ON_WINDOWS);
  try {
    await openDevices(customer.page);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('region', { name: 'Manage' }).getByRole('button', { name: 'Users', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Users' });
    await dialog.getByLabel('Search by name or email').fill(email);
    const button = dialog.getByRole('button', { name: `Sign out everywhere: ${name}` });
    await expect(button).toBeVisible({ timeout: 20_000 });
    await checkA11y(page);
    await button.click();
    await expect(page.getByText(`${name} has been signed out of 1 session.`)).toBeVisible();

    await expectSignedOut(customer.page);
  } finally {
    await customer.context.close();
  }
});
