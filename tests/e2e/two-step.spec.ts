// Two-step verification (product rule 35) in a real browser: a customer turns it on from Account
// settings (password, QR code and key, a code from the "app", ten recovery codes shown once), then
// signs in through the login form with the password and a code; a wrong code is refused beside the
// field; a recovery code works in place of the app. The "app" is otpauth, as a phone's would be.
// An admin turns it off for someone who lost phone and codes, saying how they checked.
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { awayFromStepEdge } from '../../api/src/testing/two-step';
import { checkA11y, createAccount, declineCookies, expect, KNOWN_PASSWORD, SAME_ORIGIN, saveScreenshot, signInAs, submitSignInForm, test, uniqueEmail } from './fixtures';

/**
 * The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now: made by
 * otpauth with the standard settings, not by the API's own code, so a mismatch with real apps shows.
 */
function appCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** The login form's first step: the password is right, and the code's step follows. */
async function passwordStep(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitSignInForm(page, email, password);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
}

test.describe('two-step verification', () => {
  test('turn it on, then sign in with a code from the app, or a recovery code', async ({ consentedPage: page, browser }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('two-step');
    const password = 'two step password 1';
    await createAccount(email, 'Two Step Person', { password });
    await signInAs(page, email);

    await page.goto('/profile');
    const settings = page.getByRole('region', { name: 'Account settings' });
    await expect(settings).toContainText('Off. Turn it on');
    await settings.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await settings.getByLabel('Current password', { exact: true }).fill(password);
    await settings.getByRole('button', { name: 'Continue' }).click();
    await expect(settings.getByRole('img', { name: 'QR code to add ITConnect to your authenticator app' })).toBeVisible();
    const secret = (await settings.getByTestId('two-step-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await checkA11y(page);
    await saveScreenshot(page, 'two-step-scan');
    await awayFromStepEdge();
    await settings.getByLabel('Code from the app').fill(appCode(secret, -1));
    await settings.getByRole('button', { name: 'Turn on' }).click();
    const codes = settings.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.first().textContent())!;
    await expect(settings.getByRole('link', { name: 'Download codes' })).toHaveAttribute('download', 'itconnect-recovery-codes.txt');
    await checkA11y(page);
    await saveScreenshot(page, 'two-step-recovery-codes');
    await settings.getByRole('button', { name: 'I have saved my codes' }).click();
    await expect(settings.getByRole('status')).toHaveText('Two-step verification is on. Keep your recovery codes somewhere safe.');
    await expect(settings).toContainText('10 of 10 recovery codes left');

    // Another browser: the password alone signs nobody in.
    const other = await browser.newContext();
    await declineCookies(other);
    const login = await other.newPage();
    await passwordStep(login, email, password);
    expect(await (await other.request.get('/api/auth/me')).text()).toBe('null');
    const main = login.getByRole('main');
    await expect(main.getByLabel('Authentication code')).toBeFocused();
    await checkA11y(login);
    await saveScreenshot(login, 'two-step-sign-in');
    await main.getByLabel('Authentication code').fill(appCode(secret) === '000000' ? '111111' : '000000');
    await main.getByRole('button', { name: 'Verify' }).click();
    await expect(main.getByLabel('Authentication code')).toHaveAccessibleDescription(/That code is not right/);
    await awayFromStepEdge();
    await main.getByLabel('Authentication code').fill(appCode(secret, 1));
    await main.getByRole('button', { name: 'Verify' }).click();
    await expect(login).toHaveURL(/\/$/);
    await expect(login.getByRole('status').filter({ hasText: 'Signed in successfully' })).toBeVisible();

    // A recovery code instead of the app, once.
    await login.context().clearCookies({ name: 'sid' });
    await passwordStep(login, email, password);
    await main.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await main.getByLabel('Recovery code').fill(recoveryCode);
    await main.getByRole('button', { name: 'Verify' }).click();
    await expect(login).toHaveURL(/\/$/);
    await login.goto('/profile');
    await expect(login.getByRole('region', { name: 'Account settings' })).toContainText('9 of 10 recovery codes left');
    await other.close();
  });

  test('an admin turns it off for someone who lost their phone, saying how they checked', async ({ adminPage: page, browser }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('lost-phone');
    const name = `Lost Phone ${Math.random().toString(36).slice(2, 8)}`;
    await createAccount(email, name);
    // They turned it on through the API, as the settings page does.
    const owner = await browser.newContext();
    await declineCookies(owner);
    await signInAs(owner, email);
    const setup = (await (await owner.request.post('/api/account/two-step/setup', { data: { currentPassword: KNOWN_PASSWORD }, headers: SAME_ORIGIN })).json()) as { secret: string };
    await awayFromStepEdge();
    await expect(await owner.request.post('/api/account/two-step/enable', { data: { code: appCode(setup.secret) }, headers: SAME_ORIGIN })).toBeOK();
    await owner.close();

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('region', { name: 'Manage' }).getByRole('button', { name: 'Users', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Users' });
    await dialog.getByLabel('Search by name or email').fill(email);
    const turnOff = dialog.getByRole('button', { name: `Turn off two-step verification: ${name}` });
    await expect(turnOff).toBeVisible({ timeout: 20_000 });
    await turnOff.click();
    const form = dialog.getByRole('form', { name: `Turn off two-step verification for ${name}` });
    await expect(form.getByLabel('How you checked it is them')).toBeFocused();
    await form.getByRole('button', { name: 'Turn off two-step verification' }).click();
    await expect(form.getByLabel('How you checked it is them')).toHaveAccessibleDescription(/Please say how you checked it is them/);
    await form.getByLabel('How you checked it is them').fill('Replied from the account address and confirmed the listing by phone');
    await checkA11y(page);
    await form.getByRole('button', { name: 'Turn off two-step verification' }).click();
    await expect(page.getByText('Two-step verification is off for this account. They have been e-mailed.')).toBeVisible();
    await expect(dialog.getByRole('row').filter({ hasText: email })).toContainText('Off');
  });
});
