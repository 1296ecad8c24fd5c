// The admin dashboard (issue 11), in Chromium against the real product. axe on every page and every
// open dialog.
//   - /admin: anonymous → the sign-in page (returning to /admin); a customer → 'Access denied'.
//   - The dashboard: stat cards, the chart's table, the queue summary, and each list's dialog with
//     search, filters and paging ('Showing 1–20 of …'); Escape closes a dialog and focus returns.
//   - The journey (tagged ALONE_TAG: it adds a listing to the directory, which other journeys
//     count, so it runs with no other test running, see fixtures.ts): the admin approves a waiting
//     application → 'Application Approved'; rejects another with a reason → 'Application Rejected'
//     and the rejection e-mail, read at /admin/mail, holds the reason. Each project decides its own
//     applications: desktop the demo data's two paid ones, which must end in the directory with a
//     map pin; mobile two unpaid ones it makes itself (an approved unpaid application goes live
//     only once paid, so it has no directory step).
import type { Locator, Page } from '@playwright/test';
import pg from 'pg';
import { ADMIN_MESSAGES } from '../../core/admin';
import { ALONE_TAG, checkA11y, createAccount, expect, saveScreenshot, signInAs, test } from './fixtures';

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

function unique(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

interface WaitingApplication {
  id: number;
  company_name: string;
  email: string;
}

/** An application that has not been paid yet (status pending_payment), as /apply leaves one before its checkout. */
async function createUnpaidApplication(companyName: string): Promise<WaitingApplication> {
  const email = `${unique('e2e-applicant')}@example.com`;
  const [row] = await query<WaitingApplication>(
    `INSERT INTO applications (company_name, contact_name, email, description, services, location, region, postcode, plan, status, updated_at)
     VALUES ($1, 'Morgan Applicant', $2, 'Network installs and support for small offices.', $3, 'Leeds and Bradford', 'Leeds', 'LS1 4AP', 'monthly', 'pending_payment', now())
     RETURNING id, company_name, email`,
    [companyName, email, ['Network Setup', 'Remote Support', 'Cloud Services', 'IT Consulting']],
  );
  return row!;
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Total professionals')).toBeVisible({ timeout: 20_000 });
}

/** Opens a dialog from the Manage panel and waits for its list (or its empty or error state). */
async function openDialog(page: Page, name: string): Promise<Locator> {
  await page.getByRole('region', { name: 'Manage' }).getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Loading…')).toHaveCount(0, { timeout: 20_000 });
  return dialog;
}

/**
 * Closes a dialog with Escape; focus goes back to the button that opened it. In a search box that
 * has text, the browser's first Escape clears the text: a second one closes the dialog.
 */
async function closeWithEscape(page: Page, dialog: Locator, opener: string): Promise<void> {
  await page.keyboard.press('Escape');
  if (await dialog.isVisible()) await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Manage' }).getByRole('button', { name: opener, exact: true })).toBeFocused();
}

function toast(page: Page, title: string): Locator {
  return page.getByRole(title.endsWith('Failed') ? 'alert' : 'status').filter({ hasText: title });
}

/** The card of one application in the Applications dialog, found with the dialog's search. */
async function findApplication(dialog: Locator, companyName: string): Promise<Locator> {
  await dialog.getByLabel('Search by company, contact or email').fill(companyName);
  const card = dialog.getByRole('article', { name: companyName });
  await expect(card).toBeVisible({ timeout: 10_000 });
  return card;
}

/** The rejection e-mail to `email`, opened at /admin/mail (the worker writes it in the background). */
async function openRejectionMail(page: Page, email: string): Promise<string> {
  await page.goto('/admin/mail');
  await expect(page.getByRole('heading', { level: 1, name: 'Development e-mails' })).toBeVisible();
  const message = page.getByRole('button').filter({ hasText: `To: ${email}` }).first();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click({ timeout: 2_000 });
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await checkA11y(page);
  await message.click();
  return (await page.getByTestId('mail-text').textContent()) ?? '';
}

test.describe('/admin for admins only', () => {
  test('anonymous visitors are sent to sign in (and back to /admin); a customer is not allowed', async ({ consentedPage: page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    const email = `${unique('e2e-customer')}@example.com`;
    await createAccount(email, 'Casey Customer', 'customer-password-1');
    await signInAs(page, email, 'customer-password-1');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('only available to administrators');
    await checkA11y(page);
    const stats = await page.request.get('/api/admin/stats');
    expect(stats.status()).toBe(403);
  });
});

test.describe('the admin dashboard', () => {
  test('stat cards, the chart with its table, queues, and every list in a dialog with search, filters and paging', async ({ adminPage: page, isMobile }) => {
    test.slow(); // many axe scans on a two-core machine
    // A common laptop width on desktop; the phone's 390 px on mobile.
    if (!isMobile) await page.setViewportSize({ width: 1366, height: 768 });
    await openDashboard(page);
    const stats = (await (await page.request.get('/api/admin/stats')).json()) as { totalProfessionals: number; totalRevenue: number };
    const cards = page.getByRole('region', { name: 'Statistics' });
    for (const label of ['Total professionals', 'Active professionals', 'Total customers', 'Pending applications', 'Archived users', 'Total revenue', 'Monthly plan revenue', 'Yearly plan revenue']) {
      await expect(cards.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(cards.getByText(new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(stats.totalRevenue), { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Subscription breakdown' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Top Rated' })).toBeVisible();

    // The chart (recharts, loaded with the dashboard) and, for everyone on request, its table.
    const revenue = page.getByRole('region', { name: 'Revenue and subscriptions' });
    await expect(revenue.locator('.recharts-surface').first()).toBeVisible({ timeout: 20_000 });
    await revenue.getByRole('button', { name: 'Show as table' }).click();
    await expect(revenue.getByRole('button', { name: 'Show as table' })).toHaveAttribute('aria-pressed', 'true');
    await expect(revenue.getByRole('table').getByRole('row')).toHaveCount(13);
    await revenue.getByRole('button', { name: 'Show as table' }).click();

    // The queues, with the way to Bull Board.
    const queues = page.getByRole('region', { name: 'Background jobs' });
    await expect(queues.getByRole('rowheader', { name: 'email' })).toBeVisible();
    await expect(queues.getByRole('link', { name: 'Open Bull Board' })).toHaveAttribute('href', '/admin/queues');
    await checkA11y(page);
    // Nothing wider than the screen: the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'dashboard');

    // Users: the filter All / Customer / Provider, the search, and paging.
    let dialog = await openDialog(page, 'Users');
    await expect(dialog.getByLabel('Account type').locator('option')).toHaveText(['All', 'Customer', 'Provider']);
    const range = dialog.getByText(/^Showing \d+–\d+ of \d+$/);
    await expect(range).toHaveText(/^Showing 1–\d+ of \d+$/);
    await checkA11y(page);
    await saveScreenshot(page, 'users-dialog', { fullPage: false });
    const users = (await query<{ count: number }>('SELECT count(*)::int AS count FROM users WHERE NOT is_archived'))[0]?.count ?? 0;
    if (users > 20) {
      await dialog.getByRole('button', { name: 'Next' }).click();
      // Other journeys may add accounts meanwhile: the total is not pinned.
      await expect(range).toHaveText(/^Showing 21–\d+ of \d+$/);
      await dialog.getByRole('button', { name: 'Previous' }).click();
      await expect(range).toHaveText(/^Showing 1–20 of \d+$/);
    }
    await dialog.getByLabel('Account type').selectOption('provider');
    await expect(dialog.getByRole('row').filter({ hasText: 'provider@example.com' })).toBeVisible();
    await expect(dialog.getByRole('cell', { name: 'customer', exact: true })).toHaveCount(0);
    await dialog.getByLabel('Search by name or email').fill('no-such-person-anywhere');
    await expect(dialog.getByText('No users found. Try another search or filter.')).toBeVisible();
    await closeWithEscape(page, dialog, 'Users');

    // Professionals: paging through every listing.
    dialog = await openDialog(page, 'Professionals');
    expect(stats.totalProfessionals).toBeGreaterThan(20);
    await expect(dialog.getByText(/^Showing 1–20 of \d+$/)).toBeVisible();
    await dialog.getByLabel('Status').selectOption('live');
    await expect(dialog.getByRole('cell', { name: 'Live', exact: true }).first()).toBeVisible();
    await expect(dialog.getByRole('cell', { name: 'Awaiting approval', exact: true })).toHaveCount(0);
    await checkA11y(page);
    await saveScreenshot(page, 'professionals-dialog', { fullPage: false });
    await closeWithEscape(page, dialog, 'Professionals');

    // The other lists open, each with its content or its empty or error state, and pass axe.
    for (const name of ['Applications', 'Archived users', 'Contact messages', 'Reported reviews', 'Audit log']) {
      dialog = await openDialog(page, name);
      await expect(dialog.getByText(/^Showing \d/).or(dialog.getByRole('alert'))).toBeVisible();
      await checkA11y(page);
      await saveScreenshot(page, `${name.toLowerCase().replace(/ /g, '-')}-dialog`, { fullPage: false });
      await closeWithEscape(page, dialog, name);
    }
  });
});

test.describe('deciding applications', () => {
  test('approve → Application Approved (desktop: live in the directory with a map pin); reject with a reason → Application Rejected and the e-mail holds the reason', { tag: ALONE_TAG }, async ({ adminPage: page, isMobile }) => {
    test.setTimeout(180_000);
    // Desktop decides the demo data's two paid applications; mobile makes two unpaid ones of its own.
    const [approve, reject] = isMobile
      ? [await createUnpaidApplication(`Mobile Approve ${unique('IT')}`), await createUnpaidApplication(`Mobile Reject ${unique('IT')}`)]
      : await query<WaitingApplication>(
          // The demo's were paid hours before the run started; applications other journeys pay for come later.
          `SELECT id, company_name, email FROM applications WHERE status = 'pending' AND paid_at IS NOT NULL ORDER BY created_at, id LIMIT 2`,
        );
    expect(approve && reject, 'two applications waiting for a decision').toBeTruthy();
    const reason = `Your website address does not work (checked ${unique('on')}). Please apply again with a working one.`;

    await openDashboard(page);
    await page.getByRole('button', { name: 'Review applications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Applications' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Status')).toHaveValue('open');

    // Approve.
    let card = await findApplication(dialog, approve!.company_name);
    await expect(card.getByText(isMobile ? 'Awaiting payment' : 'Pending review')).toBeVisible();
    if (isMobile) await expect(card.getByText('+2', { exact: false })).toBeVisible(); // 4 services: the first 2 and '+2'
    await checkA11y(page);
    await saveScreenshot(page, 'application-card', { fullPage: false });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(page, ADMIN_MESSAGES.approvedTitle)).toContainText(ADMIN_MESSAGES.approved);
    await expect(card).toBeHidden(); // no longer waiting
    expect((await query<{ status: string }>('SELECT status FROM applications WHERE id = $1', [approve!.id]))[0]?.status).toBe('approved');

    // Reject, with a reason (required).
    card = await findApplication(dialog, reject!.company_name);
    await card.getByRole('button', { name: 'Reject' }).click();
    const form = card.getByRole('form', { name: `Reject ${reject!.company_name}` });
    await expect(form.getByLabel('Reason for rejecting')).toBeFocused();
    await form.getByRole('button', { name: 'Reject application' }).click();
    await expect(form.getByText('Please give a reason')).toBeVisible();
    await checkA11y(page);
    await saveScreenshot(page, 'reject-form', { fullPage: false });
    await form.getByLabel('Reason for rejecting').fill(reason);
    await form.getByRole('button', { name: 'Reject application' }).click();
    await expect(toast(page, ADMIN_MESSAGES.rejectedTitle)).toBeVisible();
    await expect(card).toBeHidden();

    // The decided ones under their filters, with who decided and the reason.
    await dialog.getByLabel('Status').selectOption('rejected');
    await expect(dialog.getByRole('article', { name: reject!.company_name })).toContainText(reason);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The audit log on the dashboard names both decisions.
    const audit = page.getByRole('region', { name: 'Audit log' });
    await expect(audit).toContainText(approve!.company_name);
    await expect(audit).toContainText(reject!.company_name);

    // The rejection e-mail, as the applicant gets it, holds the reason.
    const mail = await openRejectionMail(page, reject!.email);
    expect(mail).toContain(reject!.company_name);
    expect(mail.replace(/\s+/g, ' ')).toContain(reason);

    if (isMobile) return;
    // The approved listing is live within seconds: in the directory, and on its map once geocoded.
    const search = encodeURIComponent(approve!.company_name);
    await expect
      .poll(async () => ((await (await page.request.get(`/api/professionals/map?search=${search}`)).json()) as { points: unknown[] }).points.length, {
        timeout: 30_000,
      })
      .toBe(1);
    await page.goto(`/professionals?search=${search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Professionals' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('status', { name: 'Loading professionals' })).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: approve!.company_name })).toBeVisible();
    await expect(page.getByText('1 on the map')).toBeVisible();
    const map = page.getByRole('region', { name: 'Map of results' });
    await expect(map.locator('img.leaflet-marker-icon')).toHaveCount(1, { timeout: 20_000 });
    await checkA11y(page);
  });
});
