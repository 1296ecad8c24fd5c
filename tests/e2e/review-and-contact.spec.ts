// Reviews and messages in Chromium against the real product, API and worker (issue 12, item 6):
// a customer contacts a professional → the professional sees it unread in their inbox and replies →
// the customer reads the reply in My messages → the customer reviews (verified, since they wrote
// first) → the rating and count on the profile and in the directory update, and the professional
// replies publicly; a reported review hidden by an admin (through the admin API from an admin's
// browser context: the dashboard is built elsewhere) disappears from the profile; /contact and
// /review-policy. Each test makes its own professional and customers (tests run in parallel, on two
// projects), and every new form and view is scanned with axe.
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import {
  checkA11y,
  createAccount,
  createListing,
  declineCookies,
  expect,
  signInAs,
  signInAsAdmin,
  solveCaptcha,
  test,
  uniqueEmail,
  withQueuePaused,
  type Listing,
} from './fixtures';

/** Letters only (the directory's text search matches it as a word prefix). */
function uniqueTag(): string {
  return Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

/** A live listing of its own with its provider account, named after a tag the directory's search finds. */
async function newListing(): Promise<Listing & { tag: string }> {
  const tag = uniqueTag();
  return { ...(await createListing({ companyName: `Quillon ${tag} IT`, contactName: 'Robin Quillon' })), tag };
}

async function customer(label: string, name: string): Promise<string> {
  const email = uniqueEmail(label);
  await createAccount(email, name);
  return email;
}

/** A browser context of its own (the cookie banner answered), signed in by `signIn`. */
async function signedInPage(browser: Browser, signIn: (page: Page) => Promise<void>): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await declineCookies(context);
  const page = await context.newPage();
  await signIn(page);
  return { context, page };
}

/** The profile's header (rating and review count): a <header> inside main, not the site's banner. */
function profileHeader(page: Page): Locator {
  return page.getByRole('main').locator('header').first();
}

/** A same-origin write from a signed-in context's own request client (as the admin dashboard would call). */
async function apiPost(context: BrowserContext, baseURL: string, path: string, data: unknown) {
  const origin = new URL(baseURL).origin;
  return context.request.post(path, { data, headers: { Origin: origin } });
}

test.describe('contact, reply, review', () => {
  test('a customer contacts a professional, who replies; the customer then reviews and the figures update', async ({ browser }) => {
    test.setTimeout(240_000);
    const listing = await newListing();
    const customerEmail = await customer('reviewer', 'Casey Reviewer');
    const profilePath = `/professionals/${listing.slug}`;
    const customerSide = await signedInPage(browser, (page) => signInAs(page, customerEmail));
    const providerSide = await signedInPage(browser, (page) => signInAs(page, listing.providerEmail));
    try {
      // 1. The customer writes to the professional from the profile.
      const page = customerSide.page;
      await page.goto(profilePath);
      const contact = page.getByRole('region', { name: `Contact ${listing.companyName}` });
      await expect(contact.getByRole('form', { name: `Message to ${listing.companyName}` })).toBeVisible();
      await checkA11y(page);
      await contact.getByRole('button', { name: 'Send message' }).click();
      await expect(contact).toContainText('Please enter a subject');
      await contact.getByLabel('Subject').fill('New office network');
      await contact.getByRole('textbox', { name: 'Message' }).fill('We are moving into a new office in March. Could you quote for the network?');
      await solveCaptcha(contact);
      await contact.getByRole('button', { name: 'Send message' }).click();
      await expect(contact.getByRole('status')).toContainText('Your message has been sent.');
      await checkA11y(page);

      // 2. The professional finds it unread in their inbox and replies.
      const provider = providerSide.page;
      await provider.goto('/profile');
      const messages = provider.getByRole('region', { name: 'Messages' });
      const inbox = messages.getByRole('region', { name: /Inbox/ });
      await expect(inbox).toContainText('1 unread');
      const row = inbox.getByRole('link', { name: /Casey Reviewer/ });
      await expect(row).toContainText('New office network');
      await expect(row).toContainText('1 unread');
      await checkA11y(provider);
      await row.click();
      await expect(messages.getByRole('heading', { name: 'New office network' })).toBeFocused();
      await expect(messages.getByRole('list', { name: 'Messages in this conversation' })).toContainText('Could you quote for the network?');
      await messages.getByRole('textbox', { name: 'Reply to Casey Reviewer' }).fill('Happy to help. I can visit on Thursday at 10 to have a look.');
      await messages.getByRole('button', { name: 'Send reply' }).click();
      await expect(messages.getByRole('list', { name: 'Messages in this conversation' }).getByRole('listitem')).toHaveCount(2);
      await checkA11y(provider);
      await messages.getByRole('button', { name: 'Back to messages' }).click();
      await expect(inbox.getByRole('link', { name: /Casey Reviewer/ })).not.toContainText('unread');
      await expect(inbox.getByRole('link', { name: /Casey Reviewer/ })).toContainText('You: Happy to help.');

      // 3. The customer reads the reply in My messages.
      await page.goto('/profile');
      const mine = page.getByRole('region', { name: 'Messages' }).getByRole('region', { name: /My messages/ });
      await expect(mine).toContainText('1 unread');
      await expect(page.getByRole('region', { name: 'Messages' }).getByRole('region', { name: /Inbox/ })).toHaveCount(0);
      await checkA11y(page);
      await mine.getByRole('link', { name: new RegExp(listing.companyName) }).click();
      const conversation = page.getByRole('list', { name: 'Messages in this conversation' });
      await expect(conversation).toContainText(`${listing.companyName}`);
      await expect(conversation).toContainText('I can visit on Thursday at 10');
      await checkA11y(page);

      // 4. The customer reviews the professional: verified, since they wrote through the site first.
      await page.goto(profilePath);
      const reviews = page.getByRole('region', { name: 'Customer Reviews' });
      await expect(reviews).toContainText('No reviews yet.');
      await reviews.getByRole('button', { name: 'Write a review' }).click();
      const form = reviews.getByRole('form', { name: `Review ${listing.companyName}` });
      await expect(form.getByRole('link', { name: 'review policy' })).toHaveAttribute('href', '/review-policy');
      await form.getByRole('button', { name: 'Publish review' }).click();
      await expect(form).toContainText('Rating is a number from 1 to 5');
      await checkA11y(page);
      await form.getByRole('radio', { name: '4 stars' }).check();
      await form.getByLabel('Title').fill('Quick and clear');
      await form.getByLabel('Your review').fill('Came on Thursday as promised, explained the options and quoted the same day.');
      await form.getByLabel('Project type (optional)').selectOption('Network Setup');
      await form.getByRole('button', { name: 'Publish review' }).click();

      const article = reviews.getByRole('article', { name: 'Quick and clear' });
      await expect(article).toContainText('Verified');
      await expect(article).toContainText('Casey R.');
      await expect(article).toContainText('Project: Network Setup');
      await expect(reviews).toContainText('You have already reviewed this professional');
      await expect(reviews.getByRole('list', { name: 'Rating breakdown' })).toContainText('4 stars');
      // The worker's figures reach the profile's header within seconds.
      const header = profileHeader(page);
      await expect(header).toContainText('4.0');
      await expect(header.getByRole('button', { name: '(1 review)' })).toBeVisible({ timeout: 15_000 });
      await checkA11y(page);

      // 5. … and the directory.
      await page.goto(`/professionals?search=${listing.tag}`);
      const card = page.getByRole('main').getByRole('article').filter({ hasText: listing.companyName });
      await expect(card).toContainText('4.0');
      await expect(card).toContainText('(1 review)');

      // 6. The professional answers the review in public, on their own listing.
      await provider.goto(profilePath);
      const providerReviews = provider.getByRole('region', { name: 'Customer Reviews' });
      await expect(providerReviews).toContainText('This is your listing: you cannot review your own business.');
      await expect(provider.getByRole('region', { name: `Contact ${listing.companyName}` })).toContainText('This is your listing.');
      await providerReviews.getByRole('button', { name: 'Reply to this review: Quick and clear' }).click();
      await providerReviews.getByLabel('Your public reply').fill('Thank you, Casey. <b>Enjoy</b> the new office!');
      await checkA11y(provider);
      await providerReviews.getByRole('button', { name: 'Publish reply' }).click();
      const replied = providerReviews.getByRole('article', { name: 'Quick and clear' });
      // Stored text is shown as text.
      await expect(replied).toContainText(`Reply from ${listing.companyName}`);
      await expect(replied).toContainText('Thank you, Casey. <b>Enjoy</b> the new office!');
    } finally {
      await customerSide.context.close();
      await providerSide.context.close();
    }
  });
});

test.describe('moderation', () => {
  test('a reported review hidden by an admin disappears from the profile, and its author is told why', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const listing = await newListing();
    const [authorEmail, reporterEmail] = [await customer('author', 'Alex Author'), await customer('reporter', 'Riley Reporter')];
    const author = await signedInPage(browser, (page) => signInAs(page, authorEmail));
    const reporter = await signedInPage(browser, (page) => signInAs(page, reporterEmail));
    const admin = await signedInPage(browser, signInAsAdmin);
    try {
      // Opened before the worker has recalculated the figures (its ratings queue held): the review
      // and the breakdown show at once, the header's figures still the old ones; they catch up
      // with the breakdown on their own, without a reload, once the worker has run.
      const profilePath = `/professionals/${listing.slug}`;
      const page = reporter.page;
      const reviews = page.getByRole('region', { name: 'Customer Reviews' });
      const article = reviews.getByRole('article', { name: 'Abusive rant' });
      const reviewId = await withQueuePaused('ratings', async () => {
        const written = await apiPost(author.context, baseURL!, '/api/reviews', {
          professionalId: listing.id,
          rating: 1,
          title: 'Abusive rant',
          comment: 'Words about the owner that break the review policy.',
          wouldRecommend: false,
        });
        expect(written.status()).toBe(201);
        await page.goto(profilePath);
        await expect(article).toBeVisible();
        await expect(reviews.getByRole('list', { name: 'Rating breakdown' })).toContainText('1 star');
        await expect(profileHeader(page)).toContainText('New — no reviews yet');
        return ((await written.json()) as { review: { id: number } }).review.id;
      });
      await expect(profileHeader(page).getByRole('button', { name: '(1 review)' })).toBeVisible({
        timeout: 15_000,
      });

      // The reporter reports it with a reason.
      await article.getByRole('button', { name: 'Report review: Abusive rant' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report this review' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(dialog).toContainText('Please tell us what is wrong with this review');
      await checkA11y(page);
      await dialog.getByLabel('Reason').fill('Abusive language about the owner, not about the work.');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(dialog).toBeHidden();
      await expect(article).toContainText('You reported this review.');

      // The admin hides it with a reason (the dashboard's call).
      const reports = await admin.context.request.get('/api/admin/review-reports?state=open');
      expect(reports.ok()).toBe(true);
      const open = (await reports.json()) as { review: { id: number }; reports: { reason: string }[] }[];
      expect(open.find((r) => r.review.id === reviewId)?.reports.map((r) => r.reason)).toEqual(['Abusive language about the owner, not about the work.']);

      // Gone from the profile and the breakdown at once; from the header's figures once the worker
      // has recalculated them (held here until the page shows), without a reload.
      await withQueuePaused('ratings', async () => {
        const hidden = await apiPost(admin.context, baseURL!, `/api/admin/reviews/${reviewId}/hide`, { reason: 'Abusive language (review policy, section 7)' });
        expect(hidden.status()).toBe(200);
        await page.goto(profilePath);
        await expect(reviews).toContainText('No reviews yet.');
        await expect(reviews.getByRole('article')).toHaveCount(0);
        await expect(profileHeader(page).getByRole('button', { name: '(1 review)' })).toBeVisible();
      });
      await expect(profileHeader(page)).toContainText('New — no reviews yet', { timeout: 15_000 });
      await expect(profileHeader(page).getByRole('button', { name: /review/ })).toHaveCount(0);

      // Its author still sees it, with the reason.
      await author.page.goto(profilePath);
      const authorPanel = author.page.getByRole('region', { name: 'Customer Reviews' });
      await expect(authorPanel).toContainText('Our moderators hid this review');
      await expect(authorPanel).toContainText('Abusive language (review policy, section 7)');
      await checkA11y(author.page);
    } finally {
      await author.context.close();
      await reporter.context.close();
      await admin.context.close();
    }
  });
});

test.describe('site pages', () => {
  test('/contact sends a message to the team; /review-policy is linked from the footer', async ({ consentedPage: page }) => {
    test.setTimeout(90_000);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Contact the ITConnect team' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form).toContainText('Name must be at least 2 characters');
    await expect(form.getByLabel('Name')).toBeFocused();
    await checkA11y(page);
    await form.getByLabel('Name').fill('Morgan Visitor');
    await form.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('contact'));
    await form.getByLabel('Subject').fill('Listing two offices');
    await form.getByRole('textbox', { name: 'Message' }).fill('Can one subscription cover two offices in different cities?');

    // Sends that fail (their answers made up in the browser): a message the API gives for a field
    // goes beside it, and the field takes the focus; a failure without one is said in a toast.
    const contactCall = '**/api/contact';
    const fieldMessage = 'That subject cannot be sent.';
    await page.route(contactCall, (route) =>
      route.fulfill({ status: 422, json: { error: { code: 'invalid_input', message: 'Please check the form.', fields: { subject: fieldMessage } } } }),
    );
    await solveCaptcha(form);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByLabel('Subject')).toHaveAccessibleDescription(new RegExp(fieldMessage));
    await expect(form.getByLabel('Subject')).toBeFocused();
    await page.unroute(contactCall);
    await page.route(contactCall, (route) => route.abort('connectionrefused'));
    await solveCaptcha(form);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Message not sent' })).toContainText('Your message could not be sent. Please try again.');
    await expect(form.getByLabel('Subject')).not.toHaveAttribute('aria-invalid', 'true');
    await page.unroute(contactCall);

    await solveCaptcha(form);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Message sent' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('We have received your message and will reply by e-mail.');
    await checkA11y(page);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Review Policy' }).click();
    await expect(page).toHaveURL(/\/review-policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Review Policy' })).toBeVisible();
    await expect(page).toHaveTitle('Review Policy | ITConnect');
    await expect(page.getByRole('main')).toContainText('Reviews are published at once, negative ones too');
    await checkA11y(page);
  });

  test('anonymous visitors are asked to sign in to review or message', async ({ consentedPage: page }) => {
    test.setTimeout(60_000);
    const listing = await newListing();
    await page.goto(`/professionals/${listing.slug}`);
    const contact = page.getByRole('region', { name: `Contact ${listing.companyName}` });
    await expect(contact.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(contact.getByRole('form')).toHaveCount(0);
    const reviews = page.getByRole('region', { name: 'Customer Reviews' });
    await expect(reviews).toContainText('to write a review');
    await expect(reviews.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(reviews.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
    await checkA11y(page);
  });
});
