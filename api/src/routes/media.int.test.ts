// A listing's logo and photos (product rule 34): only the listing's provider uploads; the type is
// sniffed from the bytes; too big, wrong type and too many photos are 4xx with their messages;
// every stored file is WebP without the original's EXIF (GPS); files are served with immutable
// cache headers; replacing and deleting remove the old files; the public profile, its JSON-LD and
// the answer cache follow at once. Files are shared by reference (decisions/0028): two listings that
// upload the same bytes share files, and a file goes only when no listing uses it, also when a
// deletion and an upload of the same bytes race.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfessionalListItem } from '../../../core/directory';
import { MAX_PHOTOS, MAX_UPLOAD_BYTES, MEDIA_TEXTS, mediaUrl, type ProfessionalMedia } from '../../../core/media';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { createUser, signIn } from '../testing/accounts';
import { deleteLogo, uploadListingImage } from '../domain/media/listing-media';
import { localMediaStorage, type MediaStorage } from '../domain/media/media-storage';
import { professionalJsonLd } from '../domain/seo/professional-json-ld';
import { createProfessional } from '../testing/factories';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';
import { until } from '../testing/until';

let db: TestDatabase;
let t: TestApp;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'itc-media-'));
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { LOGIN_LIMIT_PER_IP: '1000', MEDIA_DIR: mediaDir, MEDIA_LIMIT_PER_USER: '1000' } });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

const LOGO = '/api/professionals/my-profile/media/logo';
const PHOTOS = '/api/professionals/my-profile/media/photos';

/** A JPEG carrying EXIF with a GPS position (sharp writes the IFDs it is given). */
async function jpegWithGps(colour = { r: 200, g: 60, b: 40 }, width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Spy 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

function upload(pathname: string, body: Buffer | string, cookie: string, method = 'PUT', contentType = 'image/jpeg'): Promise<Response> {
  return t.fetch(pathname, { method, headers: { 'Content-Type': contentType, Cookie: cookie }, body: typeof body === 'string' ? body : new Uint8Array(body) });
}

function sendJson(pathname: string, method: string, body: unknown, cookie: string): Promise<Response> {
  return t.fetch(pathname, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify(body) });
}

async function liveProvider() {
  const pro = await createProfessional(db.prisma, { companyName: 'Bright Byte IT' });
  const user = await createUser(db.prisma, { role: 'provider', professionalId: pro.id });
  return { pro, user, cookie: await signIn(t, user.email) };
}

describe('listing media', () => {
  it('takes a logo from its provider: sniffed, made WebP at fixed sizes, EXIF and GPS gone, served for a year', async () => {
    const { cookie, pro } = await liveProvider();
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    // The browser says PNG and the name says nothing: the bytes decide.
    const res = await upload(`${LOGO}?alt=${encodeURIComponent('Bright Byte IT logo: a blue lightning bolt')}`, original, cookie, 'PUT', 'image/png');
    expect(res.status).toBe(200);
    const media = (await res.json()) as ProfessionalMedia;
    expect(media.logo).toMatchObject({ alt: 'Bright Byte IT logo: a blue lightning bolt', width: 256, height: 256 });

    for (const size of [96, 256]) {
      const served = await t.fetch(mediaUrl(media.logo!.key, size));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const body = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(body).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size, height: size });
      expect(meta.exif).toBeUndefined();
      expect(body.includes(Buffer.from('TestCam'))).toBe(false);
      expect(body.includes(Buffer.from('GPS'))).toBe(false);
      expect(served.headers.get('etag')).toBe(`"${media.logo!.key}-${size}.webp"`);
    }

    // The public profile (through the answer cache) and its page's JSON-LD show it.
    await until(async () => {
      const profile = (await (await t.fetch(`/api/professionals/slug/${pro.slug}`)).json()) as ProfessionalListItem;
      return profile.media.logo?.key === media.logo!.key;
    }, 'the profile to show the logo');
  });

  it('refuses a file that is not an image whatever its name or type says, a damaged image, an empty body and one too big', async () => {
    const { cookie } = await liveProvider();
    const fakeJpeg = await upload(LOGO, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), cookie, 'PUT', 'image/jpeg');
    expect(fakeJpeg.status).toBe(415);
    expect(await fakeJpeg.json()).toEqual({ error: { code: 'unsupported_media_type', message: MEDIA_TEXTS.wrongType } });

    const gif = await upload(LOGO, await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).gif().toBuffer(), cookie, 'PUT', 'image/gif');
    expect(gif.status).toBe(415);

    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const broken = await upload(LOGO, damaged, cookie);
    expect(broken.status).toBe(422);
    expect((await broken.json()).error.message).toBe(MEDIA_TEXTS.unreadable);

    const empty = await upload(LOGO, Buffer.alloc(0), cookie);
    expect(empty.status).toBe(400);

    const huge = Buffer.concat([await jpegWithGps(), Buffer.alloc(MAX_UPLOAD_BYTES, 0)]);
    const tooBig = await upload(LOGO, huge, cookie);
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error.message).toBe(MEDIA_TEXTS.tooLarge);

    expect((await (await t.fetch('/api/professionals/my-profile/media', { headers: { Cookie: cookie } })).json())).toEqual({ logo: null, photos: [] });
  });

  it('keeps at most six photos, edits alt text, and deletes photos and their files', async () => {
    const { cookie } = await liveProvider();
    let media: ProfessionalMedia = { logo: null, photos: [] };
    for (let i = 0; i < MAX_PHOTOS; i++) {
      const res = await upload(PHOTOS, await jpegWithGps({ r: 20 * i, g: 100, b: 150 }, 1600, 900), cookie, 'POST');
      expect(res.status).toBe(201);
      media = (await res.json()) as ProfessionalMedia;
    }
    expect(media.photos).toHaveLength(MAX_PHOTOS);
    expect(media.photos[0]).toMatchObject({ alt: 'Work by Bright Byte IT', width: 1200, height: 675 });

    const seventh = await upload(PHOTOS, await jpegWithGps({ r: 1, g: 2, b: 3 }), cookie, 'POST');
    expect(seventh.status).toBe(409);
    expect((await seventh.json()).error.message).toBe(MEDIA_TEXTS.tooManyPhotos);

    const first = media.photos[0]!;
    const blankAlt = await sendJson(`${PHOTOS}/${first.key}`, 'PATCH', { alt: '   ' }, cookie);
    expect(blankAlt.status).toBe(422);
    const alt = await sendJson(`${PHOTOS}/${first.key}`, 'PATCH', { alt: 'Server rack we cabled for a dental practice' }, cookie);
    expect(alt.status).toBe(200);
    expect(((await alt.json()) as ProfessionalMedia).photos[0]!.alt).toBe('Server rack we cabled for a dental practice');

    const files = await readdir(mediaDir);
    expect(files).toContain(`${first.key}-1200.webp`);
    const deleted = await t.fetch(`${PHOTOS}/${first.key}`, { method: 'DELETE', headers: { Cookie: cookie } });
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as ProfessionalMedia).photos).toHaveLength(MAX_PHOTOS - 1);
    expect(await readdir(mediaDir)).not.toContain(`${first.key}-1200.webp`);
    expect((await t.fetch(mediaUrl(first.key, 1200))).status).toBe(404);

    const gone = await t.fetch(`${PHOTOS}/${first.key}`, { method: 'DELETE', headers: { Cookie: cookie } });
    expect(gone.status).toBe(404);
    const bogus = await t.fetch(`${PHOTOS}/not-a-key`, { method: 'DELETE', headers: { Cookie: cookie } });
    expect(bogus.status).toBe(404);
  });

  it('replaces a logo (the old files go) and deletes it', async () => {
    const { cookie } = await liveProvider();
    const one = ((await (await upload(LOGO, await jpegWithGps({ r: 10, g: 10, b: 10 }), cookie)).json()) as ProfessionalMedia).logo!;
    const two = ((await (await upload(LOGO, await jpegWithGps({ r: 250, g: 250, b: 10 }), cookie)).json()) as ProfessionalMedia).logo!;
    expect(two.key).not.toBe(one.key);
    expect(two.alt).toBe('Bright Byte IT logo');
    expect((await t.fetch(mediaUrl(one.key, 96))).status).toBe(404);
    expect((await t.fetch(mediaUrl(two.key, 96))).status).toBe(200);

    const removed = await t.fetch(LOGO, { method: 'DELETE', headers: { Cookie: cookie } });
    expect(await removed.json()).toEqual({ logo: null, photos: [] });
    expect((await t.fetch(mediaUrl(two.key, 96))).status).toBe(404);
    expect((await t.fetch(LOGO, { method: 'DELETE', headers: { Cookie: cookie } })).status).toBe(404);
  });

  it('lets only a signed-in provider change their own listing', async () => {
    const jpeg = await jpegWithGps();
    expect((await upload(LOGO, jpeg, '')).status).toBe(401);
    const customer = await createUser(db.prisma, { role: 'customer' });
    expect((await upload(LOGO, jpeg, await signIn(t, customer.email))).status).toBe(403);
    const admin = await createUser(db.prisma, { role: 'admin' });
    expect((await upload(PHOTOS, jpeg, await signIn(t, admin.email), 'POST')).status).toBe(403);

    // A provider whose listing is gone has nothing to put images on.
    const orphan = await createUser(db.prisma, { role: 'provider' });
    await db.prisma.user.update({ where: { id: orphan.id }, data: { professionalId: null } });
    const res = await upload(LOGO, jpeg, await signIn(t, orphan.email));
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe(MEDIA_TEXTS.noListing);

    // Another provider's photo key is simply not on this listing.
    const a = await liveProvider();
    const b = await liveProvider();
    const photo = ((await (await upload(PHOTOS, jpeg, a.cookie, 'POST')).json()) as ProfessionalMedia).photos[0]!;
    expect((await t.fetch(`${PHOTOS}/${photo.key}`, { method: 'DELETE', headers: { Cookie: b.cookie } })).status).toBe(404);
    expect((await t.fetch(mediaUrl(photo.key, 480))).status).toBe(200);
  });

  it('rate-limits changes per provider', async () => {
    const limited = await serveTestApp({ database: db, env: { LOGIN_LIMIT_PER_IP: '1000', MEDIA_DIR: mediaDir, MEDIA_LIMIT_PER_USER: '2' } });
    try {
      const pro = await createProfessional(db.prisma);
      const user = await createUser(db.prisma, { role: 'provider', professionalId: pro.id });
      const cookie = await signIn(limited, user.email);
      const jpeg = await jpegWithGps();
      const put = () => limited.fetch(LOGO, { method: 'PUT', headers: { 'Content-Type': 'image/jpeg', Cookie: cookie }, body: new Uint8Array(jpeg) });
      expect((await put()).status).toBe(200);
      expect((await put()).status).toBe(200);
      const third = await put();
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.close();
    }
  });

  it('names the logo and photos in the profile JSON-LD and allows them in the CSP', async () => {
    const { cookie, pro } = await liveProvider();
    const logo = ((await (await upload(LOGO, await jpegWithGps(), cookie)).json()) as ProfessionalMedia).logo!;
    const photo = ((await (await upload(PHOTOS, await jpegWithGps({ r: 1, g: 200, b: 1 }), cookie, 'POST')).json()) as ProfessionalMedia).photos[0]!;
    let profile: ProfessionalListItem | null = null;
    await until(async () => {
      profile = (await (await t.fetch(`/api/professionals/slug/${pro.slug}`)).json()) as ProfessionalListItem;
      return profile.media.photos.length === 1;
    }, 'the profile to show the photo');
    const url = `https://itconnect.example/professionals/${pro.slug}`;
    const jsonLd = professionalJsonLd(profile!, url, 'About');
    expect(jsonLd.logo).toBe(`https://itconnect.example${mediaUrl(logo.key, 256)}`);
    expect(jsonLd.image).toEqual([`https://itconnect.example${mediaUrl(photo.key, 1200)}`]);
    const served = await t.fetch(mediaUrl(logo.key, 96));
    expect(served.headers.get('content-security-policy')).toContain("img-src 'self'");

    // Without images the JSON-LD names none (the card and profile show initials).
    expect(professionalJsonLd({ ...profile!, media: { logo: null, photos: [] } }, url, 'About')).not.toHaveProperty('logo');
  });
});

describe('files shared by two listings', () => {
  const served = async (key: string, size: number) => (await t.fetch(mediaUrl(key, size))).status;
  const remove = (pathname: string, cookie: string) => t.fetch(pathname, { method: 'DELETE', headers: { Cookie: cookie } });
  const uploaded = async (res: Response) => {
    expect(res.status).toBeLessThan(300);
    return (await res.json()) as ProfessionalMedia;
  };

  it("keeps a file another listing still uses when one listing replaces or deletes it, and removes it with the last use", async () => {
    const a = await liveProvider();
    const b = await liveProvider();
    const logo = await jpegWithGps({ r: 12, g: 34, b: 56 });
    const photo = await jpegWithGps({ r: 65, g: 43, b: 21 }, 1600, 900);
    const aLogo = (await uploaded(await upload(LOGO, logo, a.cookie))).logo!;
    const bLogo = (await uploaded(await upload(LOGO, logo, b.cookie))).logo!;
    const aPhoto = (await uploaded(await upload(PHOTOS, photo, a.cookie, 'POST'))).photos[0]!;
    const bPhoto = (await uploaded(await upload(PHOTOS, photo, b.cookie, 'POST'))).photos[0]!;
    // The same bytes make the same names: one set of files for both listings.
    expect(bLogo.key).toBe(aLogo.key);
    expect(bPhoto.key).toBe(aPhoto.key);

    // A replaces its logo and deletes its photo: B's are still served.
    const replaced = (await uploaded(await upload(LOGO, await jpegWithGps({ r: 200, g: 1, b: 1 }), a.cookie))).logo!;
    expect(replaced.key).not.toBe(aLogo.key);
    expect((await remove(`${PHOTOS}/${aPhoto.key}`, a.cookie)).status).toBe(200);
    for (const size of [96, 256]) expect(await served(bLogo.key, size)).toBe(200);
    for (const size of [480, 1200]) expect(await served(bPhoto.key, size)).toBe(200);

    // B was the last to use them: its deletions remove the files.
    expect((await remove(LOGO, b.cookie)).status).toBe(200);
    expect((await remove(`${PHOTOS}/${bPhoto.key}`, b.cookie)).status).toBe(200);
    for (const size of [96, 256]) expect(await served(bLogo.key, size)).toBe(404);
    for (const size of [480, 1200]) expect(await served(bPhoto.key, size)).toBe(404);
    const files = await readdir(mediaDir);
    expect(files.filter((name) => name.startsWith(bLogo.key) || name.startsWith(bPhoto.key))).toEqual([]);

    // A's new logo is its own, and goes with it.
    expect(await served(replaced.key, 96)).toBe(200);
    expect((await remove(LOGO, a.cookie)).status).toBe(200);
    expect(await served(replaced.key, 96)).toBe(404);
  });

  it('counts a listing written straight to the database (the demo seed, an admin script) as a use', async () => {
    const a = await liveProvider();
    const logo = (await uploaded(await upload(LOGO, await jpegWithGps({ r: 9, g: 9, b: 90 }), a.cookie))).logo!;
    const written = await createProfessional(db.prisma);
    await db.prisma.professional.update({ where: { id: written.id }, data: { media: { logo: { key: logo.key, alt: logo.alt, width: logo.width, height: logo.height }, photos: [] } } });
    expect((await remove(LOGO, a.cookie)).status).toBe(200);
    expect(await served(logo.key, 256)).toBe(200);

    // Its row changing its media is the last use going.
    await db.prisma.professional.update({ where: { id: written.id }, data: { media: { logo: null, photos: [] } } });
    const again = await liveProvider();
    await uploaded(await upload(LOGO, await jpegWithGps({ r: 9, g: 9, b: 90 }), again.cookie));
    expect((await remove(LOGO, again.cookie)).status).toBe(200);
    expect(await served(logo.key, 256)).toBe(404);
  });

  it("never removes the files of an upload that races the deletion of the same bytes", async () => {
    const a = await liveProvider();
    const b = await liveProvider();
    const bytes = await jpegWithGps({ r: 77, g: 177, b: 7 });
    const key = (await uploaded(await upload(LOGO, bytes, a.cookie))).logo!.key;

    // The worst order: A's deletion of its last use reaches the files only after B's upload has
    // written them again. The storage holds A's delete back until B's files are written, or until
    // B is seen waiting for the file's lock (then B cannot write them before A is done).
    const disk = localMediaStorage(mediaDir);
    let bWrote: () => void = () => undefined;
    const bWritten = new Promise<void>((resolve) => (bWrote = resolve));
    let gateOpen = false;
    const bWaitsForLock = async () => {
      for (let i = 0; i < 500 && !gateOpen; i++) {
        const [row] = await db.prisma.$queryRaw<{ waiting: bigint }[]>`
          SELECT count(*) AS waiting FROM pg_locks
          WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
        if (row!.waiting > 0n) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    let gate: Promise<void> | undefined;
    const forA: MediaStorage = {
      ...disk,
      async delete(name) {
        gate ??= Promise.race([bWritten, bWaitsForLock()]).finally(() => (gateOpen = true));
        await gate;
        await disk.delete(name);
      },
    };
    const forB: MediaStorage = {
      ...disk,
      async put(name, body, type) {
        await disk.put(name, body, type);
        if (name.endsWith('-256.webp')) bWrote();
      },
    };

    const [afterA, afterB] = await Promise.all([
      deleteLogo({ prisma: db.prisma, storage: forA }, a.user.id),
      uploadListingImage({ prisma: db.prisma, storage: forB }, b.user.id, 'logo', bytes, undefined),
    ]);
    expect(afterA.logo).toBeNull();
    expect(afterB.logo?.key).toBe(key);
    for (const size of [96, 256]) expect(await served(key, size)).toBe(200);
  });

  it('keeps every file in use through rounds of concurrent uploads and deletions of the same bytes', async () => {
    const a = await liveProvider();
    const b = await liveProvider();
    const bytes = await jpegWithGps({ r: 5, g: 55, b: 155 });
    const key = (await uploaded(await upload(LOGO, bytes, a.cookie))).logo!.key;
    let [holder, other] = [a, b];
    for (let round = 0; round < 6; round++) {
      // The holder lets go of the bytes while the other takes them: they are served throughout.
      const [gone, taken] = await Promise.all([remove(LOGO, holder.cookie), upload(LOGO, bytes, other.cookie)]);
      expect([gone.status, taken.status]).toEqual([200, 200]);
      for (const size of [96, 256]) expect(await served(key, size)).toBe(200);
      [holder, other] = [other, holder];
    }
    // Both take them at once, then both let go at once: the last one out removes the files.
    const [both1, both2] = await Promise.all([upload(LOGO, bytes, other.cookie), upload(LOGO, bytes, holder.cookie)]);
    expect([both1.status, both2.status]).toEqual([200, 200]);
    await Promise.all([remove(LOGO, holder.cookie), remove(LOGO, other.cookie)]);
    for (const size of [96, 256]) expect(await served(key, size)).toBe(404);
  });
});
