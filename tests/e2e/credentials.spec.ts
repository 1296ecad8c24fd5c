// 'Verified' means checked (issue 34, product rule 45), at both viewports with axe on every page:
// a provider asks for an insurance check on /profile with its certificate, an admin approves it
// from the evidence queue, the badge shows on the profile with the day it was checked (and
// /what-we-check says what it means), and a buyer who ticks 'Insured' in the directory finds that
// listing and not an uninsured one beside it. Each project uses listings of its own in Leeds.
import { ADMIN_EMAIL, checkA11y, createListing, expect, openDirectory, query, saveScreenshot, signInAs, signInAsAdmin, test } from './fixtures';

/** A small real PDF: what an insurer's certificate is sent as. */
const CERTIFICATE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A UK date `days` from today, as the date input takes it (YYYY-MM-DD). */
function isoDateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test('a provider sends insurance, an admin approves it, the badge shows and a buyer filters for insured', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000); // three people, seven axe scans, on a shared two-core machine
  const tag = `${testInfo.project.name}-${Math.random().toString(36).slice(2, 7)}`;
  const insured = await createListing({ companyName: `Harrow Insured ${tag} IT`, contactName: 'Hana Harrow' });
  const uninsured = await createListing({ companyName: `Harrow Plain ${tag} IT`, contactName: 'Hugo Harrow' });

  // The provider asks for a check on /profile, with the certificate.
  const provider = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const providerPage = await provider.newPage();
  await signInAs(providerPage, insured.providerEmail);
  await providerPage.goto('/profile');
  const section = providerPage.getByRole('region', { name: 'Checks and credentials' });
  await expect(section).toBeVisible();
  await expect(section.getByText(/no checks yet|not asked for any/i)).toBeVisible();
  const form = section.getByRole('form', { name: 'Ask for a check' });
  await form.getByLabel('What to have checked').selectOption({ label: 'Professional indemnity insurance' });
  await form.getByLabel('Insurer').fill('Hiscox');
  await form.getByLabel('Amount of cover (£)').fill('1000000');
  await form.getByLabel('Date it expires').fill(isoDateIn(200));
  // Sent without its certificate: refused beside the control, nothing stored.
  await form.getByRole('button', { name: 'Send for review' }).click();
  await expect(form.getByText('Attach the certificate or other evidence')).toBeVisible();
  await form.getByLabel('Choose files').setInputFiles({ name: 'pi-certificate.pdf', mimeType: 'application/pdf', buffer: CERTIFICATE_PDF });
  await expect(form.getByText('Uploaded')).toBeVisible();
  await form.getByRole('button', { name: 'Send for review' }).click();
  await expect(section.getByRole('list', { name: 'Your checks' }).getByText('Waiting for review')).toBeVisible();
  await expect(section.getByRole('link', { name: /pi-certificate\.pdf/ })).toBeVisible();
  await checkA11y(providerPage);
  await provider.close();

  // Not on the profile while it waits.
  await page.goto(`/professionals/${insured.slug}`);
  await expect(page.getByRole('heading', { name: insured.companyName, level: 1 })).toBeVisible();
  await expect(page.getByTestId('profile-checks')).toHaveCount(0);

  // The admin approves it from the evidence queue.
  const admin = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage);
  await adminPage.goto('/admin');
  await adminPage.getByRole('button', { name: 'Evidence to check' }).first().click();
  const dialog = adminPage.getByRole('dialog', { name: 'Evidence to check' });
  const entry = dialog.getByRole('article', { name: `Professional indemnity insurance: ${insured.companyName}` });
  await expect(entry).toBeVisible();
  await expect(entry.getByRole('link', { name: /pi-certificate\.pdf/ })).toBeVisible();
  await checkA11y(adminPage);
  await saveScreenshot(adminPage, `credentials-admin-queue-${testInfo.project.name}`);
  await entry.getByRole('button', { name: 'Approve' }).click();
  const confirm = adminPage.getByRole('dialog', { name: /^Approve the/ });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(confirm).toBeHidden();
  const [decision] = await query<{ status: string; reviewed_by: string }>(
    `SELECT c.status, u.email AS reviewed_by FROM credentials c JOIN users u ON u.id = c.reviewed_by_id WHERE c.professional_id = $1`,
    [insured.id],
  );
  expect(decision).toEqual({ status: 'approved', reviewed_by: ADMIN_EMAIL });
  const [audited] = await query<{ count: number }>("SELECT count(*)::int AS count FROM audit_logs WHERE target_type = 'credential' AND details::text LIKE $1", [`%${insured.id}%`]);
  expect(audited!.count).toBeGreaterThan(0);
  await admin.close();

  // The badge on the profile, with the day it was checked, one click from what it means.
  await page.goto(`/professionals/${insured.slug}`);
  const checks = page.getByTestId('profile-checks');
  await expect(checks.getByText('Professional indemnity insured')).toBeVisible();
  await expect(checks.getByText('Hiscox, £1,000,000 cover')).toBeVisible();
  await expect(checks.getByText(/^Checked \d{1,2} \w+ \d{4}/)).toBeVisible();
  await checkA11y(page);
  await saveScreenshot(page, `credentials-profile-${testInfo.project.name}`);
  await checks.getByRole('link', { name: /What this badge means/ }).click();
  await expect(page).toHaveURL(/\/what-we-check#professional_indemnity$/);
  await expect(page.getByRole('heading', { name: 'Professional indemnity insured' })).toBeVisible();
  await checkA11y(page);

  // A buyer ticks 'Insured' in the directory: the insured listing, not the other.
  await openDirectory(page, `/professionals?search=${encodeURIComponent(`Harrow ${tag}`)}`);
  await expect(page.getByRole('heading', { name: uninsured.companyName })).toBeVisible();
  // On a phone the filters sit behind 'Filters (n)'.
  const toggle = page.getByRole('button', { name: /^Filters \(\d+\)$/ });
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  const filters = page.getByRole('search', { name: 'Filter professionals' });
  await filters.getByRole('checkbox', { name: 'Insured' }).check();
  await filters.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]insured=true/);
  await expect(page.getByRole('button', { name: 'Remove filter: Insured' })).toBeVisible();
  await expect(page.getByRole('heading', { name: insured.companyName })).toBeVisible();
  await expect(page.getByRole('heading', { name: uninsured.companyName })).toHaveCount(0);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: insured.companyName }) }).first();
  await expect(card.getByText('Professional indemnity insured')).toBeVisible();
  await expect(page).toHaveTitle(/insurance/i);
  await checkA11y(page);
});
