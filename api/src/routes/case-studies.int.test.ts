// A listing's case studies (issue 34, product rule 46): only the listing's provider edits them;
// limits and bad input are 4xx with messages; photos go through the media pipeline (WebP files,
// content-hashed keys); a PUT cannot name a photo the case study does not have (someone else's
// key); and files are shared by reference with the gallery (decisions/0028, migration
// 20261129031000): deleting a case study or its photo frees its files only when nothing else names them.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseStudy } from '../../../core/case-studies';
import { MAX_CASE_STUDIES, MAX_CASE_STUDY_PHOTOS } from '../../../core/case-studies';
import { CASE_STUDY_PATHS } from '../../../core/case-study-input';
import type { ProfessionalMedia } from '../../../core/media';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { createUser, signIn } from '../testing/accounts';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';

let db: TestDatabase;
let t: TestApp;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'itc-case-studies-'));
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { LOGIN_LIMIT_PER_IP: '1000', MEDIA_DIR: mediaDir, MEDIA_LIMIT_PER_USER: '1000' } });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

function jpeg(colour: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).jpeg().toBuffer();
}

function sendJson(pathname: string, method: string, body: unknown, cookie: string): Promise<Response> {
  return t.fetch(pathname, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify(body) });
}

function uploadPhoto(caseStudy: string, bytes: Buffer | string, cookie: string, alt?: string): Promise<Response> {
  const query = new URLSearchParams({ caseStudy, ...(alt ? { alt } : {}) });
  return t.fetch(`${CASE_STUDY_PATHS.photos}?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'image/jpeg', Cookie: cookie },
    body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes),
  });
}

const STUDY = { title: 'Office network rebuilt', clientKind: 'A 40-person accountancy firm', summary: 'New cabling, Wi-Fi and a firewall over one weekend.' };

async function provider() {
  const user = await createUser(db.prisma, { role: 'provider' });
  return { user, cookie: await signIn(t, user.email) };
}

const files = async (key: string) => (await readdir(mediaDir)).filter((name) => name.startsWith(key)).sort();

describe('case studies', () => {
  it('saves, reorders and clears texts; refuses bad input and more than the limit with 422', async () => {
    const { user, cookie } = await provider();
    expect(await (await t.fetch(CASE_STUDY_PATHS.list, { headers: { Cookie: cookie } })).json()).toEqual([]);

    const saved = await sendJson(CASE_STUDY_PATHS.list, 'PUT', { caseStudies: [STUDY, { ...STUDY, title: 'Backups that work' }] }, cookie);
    expect(saved.status).toBe(200);
    const two = (await saved.json()) as CaseStudy[];
    expect(two.map((s) => s.title)).toEqual(['Office network rebuilt', 'Backups that work']);
    expect(two[0]!.id).toMatch(/^[A-Za-z0-9_-]{8,32}$/);

    const reordered = (await (await sendJson(CASE_STUDY_PATHS.list, 'PUT', { caseStudies: [two[1], two[0]] }, cookie)).json()) as CaseStudy[];
    expect(reordered.map((s) => s.id)).toEqual([two[1]!.id, two[0]!.id]);
    const row = await db.prisma.professional.findUniqueOrThrow({ where: { id: user.professionalId! }, select: { caseStudies: true } });
    expect((row.caseStudies as unknown as CaseStudy[]).map((s) => s.title)).toEqual(['Backups that work', 'Office network rebuilt']);

    for (const [body, field] of [
      [{ caseStudies: Array.from({ length: MAX_CASE_STUDIES + 1 }, () => STUDY) }, 'caseStudies'],
      [{ caseStudies: [{ ...STUDY, title: ' ' }] }, 'caseStudies.0.title'],
      [{ caseStudies: [{ ...STUDY, summary: 'x'.repeat(2001) }] }, 'caseStudies.0.summary'],
      [{ caseStudies: 'nope' }, 'caseStudies'],
    ] as const) {
      const res = await sendJson(CASE_STUDY_PATHS.list, 'PUT', body, cookie);
      expect(res.status, field).toBe(422);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty([field]);
    }
    const cleared = await sendJson(CASE_STUDY_PATHS.list, 'PUT', { caseStudies: [] }, cookie);
    expect(await cleared.json()).toEqual([]);
  });

  it('adds photos through the media pipeline, up to the limit, and refuses what is not an image', async () => {
    const { cookie } = await provider();
    const [study] = (await (await sendJson(CASE_STUDY_PATHS.list, 'PUT', { caseStudies: [STUDY] }, cookie)).json()) as CaseStudy[];
    expect((await uploadPhoto(study!.id, 'not an image at all', cookie)).status).toBe(415);
    for (let i = 0; i < MAX_CASE_STUDY_PHOTOS; i++) {
      const res = await uploadPhoto(study!.id, await jpeg({ r: 10 + i, g: 100, b: 200 }), cookie, `Rack ${i}`);
      expect(res.status).toBe(201);
    }
    const after = (await (await t.fetch(CASE_STUDY_PATHS.list, { headers: { Cookie: cookie } })).json()) as CaseStudy[];
    expect(after[0]!.photos.map((p) => p.alt)).toEqual(['Rack 0', 'Rack 1', 'Rack 2']);
    expect(await files(after[0]!.photos[0]!.key)).toEqual([`${after[0]!.photos[0]!.key}-1200.webp`, `${after[0]!.photos[0]!.key}-480.webp`]);
    expect((await uploadPhoto(study!.id, await jpeg({ r: 1, g: 1, b: 1 }), cookie)).status).toBe(409);
    expect((await uploadPhoto('unknownstudy1', await jpeg({ r: 2, g: 2, b: 2 }), cookie)).status).toBe(404);
  });

  it("cannot name another listing's photo, nor change another listing's case study", async () => {
    const owner = await provider();
    const other = await provider();
    const [study] = (await (await sendJson(CASE_STUDY_PATHS.list, 'PUT', { caseStudies: [STUDY] }, owner.cookie)).json()) as CaseStudy[];
    const withPhoto = (await (await uploadPhoto(study!.id, await jpeg({ r: 90, g: 1, b: 1 }), owner.cookie)).json()) as CaseStudy[];
    const photo = withPhoto[0]!.photos[0]!;

    // The other provider's PUT names the owner's key: refused, nothing stored.
    const theirs = await sendJson(CASE_STUDY_PATHS.list, 'PUT', { caseStudies: [{ ...STUDY, photos: [{ key: photo.key, alt: 'Mine now' }] }] }, other.cookie);
    expect(theirs.status).toBe(422);
    // The owner's case study id is not theirs: a photo for it is 404, and deleting its photo is 404.
    expect((await uploadPhoto(study!.id, await jpeg({ r: 3, g: 3, b: 3 }), other.cookie)).status).toBe(404);
    expect((await t.fetch(`${CASE_STUDY_PATHS.photo(photo.key)}?caseStudy=${study!.id}`, { method: 'DELETE', headers: { Cookie: other.cookie } })).status).toBe(404);
    // A customer account is no provider.
    const client = await createUser(db.prisma, { role: 'customer' });
    expect((await t.fetch(CASE_STUDY_PATHS.list, { headers: { Cookie: await signIn(t, client.email) } })).status).toBe(403);
    expect(await files(photo.key)).toHaveLength(2);
  });

  it("keeps a file the gallery shares when the case study or its photo goes, and frees one nothing names", async () => {
    const { cookie } = await provider();
    const bytes = await jpeg({ r: 33, g: 66, b: 99 });
    const gallery = (await (
      await t.fetch('/api/professionals/my-profile/media/photos', { method: 'POST', headers: { 'Content-Type': 'image/jpeg', Cookie: cookie }, body: new Uint8Array(bytes) })
    ).json()) as ProfessionalMedia;
    const shared = gallery.photos[0]!.key;

    const [study] = (await (await sendJson(CASE_STUDY_PATHS.list, 'PUT', { caseStudies: [STUDY] }, cookie)).json()) as CaseStudy[];
    await uploadPhoto(study!.id, bytes, cookie);
    const both = (await (await uploadPhoto(study!.id, await jpeg({ r: 200, g: 1, b: 1 }), cookie)).json()) as CaseStudy[];
    const own = both[0]!.photos.find((p) => p.key !== shared)!.key;
    expect(both[0]!.photos.map((p) => p.key)).toContain(shared);

    // Deleting the gallery photo keeps the files: the case study names them.
    await t.fetch(`/api/professionals/my-profile/media/photos/${shared}`, { method: 'DELETE', headers: { Cookie: cookie } });
    expect(await files(shared)).toHaveLength(2);

    // Deleting the case study's own photo frees its files.
    const res = await t.fetch(`${CASE_STUDY_PATHS.photo(own)}?caseStudy=${study!.id}`, { method: 'DELETE', headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(await files(own)).toEqual([]);

    // Upload to the gallery again, then delete the whole case study: the gallery keeps the shared file.
    await t.fetch('/api/professionals/my-profile/media/photos', { method: 'POST', headers: { 'Content-Type': 'image/jpeg', Cookie: cookie }, body: new Uint8Array(bytes) });
    await sendJson(CASE_STUDY_PATHS.list, 'PUT', { caseStudies: [] }, cookie);
    expect(await files(shared)).toHaveLength(2);
    // And once the gallery lets it go too, nothing names it: the files go.
    await t.fetch(`/api/professionals/my-profile/media/photos/${shared}`, { method: 'DELETE', headers: { Cookie: cookie } });
    expect(await files(shared)).toEqual([]);
  });
});
