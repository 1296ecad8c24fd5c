// Smoke test of the running product as `npm run test:e2e` starts it (tests/e2e/run.ts): the home
// page renders, the health endpoints answer, and the worker has given every demo professional
// map coordinates within 30 s of starting (the seed never writes them: the worker must).
import pg from 'pg';
import { checkA11y, expect, test } from './fixtures';

const GEOCODING_BUDGET_MS = 30_000;

test('the home page loads', async ({ consentedPage: page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/ITConnect/);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkA11y(page);
});

test('/api/health and /api/ready answer 200', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  const ready = await request.get('/api/ready');
  expect(ready.status()).toBe(200);
});

test('every demo professional has coordinates within 30 s of start', async () => {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  test.skip(!databaseUrl, 'E2E_DATABASE_URL is set by tests/e2e/run.ts (npm run test:e2e)');
  const startedAt = Number(process.env.E2E_STARTED_AT ?? Date.now());
  const deadline = startedAt + GEOCODING_BUDGET_MS;
  test.setTimeout(Math.max(deadline - Date.now(), 0) + 15_000);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = async () => {
      const { rows } = await client.query<{ total: number; located: number; outside_uk: number }>(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE lat IS NOT NULL AND lng IS NOT NULL)::int AS located,
                count(*) FILTER (WHERE lat NOT BETWEEN 49.8 AND 60.9 OR lng NOT BETWEEN -8.7 AND 1.8)::int AS outside_uk
           FROM professionals`,
      );
      return rows[0]!;
    };
    let latest = await count();
    while (latest.located < latest.total && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      latest = await count();
    }
    expect(latest.total, 'demo professionals seeded').toBeGreaterThanOrEqual(50);
    expect(latest.located, `professionals with coordinates ${Math.round((Date.now() - startedAt) / 1000)} s after start`).toBe(latest.total);
    expect(latest.outside_uk, 'coordinates outside the UK').toBe(0);
  } finally {
    await client.end();
  }
});
