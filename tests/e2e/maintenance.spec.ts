// Maintenance mode (product rule 12, spec "Maintenance gate"), in Chromium against the real
// product: the admin sets a beta testers' access code and switches maintenance on from the
// dashboard → a visitor (another browser context) gets the gate, with the page answering 503 and
// the API too → an empty code asks for one, a wrong code is refused ('Access denied') → the right
// code lets them in ('Access granted', then the site) → another visitor still gets the gate, from
// which an administrator signs in and gets the site → the admin switches maintenance off → everyone
// gets the site. And an admin with two-step verification (product rule 35), whose session ended
// after switching maintenance on, signs in at the gate with the password and a code from the app,
// and switches it off from the dashboard.
// Tagged ALONE_TAG: while maintenance is on every other visitor would get the gate, so this runs
// with no other test running (fixtures.ts). Whatever happens, maintenance ends off.
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN_MESSAGES, MAINTENANCE_MESSAGES } from '../../core/admin';
import { awayFromStepEdge } from '../../api/src/testing/two-step';
import {
  ADMIN_EMAIL,
  ALONE_TAG,
  checkA11y,
  createAccount,
  declineCookies,
  ensureKnownPassword,
  expect,
  KNOWN_PASSWORD,
  SAME_ORIGIN,
  saveScreenshot,
  signInAs,
  submitSignInForm,
  test,
} from './fixtures';

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now (otpauth, as a phone's app). */
function appCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** A visitor's own browser context, like the project's (viewport, touch), with the cookie banner answered. */
async function newVisitor(browser: Browser, testInfo: TestInfo): Promise<{ context: BrowserContext; page: Page }> {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
  await declineCookies(context);
  return { context, page: await context.newPage() };
}

async function expectGate(page: Page, path = '/'): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `GET ${path} in maintenance`).toBe(503);
  await expect(page.getByRole('heading', { level: 1, name: MAINTENANCE_MESSAGES.gateTitle })).toBeVisible({ timeout: 20_000 });
}

async function switchMaintenance(admin: Page, on: boolean): Promise<void> {
  const toggle = admin.getByRole('switch', { name: 'Maintenance mode' });
  await expect(toggle).toHaveAttribute('aria-checked', String(!on));
  await toggle.click();
  const [title, description] = on
    ? [ADMIN_MESSAGES.maintenanceOnTitle, ADMIN_MESSAGES.maintenanceOn]
    : [ADMIN_MESSAGES.maintenanceOffTitle, ADMIN_MESSAGES.maintenanceOff];
  await expect(admin.getByRole('status').filter({ hasText: title })).toContainText(description);
  await expect(toggle).toHaveAttribute('aria-checked', String(on));
}

test('maintenance on → a visitor gets the gate → a wrong code is refused → the right code lets them in → maintenance off', { tag: ALONE_TAG }, async ({
  adminPage: admin,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const accessCode = `beta-${testInfo.project.name}-${Date.now()}`;
  const visitors: BrowserContext[] = [];
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible({ timeout: 20_000 });

  try {
    // The beta testers' code, set on the dashboard.
    const panel = admin.getByRole('region', { name: 'Maintenance mode' });
    await panel.getByRole('textbox', { name: 'New access code' }).fill(accessCode);
    await panel.getByRole('button', { name: 'Save access code' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Access code saved' })).toBeVisible();
    await expect(panel).toContainText('The access code in force is set on this dashboard.');

    await switchMaintenance(admin, true);
    await checkA11y(admin);
    await saveScreenshot(admin, 'maintenance-on-dashboard');
    // The admin still uses the site.
    expect((await admin.request.get('/api/professionals?limit=1')).status()).toBe(200);

    // A visitor: the gate, the page and the API both 503.
    const visitor = await newVisitor(browser, testInfo);
    visitors.push(visitor.context);
    const page = visitor.page;
    await expectGate(page, '/professionals');
    const api = await page.request.get('/api/professionals?limit=1');
    expect(api.status()).toBe(503);
    expect(((await api.json()) as { error: { message: string } }).error.message).toBe(MAINTENANCE_MESSAGES.unavailable);
    await expect(page.getByRole('link', { name: 'Browse Professionals' })).toHaveCount(0);
    await checkA11y(page);
    await saveScreenshot(page, 'gate');

    const code = page.getByLabel('Access code');
    await expect(code).toHaveAttribute('type', 'password');
    await expect(code).toHaveAttribute('required', '');
    // Empty: the field asks for the code.
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText(MAINTENANCE_MESSAGES.accessCodeRequired)).toBeVisible();
    // Wrong: refused.
    await code.fill('not-the-code');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MAINTENANCE_MESSAGES.accessDeniedTitle })).toContainText(MAINTENANCE_MESSAGES.accessDenied);
    await expect(page.getByRole('heading', { level: 1, name: MAINTENANCE_MESSAGES.gateTitle })).toBeVisible();
    await checkA11y(page);
    // Right: 'Access granted', then the page reloads into the site.
    await code.fill(accessCode);
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByRole('status').filter({ hasText: MAINTENANCE_MESSAGES.accessGrantedTitle })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Professionals' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('banner').getByRole('link', { name: 'ITConnect home' })).toBeVisible();
    expect((await page.request.get('/api/professionals?limit=1')).status()).toBe(200);
    await checkA11y(page);

    // Another visitor has no unlock cookie: still the gate, from which the sign-in form is reachable.
    const other = await newVisitor(browser, testInfo);
    visitors.push(other.context);
    await expectGate(other.page, '/about');
    await other.page.getByRole('link', { name: 'Sign in' }).click();
    await expect(other.page).toHaveURL(/\/login\?next=%2Fabout$/);
    await expect(other.page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await checkA11y(other.page);
    // An administrator signs in there and gets the site at the address they asked for.
    await ensureKnownPassword(ADMIN_EMAIL);
    await submitSignInForm(other.page, ADMIN_EMAIL, KNOWN_PASSWORD);
    await expect(other.page).toHaveURL(/\/about$/);
    await expect(other.page.getByRole('heading', { level: 1, name: 'About ITConnect' })).toBeVisible();
    await expect(other.page.getByRole('banner').getByRole('link', { name: 'ITConnect home' })).toBeVisible();

    // Off again: everyone gets the site.
    await switchMaintenance(admin, false);
    const after = await newVisitor(browser, testInfo);
    visitors.push(after.context);
    const response = await after.page.goto('/about');
    expect(response?.status()).toBe(200);
    await expect(after.page.getByRole('heading', { level: 1, name: 'About ITConnect' })).toBeVisible();
  } finally {
    // Never leave the site closed for the journeys that run after this one.
    await admin.request.post('/api/admin/maintenance/toggle', { data: { enabled: false }, headers: SAME_ORIGIN });
    await Promise.all(visitors.map((context) => context.close()));
  }
});

test('maintenance on → an admin with two-step verification signs in at the gate with password and code → switches it off', { tag: ALONE_TAG }, async ({
  adminPage: demoAdmin,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `e2e-gate-admin-${testInfo.project.name}-${Date.now()}@example.com`;
  await createAccount(email, 'Gate Admin', { role: 'admin' });
  const { context, page } = await newVisitor(browser, testInfo);
  try {
    // They turned two-step verification on (through the API, as Account settings does) and
    // maintenance on; then their session ended.
    await signInAs(page, email);
    const setup = (await (await context.request.post('/api/account/two-step/setup', { data: { currentPassword: KNOWN_PASSWORD }, headers: SAME_ORIGIN })).json()) as { secret: string };
    await awayFromStepEdge();
    // The previous step's code, so that the one typed at the gate below is a later one.
    await expect(await context.request.post('/api/account/two-step/enable', { data: { code: appCode(setup.secret, -1) }, headers: SAME_ORIGIN })).toBeOK();
    await expect(await context.request.post('/api/admin/maintenance/toggle', { data: { enabled: true }, headers: SAME_ORIGIN })).toBeOK();
    await expect(await context.request.post('/api/auth/logout', { headers: SAME_ORIGIN })).toBeOK();

    await expectGate(page, '/admin');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/);
    const main = page.getByRole('main');
    await submitSignInForm(page, email, KNOWN_PASSWORD);
    // The code's step, still at the gate.
    await expect(main.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
    await expect(main.getByLabel('Authentication code')).toBeFocused();
    await checkA11y(page);
    await awayFromStepEdge();
    await main.getByLabel('Authentication code').fill(appCode(setup.secret));
    await main.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible({ timeout: 20_000 });
    await switchMaintenance(page, false);
    // Everyone is back: an anonymous call passes.
    expect((await request.get('/api/professionals?limit=1')).status()).toBe(200);
  } finally {
    // Never leave the site closed for the journeys that run after this one.
    await demoAdmin.request.post('/api/admin/maintenance/toggle', { data: { enabled: false }, headers: SAME_ORIGIN });
    await context.close();
  }
});
