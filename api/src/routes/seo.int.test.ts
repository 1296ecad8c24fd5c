// Search-engine visibility end to end (issue 3 item 7), against real PostgreSQL: the heads the
// server writes into index.html, the 404 for an unknown or hidden professional, the id redirect,
// the service-and-place pages' heads and existence. The sitemaps and robots.txt: sitemaps.int.test.ts.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { indexTemplate } from '../testing/index-template';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';
import { until } from '../testing/until';

const PUBLIC_URL = 'https://itconnect.example';
const TEMPLATE = indexTemplate({ description: 'Default description.', script: false });

let db: TestDatabase;
let t: TestApp;
let staticDir: string;
const tag = randomBytes(3).toString('hex');

type Overrides = Partial<{
  companyName: string;
  description: string;
  region: string;
  isApproved: boolean;
  subscriptionStatus: 'inactive' | 'active' | 'past_due' | 'cancelled';
  reviewCount: number;
  rating: number;
  lat: number | null;
  lng: number | null;
  ratePence: number | null;
  rateType: 'hourly' | 'daily' | null;
}>;

let counter = 0;
async function createProfessional(overrides: Overrides = {}) {
  counter += 1;
  const companyName = overrides.companyName ?? `Company ${tag} ${counter}`;
  return db.prisma.professional.create({
    data: {
      slug: `company-${tag}-${counter}`,
      companyName,
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

function jsonLdOf(html: string): Record<string, unknown> | null {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}

function titleOf(html: string): string | undefined {
  return /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
}

beforeAll(async () => {
  db = await createTestDatabase();
  staticDir = await mkdtemp(path.join(tmpdir(), 'itc-seo-'));
  await writeFile(path.join(staticDir, 'index.html'), TEMPLATE);
  t = await serveTestApp({ database: db, env: { STATIC_DIR: staticDir, PUBLIC_URL } });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
  await rm(staticDir, { recursive: true, force: true });
});

describe('page heads', () => {
  it('gives the home page its title, canonical URL and Open Graph tags', async () => {
    const res = await t.fetch('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(titleOf(html)).toBe('ITConnect – Find trusted IT professionals in the UK');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/" />`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<div id="root"></div>');
  });

  it('titles the directory after its filters', async () => {
    const filtered = await (await t.fetch('/professionals?service=Web%20Design&location=Manchester&sort=rating')).text();
    expect(titleOf(filtered)).toBe('Web Design in Manchester | ITConnect');
    expect(filtered).toContain(`<link rel="canonical" href="${PUBLIC_URL}/professionals?service=Web%20Design&amp;location=Manchester" />`);
    expect(filtered).not.toContain('noindex');

    const search = await (await t.fetch('/professionals?search=%3Cb%3Ewordpress')).text();
    expect(titleOf(search)).toBe('Results for &quot;&lt;b&gt;wordpress&quot; | ITConnect');
    expect(search).toContain('<meta name="robots" content="noindex, follow" />');

    const plain = await (await t.fetch('/professionals')).text();
    expect(titleOf(plain)).toBe('Browse IT Professionals | ITConnect');

    const bad = await t.fetch('/professionals?minRating=abc');
    expect(bad.status).toBe(200);
  });

  it('gives /locations and the static pages their titles', async () => {
    expect(titleOf(await (await t.fetch('/locations')).text())).toBe('IT professionals by location | ITConnect');
    expect(titleOf(await (await t.fetch('/about')).text())).toBe('About Us | ITConnect');
    expect(titleOf(await (await t.fetch('/privacy-policy')).text())).toBe('Privacy Policy | ITConnect');
  });

  it('writes a live profile\'s title, description, canonical URL and ProfessionalService JSON-LD', async () => {
    const pro = await createProfessional({
      companyName: `Bits & <Bytes> ${tag}`,
      description: 'Websites </script><script>alert(1)</script> for small firms in Manchester.',
      reviewCount: 12,
      rating: 4.6,
      lat: 53.48,
      lng: -2.24,
      ratePence: 4500,
      rateType: 'hourly',
    });
    const res = await t.fetch(`/professionals/${pro.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(titleOf(html)).toBe(`Bits &amp; &lt;Bytes&gt; ${tag} – IT services in Manchester | ITConnect`);
    expect(html).toContain('<meta name="description" content="Websites &lt;/script&gt;');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/professionals/${pro.slug}" />`);
    expect(html).toContain('<meta property="og:type" content="profile" />');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // only the two JSON-LD blocks' own ends (ProfessionalService, BreadcrumbList)

    const ld = jsonLdOf(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      name: `Bits & <Bytes> ${tag}`,
      url: `${PUBLIC_URL}/professionals/${pro.slug}`,
      address: { '@type': 'PostalAddress', postalCode: 'M1 1AA', addressRegion: 'Manchester', addressCountry: 'GB' },
      geo: { '@type': 'GeoCoordinates', latitude: 53.48, longitude: -2.24 },
      priceRange: '£45/hour',
      areaServed: 'Greater Manchester',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, reviewCount: 12 },
    });
  });

  it('leaves aggregateRating and geo out when there are no reviews and no position', async () => {
    const pro = await createProfessional({ reviewCount: 0, rating: 0 });
    const ld = jsonLdOf(await (await t.fetch(`/professionals/${pro.slug}`)).text());
    expect(ld).not.toBeNull();
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('geo');
    expect(ld).not.toHaveProperty('priceRange');
  });

  it('answers an unknown or hidden professional with 404 and the SPA, without JSON-LD', async () => {
    const hidden = await createProfessional({ isApproved: false });
    const lapsed = await createProfessional({ subscriptionStatus: 'cancelled' });
    for (const route of ['/professionals/no-such-company', `/professionals/${hidden.slug}`, `/professionals/${lapsed.slug}`]) {
      const res = await t.fetch(route);
      expect(res.status, route).toBe(404);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(titleOf(html)).toBe('Professional Not Found | ITConnect');
      expect(html).toContain('noindex');
      expect(jsonLdOf(html)).toBeNull();
    }
  });

  it('answers an address no page has with 404 and the SPA (which shows its 404 page)', async () => {
    for (const route of ['/no-such-page', '/Sitemap.xml', '/sitemap-1.xml', '/professionals/a/b', '/admin/Queues']) {
      const res = await t.fetch(route);
      expect(res.status, route).toBe(404);
      const html = await res.text();
      expect(html, route).toContain('<div id="root"></div>');
      expect(titleOf(html), route).toBe('404 Page Not Found | ITConnect');
      expect(html, route).toContain('noindex');
    }
    expect((await t.fetch('/about')).status).toBe(200);
  });

  it('gives a service in a place its page while it has live listings, noindex while thin; the search names it canonical', async () => {
    const bristol = { region: 'Bristol', lat: 51.4545, lng: -2.5879 };
    const page = () => t.fetch('/web-development/bristol');
    expect((await page()).status).toBe(404);
    await createProfessional({ ...bristol, companyName: `Avon Web ${tag}` });
    await until(async () => (await page()).status === 200, 'the page to appear');
    const thin = await (await page()).text();
    expect(titleOf(thin)).toBe('Web Development in Bristol – 1 IT professional | ITConnect');
    expect(thin).toContain(`<link rel="canonical" href="${PUBLIC_URL}/web-development/bristol" />`);
    expect(thin).toContain('<meta name="robots" content="noindex, follow" />');
    expect(thin).toContain('1 live Web Development professional is based in or around Bristol on ITConnect.');
    await createProfessional(bristol);
    await createProfessional(bristol);
    await until(async () => !(await (await page()).text()).includes('noindex'), 'the page to be indexed');
    const search = await (await t.fetch('/professionals?service=Web%20Development&location=Bristol&sort=rating')).text();
    expect(search).toContain(`<link rel="canonical" href="${PUBLIC_URL}/web-development/bristol" />`);
    for (const route of ['/web-development/atlantis', '/knitting/bristol', '/cloud-services/bristol']) expect((await t.fetch(route)).status, route).toBe(404);
  });

  it('redirects an id address to the slug address permanently, keeping the query', async () => {
    const pro = await createProfessional();
    const res = await t.fetch(`/professionals/${pro.id}?near=M1`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/professionals/${pro.slug}?near=M1`);
    expect((await t.fetch('/professionals/999999999', { redirect: 'manual' })).status).toBe(404);
  });
});
