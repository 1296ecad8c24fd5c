// Accounts (issue 4) against the real product: register → sign out → sign in → My Profile →
// delete account (then signing in fails); password reset through the e-mail the worker writes;
// the login and register forms' messages; the provider's profile card; the admin mail page.
// Every page visited is scanned with axe. Runs on both projects (desktop and mobile).
//
// The register journey, the new password after a reset and the archived account sign in through
// the login form (submitSignInForm); every other session here is made directly (signInAs or
// providerPage, fixtures.ts). E-mails are read through /admin/mail as the admin.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { checkA11y, createAccount, createListing, expect, mailAsAdmin, openPage, PROVIDER_EMAIL, signInAs, solveCaptcha, submitSignInForm, test, uniqueEmail } from './fixtures';

async function fillCredentials(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
}

/** Signs in through the login form and lands on the home page, welcomed. */
async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await openPage(page, '/login');
  await submitSignInForm(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Signed in successfully' })).toBeVisible();
}

async function signOut(page: Page, isMobile: boolean): Promise<void> {
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('region', { name: 'Account' }).getByRole('button', { name: 'Sign Out' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  }
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Signed out successfully' })).toContainText(
    'You have been logged out of your account.',
  );
}

/** The header shows the signed-in account (desktop dropdown or the mobile menu's Account block). */
async function expectSignedInAs(page: Page, name: string, isMobile: boolean): Promise<void> {
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const account = page.getByRole('dialog', { name: 'Menu' }).getByRole('region', { name: 'Account' });
    await expect(account).toContainText(name);
    await page.getByRole('button', { name: 'Close menu' }).click();
  } else {
    await expect(page.getByRole('banner').getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
  }
}

const RESET_LINK = /https?:\/\/[^\s"'<>]+\/reset-password\?token=[\w.~%-]+/;
const SIGN_UP_LINK = /https?:\/\/[^\s"'<>]+\/confirm-email\?token=[\w.~%-]+/;

/** The newest `linkPattern` link e-mailed to `email`, read at /admin/mail as the admin. */
async function linkMailedTo(browser: Browser, email: string, linkPattern: RegExp): Promise<string> {
  const text = await mailAsAdmin(browser, email);
  const link = linkPattern.exec(text)?.[0];
  expect(link, `a ${linkPattern.source} link in: ${text}`).toBeTruthy();
  return link!;
}

test.describe('accounts', () => {
  // The pages, the captcha widget (its workers and styles under our CSP) and the failed calls they
  // handle log no errors of their own; the browser's "Failed to load resource" lines for expected
  // 4xx answers are not ours.
  let consoleErrors: string[] = [];
  test.beforeEach(({ page }) => {
    consoleErrors = [];
    page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
    });
  });
  test.afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });

  test('register → confirm by e-mail → sign out → sign in → My Profile → delete account; then sign-in fails', async ({
    consentedPage: page,
    browser,
    isMobile,
  }) => {
    test.setTimeout(150_000); // a long journey; 90 s was too tight on a shared 2-core machine
    const email = uniqueEmail('journey');
    const password = 'journey-pass-1';
    const name = 'Grace Hopper';

    await openPage(page, '/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Join As A Professional' })).toHaveAttribute('href', '/apply');
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await checkA11y(page);
    await page.getByRole('main').getByLabel('Full name').fill(name);
    await fillCredentials(page, email, password);
    await solveCaptcha(page.getByRole('main'));
    await checkA11y(page);
    await page.getByRole('main').getByRole('button', { name: 'Create account' }).click();
    // Nothing is created until the address is confirmed; the page says the same for any address.
    await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toContainText('we have sent a link to finish creating your account');
    await expect(page.getByRole('main').getByRole('status')).toContainText(email);
    await checkA11y(page);

    const signUpLink = new URL(await linkMailedTo(browser, email, SIGN_UP_LINK));
    await openPage(page, `${signUpLink.pathname}${signUpLink.search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeVisible();
    await checkA11y(page);
    // The password chosen at sign-up, asked again: the sign-up must be this person's (decision 0029).
    await page.getByRole('main').getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('main').getByRole('button', { name: 'Create my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').filter({ hasText: 'Account created' })).toBeVisible();
    await expectSignedInAs(page, name, isMobile);

    await signOut(page, isMobile);
    await checkA11y(page);

    await signInThroughForm(page, email, password);
    await expectSignedInAs(page, name, isMobile);

    await openPage(page, '/profile');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    const info = main.getByRole('region', { name: 'Account information' });
    // Name and e-mail are shown (and changed) under Account settings.
    await expect(main.getByRole('region', { name: 'Account settings' })).toContainText(name);
    await expect(main.getByRole('region', { name: 'Account settings' })).toContainText(email);
    await expect(info).toContainText('customer');
    await expect(info).toContainText(new Date().getFullYear().toString());
    await expect(main.getByRole('region', { name: 'Your listing' })).toHaveCount(0);
    await checkA11y(page);

    // Download my data: a JSON file about this user.
    const downloadPromise = page.waitForEvent('download');
    await main.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const file = await download.path();
    expect(await readFile(file, 'utf8')).toContain(email);

    // Delete: the dialog can be cancelled, then confirmed.
    await main.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await main.getByRole('button', { name: 'Delete Account' }).click();
    // The password is asked for again: a wrong one keeps the dialog open with the reason.
    await dialog.getByLabel('Your password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(dialog.getByLabel('Your password', { exact: true })).toHaveAccessibleDescription(/That password is not right\./);
    await checkA11y(page);
    await dialog.getByLabel('Your password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').filter({ hasText: 'Account archived' })).toBeVisible();

    // Anonymous again: /profile sends to /login, and the archived account cannot sign in.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await submitSignInForm(page, email, password);
    const toast = page.getByRole('alert').filter({ hasText: 'Error' });
    await expect(toast).toContainText(/Invalid email or password|This account has been deleted/);
    await expect(page).toHaveURL(/\/login$/);
    // The captcha starts over after a failed submit.
    await expect(page.getByRole('main').getByText('Verified', { exact: true })).toBeHidden();
  });

  test('password reset through the e-mail', async ({ consentedPage: page, browser, isMobile }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('reset');
    const name = 'Reset Tester';

    await createAccount(email, name, { password: 'old-password-1' });

    await openPage(page, '/login');
    await page.getByRole('main').getByRole('link', { name: 'Forgot password' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
    await checkA11y(page);
    await page.getByRole('main').getByLabel('Email').fill(email);
    await solveCaptcha(page.getByRole('main'));
    await page.getByRole('main').getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      "If an account exists for that email, we've sent a link to reset your password. It expires in 1 hour.",
    );
    await checkA11y(page);

    const link = await linkMailedTo(browser, email, RESET_LINK);
    const url = new URL(link);
    await openPage(page, `${url.pathname}${url.search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
    await checkA11y(page);
    const main = page.getByRole('main');
    await main.getByLabel('New password', { exact: true }).fill('short');
    await main.getByLabel('Confirm new password', { exact: true }).fill('different');
    await main.getByRole('button', { name: 'Set new password' }).click();
    await expect(main.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(/Password must be at least 8 characters/);
    await expect(main.getByLabel('Confirm new password', { exact: true })).toHaveAccessibleDescription("Passwords don't match");
    await main.getByLabel('New password', { exact: true }).fill('brand-new-password');
    await main.getByLabel('Confirm new password', { exact: true }).fill('brand-new-password');
    await main.getByRole('button', { name: 'Set new password' }).click();
    await expect(main.getByRole('status')).toContainText('Your password has been changed');
    await checkA11y(page);

    // The link works once.
    await openPage(page, `${url.pathname}${url.search}`);
    await main.getByLabel('New password', { exact: true }).fill('another-password');
    await main.getByLabel('Confirm new password', { exact: true }).fill('another-password');
    await main.getByRole('button', { name: 'Set new password' }).click();
    await expect(main.getByRole('alert')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');

    await main.getByRole('link', { name: 'Request a new reset link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The new password signs in.
    await signInThroughForm(page, email, 'brand-new-password');
    await expectSignedInAs(page, name, isMobile);
  });

  test('login: validation messages next to the fields, show/hide password, links', async ({ consentedPage: page }) => {
    await openPage(page, '/login');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    await expect(main.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');
    await checkA11y(page);

    await fillCredentials(page, 'not-an-email', '123');
    await main.getByRole('button', { name: 'Sign in' }).click();
    const emailBox = main.getByLabel('Email');
    const passwordBox = main.getByLabel('Password', { exact: true });
    await expect(emailBox).toHaveAttribute('aria-invalid', 'true');
    await expect(emailBox).toHaveAccessibleDescription('Invalid email address');
    await expect(passwordBox).toHaveAttribute('aria-invalid', 'true');
    await expect(passwordBox).toHaveAccessibleDescription('Password must be at least 6 characters');
    await expect(main).toContainText('Please complete the captcha');
    await checkA11y(page);

    const toggle = main.getByRole('button', { name: 'Show password' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(passwordBox).toHaveAttribute('type', 'password');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(passwordBox).toHaveAttribute('type', 'text');
    await toggle.press('Enter');
    await expect(passwordBox).toHaveAttribute('type', 'password');

    await fillCredentials(page, 'someone@example.com', '123456');
    await main.getByRole('button', { name: 'Sign in' }).click();
    await expect(emailBox).not.toHaveAttribute('aria-invalid', 'true');
    await expect(passwordBox).not.toHaveAttribute('aria-invalid', 'true');
    await expect(main).toContainText('Please complete the captcha');
  });

  test('register: the name must have at least 2 characters', async ({ consentedPage: page }) => {
    await openPage(page, '/register');
    const main = page.getByRole('main');
    await main.getByLabel('Full name').fill('A');
    await fillCredentials(page, 'someone@example.com', '1234567');
    await main.getByRole('button', { name: 'Create account' }).click();
    await expect(main.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/Password must be at least 8 characters/);
    await expect(main.getByLabel('Full name')).toHaveAccessibleDescription('Name must be at least 2 characters');
    await checkA11y(page);
  });

  test('a provider edits the professional profile: Cancel discards, Save returns to view', async ({ consentedPage: page }) => {
    test.setTimeout(60_000);
    // A listing of its own: the desktop and phone runs save at the same time, and each reads back
    // what it saved.
    const listing = await createListing({ companyName: 'Edit Listing Networks', contactName: 'Edith Lister' });
    await signInAs(page, listing.providerEmail);
    await openPage(page, '/profile');
    const main = page.getByRole('main');
    await expect(main.getByRole('region', { name: 'Account information' })).toContainText('Service Provider');
    const card = main.getByRole('region', { name: 'Your listing' });
    await expect(card.getByRole('button', { name: 'Edit listing' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'View Public Profile' })).toHaveAttribute('href', /^\/professionals\/[\w-]+$/);
    // One way to change a listing: 'Edit listing' (no second 'Update Professional Application').
    await expect(main.getByRole('link', { name: 'Update Professional Application' })).toHaveCount(0);
    await checkA11y(page);

    // Cancel discards.
    await card.getByRole('button', { name: 'Edit listing' }).click();
    const form = card.getByRole('form', { name: 'Edit professional profile' });
    const contact = form.getByLabel('Contact name');
    const original = await contact.inputValue();
    await contact.fill('Discarded Name');
    await checkA11y(page);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).not.toContainText('Discarded Name');
    await expect(card).toContainText(original);

    // Project based clears and disables the rate fields; a required field left empty is flagged.
    await card.getByRole('button', { name: 'Edit listing' }).click();
    await form.getByLabel('Project based').check();
    await expect(form.getByLabel('Rate (£)')).toBeDisabled();
    await expect(form.getByLabel('Rate (£)')).toHaveValue('');
    await expect(form.getByLabel('Rate type')).toBeDisabled();
    await form.getByLabel('Project based').uncheck();
    await form.getByLabel('Rate (£)').fill('£5a5');
    await expect(form.getByLabel('Rate (£)')).toHaveValue('55');
    await form.getByLabel('Company name').fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByLabel('Company name')).toHaveAccessibleDescription('Company name is required');

    // Save returns to view mode with the change.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('button', { name: 'Edit listing' }).click();
    const phone = `020 7946 ${String(Date.now() % 10_000).padStart(4, '0')}`;
    await form.getByLabel('Phone').fill(phone);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile updated' })).toBeVisible();
    await expect(form).toBeHidden();
    await expect(card).toContainText(phone);
    await page.reload();
    await expect(main.getByRole('region', { name: 'Your listing' })).toContainText(phone);
  });

  test('/admin/mail: anonymous visitors go to /login, other users are turned away', async ({ consentedPage: page }) => {
    await page.goto('/admin/mail');
    await expect(page).toHaveURL(/\/login$/);

    await signInAs(page, PROVIDER_EMAIL);
    await openPage(page, '/admin/mail');
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('only available to administrators');
    await checkA11y(page);
  });
});
