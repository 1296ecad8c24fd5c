// The admin dashboard (issue 11), in Chromium against the real product. axe on every page and every
// open dialog.
//   - /admin: anonymous → the sign-in page (returning to /admin); a customer → 'Access denied'.
//   - The dashboard: stat cards, the chart's table, the queue summary, and each list's dialog with
//     search, filters and paging ('Showing 1–20 of …'); Escape closes a dialog and focus returns.
//   - The journey (tagged ALONE_TAG: it adds a listing to the directory, which other journeys
//     count, so it runs with no other test running, see fixtures.ts), at 1366×900 (desktop) and
//     390×844 (mobile): Approve and Reject each open a confirmation dialog that names the company
//     and says what happens next for this application; Escape and Cancel close it undecided, with
//     focus back on the button; a failed call shows its message in the dialog; a double click on
//     the confirm button decides once ('Application Approved'); rejecting needs a reason
//     ('Application Rejected'), and the rejection e-mail, read at /admin/mail, holds it. Each
//     project decides its own applications: desktop the demo data's two paid ones, which must end
//     in the directory with a map pin; mobile two unpaid ones it makes itself (an approved unpaid
//     application goes live only once paid, so it has no directory step).
import type { Locator, Page } from '@playwright/test';
import { ADMIN_MESSAGES, DECISION_TEXTS } from '../../core/admin';
import { ALONE_TAG, checkA11y, createAccount, expect, openNewestMail, query, saveScreenshot, signInAs, test, uniqueEmail } from './fixtures';

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
  const email = uniqueEmail('applicant');
  const [row] = await query<WaitingApplication>(
    `INSERT INTO applications (company_name, contact_name, email, description, services, location, region, postcode, plan, status, updated_at)
     VALUES ($1, 'Morgan Applicant', $2, 'Network installs and support for small offices.', $3, 'Leeds and Bradford', 'Leeds', 'LS1 4AP', 'monthly', 'pending_payment', now())
     RETURNING id, company_name, email`,
    [companyName, email, ['Network Setup', 'Remote Support', 'Cloud Services', 'IT Consulting']],
  );
  return row!;
}

async function statusOf(applicationId: number): Promise<string | undefined> {
  return (await query<{ status: string }>('SELECT status FROM applications WHERE id = $1', [applicationId]))[0]?.status;
}

async function auditCount(applicationId: number, action: string): Promise<number> {
  const rows = await query<{ count: number }>("SELECT count(*)::int AS count FROM audit_logs WHERE target_type = 'application' AND target_id = $1 AND action = $2", [
    String(applicationId),
    action,
  ]);
  return rows[0]?.count ?? 0;
}

/** The approve and reject calls the page makes for one application from now on (their URLs, as sent). */
function decisionRequests(page: Page, applicationId: number): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/admin\/applications\/(\d+)\/(approve|reject)$/.exec(request.url())?.[1] === String(applicationId)) urls.push(request.url());
  });
  return urls;
}

/** What the API says while a dependency is down (the message of a 503), for a failure made up in the browser. */
const UNAVAILABLE = 'The service is temporarily unavailable. Please try again shortly.';

/** A dialog fits the screen: nothing sticks out sideways or scrolls sideways, its buttons included. */
async function expectOnScreen(page: Page, dialog: Locator): Promise<void> {
  const width = page.viewportSize()!.width;
  for (const element of [dialog, ...(await dialog.getByRole('button').all())]) {
    const box = await element.boundingBox();
    expect(box, 'on screen').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }
  expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
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

test.describe('/admin for admins only', () => {
  test('anonymous visitors are sent to sign in (and back to /admin); a customer is not allowed', async ({ consentedPage: page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    const email = uniqueEmail('customer');
    await createAccount(email, 'Casey Customer');
    await signInAs(page, email);
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
    await expect(dialog.getByRole('cell', { name: 'Service Provider', exact: true }).first()).toBeVisible();
    await expect(dialog.getByRole('cell', { name: 'customer', exact: true })).toHaveCount(0);
    // Other journeys add providers, newest first: the demo provider is found by searching.
    await dialog.getByLabel('Search by name or email').fill('provider@example.com');
    await expect(dialog.getByRole('row').filter({ hasText: 'provider@example.com' })).toBeVisible();
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
  test('approve and reject each ask first, in a dialog naming the company and saying what happens next; Cancel and Escape leave it undecided; confirming decides once', { tag: ALONE_TAG }, async ({ adminPage: page, isMobile }) => {
    test.setTimeout(240_000);
    // A laptop's 1366×900 on desktop; the phone's 390×844 on mobile (the project's viewport).
    if (!isMobile) await page.setViewportSize({ width: 1366, height: 900 });
    // Desktop decides the demo data's two paid applications; mobile makes two unpaid ones of its own.
    const [approve, reject] = isMobile
      ? [await createUnpaidApplication(`Mobile Approve ${unique('IT')}`), await createUnpaidApplication(`Mobile Reject ${unique('IT')}`)]
      : await query<WaitingApplication>(
          // The demo's were paid hours before the run started; applications other journeys pay for come later.
          `SELECT id, company_name, email FROM applications WHERE status = 'pending' AND paid_at IS NOT NULL ORDER BY created_at, id LIMIT 2`,
        );
    expect(approve && reject, 'two applications waiting for a decision').toBeTruthy();
    const waiting = isMobile ? 'pending_payment' : 'pending';
    const reason = `Your website address does not work (checked ${unique('on')}). Please apply again with a working one.`;

    await openDashboard(page);
    await page.getByRole('button', { name: 'Review applications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Applications' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Status')).toHaveValue('open');

    // Approve: the dialog names the company and says what happens next, for a paid application or an unpaid one.
    let card = await findApplication(dialog, approve!.company_name);
    await expect(card.getByText(isMobile ? 'Awaiting payment' : 'Pending review')).toBeVisible();
    if (isMobile) await expect(card.getByText('+2', { exact: false })).toBeVisible(); // 4 services: the first 2 and '+2'
    await checkA11y(page);
    await saveScreenshot(page, 'application-card', { fullPage: false });
    const approveButton = card.getByRole('button', { name: 'Approve', exact: true });
    await approveButton.click();
    const approval = page.getByRole('dialog', { name: DECISION_TEXTS.approveTitle(approve!.company_name) });
    await expect(approval).toBeVisible();
    const approvalEffects = isMobile
      ? [DECISION_TEXTS.approvedNotLive, DECISION_TEXTS.approvedPayLinkEmail(approve!.email), DECISION_TEXTS.unpaidCheckoutClosedOnApproval]
      : [DECISION_TEXTS.goesLiveNow, DECISION_TEXTS.approvedEmail(approve!.email)];
    await expect(approval.getByRole('listitem')).toHaveText(approvalEffects);
    await expect(approval.getByRole('button', { name: 'Cancel' })).toBeFocused(); // focus moved in, on the harmless choice
    await expectOnScreen(page, approval);
    await checkA11y(page);
    await saveScreenshot(page, 'approve-dialog', { fullPage: false });

    // Escape closes only the confirmation, decides nothing, and gives focus back to Approve.
    await page.keyboard.press('Escape');
    await expect(approval).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(approveButton).toBeFocused();
    // Cancel likewise, by keyboard: Enter opens it again, Tab stays inside it, Enter on Cancel.
    await page.keyboard.press('Enter');
    await expect(approval).toBeVisible();
    await expect(approval.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(approval.getByRole('button', { name: DECISION_TEXTS.approveButton })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(approval).toBeHidden();
    await expect(approveButton).toBeFocused();
    expect(await statusOf(approve!.id), 'still undecided after Escape and Cancel').toBe(waiting);

    // A failure shows its message in the dialog, which stays open and usable.
    await page.route(`**/api/admin/applications/${approve!.id}/approve`, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: UNAVAILABLE } }) }), { times: 1 });
    await approveButton.click();
    const confirmApproval = approval.getByRole('button', { name: DECISION_TEXTS.approveButton });
    await confirmApproval.click();
    await expect(approval.getByRole('alert')).toHaveText(`${ADMIN_MESSAGES.approveFailedTitle}: ${ADMIN_MESSAGES.approveFailed} ${UNAVAILABLE}`);
    await expect(approval).toBeVisible();
    await expect(confirmApproval).toBeEnabled();
    await expect(confirmApproval).toBeFocused(); // back on the button, next to the message, to try again
    await checkA11y(page);
    expect(await statusOf(approve!.id)).toBe(waiting);

    // Confirming with a double click decides once: the button is disabled while the call runs.
    const decisions = decisionRequests(page, approve!.id);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/admin/applications/${approve!.id}/approve`, async (route) => {
      await held;
      await route.continue();
    }, { times: 1 });
    await confirmApproval.dblclick();
    await expect(approval.getByRole('button', { name: DECISION_TEXTS.approvingButton })).toBeDisabled();
    await expect(approval.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();
    await expect(toast(page, ADMIN_MESSAGES.approvedTitle)).toContainText(ADMIN_MESSAGES.approved);
    await expect(approval).toBeHidden();
    await expect(card).toBeHidden(); // no longer waiting
    expect(decisions, 'one approve request').toHaveLength(1);
    expect(await statusOf(approve!.id)).toBe('approved');
    expect(await auditCount(approve!.id, 'application.approve'), 'one decision in the audit log').toBe(1);

    // Reject: the same, with the reason the applicant is e-mailed (required).
    card = await findApplication(dialog, reject!.company_name);
    const rejectButton = card.getByRole('button', { name: 'Reject', exact: true });
    await rejectButton.click();
    const rejection = page.getByRole('dialog', { name: DECISION_TEXTS.rejectTitle(reject!.company_name) });
    await expect(rejection).toBeVisible();
    const rejectionEffects = isMobile
      ? [DECISION_TEXTS.reasonEmail(reject!.email), DECISION_TEXTS.unpaidCheckoutClosedOnRejection]
      : [DECISION_TEXTS.reasonEmail(reject!.email), DECISION_TEXTS.refundedInFull, DECISION_TEXTS.mayApplyAgain];
    await expect(rejection.getByRole('listitem')).toHaveText(rejectionEffects);
    const reasonField = rejection.getByLabel(DECISION_TEXTS.reasonLabel);
    await expect(reasonField).toBeFocused();
    const confirmRejection = rejection.getByRole('button', { name: DECISION_TEXTS.rejectButton });
    await confirmRejection.click();
    await expect(rejection.getByText('Please give a reason')).toBeVisible();
    await expect(reasonField).toBeFocused();
    await expectOnScreen(page, rejection);
    await checkA11y(page);
    await saveScreenshot(page, 'reject-dialog', { fullPage: false });

    await reasonField.fill('Not sure yet');
    await page.keyboard.press('Escape');
    await expect(rejection).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(rejectButton).toBeFocused();
    await rejectButton.click();
    await expect(reasonField).toHaveValue(''); // a cancelled reason is not kept
    await rejection.getByRole('button', { name: 'Cancel' }).click();
    await expect(rejection).toBeHidden();
    await expect(rejectButton).toBeFocused();
    expect(await statusOf(reject!.id), 'still undecided after Escape and Cancel').toBe(waiting);

    await rejectButton.click();
    await reasonField.fill(reason);
    await confirmRejection.click();
    await expect(toast(page, ADMIN_MESSAGES.rejectedTitle)).toContainText(DECISION_TEXTS.rejectedToast(reject!.company_name));
    await expect(rejection).toBeHidden();
    await expect(card).toBeHidden();
    expect(await statusOf(reject!.id)).toBe('rejected');

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
    const mail = await openNewestMail(page, reject!.email);
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
