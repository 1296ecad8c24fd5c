// A business gets a face (issue 13 item 5, product rule 34): the demo provider uploads a logo and a
// photo of their work on /profile, describes them, and sees them on their public profile (with the
// alt text they wrote) and on their card in the directory; then removes them again. Tagged @alone:
// it changes the demo provider's listing, which other journeys show.
import sharp from 'sharp';
import type { CurrentUser } from '../../core/auth';
import type { ProfessionalListItem } from '../../core/directory';
import { ALONE_TAG, checkA11y, expect, saveScreenshot, test } from './fixtures';

const LOGO_ALT = 'Round blue badge with the letters NC';
const PHOTO_ALT = 'A tidy comms cabinet we installed for a dental practice';

async function png(width: number, height: number, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f8fafc"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="${colour}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test(`a provider adds a logo and a photo and sees them on the profile and card ${ALONE_TAG}`, async ({ providerPage: page }) => {
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Logo and photos' });
  await expect(section).toBeVisible();
  const me = (await (await page.request.get('/api/auth/me')).json()) as CurrentUser;
  const slug = me.professionalSlug!;
  const origin = new URL(page.url()).origin;

  // Start from no images (an earlier, interrupted run may have left some).
  await page.request.delete('/api/professionals/my-profile/media/logo', { headers: { Origin: origin } });
  const before = (await (await page.request.get('/api/professionals/my-profile/media')).json()) as ProfessionalListItem['media'];
  for (const photo of before.photos) await page.request.delete(`/api/professionals/my-profile/media/photos/${photo.key}`, { headers: { Origin: origin } });
  await page.reload();
  await checkA11y(page);

  await section.getByLabel('Upload logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(400, 400, '#1d4ed8') });
  await expect(section.getByText('Logo saved.')).toBeVisible();
  await section.getByLabel('Logo description (alt text)').fill(LOGO_ALT);
  await section.getByRole('button', { name: 'Save description' }).click();
  await expect(section.getByText('Description saved.')).toBeVisible();

  await section.getByLabel('Add a photo').setInputFiles({ name: 'work.png', mimeType: 'image/png', buffer: await png(1600, 1000, '#047857') });
  await expect(section.getByText('Photo added.')).toBeVisible();
  await section.getByLabel('Photo 1 description (alt text)').fill(PHOTO_ALT);
  await section.getByRole('button', { name: 'Save description' }).nth(1).click();
  await expect(section.getByText('Description saved.')).toBeVisible();
  await expect(section.getByRole('img', { name: PHOTO_ALT })).toBeVisible();

  // A file that is not an image is refused with the server's message, and nothing changes.
  await section.getByLabel('Add a photo').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await expect(section.getByRole('alert')).toHaveText(/not a JPEG, PNG or WebP image/);
  await expect(section.getByRole('heading', { name: 'Photos of your work (1 of 6)' })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'profile-media-section');
  await checkA11y(page);

  // The public profile: the logo with its description, the photo with its own.
  await page.goto(`/professionals/${slug}`);
  await expect(page.getByRole('img', { name: LOGO_ALT })).toBeVisible();
  await expect(page.getByRole('img', { name: PHOTO_ALT })).toBeVisible();
  expect(await page.getByRole('img', { name: PHOTO_ALT }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await saveScreenshot(page, 'profile-with-media');
  await checkA11y(page);

  // The card in the directory shows the logo instead of the initials.
  const { companyName } = (await (await page.request.get(`/api/professionals/slug/${slug}`)).json()) as ProfessionalListItem;
  await page.goto(`/professionals?search=${encodeURIComponent(companyName)}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: companyName }) }).first();
  await expect(card.getByTestId('listing-logo')).toBeVisible();
  expect(await card.getByTestId('listing-logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await checkA11y(page);

  // Removing them brings the initials back.
  await page.goto('/profile');
  await section.getByRole('button', { name: 'Delete photo 1' }).click();
  await expect(section.getByText('Photo deleted.')).toBeVisible();
  await section.getByRole('button', { name: 'Remove logo' }).click();
  await expect(section.getByText('Logo removed.')).toBeVisible();
  await expect(section.getByText('No logo yet: your initials are shown instead.')).toBeVisible();
});
