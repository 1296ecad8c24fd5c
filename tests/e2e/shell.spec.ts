// The front-end shell (issue 2): header search, rotating placeholder, mobile menu, cookie banner,
// footer, 404, the static pages and scroll-to-top. Every page visited is scanned with axe.
// Runs on both projects (desktop and mobile); tests for one viewport only say so with test.skip.
import type { Page } from '@playwright/test';
import { SEARCH_PLACEHOLDERS } from '../../core/services';
import { COOKIE_CONSENT_STORAGE_KEY } from '../../core/site-config';
import { checkA11y, consoleErrors, expect, holdScripts, openPage as open, test } from './fixtures';

/** The header search box for this viewport: in the header on desktop, in the slide-in menu on mobile. */
async function headerSearchBox(page: Page, isMobile: boolean) {
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  const box = page.getByRole('searchbox', { name: 'Search IT professionals' });
  await expect(box).toBeVisible();
  return box;
}

/** Navigates and waits until the page's own content (its h1) has rendered, not just the shell. */
const FILTERED_DIRECTORY = '/professionals?service=Web%20Design&location=Manchester';

async function storedConsent(page: Page): Promise<unknown> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), COOKIE_CONSENT_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
}

test.describe('header search', () => {
  test('searching for text goes to the directory with the text in the query', async ({ consentedPage: page, isMobile }) => {
    await open(page, '/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About ITConnect' })).toBeVisible();
    await checkA11y(page);

    const box = await headerSearchBox(page, isMobile);
    await box.fill('web design');
    await box.press('Enter');

    await expect(page).toHaveURL(/\/professionals\?search=web%20design$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Professionals' })).toBeVisible();
    if (isMobile) await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await checkA11y(page);
  });

  test('whitespace-only text is ignored', async ({ consentedPage: page, isMobile }) => {
    await open(page, '/about');
    const box = await headerSearchBox(page, isMobile);
    await box.fill('   ');
    await box.press('Enter');
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/about$/);
    await expect(box).toBeVisible();
  });

  test('the placeholder rotates through the seven suggestions', async ({ consentedPage: page, isMobile }) => {
    await open(page, '/about');
    const box = await headerSearchBox(page, isMobile);
    // One of the suggestions, then the next ones in order, one every 2.5 s. Which one shows first
    // is not checked: on a slow machine opening the phone menu took longer than one interval.
    const suggestions: readonly string[] = SEARCH_PLACEHOLDERS;
    const shown = (await box.getAttribute('placeholder')) ?? '';
    expect(suggestions).toContain(shown);
    const at = suggestions.indexOf(shown);
    const next = (k: number) => suggestions[(at + k) % suggestions.length]!;
    await expect(box).toHaveAttribute('placeholder', next(1), { timeout: 4_000 });
    await expect(box).toHaveAttribute('placeholder', next(2), { timeout: 4_000 });
  });
});

test.describe('header', () => {
  test('desktop: logo, main links and the account icon', async ({ consentedPage: page, isMobile }) => {
    test.skip(isMobile, 'the desktop header is hidden below md');
    test.setTimeout(60_000); // four pages and three axe scans
    await open(page, '/about');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'ITConnect home' })).toHaveAttribute('href', '/');

    await header.getByRole('link', { name: 'Browse Professionals' }).click();
    await expect(page).toHaveURL(/\/professionals$/);
    await header.getByRole('link', { name: 'Join as a professional' }).click();
    await expect(page).toHaveURL(/\/apply$/);
    await checkA11y(page);

    // Anonymous visitors get the account icon leading to /register.
    await header.getByRole('link', { name: 'Login or register' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await checkA11y(page);

    await header.getByRole('link', { name: 'ITConnect home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await checkA11y(page);
  });

  test('the header stays at the top while scrolling', async ({ consentedPage: page }) => {
    await open(page, '/privacy-policy');
    await page.evaluate(() => window.scrollTo(0, 2000));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // Right below the demo banner, which stays at the top too, when payments are the stand-in's.
    const demoBanner = page.getByRole('complementary', { name: 'Demo site' });
    const demo = (await demoBanner.count()) > 0 ? await demoBanner.boundingBox() : null;
    expect(demo?.y ?? 0).toBe(0);
    const box = await page.getByRole('banner').boundingBox();
    expect(box?.y).toBe(demo ? demo.y + demo.height : 0);
  });
});

test.describe('mobile menu', () => {
  test.skip(({ isMobile }) => !isMobile, 'the slide-in menu exists below md only');

  test('a tap before the scripts have run opens it once they have', async ({ consentedPage: page }) => {
    const release = await holdScripts(page);
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    release();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('opens, traps focus, and closes with Escape or the close button', async ({ consentedPage: page }) => {
    await open(page, '/about');
    const openButton = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeHidden();

    await openButton.click();
    await expect(menu).toBeVisible();
    await expect(openButton).toHaveAttribute('aria-expanded', 'true');
    const width = (await menu.boundingBox())?.width ?? 0;
    expect(width).toBeCloseTo(320, 0); // w-80
    await expect(menu.getByRole('link', { name: 'Browse Professionals' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Join as a professional' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Login / Register' })).toHaveAttribute('href', '/login');
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await checkA11y(page);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(openButton).toHaveAttribute('aria-expanded', 'false');
    await expect(openButton).toBeFocused();

    await openButton.click();
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    await openButton.click();
    await menu.getByRole('link', { name: 'Browse Professionals' }).click();
    await expect(page).toHaveURL(/\/professionals$/);
    await expect(menu).toBeHidden();
  });
});

test.describe('cookie banner', () => {
  for (const choice of ['Accept', 'Decline'] as const) {
    test(`${choice} hides the banner and it stays hidden after a reload`, async ({ page }) => {
      await open(page, '/');
      const banner = page.getByRole('region', { name: 'Cookies on ITConnect' });
      await expect(banner).toBeVisible();
      await checkA11y(page);

      // Keyboard usable: reach the button and press Enter.
      const button = banner.getByRole('button', { name: choice });
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(banner).toBeHidden();

      const expected = choice === 'Accept' ? 'accepted' : 'declined';
      expect(await storedConsent(page)).toMatchObject({ choice: expected, at: expect.any(Number) });

      await page.reload();
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner).toBeHidden();
    });
  }

  test('sets no cookies before the visitor chooses', async ({ page, context }) => {
    await open(page, '/');
    await expect(page.getByRole('region', { name: 'Cookies on ITConnect' })).toBeVisible();
    expect(await context.cookies()).toEqual([]);
  });

  test('does not cover the footer links at the end of the page', async ({ page }) => {
    await open(page, '/about');
    await expect(page.getByRole('region', { name: 'Cookies on ITConnect' })).toBeVisible();
    const legal = page.getByRole('navigation', { name: 'Legal' });
    for (const name of ['Privacy Policy', 'Cookie Policy', 'Terms of Service']) {
      const link = legal.getByRole('link', { name });
      await link.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await link.click({ trial: true, timeout: 2_000 }); // fails if another element would receive the click
    }
  });

  test('is in the HTML of every page with a first screen, shown at first paint, and React takes it over', async ({ page, request }) => {
    const [first] = (await (await request.get('/api/professionals?limit=1')).json()) as { slug: string }[];
    for (const path of ['/', '/locations', '/professionals', FILTERED_DIRECTORY, `/professionals/${first!.slug}`]) {
      const html = await (await request.get(path)).text();
      expect(html, `${path} should carry the cookie banner`).toContain('data-cookie-banner="pending"');
    }
    const errors = consoleErrors(page);
    const release = await holdScripts(page);
    await page.goto(FILTERED_DIRECTORY, { waitUntil: 'domcontentloaded' });
    const banner = page.getByRole('region', { name: 'Cookies on ITConnect' });
    // Before any script has run: the server's markup, visible.
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('data-cookie-banner', 'pending');
    const before = await banner.boundingBox();

    release();
    // Hydrated: the same element, now React's (unmarked), in the same place, and it works.
    await expect(banner).not.toHaveAttribute('data-cookie-banner');
    expect(await banner.boundingBox()).toEqual(before);
    await checkA11y(page);
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({ choice: 'accepted', at: expect.any(Number) });
    expect(errors).toEqual([]);
  });

  test('Decline works from the moment it is painted, before the scripts have run', async ({ page }) => {
    const errors = consoleErrors(page);
    const release = await holdScripts(page);
    await page.goto(FILTERED_DIRECTORY, { waitUntil: 'domcontentloaded' });
    const banner = page.getByRole('region', { name: 'Cookies on ITConnect' });
    await expect(banner).toHaveAttribute('data-cookie-banner', 'pending');
    await banner.getByRole('button', { name: 'Decline' }).click();
    // At once, with no script of the SPA loaded: stored, and the banner gone.
    await expect(banner).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({ choice: 'declined', at: expect.any(Number) });
    release();
    await expect(page.locator('[data-cookie-banner="pending"]')).toHaveCount(0);
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Professionals' })).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('never shows the banner to a visitor who has chosen, not even before the scripts run', async ({ consentedPage: page }) => {
    const seen: boolean[] = [];
    await page.exposeFunction('reportBanner', (present: boolean) => seen.push(present));
    await page.addInitScript(() => {
      const check = () => (window as unknown as { reportBanner(p: boolean): void }).reportBanner(document.body?.innerText.includes('Cookies on ITConnect') ?? false);
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
    });
    await open(page, '/');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).not.toContain(true);

    // The markup is in the page, hidden by the head's inline script before the first paint.
    const release = await holdScripts(page);
    await page.goto(FILTERED_DIRECTORY, { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).toHaveAttribute('data-cookie-choice', '');
    const pending = page.locator('[data-cookie-banner="pending"]');
    await expect(pending).toHaveCount(1);
    await expect(pending).toBeHidden();
    release();
    await expect(pending).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Cookies on ITConnect' })).toHaveCount(0);
  });

  test('the Cookie Policy can reopen the banner', async ({ consentedPage: page }) => {
    // Reached from a prerendered page, whose <html> is marked as having a stored choice.
    await open(page, '/');
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Cookie Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible();
    const banner = page.getByRole('region', { name: 'Cookies on ITConnect' });
    await expect(banner).toBeHidden();
    await page.getByRole('button', { name: 'Change cookie settings' }).click();
    await expect(banner).toBeVisible();
    await checkA11y(page);
  });
});

test.describe('footer', () => {
  test('has the service, useful, social and legal links, copyright and attribution', async ({ consentedPage: page }) => {
    await open(page, '/about');
    const footer = page.getByRole('contentinfo');

    const services = footer.getByRole('navigation', { name: 'Services' });
    await expect(services.getByRole('link')).toHaveCount(8);
    await expect(services.getByRole('link', { name: 'UI/UX Design' })).toHaveAttribute(
      'href',
      '/professionals?service=UI%2FUX%20Design',
    );

    const useful = footer.getByRole('navigation', { name: 'Useful Links' });
    for (const [name, href] of [
      ['About Us', '/about'],
      ['Browse Professionals', '/professionals'],
      ['Locations', '/locations'],
      ['Join as a professional', '/apply'],
      ['Contact', '/contact'],
    ] as const) {
      await expect(useful.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }

    // Without a site config (the bare dev server has no API) no social icon is shown.
    const connect = footer.getByRole('region', { name: 'Connect' });
    await expect(connect).toBeVisible();
    await expect(connect.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(0);

    await expect(footer).toContainText('ITConnect connects businesses with trusted IT professionals across the United Kingdom.');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ITConnect. All rights reserved.`);
    await expect(footer).toContainText('Contains OS data © Crown copyright');

    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);
  });
});

test.describe('pages', () => {
  test('an unknown address shows the 404 page with a way home', async ({ consentedPage: page }) => {
    await open(page, '/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('404 Page Not Found | ITConnect');
    await checkA11y(page);
    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('ITConnect – Find trusted IT professionals in the UK');
  });

  const staticPages = [
    { path: '/about', heading: 'About ITConnect', title: 'About Us | ITConnect' },
    { path: '/privacy-policy', heading: 'Privacy Policy', title: 'Privacy Policy | ITConnect' },
    { path: '/cookie-policy', heading: 'Cookie Policy', title: 'Cookie Policy | ITConnect' },
    { path: '/terms-of-service', heading: 'Terms of Service', title: 'Terms of Service | ITConnect' },
  ];

  for (const { path, heading, title } of staticPages) {
    test(`${path} renders its content`, async ({ consentedPage: page }) => {
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(title);
      if (path !== '/about') await expect(page.getByRole('main')).toContainText('Effective date: 14 December 2024');
      await checkA11y(page);
    });
  }

  test('the Terms of Service have 14 numbered sections', async ({ consentedPage: page }) => {
    await open(page, '/terms-of-service');
    const sections = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(sections).toHaveCount(14);
    await expect(sections.first()).toHaveText(/^1\. /);
    await expect(sections.last()).toHaveText(/^14\. /);
    await expect(page.getByRole('main')).toContainText(
      'Fees are non-refundable except under the 30-day money-back guarantee or as required by law.',
    );
  });

  test('the About page links to the directory and the application', async ({ consentedPage: page }) => {
    await open(page, '/about');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Browse professionals' })).toHaveAttribute('href', '/professionals');
    await main.getByRole('link', { name: 'Join as a professional' }).click();
    await expect(page).toHaveURL(/\/apply$/);
  });

  const placeholderPages = [
    '/',
    '/professionals',
    '/professionals/some-company',
    '/apply',
    '/login',
    '/register',
    '/profile',
    '/admin',
    '/locations',
    '/subscribe',
    '/subscription-success',
    '/application-success',
    '/contact',
  ];

  for (const path of placeholderPages) {
    test(`${path} renders inside the layout`, async ({ consentedPage: page }) => {
      await open(page, path);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await checkA11y(page);
    });
  }

  test('the shell loads without script errors, with or without the API', async ({ consentedPage: page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      // A failed API call is reported by the browser itself ("Failed to load resource"); the shell
      // must treat it as "no data" and log nothing of its own.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        problems.push(message.text());
      }
    });
    for (const path of ['/', '/about', '/terms-of-service', '/no-such-page']) {
      await open(page, path);
    }
    expect(problems).toEqual([]);
  });
});

test.describe('navigation', () => {
  test('every route change scrolls to the top', async ({ consentedPage: page }) => {
    await open(page, '/terms-of-service');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Privacy Policy' }).scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the skip link is the first stop and moves focus to the main content', async ({ consentedPage: page, isMobile }) => {
    test.skip(isMobile, 'keyboard navigation is checked on desktop');
    await open(page, '/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});

// The shell's side of the contract with a signed-in admin and a configured site: these tests answer
// /api/auth/me, /api/auth/logout and /api/site-config in the browser, so they check the header,
// menu and footer alone, with any user and config. Real sessions (register, sign in, sign out,
// My Profile) are covered end to end in accounts.spec.ts.
test.describe('with a signed-in user and a site config (answered in the browser)', () => {
  const admin = {
    id: 1,
    email: 'admin@example.com',
    name: 'Ada Admin',
    role: 'admin',
    professionalId: null,
    professionalSlug: null,
    createdAt: '2025-01-01T00:00:00Z',
  };

  test.beforeEach(async ({ consentedPage: page }) => {
    let signedIn = true;
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(signedIn ? admin : null) }),
    );
    await page.route('**/api/auth/logout', (route) => {
      signedIn = false;
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' });
    });
    await page.route('**/api/site-config', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
          mapTileAttribution: '© OpenStreetMap contributors',
          social: { linkedin: 'https://www.linkedin.com/company/itconnect-example', twitter: '' },
        }),
      }),
    );
  });

  test('the footer shows only the configured social icons, opening in a new tab', async ({ consentedPage: page }) => {
    await open(page, '/about');
    const connect = page.getByRole('contentinfo').getByRole('region', { name: 'Connect' });
    const icons = connect.getByRole('link', { name: /opens in a new tab/ });
    await expect(icons).toHaveCount(1);
    const linkedin = connect.getByRole('link', { name: 'ITConnect on LinkedIn (opens in a new tab)' });
    await expect(linkedin).toHaveAttribute('href', 'https://www.linkedin.com/company/itconnect-example');
    await expect(linkedin).toHaveAttribute('target', '_blank');
    await expect(linkedin).toHaveAttribute('rel', /noopener/);
    await checkA11y(page);
  });

  test('desktop: the account dropdown offers My Profile, Admin and Sign Out', async ({ consentedPage: page, isMobile }) => {
    test.skip(isMobile, 'the dropdown is the desktop header; mobile has the Account block');
    await open(page, '/about');
    const header = page.getByRole('banner');
    const button = header.getByRole('button', { name: 'Account menu for Ada Admin' });
    await expect(header.getByRole('link', { name: 'Login or register' })).toHaveCount(0);

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(header.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    await expect(header.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await checkA11y(page);

    await page.keyboard.press('Escape');
    await expect(header.getByRole('link', { name: 'My Profile' })).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await header.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').filter({ hasText: 'Signed out successfully' })).toContainText(
      'You have been logged out of your account.',
    );
    await expect(header.getByRole('link', { name: 'Login or register' })).toBeVisible();
    await checkA11y(page);
  });

  test('mobile: the menu holds the Account block', async ({ consentedPage: page, isMobile }) => {
    test.skip(!isMobile, 'the Account block is in the mobile menu');
    await open(page, '/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const account = menu.getByRole('region', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    await expect(account.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await expect(menu.getByRole('link', { name: 'Login / Register' })).toHaveCount(0);
    await checkA11y(page);

    await account.getByRole('button', { name: 'Sign Out' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Signed out successfully' })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByRole('link', { name: 'Login / Register' })).toBeVisible();
  });
});
