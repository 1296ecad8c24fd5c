// Playwright with Debian's Chromium (npx playwright install cannot download here). The product is
// started by tests/e2e/run.ts on a fresh database, which passes its address in E2E_BASE_URL.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A test's own budget: 60 s. On a 2-core VM where a system call is dear (PVM), the suite ran about
  // three times slower than on earlier machines (31 min against 10), and a sign-in-twice journey
  // with two axe scans took 30.4 s. A test that hangs still fails, a minute in.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // The viewports the issues are checked at: a 1366×900 laptop and a 390×844 phone.
    { name: 'desktop', use: { viewport: { width: 1366, height: 900 } } },
    { name: 'mobile', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
});
