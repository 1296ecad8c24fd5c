// Shared Playwright fixtures. Every spec imports { test, expect } from here. After each test the
// pages it visited have been scanned with axe: `await checkA11y(page)` scans the current page and
// fails on any violation (call it on every page a journey visits).
//
// Accounts. Only one journey signs in through the login form (accounts.spec.ts: register → … →
// sign in); every other test gets its session straight from the API with signInAs (or the
// providerPage fixture), so a change to the login page breaks that one journey, not the suite.
// Demo accounts get random passwords at seed time: ensureKnownPassword gives one KNOWN_PASSWORD
// straight in the e2e database (E2E_DATABASE_URL, set by run.ts), and createAccount makes a
// customer (or an admin) there for journeys that are not about signing up.
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
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Cookie, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib/v1';
import { Queue } from 'bullmq';
import pg from 'pg';
import type { CurrentUser } from '../../core/auth';
import { queuePrefix, type QueueName } from '../../core/jobs';
import { hashPassword } from '../../prisma/password';

export { expect };

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

const passwordsSet = new Map<string, Promise<void>>();

/** Gives a seeded account KNOWN_PASSWORD (once per worker). Without a database URL, assumes the server already knows it. */
export function ensureKnownPassword(email: string): Promise<void> {
  if (!process.env.E2E_DATABASE_URL) return Promise.resolve();
  let done = passwordsSet.get(email);
  if (!done) {
    done = withDatabase(async (client) => {
      const hash = await hashPassword(KNOWN_PASSWORD);
      await client.query('UPDATE users SET password_hash = $1 WHERE email = $2', [hash, email]);
    });
    passwordsSet.set(email, done);
  }
  return done;
}

/** An account made straight in the e2e database (journeys that are not about signing up): a customer unless asked. */
export async function createAccount(email: string, name: string, password: string, role: 'customer' | 'admin' = 'customer'): Promise<void> {
  const hash = await hashPassword(password);
  await withDatabase((client) =>
    client.query('INSERT INTO users (email, name, password_hash, role, updated_at) VALUES ($1, $2, $3, $4, now())', [email, name, hash, role]),
  );
}

/**
 * Signs in through the API, not the form: a captcha from GET /api/captcha/challenge solved here
 * in Node (ALTCHA_COST is tiny in e2e), then POST /api/auth/login from the context's own request
 * client, so the session cookies (sid, sid.sig) land in the browser context. The API refuses
 * writes without a same-origin Origin, so the request carries the site's. A page shows the
 * session from its next navigation (goto or reload).
 */
export async function signInAs(target: Page | BrowserContext, email: string, password: string): Promise<CurrentUser> {
  const request = ('newPage' in target ? target : target.context()).request;
  const challengeResponse = await request.get('/api/captcha/challenge');
  await expect(challengeResponse, 'GET /api/captcha/challenge').toBeOK();
  const origin = new URL(challengeResponse.url()).origin;
  const challenge = (await challengeResponse.json()) as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('the captcha challenge was not solved');
  const captcha = Buffer.from(
    JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature }),
  ).toString('base64');

  const response = await request.post('/api/auth/login', { data: { email, password, captcha }, headers: { Origin: origin } });
  await expect(response, `POST /api/auth/login as ${email}`).toBeOK();
  const context = 'newPage' in target ? target : target.context();
  const cookies = (await context.cookies(origin)).map((cookie) => cookie.name);
  expect(cookies, 'session cookies in the browser context').toEqual(expect.arrayContaining(['sid', 'sid.sig']));
  return (await response.json()) as CurrentUser;
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

export const test = base.extend<{ runLock: void; consentedPage: Page; providerPage: Page; adminPage: Page }, { adminCookies: Cookie[] }>({
  /**
   * The demo admin's session cookies, signed in once per worker: sign-ins are limited per address
   * (LOGIN_LIMIT_PER_IP), and every test's browser comes from 127.0.0.1.
   */
  adminCookies: [
    async ({ browser }, use) => {
      await ensureKnownPassword(ADMIN_EMAIL);
      const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100' });
      try {
        await signInAs(context, ADMIN_EMAIL, KNOWN_PASSWORD);
        const cookies = await context.cookies();
        await use(cookies);
      } finally {
        await context.close();
      }
    },
    { scope: 'worker' },
  ],
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
  /** consentedPage, signed in (through the API) as the demo provider with KNOWN_PASSWORD; still blank: navigate first. */
  providerPage: async ({ consentedPage: page }, use) => {
    await ensureKnownPassword(PROVIDER_EMAIL);
    await signInAs(page, PROVIDER_EMAIL, KNOWN_PASSWORD);
    await use(page);
  },
  /** consentedPage with the demo admin's session (adminCookies); still blank: navigate first. */
  adminPage: async ({ consentedPage: page, adminCookies }, use) => {
    await page.context().addCookies(adminCookies);
    await use(page);
  },
});
