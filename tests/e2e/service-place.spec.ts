// A service in a place (issue 33, decision 0038) in Chromium against the real product: the page of
// 'Network Setup in Inverness' with a listing placed there, its facts and introduction from the
// data, its listings (in the server's HTML), a small map, the way to the full directory search (which names the page canonical), and a
// 404 for a place with no page. Scanned with axe at both viewports.
import { checkA11y, createListing, expect, query, saveScreenshot, test } from './fixtures';

const INVERNESS = { lat: 57.4778, lng: -4.2247 };

test('a service in a place has a page of its listings and facts, and the directory search leads on from it', async ({ consentedPage: page }) => {
  const listing = await createListing({ companyName: `Ness Networks ${Math.random().toString(36).slice(2, 8)}`, contactName: 'Isla Provider' });
  await query("UPDATE professionals SET lat = $1, lng = $2, region = 'Inverness', location = 'Inverness', postcode = 'IV1 1AA', geocoded_postcode = 'IV1 1AA' WHERE id = $3", [
    INVERNESS.lat,
    INVERNESS.lng,
    listing.id,
  ]);

  // Server-rendered: its facts and listings are in the HTML, before any script runs.
  const html = await (await page.request.get('/network-setup/inverness')).text();
  expect(html).toContain('Network Setup in Inverness</h1>');
  expect(html).toContain(listing.companyName);

  await page.goto('/network-setup/inverness');
  await expect(page.getByRole('heading', { level: 1, name: 'Network Setup in Inverness' })).toBeVisible();
  await expect(page).toHaveTitle(/^Network Setup in Inverness – \d+ IT professionals? \| ITConnect$/);
  await expect(page.getByText(/live Network Setup professionals? (is|are) based in or around Inverness on ITConnect\./)).toBeVisible();
  const listings = page.getByRole('region', { name: 'Network Setup in Inverness: the professionals' });
  await expect(listings.getByRole('heading', { name: listing.companyName })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Network Setup in Inverness');
  // Remote Support is their other service here: a page of its own.
  await expect(page.getByRole('region', { name: 'Other IT services in Inverness' }).getByRole('link', { name: /^Remote Support/ })).toHaveAttribute('href', '/remote-support/inverness');
  // A small map of the same search, loaded when it comes near the screen.
  const map = page.getByRole('region', { name: 'On the map' });
  await map.scrollIntoViewIfNeeded();
  // Its marker, or a cluster of it and the listings other runs placed there too.
  await expect(map.getByRole('button', { name: new RegExp(`^(${listing.companyName}|\\d+ professionals here: select to see them)$`) })).toBeVisible({ timeout: 20_000 });
  await checkA11y(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'service-place-page');

  await listings.getByRole('link', { name: /^See (it|all \d+) in the directory, with the map and filters$/ }).click();
  await expect(page).toHaveURL(/\/professionals\?service=Network\+Setup&location=Inverness$/);
  await expect(page).toHaveTitle('Network Setup in Inverness | ITConnect');
  await expect(page.getByRole('region', { name: 'Results', exact: true }).getByRole('heading', { name: listing.companyName })).toBeVisible();

  // The directory searched by the service alone (where the footer's service links go) lists its places.
  await page.goto('/professionals?service=Network%20Setup');
  const byPlace = page.getByRole('region', { name: 'Network Setup by place' });
  // The first places are in view, the rest under 'All n places'.
  await expect(byPlace.getByRole('link').first()).toBeVisible();
  const more = byPlace.getByText(/^All \d+ places$/);
  if (await more.isVisible()) await more.click();
  await expect(byPlace.getByRole('link', { name: /^Inverness \(\d+\)$/ })).toHaveAttribute('href', '/network-setup/inverness');

  const missing = await page.goto('/network-setup/atlantis');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
});
