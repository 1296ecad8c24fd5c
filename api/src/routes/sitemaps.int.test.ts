// sitemap.xml and robots.txt end to end, against real PostgreSQL (moved from seo.int.test.ts).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { buildSitemap } from '../domain/seo/build-sitemap';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';

const PUBLIC_URL = 'https://itconnect.example';

let db: TestDatabase;
let t: TestApp;
const tag = randomBytes(3).toString('hex');

type Overrides = Partial<{ region: string; isApproved: boolean; subscriptionStatus: 'inactive' | 'active' | 'past_due' | 'cancelled' }>;

let counter = 0;
async function createProfessional(overrides: Overrides = {}) {
  counter += 1;
  return db.prisma.professional.create({
    data: {
      slug: `company-${tag}-${counter}`,
      companyName: `Company ${tag} ${counter}`,
      contactName: 'Sam Taylor',
      email: `pro-${tag}-${counter}@example.test`,
      description: 'We build websites. '.repeat(3),
      services: ['Web Design', 'Web Development'],
      location: 'Greater Manchester',
      region: 'Manchester',
      postcode: 'M1 1AA',
      isApproved: true,
      subscriptionStatus: 'active',
      ...overrides,
    },
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { PUBLIC_URL } });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

describe('sitemap.xml', () => {
  it('lists the public pages, every live profile with lastmod and the regions with professionals, nothing hidden', async () => {
    const live = await createProfessional({ region: 'Derry/Londonderry' });
    const hidden = await createProfessional({ isApproved: false, region: 'Inverness' });
    const lapsed = await createProfessional({ subscriptionStatus: 'past_due', region: 'Inverness' });

    const res = await t.fetch('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    for (const page of ['/', '/professionals', '/locations', '/about']) {
      expect(xml).toContain(`<loc>${PUBLIC_URL}${page}</loc>`);
    }
    expect(xml).toMatch(new RegExp(`<loc>${PUBLIC_URL}/professionals/${live.slug}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
    expect(xml).toContain(`<loc>${PUBLIC_URL}/professionals?location=Derry%2FLondonderry</loc>`);
    expect(xml).not.toContain(hidden.slug);
    expect(xml).not.toContain(lapsed.slug);
    expect(xml).not.toContain('location=Inverness');

    const liveCount = await db.prisma.professional.count({ where: { isApproved: true, subscriptionStatus: 'active' } });
    expect(xml.match(/<loc>[^<]*\/professionals\/[^<]*<\/loc>/g)).toHaveLength(liveCount);
  });

  it('splits into a sitemap index when the URLs do not fit in one file', async () => {
    await createProfessional();
    await createProfessional();
    const deps = { prisma: db.prisma, publicUrl: PUBLIC_URL, maxUrls: 2 };
    const index = await buildSitemap(deps, 0);
    expect(index).toContain('<sitemapindex');
    expect(index).toContain(`<loc>${PUBLIC_URL}/sitemap-1.xml</loc>`);
    const pages = await buildSitemap(deps, 1);
    expect(pages).toContain(`<loc>${PUBLIC_URL}/about</loc>`);
    const firstProfiles = await buildSitemap(deps, 2);
    expect(firstProfiles?.match(/<url>/g)).toHaveLength(2);
    expect(await buildSitemap(deps, 999)).toBeNull();
    expect(await buildSitemap({ prisma: db.prisma, publicUrl: PUBLIC_URL }, 2)).toBeNull();
  });
});

describe('robots.txt', () => {
  it('allows everything but the private areas and points to the sitemap', async () => {
    const res = await t.fetch('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await res.text();
    expect(text).toContain('User-agent: *\nAllow: /\n');
    for (const line of ['Disallow: /admin', 'Disallow: /profile', 'Disallow: /api/']) expect(text).toContain(line);
    expect(text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
