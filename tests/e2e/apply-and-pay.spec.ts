// Applying and paying with the Stripe stand-in (issues 10 and 29), in Chromium against the real
// product: /apply (both steps) → 'Check your e-mail' → the e-mailed link with the password chosen
// (product rule 24) → the stand-in's "Test mode" checkout → /application-success → the
// application waits for review; a declined card and the failure screen; the new professional's
// billing page with a failed renewal; cancelling with the 30-day refund; /subscribe paying a listing
// that has no subscription and landing on /subscription-success. axe on every page.
import type { Page } from '@playwright/test';
import { checkA11y, createListing, expect, mailedLink, query, signInAs, solveCaptcha, test, uniqueEmail } from './fixtures';

const APPLICATION_LINK = /https?:\/\/[^\s"'<>]+\/confirm-email\?token=[\w.~%-]+(?:&amp;|&)for=application/;

/** Fills /apply's step 2 for a visitor without an account (password fields included). */
async function fillApplication(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Your business details' });
  await form.getByLabel('Company name').fill('Pixel Harbour IT');
  await form.getByLabel('Contact name').fill('Pia Harbour');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByLabel('Phone (optional)').fill('0117 496 0000');
  await form.getByLabel('Description').fill('Friendly IT support and networks for small offices in Bristol.');
  await form.getByRole('checkbox', { name: 'Remote Support' }).check();
  await form.getByRole('checkbox', { name: 'Network Setup' }).check();
  await form.getByLabel('Service area').fill('Bristol and Bath');
  await form.getByLabel('Region').selectOption('Bristol');
  await form.getByLabel('Postcode').fill('BS1 4DJ');
  await form.getByLabel('Rate in £ (optional)').fill('4a5');
  await expect(form.getByLabel('Rate in £ (optional)')).toHaveValue('45');
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password', { exact: true }).fill(password);
}

/**
 * A visitor (no account) applies for `plan` with /apply's form, sends it, and waits for the
 * e-mailed link: opened, a wrong password is refused and the one chosen in the form goes on to the
 * stand-in's checkout page, where this ends (its price not yet paid). axe on every page.
 */
async function applyUntilCheckout(page: Page, { plan, email, password }: { plan: 'monthly' | 'yearly'; email: string; password: string }): Promise<void> {
  await page.goto(`/apply?plan=${plan}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Plan' })).toBeVisible();
  await fillApplication(page, email, password);
  await solveCaptcha(page.getByRole('main'));
  await checkA11y(page);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeFocused();
  await expect(page.getByRole('main')).toContainText(email);
  await checkA11y(page);
  const link = new URL(await mailedLink(email, APPLICATION_LINK));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeVisible();
  await checkA11y(page);
  const main = page.getByRole('main');
  await main.getByLabel('Password', { exact: true }).fill('not the one I chose');
  await main.getByRole('button', { name: 'Confirm and continue to payment' }).click();
  await expect(main.getByText('That is not the password chosen when this sign-up was made. Please try again.')).toBeVisible();
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Confirm and continue to payment' }).click();
  await expect(page).toHaveURL(/\/demo-pay\/checkout\/cs_/);
}

async function applyAndPay(page: Page, email: string, password: string): Promise<number> {
  await applyUntilCheckout(page, { plan: 'monthly', email, password });
  // The provider's own checkout page, marked as test mode.
  await expect(page.getByText(/TEST MODE/).first()).toBeVisible();
  await expect(page.getByText('£3.00', { exact: false }).first()).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Pay £3.00', exact: true }).click();

  await expect(page).toHaveURL(/\/application-success\?session_id=cs_[^&]+&application_id=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted Successfully!' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('main')).toContainText('48 hours');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/profile');
  await checkA11y(page);
  return Number(new URL(page.url()).searchParams.get('application_id'));
}

/** Pays /subscribe's monthly plan with the test card; the listing's subscription then runs. */
async function subscribe(page: Page, professionalId: number): Promise<void> {
  await page.goto(`/subscribe?professionalId=${professionalId}&type=monthly`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Subscribe £3/month' }).click();
  await expect(page).toHaveURL(/\/subscription-success$/);
  await expect
    .poll(async () => (await query<{ subscription_status: string }>('SELECT subscription_status FROM professionals WHERE id = $1', [professionalId]))[0]?.subscription_status, { timeout: 20_000 })
    .toBe('active');
}

test.describe('apply and pay (test mode)', () => {
  test('apply → pay → the application waits for review; billing shows a failed renewal; cancel refunds the first payment', async ({ consentedPage: page }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('apply');
    const password = 'apply-and-pay-1';
    const applicationId = await applyAndPay(page, email, password);

    await expect.poll(async () => (await query<{ status: string }>('SELECT status FROM applications WHERE id = $1', [applicationId]))[0]?.status, { timeout: 20_000 }).toBe('pending');
    const [listing] = await query<{ is_approved: boolean; subscription_status: string }>('SELECT is_approved, subscription_status FROM professionals WHERE email = $1', [email]);
    expect(listing).toEqual({ is_approved: false, subscription_status: 'active' });

    // The new professional, signed in since the link, finds the listing on My Profile.
    await page.goto('/profile');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(main).toContainText('Service Provider');
    await checkA11y(page);

    // Manage billing: the provider's billing page; a renewal that fails.
    await main.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page).toHaveURL(/\/demo-pay\/billing\//);
    await checkA11y(page);
    await page.getByRole('button', { name: /Fail the next renewal/ }).click();
    await page.getByRole('button', { name: /Renew now/ }).click();
    await expect.poll(async () => (await query<{ subscription_status: string }>('SELECT subscription_status FROM professionals WHERE email = $1', [email]))[0]?.subscription_status, { timeout: 20_000 }).toBe('past_due');
    await page.getByRole('button', { name: /Update card/ }).click();
    await expect.poll(async () => (await query<{ subscription_status: string }>('SELECT subscription_status FROM professionals WHERE email = $1', [email]))[0]?.subscription_status, { timeout: 20_000 }).toBe('active');
    await page.getByRole('link', { name: 'Return to ITConnect' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    // Cancel: the dialog says what happens and that the first payment is refunded.
    await main.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('refunded in full');
    await expect(dialog).toContainText('signed out');
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').filter({ hasText: 'Subscription cancelled' })).toBeVisible();
    await expect.poll(async () => (await query<{ refunded_pence: number }>('SELECT refunded_pence FROM payments p JOIN professionals pr ON pr.id = p.professional_id WHERE pr.email = $1 ORDER BY p.paid_at LIMIT 1', [email]))[0]?.refunded_pence, { timeout: 20_000 }).toBe(300);
    const [closed] = await query<{ subscription_status: string; is_archived: boolean }>(
      'SELECT pr.subscription_status, u.is_archived FROM professionals pr JOIN users u ON u.professional_id = pr.id WHERE pr.email = $1',
      [email],
    );
    expect(closed).toEqual({ subscription_status: 'cancelled', is_archived: true });
  });

  test("'Continue to Payment' without a plan says 'Please select a plan' and goes back to step 1", async ({ consentedPage: page }) => {
    await page.goto('/apply');
    const form = page.getByRole('form', { name: 'Your business details' });
    await expect(form.getByLabel('Company name')).toBeDisabled();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    // The spec's message as a toast, and beside the button; focus goes to step 1.
    await expect(form.getByRole('alert')).toHaveText('Please select a plan: You must choose either monthly or yearly subscription to continue.');
    await expect(page.getByRole('alert').filter({ hasText: 'Please select a plan' })).toHaveCount(2);
    await expect(page.getByRole('heading', { level: 2, name: 'Step 1: Choose your plan' })).toBeFocused();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Choose Pay Monthly' }).click();
    await expect(form.getByLabel('Company name')).toBeEnabled();
    await expect(form.getByRole('alert')).toHaveCount(0);
  });

  test('a declined card keeps the checkout open; the success page then says the payment failed', async ({ consentedPage: page }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('declined');
    await applyUntilCheckout(page, { plan: 'yearly', email, password: 'declined-card-1' });
    await expect(page.getByText('£28.00', { exact: false }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Decline (test)' }).click();
    await expect(page.getByRole('alert')).toContainText('Your card was declined.');
    const sessionId = /\/demo-pay\/checkout\/(cs_[^/?]+)/.exec(page.url())![1]!;
    const [application] = await query<{ id: number; status: string }>('SELECT id, status FROM applications WHERE checkout_session_id = $1', [sessionId]);
    expect(application!.status).toBe('pending_payment');

    await page.goto(`/application-success?session_id=${sessionId}&application_id=${application!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('main')).toContainText('There was an issue processing your payment. Please try again or contact support.');
    await checkA11y(page);
    await page.getByRole('link', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(/\/apply/);

    // The applicant (signed in since the link) pays the same application again in one step.
    const waiting = page.getByRole('region', { name: 'Your application is waiting for payment' });
    await expect(waiting).toContainText('Pixel Harbour IT');
    await checkA11y(page);
    await waiting.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/demo-pay\/checkout\/cs_/);
    expect(page.url()).not.toContain(sessionId);
    await page.getByRole('button', { name: 'Pay £28.00', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted Successfully!' })).toBeVisible({ timeout: 20_000 });
    await expect.poll(async () => (await query<{ count: number }>('SELECT count(*)::int AS count FROM payments p JOIN professionals pr ON pr.id = p.professional_id WHERE pr.email = $1', [email]))[0]?.count, { timeout: 20_000 }).toBe(1);
  });

  test("the demo provider's 'Manage billing' opens the test-mode billing page with its subscription and its invoices", async ({ providerPage: page }) => {
    await page.goto('/profile');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page).toHaveURL(/\/demo-pay\/billing\/bps_/);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    const [payments] = await query<{ count: number }>(
      "SELECT count(*)::int AS count FROM payments p JOIN users u ON u.professional_id = p.professional_id WHERE u.email = 'provider@example.com'",
    );
    // A header row and one row per seeded payment.
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(payments!.count + 1);
    await expect(page.getByRole('table')).toContainText('First payment');
    await checkA11y(page);
    await page.getByRole('link', { name: 'Return to ITConnect' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('/subscribe pays for a listing without a subscription and lands on /subscription-success', async ({ consentedPage: page }) => {
    test.setTimeout(90_000);
    const listing = await createListing({ companyName: 'Subscriber IT', contactName: 'Sam Subscriber', live: false });
    await signInAs(page, listing.providerEmail);
    await page.goto(`/subscribe?professionalId=${listing.id}&type=monthly`);
    await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Subscription' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('main')).toContainText('£3 per month - Pay as you go');
    await checkA11y(page);
    const pay = page.getByRole('button', { name: 'Subscribe £3/month' });
    await expect(pay).toBeVisible();

    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await pay.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Payment Failed' })).toContainText('Your card was declined.');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.click();
    await expect(page).toHaveURL(/\/subscription-success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription Activated!' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Payment Successful' })).toContainText('Your subscription is now active!');
    await checkA11y(page);
    await expect
      .poll(async () => (await query<{ subscription_status: string }>('SELECT subscription_status FROM professionals WHERE id = $1', [listing.id]))[0]?.subscription_status, { timeout: 20_000 })
      .toBe('active');
    const payments = await query<{ amount_pence: number }>('SELECT amount_pence FROM payments WHERE professional_id = $1', [listing.id]);
    expect(payments).toEqual([{ amount_pence: 300 }]);
  });

  test("a Direct Debit at Checkout: 'Payment Processing' (never 'Payment Failed') until the bank pays, then the application waits for review", async ({ consentedPage: page }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('bacs');
    await applyUntilCheckout(page, { plan: 'monthly', email, password: 'direct-debit-1' });
    const checkoutPage = page.url();
    await page.getByRole('button', { name: 'Pay £3.00 by Direct Debit' }).click();

    await expect(page).toHaveURL(/\/application-success\?session_id=cs_[^&]+&application_id=\d+/);
    const successPage = page.url();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Processing' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('main')).toContainText('your bank is processing the payment');
    await expect(page.getByText('Payment Failed')).toHaveCount(0);
    await checkA11y(page);
    const applicationId = Number(new URL(successPage).searchParams.get('application_id'));
    expect((await query<{ status: string }>('SELECT status FROM applications WHERE id = $1', [applicationId]))[0]?.status).toBe('pending_payment');

    // Days later, the bank pays (the stand-in's test button on its own page).
    await page.goto(checkoutPage);
    await expect(page.getByRole('heading', { level: 1, name: 'Direct Debit processing' })).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: 'The bank confirms the payment (test)' }).click();
    await expect.poll(async () => (await query<{ status: string }>('SELECT status FROM applications WHERE id = $1', [applicationId]))[0]?.status, { timeout: 20_000 }).toBe('pending');
    await page.goto(successPage);
    await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted Successfully!' })).toBeVisible({ timeout: 20_000 });
    const payments = await query<{ amount_pence: number }>('SELECT p.amount_pence FROM payments p JOIN professionals pr ON pr.id = p.professional_id WHERE pr.email = $1', [email]);
    expect(payments).toEqual([{ amount_pence: 300 }]);
  });

  test("a plan cancelled at the end of its period in Manage billing stays live, and My Profile says when it ends; 'Don't cancel' keeps it", async ({ consentedPage: page }) => {
    test.setTimeout(90_000);
    const listing = await createListing({ companyName: 'Subscriber IT', contactName: 'Sam Subscriber', live: false });
    await signInAs(page, listing.providerEmail);
    await subscribe(page, listing.id);

    await page.goto('/profile');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page).toHaveURL(/\/demo-pay\/billing\/bps_/);
    await page.getByRole('button', { name: 'Cancel plan at the end of this period' }).click();
    await expect(page.getByRole('status')).toContainText('will be cancelled at the end of its current period');
    await checkA11y(page);
    await expect
      .poll(async () => (await query<{ cancel_at: Date | null }>('SELECT cancel_at FROM professionals WHERE id = $1', [listing.id]))[0]?.cancel_at, { timeout: 20_000 })
      .not.toBeNull();
    const [row] = await query<{ cancel_at: Date; subscription_status: string }>('SELECT cancel_at, subscription_status FROM professionals WHERE id = $1', [listing.id]);
    expect(row!.subscription_status).toBe('active');
    const endsOn = row!.cancel_at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

    await page.getByRole('link', { name: 'Return to ITConnect' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(main.getByText('Ends on', { exact: true })).toBeVisible();
    await expect(main).toContainText(`Your plan has been cancelled and ends on ${endsOn}. Your listing stays in the directory until then`);
    await checkA11y(page);

    await main.getByRole('button', { name: 'Manage billing' }).click();
    await page.getByRole('button', { name: "Don't cancel" }).click();
    await expect(page.getByRole('status')).toContainText('will renew as usual');
    await expect.poll(async () => (await query<{ cancel_at: Date | null }>('SELECT cancel_at FROM professionals WHERE id = $1', [listing.id]))[0]?.cancel_at, { timeout: 20_000 }).toBeNull();
    await page.getByRole('link', { name: 'Return to ITConnect' }).click();
    await expect(main.getByText('Renews on', { exact: true })).toBeVisible();
    await expect(main).not.toContainText('Your plan has been cancelled');
  });
});
