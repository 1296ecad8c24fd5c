// Requests for quotes in Chromium against the real product, API and worker (issue 32): a guest
// asks from the home page → confirms through the e-mailed link → two professionals answer on My
// Profile (a quote and a message; neither sees the guest's address) → the guest compares the
// answers side by side and picks one → the one picked sees how to reach them, the other is told.
// Each project places its two listings in a district of its own far from the demo data
// (Shetland, Orkney), so the request reaches exactly them. Every new view is scanned with axe.
// A guest's single enquiry from a profile goes to that professional alone; a request a
// professional reports as spam is closed by an admin from the dashboard.
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { checkA11y, createAccount, createListing, declineCookies, expect, mailedLink, query, saveScreenshot, signInAs, solveCaptcha, test, uniqueEmail, type Listing } from './fixtures';

const PLACES = {
  desktop: { postcode: 'ZE1 0LZ', district: 'ZE1', lat: 60.1514, lng: -1.1712 },
  mobile: { postcode: 'KW15 1DH', district: 'KW15', lat: 58.9801, lng: -2.96 },
} as const;

function placeOf(projectName: string) {
  return projectName.startsWith('mobile') ? PLACES.mobile : PLACES.desktop;
}

async function listingAt(companyName: string, place: { lat: number; lng: number; postcode: string }): Promise<Listing> {
  const listing = await createListing({ companyName, contactName: 'Skye Provider' });
  await query('UPDATE professionals SET lat = $1, lng = $2, postcode = $3, geocoded_postcode = $3 WHERE id = $4', [place.lat, place.lng, place.postcode, listing.id]);
  return listing;
}

/** A listing's provider signed in, in a context of their own, on My Profile's requests for quotes. */
async function providerInbox(browser: Browser, testInfo: TestInfo, listing: Listing): Promise<{ context: BrowserContext; provider: Page }> {
  const context = await browser.newContext({ ...testInfo.project.use });
  await declineCookies(context);
  const provider = await context.newPage();
  await signInAs(provider, listing.providerEmail);
  await provider.goto('/profile#quote-requests');
  return { context, provider };
}

/** The request's card on My Profile (its text is unique to this test). */
function requestCard(page: Page, details: string) {
  return page.locator('#quote-requests li').filter({ hasText: details });
}

test('a guest asks for quotes, confirms by e-mail, compares two answers and picks one', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const place = placeOf(testInfo.project.name);
  const tag = Math.random().toString(36).slice(2, 8);
  const first = await listingAt(`Northern Isles Networks ${tag}`, place);
  const second = await listingAt(`Harbour IT ${tag}`, place);
  const email = uniqueEmail('guest');
  const details = `Cabling and Wi-Fi for our new harbour office, ref ${tag}.`;

  await declineCookies(page.context());
  await page.goto('/');
  await page.getByRole('link', { name: /Describe your job once and get quotes/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Get quotes' })).toBeVisible();
  await expect(page).toHaveTitle(/Get quotes from IT professionals/);
  await checkA11y(page);

  const form = page.getByRole('form', { name: 'Ask for quotes' });
  // Sent empty: each field says what it needs.
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('Please choose the service you need')).toBeVisible();
  await expect(form.getByText('Please enter your postcode, or say the work can be done remotely')).toBeVisible();

  await form.getByLabel('Service', { exact: true }).selectOption('Network Setup');
  await form.getByLabel('Your postcode').fill(place.postcode);
  await form.getByLabel('What do you need?').fill(details);
  await form.getByLabel('Budget').selectOption({ label: '£1,000 to £5,000' });
  await form.getByLabel('When do you need it?').selectOption({ label: 'Within a month' });
  await form.getByLabel('Your name').fill('Morag Buyer');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('How would you like to be contacted?').selectOption({ label: 'By phone' });
  await form.getByLabel('Phone number').fill('01595 690000');
  await saveScreenshot(page, 'get-quotes-form');
  await solveCaptcha(form);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(email);

  // Nothing reaches a professional before the guest opens the link and sends.
  const link = new URL(await mailedLink(email, /https?:\/\/[^\s"'<>]+\/quotes\/request\?token=[\w-]+/));
  expect(await query('SELECT 1 FROM quote_recipients r JOIN quote_requests q ON q.id = r.request_id WHERE q.buyer_email = $1', [email])).toHaveLength(0);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Check your request, then send it' })).toBeVisible();
  await expect(page.getByText(`${place.district}, on site`)).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Send my request' }).click();
  await expect(page.getByRole('heading', { name: 'Your request has been sent' })).toBeVisible();
  const answers = page.getByRole('region', { name: 'Who received it, and their answers' });
  for (const listing of [first, second]) {
    const card = answers.getByRole('listitem').filter({ hasText: listing.companyName });
    await expect(card).toContainText('On site: 0.0 miles from you');
    await expect(card).toContainText('No answer yet');
  }
  await checkA11y(page);

  // The professionals answer on My Profile, seeing the first name and district only.
  const answer = async (listing: Listing, reply: (card: ReturnType<typeof requestCard>) => Promise<void>, screenshot?: string) => {
    const { context, provider } = await providerInbox(browser, testInfo, listing);
    const card = requestCard(provider, details);
    await expect(card).toContainText('From Morag');
    await expect(card).toContainText(`Network Setup · ${place.district}, on site`);
    await expect(card).not.toContainText(email);
    await expect(card).not.toContainText('01595');
    await checkA11y(provider);
    if (screenshot) await saveScreenshot(provider, screenshot);
    await reply(card);
    return { context, provider };
  };
  const a = await answer(
    first,
    async (card) => {
      await card.getByLabel('Price (£)').fill('450');
      await card.getByLabel('Per').selectOption({ label: 'fixed price' });
      await card.getByLabel('Message (optional)').fill('Cat6 to six desks and two access points, in a day.');
      await card.getByRole('button', { name: 'Send answer' }).click();
      await expect(card).toContainText('You quoted £450 fixed price');
    },
    'get-quotes-professional-inbox',
  );
  const b = await answer(second, async (card) => {
    await card.getByRole('radio', { name: 'A message' }).check();
    await card.getByLabel('Message', { exact: true }).fill('Could we visit the office first to see the walls?');
    await card.getByRole('button', { name: 'Send answer' }).click();
    await expect(card).toContainText('You sent a message');
  });

  // The guest compares the answers side by side and picks the quote.
  await page.reload();
  const quoted = answers.getByRole('listitem').filter({ hasText: first.companyName });
  await expect(quoted).toContainText('£450 fixed price');
  await expect(quoted).toContainText('Cat6 to six desks');
  await expect(answers.getByRole('listitem').filter({ hasText: second.companyName })).toContainText('Could we visit the office first');
  await checkA11y(page);
  await saveScreenshot(page, 'get-quotes-comparison');
  await quoted.getByRole('button', { name: `Pick ${first.companyName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Pick ${first.companyName}?` });
  await dialog.getByRole('button', { name: 'Pick them' }).click();
  await expect(page.getByRole('status').filter({ hasText: `You picked ${first.companyName}` })).toBeVisible();
  await expect(quoted).toContainText('Your pick');
  await expect(page.getByRole('button', { name: /^Pick / })).toHaveCount(0);

  // The one picked now sees how to reach the guest; the other is told, without the address.
  await a.provider.reload();
  await expect(requestCard(a.provider, details)).toContainText('Morag Buyer picked you');
  await expect(requestCard(a.provider, details)).toContainText(email);
  await b.provider.reload();
  await expect(requestCard(b.provider, details)).toContainText('The buyer went ahead with someone else.');
  await expect(requestCard(b.provider, details)).not.toContainText(email);
  await a.context.close();
  await b.context.close();

  // The guest makes an account with the same address and reviews the one they picked: the review
  // says the job was found through ITConnect.
  await createAccount(email, 'Morag Buyer');
  await signInAs(page, email);
  await page.goto(`/professionals/${first.slug}`);
  const reviews = page.getByRole('region', { name: 'Customer Reviews' });
  await reviews.getByRole('button', { name: 'Write a review' }).click();
  const reviewForm = reviews.getByRole('form', { name: `Review ${first.companyName}` });
  await reviewForm.getByRole('radio', { name: '5 stars' }).check();
  await reviewForm.getByLabel('Title').fill('Tidy cabling, on the day');
  await reviewForm.getByLabel('Your review').fill('Quoted within the hour and did exactly what the quote said.');
  await reviewForm.getByRole('button', { name: 'Publish review' }).click();
  const article = reviews.getByRole('article', { name: 'Tidy cabling, on the day' });
  await expect(article.getByRole('button', { name: 'Job found through ITConnect' })).toBeVisible();
  await checkA11y(page);
});

test('a profile offers to ask that professional and similar ones, and the directory carries its search', async ({ consentedPage: page }, testInfo) => {
  const place = placeOf(testInfo.project.name);
  const listing = await listingAt(`Voe Computing ${Math.random().toString(36).slice(2, 8)}`, place);
  await page.goto(`/professionals/${listing.slug}`);
  await page.getByRole('link', { name: `Ask ${listing.companyName} for a quote, and also ask up to 4 similar professionals` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Get quotes' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText(`Your request goes to ${listing.companyName} and up to 4 similar professionals.`);
  await expect(page.getByRole('form', { name: 'Ask for quotes' }).getByLabel('Service', { exact: true })).toHaveValue('Network Setup');
  await checkA11y(page);

  await page.goto(`/professionals?service=Network%20Setup&near=${encodeURIComponent(place.postcode)}`);
  await page.getByRole('link', { name: 'Get quotes from up to 5 of them' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Get quotes' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Ask for quotes' });
  await expect(form.getByLabel('Service', { exact: true })).toHaveValue('Network Setup');
  await expect(form.getByLabel('Your postcode')).toHaveValue(place.postcode);
});

/** Far from the other tests' places, so their requests for quotes never reach these listings. */
const ENQUIRY_PLACE = { postcode: 'HS1 2BA', lat: 58.2127, lng: -6.3814 } as const;

test('a guest sends one professional an enquiry from their profile, without an account, and only they receive it', async ({ consentedPage: page }) => {
  test.setTimeout(120_000);
  const place = ENQUIRY_PLACE;
  const tag = Math.random().toString(36).slice(2, 8);
  const asked = await listingAt(`Lerwick Laptops ${tag}`, place);
  const neighbour = await listingAt(`Scalloway Systems ${tag}`, place);
  const email = uniqueEmail('enquirer');
  // The listing's reply rate, as the worker keeps it, shows beside the ways to contact them.
  await query('UPDATE professionals SET quote_requests_settled = 12, quote_requests_answered = 10 WHERE id = $1', [asked.id]);

  await page.goto(`/professionals/${asked.slug}`);
  await expect(page.getByRole('region', { name: `Contact ${asked.companyName}` })).toContainText('Answered 10 of 12 requests for quotes (83%)');
  await page.getByRole('link', { name: `Send ${asked.companyName} an enquiry` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Send ${asked.companyName} an enquiry` })).toBeVisible();
  await expect(page.getByRole('note')).toContainText(`Your enquiry goes to ${asked.companyName} only.`);
  const form = page.getByRole('form', { name: 'Send an enquiry' });
  // The form's name follows the box, so the box is found on the page.
  const similar = page.getByRole('checkbox', { name: 'Also ask up to 4 similar professionals for quotes' });
  await expect(similar).not.toBeChecked();
  // Ticking it turns the enquiry into a request for quotes, and back.
  await similar.check();
  await expect(page.getByRole('heading', { level: 1, name: 'Get quotes' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Ask for quotes' })).toBeVisible();
  await similar.uncheck();
  await expect(form).toBeVisible();
  await checkA11y(page);

  await form.getByLabel('Your postcode').fill(place.postcode);
  await form.getByLabel('What do you need?').fill(`Is a refurbished laptop worth repairing? Ref ${tag}.`);
  await form.getByLabel('Budget').selectOption({ label: 'Under £250' });
  await form.getByLabel('When do you need it?').selectOption({ label: 'I am flexible' });
  await form.getByLabel('Your name').fill('Ewan Enquirer');
  await form.getByLabel('Email').fill(email);
  await solveCaptcha(form);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  const link = new URL(await mailedLink(email, /https?:\/\/[^\s"'<>]+\/quotes\/request\?token=[\w-]+/));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your enquiry' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your enquiry, then send it' })).toBeVisible();
  await expect(page.getByText(`It goes to ${asked.companyName} only.`)).toBeVisible();
  await page.getByRole('button', { name: 'Send my enquiry' }).click();
  await expect(page.getByRole('heading', { name: 'Your enquiry has been sent' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `It went to ${asked.companyName}.` })).toBeVisible();
  const answers = page.getByRole('region', { name: 'Who received it, and their answers' });
  await expect(answers.getByRole('listitem')).toHaveCount(1);
  await expect(answers.getByRole('listitem')).toContainText(asked.companyName);
  await checkA11y(page);
  const recipients = await query<{ professional_id: number }>(
    'SELECT r.professional_id FROM quote_recipients r JOIN quote_requests q ON q.id = r.request_id WHERE q.buyer_email = $1',
    [email],
  );
  expect(recipients.map((r) => r.professional_id)).toEqual([asked.id]);
  expect(recipients.map((r) => r.professional_id)).not.toContain(neighbour.id);
});

test('a professional reports a request as spam, and an admin closes it from the dashboard', async ({ adminPage: admin, browser }, testInfo) => {
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const listing = await listingAt(`Minch Support ${tag}`, ENQUIRY_PLACE);
  const details = `Cheap followers and backlinks for your site, ref ${tag}.`;
  const [request] = await query<{ id: number }>(
    `INSERT INTO quote_requests (status, service, postcode_district, lat, lng, remote_ok, details, budget, timescale, contact_preference,
       buyer_name, buyer_email, expires_at, confirmed_at, closes_at)
     VALUES ('open', 'Network Setup', 'HS1', $1, $2, true, $3, 'not_sure', 'urgent', 'email', 'Sid Spammer', $4, now() + interval '1 day', now(), now() + interval '30 days')
     RETURNING id`,
    [ENQUIRY_PLACE.lat, ENQUIRY_PLACE.lng, details, uniqueEmail('spammer')],
  );
  await query(`INSERT INTO quote_recipients (request_id, professional_id, reach, fit, position) VALUES ($1, $2, '{"kind":"remote"}', 0.5, 0)`, [request!.id, listing.id]);

  // The professional reports it from their inbox.
  const { context, provider } = await providerInbox(browser, testInfo, listing);
  const card = requestCard(provider, details);
  await card.getByRole('button', { name: 'Report as spam' }).click();
  await expect(card).toContainText('You reported this request as spam.');

  // The admin reads it with who reported it, and closes it as spam.
  await admin.goto('/admin');
  await admin.getByRole('region', { name: 'Manage' }).getByRole('button', { name: 'Reported requests', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: 'Requests reported as spam' });
  const report = dialog.getByRole('article', { name: `Request ${request!.id}: Network Setup` });
  await expect(report).toContainText(details);
  await expect(report).toContainText(listing.companyName);
  await expect(report).toContainText('Sid Spammer');
  await checkA11y(admin);
  await saveScreenshot(admin, 'quote-reports-dialog', { fullPage: false });
  await report.getByRole('button', { name: `Spam: close the request (request ${request!.id})` }).click();
  await dialog.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Reviewed' });
  await expect(dialog.getByRole('article', { name: `Request ${request!.id}: Network Setup` })).toContainText('Marked as spam on');

  // The professional's inbox shows it closed: no more answers.
  await provider.reload();
  await expect(requestCard(provider, details)).toContainText('This request is closed.');
  await expect(requestCard(provider, details).getByRole('button', { name: 'Send answer' })).toHaveCount(0);
  await context.close();
});
