// Shared Playwright fixtures. Every spec imports { test, expect } from here. After each test the
// pages it visited have been scanned with axe: `await checkA11y(page)` scans the current page and
// fails on any violation (call it on every page a journey visits).
//
// Accounts. A test that signs in only to get somewhere gets its session made directly (signInAs,
// or the providerPage and adminPage fixtures), as Epic Stack's Playwright fixtures do: the session
// written into the API's own store in Redis (E2E_REDIS_URL, E2E_REDIS_PREFIX) in the API's format
// (api/src/middleware/session.ts), and its cookie signed with the API's first session key
// (E2E_SESSION_KEYS, all three set by run.ts). Nothing of the product serves this. The tests about
// signing in (the register journey, a reset password, an archived account, two-step verification,
// the maintenance gate's sign-in) go through the login form (submitSignInForm), so a change to it
// breaks them, not the suite. createAccount makes an account straight in the e2e database
// (E2E_DATABASE_URL), createListing a listing with its provider; ensureKnownPassword gives a
// seeded account (whose password is random) KNOWN_PASSWORD for a test that types it.
//
// Tests that change the whole site for everyone (maintenance mode on, an approval that adds a
// listing to the directory) carry the tag ALONE_TAG and run alone: every test holds a PostgreSQL
// advisory lock on the e2e database for its whole run, shared by ordinary tests and exclusive for
// tagged ones (the runLock fixture). PostgreSQL queues lock requests in order, so a tagged test
// waits for the tests already running and the next ones wait for it, whatever the number of
// workers, the projects (desktop, mobile) or the files chosen on the command line. (beforeEach
// hooks run inside a test's turn; a beforeAll hook would not, so journeys use none.)
//
// withQueuePaused holds one of the worker's queues (E2E_REDIS_URL and E2E_REDIS_PREFIX, set by
// run.ts) for a few seconds, to show what a visitor sees before the worker has run.
import { createHmac } from 'node:crypto';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Secret } from 'otpauth';
import pg from 'pg';
import type { Role } from '../../core/auth';
import { ApiEnv } from '../../core/env-schema';
import { FIRST_SCREEN_DATA_ID } from '../../core/first-screen';
import { queuePrefix, type QueueName } from '../../core/jobs';
import { redisSessionStore, SESSION_COOKIE, SESSION_MAX_AGE_MS, sessionId, signedInSession } from '../../api/src/middleware/session';
import { hashPassword } from '../../prisma/password';

export { expect };

/** The product's address (run.ts starts it; playwright.config.ts's baseURL is the same). */
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';
/** The header a write from a test's own request client needs: the API refuses cross-site writes. */
export const SAME_ORIGIN = { Origin: new URL(BASE_URL).origin };
export const ADMIN_EMAIL = 'admin@example.com';
export const PROVIDER_EMAIL = 'provider@example.com';
export const KNOWN_PASSWORD = 'e2e-known-password';
/** The tag of a test that must run with no other test running (see above). */
export const ALONE_TAG = '@alone';
/** The advisory lock's key: any fixed number no other code of ours locks. */
const RUN_LOCK_KEY = 110_511;
/** How long a test may wait for its turn (a tagged test waits for the running ones, the others for it). */
const RUN_LOCK_WAIT_MS = 300_000;

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The newest `linkPattern` link e-mailed to `email`, read from the product's mail folder (`mailDir`,
 * default E2E_MAIL_FOLDER: run.ts gives the product no SMTP server, so the worker writes .eml files).
 */
export async function mailedLink(email: string, linkPattern: RegExp, mailDir = process.env.E2E_MAIL_FOLDER): Promise<string> {
  if (!mailDir) throw new Error('E2E_MAIL_FOLDER is not set (tests/e2e/run.ts sets it)');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(mailDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
        const dated = await Promise.all(files.map(async (f) => ({ f, t: (await stat(path.join(mailDir, f))).mtimeMs })));
        for (const { f } of dated.sort((a, b) => b.t - a.t)) {
          const text = decodeQuotedPrintable(await readFile(path.join(mailDir, f), 'utf8'));
          if (text.toLowerCase().includes(email.toLowerCase())) {
            link = linkPattern.exec(text)?.[0]?.replace(/&amp;/g, '&');
            if (link) return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `a ${linkPattern.source} link e-mailed to ${email}` },
    )
    .toBe(true);
  return link!;
}

export async function checkA11y(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** One statement on the e2e database (E2E_DATABASE_URL): its rows. */
export async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await withDatabase((client) => client.query<T>(sql, params))).rows;
}

let knownHash: Promise<string> | undefined;
/** KNOWN_PASSWORD's hash, made once per worker (argon2id is slow on purpose). */
const knownPasswordHash = () => (knownHash ??= hashPassword(KNOWN_PASSWORD));

const passwordsSet = new Map<string, Promise<void>>();

/** Gives a seeded account KNOWN_PASSWORD (once per worker). Without a database URL, assumes the server already knows it. */
export function ensureKnownPassword(email: string): Promise<void> {
  if (!process.env.E2E_DATABASE_URL) return Promise.resolve();
  let done = passwordsSet.get(email);
  if (!done) {
    done = knownPasswordHash().then(async (hash) => {
      await query('UPDATE users SET password_hash = $1 WHERE email = $2', [hash, email]);
    });
    passwordsSet.set(email, done);
  }
  return done;
}

/** A fresh address per call (tests run in parallel, on two projects): never one another test uses. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * An account made straight in the e2e database (journeys that are not about signing up): a
 * customer with KNOWN_PASSWORD unless asked otherwise. Answers its id.
 */
export async function createAccount(
  email: string,
  name: string,
  { password = KNOWN_PASSWORD, role = 'customer', professionalId = null }: { password?: string; role?: Role; professionalId?: number | null } = {},
): Promise<number> {
  const hash = await (password === KNOWN_PASSWORD ? knownPasswordHash() : hashPassword(password));
  const [row] = await query<{ id: number }>(
    'INSERT INTO users (email, name, password_hash, role, professional_id, updated_at) VALUES ($1, $2, $3, $4, $5, now()) RETURNING id',
    [email, name, hash, role, professionalId],
  );
  return row!.id;
}

export interface Listing {
  id: number;
  slug: string;
  companyName: string;
  /** Its provider's account (KNOWN_PASSWORD). */
  providerEmail: string;
}

/**
 * A listing of its own (so the demo data stays as it is) in Leeds, placed at LS1 4DY's centre as
 * the worker's geocoding would have, with its provider's account: live (approved, with an active
 * subscription) unless `live` is false, when it has no subscription yet.
 */
export async function createListing({ companyName, contactName, live = true }: { companyName: string; contactName: string; live?: boolean }): Promise<Listing> {
  const providerEmail = uniqueEmail('provider');
  const slug = `${companyName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const [row] = await query<{ id: number }>(
    `INSERT INTO professionals (slug, company_name, contact_name, email, description, services, location, region, postcode, lat, lng, geocoded_postcode,
       is_approved, approved_at, subscription_status, updated_at)
     VALUES ($1, $2, $3, $4, 'Networks and support for small offices.', ARRAY['Network Setup', 'Remote Support'], 'Leeds', 'Leeds', 'LS1 4DY', 53.7976, -1.5514,
       'LS1 4DY', $5, CASE WHEN $5 THEN now() END, $6, now())
     RETURNING id`,
    [slug, companyName, contactName, providerEmail, live, live ? 'active' : 'inactive'],
  );
  const id = row!.id;
  await createAccount(providerEmail, contactName, { role: 'provider', professionalId: id });
  return { id, slug, companyName, providerEmail };
}

/**
 * Makes the admin `email` one the admin pages let in: where the API asks two-step verification of
 * admins (ADMIN_TWO_STEP_REQUIRED, as run.ts read it; decision 0021) and they have none yet, it is
 * turned on with a fresh secret, as they would have on My Profile before the dashboard worked. A
 * session of theirs (signInAs) then stands for the password and the code.
 */
async function meetAdminTwoStepRule(email: string): Promise<void> {
  if (process.env.E2E_ADMIN_TWO_STEP_REQUIRED !== 'true') return;
  await query("UPDATE users SET totp_secret = $1, totp_enabled_at = now() WHERE email = $2 AND role = 'admin' AND totp_enabled_at IS NULL", [
    new Secret({ size: 20 }).base32,
    email,
  ]);
}

/**
 * The signature koa gives a signed cookie (the `cookies` package's Keygrip): HMAC-SHA1 of
 * `name=value` with the first session key, in base64url.
 */
function cookieSignature(name: string, value: string): string {
  const keys = ApiEnv.shape.SESSION_KEYS.parse(process.env.E2E_SESSION_KEYS);
  return createHmac('sha1', keys[0]!).update(`${name}=${value}`).digest('base64url');
}

/**
 * Signs `target` in as the account `email` without the login form: the session a completed
 * sign-in leaves (signedInSession, with the browser's own User-Agent: a sign-in with two-step
 * verification leaves the same once its code is right) is written into the API's store under a
 * new id, as koa-session saves it, and the signed `sid` cookie is set in the browser context. An
 * archived account is refused, as the login form refuses it. The API reads the user (role,
 * two-step verification) from the database on every request, so the session gets what a real one
 * would: an admin without two-step verification where it is required is kept out of the admin
 * pages (signInAsAdmin meets the rule first). A page shows the session from its next
 * navigation (goto or reload).
 */
export async function signInAs(target: Page | BrowserContext, email: string): Promise<void> {
  const { E2E_REDIS_URL: redisUrl, E2E_REDIS_PREFIX: redisPrefix } = process.env;
  if (!redisUrl || !redisPrefix) throw new Error('signInAs needs E2E_REDIS_URL and E2E_REDIS_PREFIX (set by tests/e2e/run.ts).');
  const [user] = await query<{ id: number; is_archived: boolean }>('SELECT id, is_archived FROM users WHERE email = $1', [email]);
  if (!user) throw new Error(`signInAs: no account ${email}`);
  if (user.is_archived) throw new Error(`signInAs: ${email} is archived, and the login form would refuse it`);

  const isPage = !('newPage' in target);
  const context = isPage ? target.context() : target;
  const page = isPage ? target : await context.newPage();
  const userAgent = await page.evaluate(() => navigator.userAgent);
  if (!isPage) await page.close();

  const id = sessionId();
  const now = Date.now();
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    // koa-session stores its expiry beside the data and keeps the stored copy 10 s past the cookie.
    const stored = { ...signedInSession(user.id, userAgent, now), _expire: now + SESSION_MAX_AGE_MS, _maxAge: SESSION_MAX_AGE_MS };
    await redisSessionStore(redis, redisPrefix).set(id, stored, SESSION_MAX_AGE_MS + 10_000);
  } finally {
    redis.disconnect();
  }
  const cookie = { url: BASE_URL, httpOnly: true, sameSite: 'Lax' as const, expires: Math.floor((now + SESSION_MAX_AGE_MS) / 1000) };
  await context.addCookies([
    { ...cookie, name: SESSION_COOKIE, value: id },
    { ...cookie, name: `${SESSION_COOKIE}.sig`, value: cookieSignature(SESSION_COOKIE, id) },
  ]);
}

/** signInAs the demo admin, who first meets the two-step rule (meetAdminTwoStepRule): the admin pages let them in. */
export async function signInAsAdmin(target: Page | BrowserContext): Promise<void> {
  await meetAdminTwoStepRule(ADMIN_EMAIL);
  await signInAs(target, ADMIN_EMAIL);
}

/** Ticks a form's ALTCHA box (through its label, as a person would) and waits until it is solved. */
export async function solveCaptcha(form: Locator): Promise<void> {
  await form.getByText("I'm not a robot").click();
  // Generous: headless Chromium solves it slowly on a busy two-core machine.
  await expect(form.getByText('Verified', { exact: true })).toBeVisible({ timeout: 30_000 });
}

/**
 * The login form, filled and sent as a person would (the page is at /login already): e-mail,
 * password, the captcha, Sign in. What follows (the next page, the code's step, a refusal) is
 * the test's to check.
 */
export async function submitSignInForm(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('main').getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptcha(form);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * The newest e-mail to `email` (with `subject` in its line of the list, when given), opened at
 * /admin/mail on `admin` (a page signed in as an admin): the worker sends in the background, so
 * the list is refreshed until it shows. The list is scanned with axe before the message opens
 * (axe cannot enter the message's sandboxed, script-less iframe). Answers the message's text.
 */
export async function openNewestMail(admin: Page, email: string, subject?: string): Promise<string> {
  await openPage(admin, '/admin/mail');
  await expect(admin.getByRole('heading', { level: 1, name: 'Development e-mails' })).toBeVisible();
  const listed = admin.getByRole('button').filter({ hasText: `To: ${email}` });
  // The list is newest first.
  const message = (subject ? listed.filter({ hasText: subject }) : listed).first();
  await expect(async () => {
    await admin.getByRole('button', { name: 'Refresh' }).click({ timeout: 2_000 });
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await checkA11y(admin);
  await message.click();
  return (await admin.getByTestId('mail-text').textContent()) ?? '';
}

/** openNewestMail in a browser of its own signed in as the demo admin, for a test whose own page is someone else's. */
export async function mailAsAdmin(browser: Browser, email: string, subject?: string): Promise<string> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  try {
    await declineCookies(context);
    const admin = await context.newPage();
    await signInAsAdmin(admin);
    return await openNewestMail(admin, email, subject);
  } finally {
    await context.close();
  }
}

/**
 * With E2E_SCREENSHOT_DIR set (`E2E_SCREENSHOT_DIR=/tmp/shots npm run test:e2e -- …`), saves a
 * PNG named after the project and `name` (the whole page, or the viewport: an open modal dialog
 * shows only there), to look at a journey's screens; otherwise does nothing.
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${base.info().project.name}-${name}.png`), fullPage });
}

const consentScript = () => {
  window.localStorage.setItem('itc-cookie-consent', JSON.stringify({ choice: 'declined', at: Date.now() }));
};

/** Makes every page of the context start with the cookie banner answered (declined), so it stays out of the way. */
/** Console errors of the page (React reports a hydration mismatch as one), map tiles aside. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Waits until React has taken over a page whose first screen came in the server's HTML: until
 * then a tap or a key does nothing. Hydration drops the cookie banner's 'pending' mark (the banner
 * is in the HTML for everyone), so its going is the sign.
 */
export async function untilHydrated(page: Page): Promise<void> {
  await expect(page.locator('[data-cookie-banner="pending"]')).toHaveCount(0, { timeout: 20_000 });
}

/** The API answers the server rendered the page with (SWR key → data; api/src/spa/first-screen.ts). */
export async function firstScreenData(page: Page): Promise<Record<string, unknown>> {
  return JSON.parse((await page.locator(`#${FIRST_SCREEN_DATA_ID}`).textContent()) ?? '{}') as Record<string, unknown>;
}

/** Holds the page's scripts back until the returned function is called: the page as first painted, before hydration. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Opens a page and waits until its heading is shown and it works: a page whose first screen is in
 * its HTML (prerendered or server-rendered) is painted before React has taken it over, and until
 * then its forms are sent by the browser and its buttons wait (decision 0031).
 */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await untilHydrated(page);
}

/** Opens a directory address and waits until its first results (or its empty state) are shown and work. */
export async function openDirectory(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // Generous: the page and its data arrive together on a busy two-core machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Professionals' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status', { name: 'Loading professionals' })).toHaveCount(0, { timeout: 20_000 });
  await untilHydrated(page);
}

export async function declineCookies(context: BrowserContext): Promise<void> {
  await context.addInitScript(consentScript);
}

/**
 * Runs `body` while the worker takes no job from `queueName` (BullMQ's pause; jobs added meanwhile
 * wait and run after), then resumes the queue. Keep `body` short: other tests share the queue.
 */
export async function withQueuePaused<T>(queueName: QueueName, body: () => Promise<T>): Promise<T> {
  const { E2E_REDIS_URL: url, E2E_REDIS_PREFIX: prefix } = process.env;
  if (!url || !prefix) throw new Error('withQueuePaused needs E2E_REDIS_URL and E2E_REDIS_PREFIX (set by tests/e2e/run.ts).');
  const queue = new Queue(queueName, { connection: { url }, prefix: queuePrefix(prefix) });
  try {
    await queue.pause();
    try {
      return await body();
    } finally {
      await queue.resume();
    }
  } finally {
    await queue.close();
  }
}

export const test = base.extend<{ runLock: void; consentedPage: Page; providerPage: Page; adminPage: Page }>({
  /** Every test's turn (see the top of this file): shared for ordinary tests, exclusive for ALONE_TAG ones. */
  runLock: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
    async ({}, use, testInfo) => {
      if (!process.env.E2E_DATABASE_URL) return use();
      const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
      await client.connect();
      try {
        const isAlone = testInfo.tags.includes(ALONE_TAG);
        await client.query(isAlone ? 'SELECT pg_advisory_lock($1)' : 'SELECT pg_advisory_lock_shared($1)', [RUN_LOCK_KEY]);
        await use();
      } finally {
        // Closing the session releases its advisory locks.
        await client.end();
      }
    },
    { auto: true, timeout: RUN_LOCK_WAIT_MS },
  ],
  /** A page whose visitor has already answered the cookie banner (declined), so it stays out of the way. */
  consentedPage: async ({ page, context }, use) => {
    await declineCookies(context);
    await use(page);
  },
  /** consentedPage with a session of the demo provider's (signInAs); still blank: navigate first. */
  providerPage: async ({ consentedPage: page }, use) => {
    await signInAs(page, PROVIDER_EMAIL);
    await use(page);
  },
  /** consentedPage with a session of the demo admin's (signInAsAdmin); still blank: navigate first. */
  adminPage: async ({ consentedPage: page }, use) => {
    await signInAsAdmin(page);
    await use(page);
  },
});
