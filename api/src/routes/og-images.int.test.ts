// Structured data and preview images end to end (issue 33 item 3, decision 0040), against a real
// PostgreSQL and the directory index with its change feed: a service-and-place page's BreadcrumbList
// and ItemList, a profile's breadcrumbs, the og:image each head links, the PNG at that address,
// its version changing with the data, and 404s for what has no page.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfessionalListItem } from '../../../core/directory';
import { mediaFileName } from '../../../core/media';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { createProfessional, createReview } from '../testing/factories';
import { indexTemplate } from '../testing/index-template';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';
import { until } from '../testing/until';

const PUBLIC_URL = 'https://itconnect.example';
const SHEFFIELD = { region: 'Sheffield', lat: 53.3811, lng: -1.4701 };

let db: TestDatabase;
let t: TestApp;
let staticDir: string;
let mediaDir: string;

type JsonLd = Record<string, unknown> & { '@type': string };

function jsonLdBlocks(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as JsonLd);
}

function metaContent(html: string, property: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${property.replace(/:/g, ':')}" content="([^"]*)" />`).exec(html);
  return match?.[1]?.replace(/&amp;/g, '&');
}

/** The og:image of a page, as a path on the test app (the head's URL is absolute on PUBLIC_URL). */
async function ogImageOf(pagePath: string): Promise<{ url: string; path: string; version: string; html: string }> {
  const html = await (await t.fetch(pagePath)).text();
  const url = metaContent(html, 'og:image');
  expect(url, `${pagePath} has an og:image`).toBeDefined();
  const parsed = new URL(url!);
  return { url: url!, path: `${parsed.pathname}${parsed.search}`, version: parsed.searchParams.get('v') ?? '', html };
}

beforeAll(async () => {
  db = await createTestDatabase();
  staticDir = await mkdtemp(path.join(tmpdir(), 'itc-og-'));
  mediaDir = await mkdtemp(path.join(tmpdir(), 'itc-og-media-'));
  await writeFile(path.join(staticDir, 'index.html'), indexTemplate({ script: false }));
  t = await serveTestApp({ database: db, env: { STATIC_DIR: staticDir, MEDIA_DIR: mediaDir, PUBLIC_URL, RATE_LIMIT_PER_MINUTE: '100000' } });
  await until(() => t.api.deps.answers.stats().live, 'the change feed to listen');
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
  await rm(staticDir, { recursive: true, force: true });
  await rm(mediaDir, { recursive: true, force: true });
});

describe('structured data', () => {
  it('gives a service-and-place page a BreadcrumbList and an ItemList of its listings in the directory order', async () => {
    const p = db.prisma;
    await createProfessional(p, { ...SHEFFIELD, companyName: 'Steel City Cloud', services: ['Cloud Services'], rating: 4.2, reviewCount: 5 });
    await createProfessional(p, { ...SHEFFIELD, companyName: 'Don Valley Cloud', services: ['Cloud Services', 'IT Support'] });
    await createProfessional(p, { ...SHEFFIELD, companyName: 'Peak Cloud', services: ['Cloud Services'], rating: 4.9, reviewCount: 12 });
    await createProfessional(p, { ...SHEFFIELD, companyName: 'Hidden Cloud', services: ['Cloud Services'], isApproved: false });
    await t.directoryCaughtUp();
    const listed = (await (await t.fetch('/api/professionals?service=Cloud%20Services&location=Sheffield')).json()) as ProfessionalListItem[];
    expect(listed).toHaveLength(3);

    const res = await t.fetch('/cloud-services/sheffield');
    expect(res.status).toBe(200);
    const blocks = jsonLdBlocks(await res.text());
    expect(blocks.map((b) => b['@type'])).toEqual(['BreadcrumbList', 'ItemList']);
    const [crumbs, list] = blocks as [JsonLd, JsonLd];
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'Locations', item: `${PUBLIC_URL}/locations` },
      { '@type': 'ListItem', position: 3, name: 'Cloud Services in Sheffield', item: `${PUBLIC_URL}/cloud-services/sheffield` },
    ]);
    const elements = list.itemListElement as { position: number; url: string; item: { name: string; aggregateRating?: { ratingValue: number; reviewCount: number } } }[];
    expect(elements.map((e) => [e.position, e.url])).toEqual(listed.map((pro, i) => [i + 1, `${PUBLIC_URL}/professionals/${pro.slug}`]));
    expect(elements.map((e) => e.item.name)).not.toContain('Hidden Cloud');
    const peak = elements.find((e) => e.item.name === 'Peak Cloud')!;
    expect(peak.item.aggregateRating).toMatchObject({ ratingValue: 4.9, reviewCount: 12 });
    expect(elements.find((e) => e.item.name === 'Don Valley Cloud')!.item).not.toHaveProperty('aggregateRating');
  });

  it("gives a profile its breadcrumbs through its first service's page in its place", async () => {
    const pro = await createProfessional(db.prisma, { ...SHEFFIELD, companyName: 'Crucible IT', services: ['Network Setup', 'IT Support'] });
    // A service from older data, outside the list: no such page, so the directory.
    const legacy = await createProfessional(db.prisma, { ...SHEFFIELD, companyName: 'Lyceum IT', services: ['Telex Repair'] });
    await t.directoryCaughtUp();
    const blocks = jsonLdBlocks(await (await t.fetch(`/professionals/${pro.slug}`)).text());
    expect(blocks.map((b) => b['@type'])).toEqual(['ProfessionalService', 'BreadcrumbList']);
    expect(blocks[1]!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'Network Setup in Sheffield', item: `${PUBLIC_URL}/network-setup/sheffield` },
      { '@type': 'ListItem', position: 3, name: 'Crucible IT', item: `${PUBLIC_URL}/professionals/${pro.slug}` },
    ]);
    const legacyBlocks = jsonLdBlocks(await (await t.fetch(`/professionals/${legacy.slug}`)).text());
    expect((legacyBlocks[1]!.itemListElement as { name: string; item: string }[])[1]).toEqual({ '@type': 'ListItem', position: 2, name: 'IT professionals', item: `${PUBLIC_URL}/professionals` });
  });
});

describe('preview images', () => {
  it("answers a profile's og:image with a 1200×630 PNG, cached by its version", async () => {
    const pro = await createProfessional(db.prisma, { ...SHEFFIELD, companyName: 'Kelham Web', services: ['Web Design'], rating: 4.8, reviewCount: 23 });
    const { url, path: imagePath, version, html } = await ogImageOf(`/professionals/${pro.slug}`);
    expect(url).toBe(`${PUBLIC_URL}/og/professionals/${pro.slug}.png?v=${version}`);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'og:image:alt')).toBe('Kelham Web, IT services in Sheffield on ITConnect: rated 4.8 out of 5 from 23 reviews.');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');

    const res = await t.fetch(imagePath);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toBe(`"og-${version}"`);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const png = Buffer.from(await res.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });

    // An address without the version, or with an old one, gets the current image, kept briefly.
    const bare = await t.fetch(`/og/professionals/${pro.slug}.png?v=0000000000000000`);
    expect(bare.headers.get('cache-control')).toBe('public, max-age=300');
    expect(Buffer.from(await bare.arrayBuffer()).equals(png)).toBe(true);
    const again = await t.fetch(imagePath, { headers: { 'If-None-Match': `"og-${version}"` } });
    expect(again.status).toBe(304);
    expect((await t.fetch(imagePath, { method: 'HEAD' })).status).toBe(200);
  });

  it('changes the address and the image when a review is published, the rating changes or a logo is added', async () => {
    const pro = await createProfessional(db.prisma, { ...SHEFFIELD, companyName: 'Sheaf Digital', services: ['Web Design'] });
    const before = await ogImageOf(`/professionals/${pro.slug}`);
    const beforePng = Buffer.from(await (await t.fetch(before.path)).arrayBuffer());
    expect(metaContent(before.html, 'og:image:alt')).toContain('no reviews yet');

    // A published review, and the rating the worker works out from it (recalculate-rating).
    await createReview(db.prisma, { professionalId: pro.id, rating: 5 });
    await db.prisma.professional.update({ where: { id: pro.id }, data: { rating: 5, reviewCount: 1 } });
    let reviewed = before;
    await until(async () => (reviewed = await ogImageOf(`/professionals/${pro.slug}`)).version !== before.version, 'the og:image version to change', 10_000);
    expect(metaContent(reviewed.html, 'og:image:alt')).toContain('rated 5.0 out of 5 from 1 review');
    const reviewedPng = Buffer.from(await (await t.fetch(reviewed.path)).arrayBuffer());
    expect(reviewedPng.equals(beforePng)).toBe(false);
    // The old address now shows the new image.
    expect(Buffer.from(await (await t.fetch(before.path)).arrayBuffer()).equals(reviewedPng)).toBe(true);

    await db.prisma.professional.update({ where: { id: pro.id }, data: { rating: 4.5, reviewCount: 2 } });
    let rerated = reviewed;
    await until(async () => (rerated = await ogImageOf(`/professionals/${pro.slug}`)).version !== reviewed.version, 'the version to change with the rating', 10_000);
    const reratedPng = Buffer.from(await (await t.fetch(rerated.path)).arrayBuffer());
    expect(reratedPng.equals(reviewedPng)).toBe(false);

    const key = 'e'.repeat(24);
    const logo = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#0a7d3b' } }).webp().toBuffer();
    await writeFile(path.join(mediaDir, mediaFileName(key, 256)), logo);
    await db.prisma.professional.update({ where: { id: pro.id }, data: { media: { logo: { key, alt: 'Sheaf logo', width: 256, height: 256 }, photos: [] } } });
    let withLogo = rerated;
    await until(async () => (withLogo = await ogImageOf(`/professionals/${pro.slug}`)).version !== rerated.version, 'the version to change with the logo', 10_000);
    const logoPng = Buffer.from(await (await t.fetch(withLogo.path)).arrayBuffer());
    expect(logoPng.equals(reratedPng)).toBe(false);
    // The logo's green is drawn (near enough: WebP and the PNG's palette move colours a little).
    const { data } = await sharp(logoPng).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let green = 0;
    for (let i = 0; i < data.length; i += 3) if (Math.abs(data[i]! - 0x0a) + Math.abs(data[i + 1]! - 0x7d) + Math.abs(data[i + 2]! - 0x3b) < 30) green += 1;
    expect(green).toBeGreaterThan(20_000);
  });

  it("answers a service-and-place page's og:image, and 404 for a hidden professional or a page with no listing", async () => {
    const forge = await createProfessional(db.prisma, { ...SHEFFIELD, companyName: 'Forge Security', services: ['Cybersecurity'], rating: 4, reviewCount: 3 });
    for (const rating of [5, 4, 3]) await createReview(db.prisma, { professionalId: forge.id, rating });
    const hidden = await createProfessional(db.prisma, { ...SHEFFIELD, services: ['Cybersecurity'], isApproved: false });
    const lapsed = await createProfessional(db.prisma, { ...SHEFFIELD, services: ['Cybersecurity'], subscriptionStatus: 'cancelled' });
    await t.directoryCaughtUp();
    const image = await ogImageOf('/cybersecurity/sheffield');
    expect(image.url).toMatch(new RegExp(`^${PUBLIC_URL}/og/cybersecurity/sheffield\\.png\\?v=[0-9a-f]{16}$`));
    expect(metaContent(image.html, 'og:image:alt')).toBe('Cybersecurity in Sheffield: 1 IT professional on ITConnect, rated 4.0 out of 5 on average from 3 reviews.');
    const res = await t.fetch(image.path);
    expect(res.status).toBe(200);
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });

    for (const gone of [`/og/professionals/${hidden.slug}.png`, `/og/professionals/${lapsed.slug}.png`, '/og/professionals/no-such-company.png', '/og/data-recovery/sheffield.png', '/og/knitting/sheffield.png', '/og/cybersecurity/atlantis.png']) {
      const answer = await t.fetch(gone);
      expect(answer.status, gone).toBe(404);
      expect(answer.headers.get('content-type'), gone).not.toBe('image/png');
    }
    // A page without an image has the small card.
    expect(metaContent(await (await t.fetch('/about')).text(), 'twitter:card')).toBe('summary');
  });
});
